import Foundation
import Testing
@testable import TickTUI
import TickModel
import TickStore
import TestSupport

/// Fixed values and builders for the state machine's tests: no clock, no terminal.
enum TUIFixture {
    /// 2026-11-29T12:00:00Z in UTC, en_US: dates read as in the command line's tests.
    static let context = DateContext(now: Fixture.now, timeZone: TimeZone(identifier: "UTC") ?? .gmt,
                                     locale: Locale(identifier: "en_US"))

    static let home = ReminderList(id: ReminderList.ID(rawValue: "L1"), name: "Reminders", position: 1, createdAt: Fixture.now)
    static let groceries = ReminderList(id: ReminderList.ID(rawValue: "L2"), name: "장보기", color: ListColor(parsing: "green") ?? .defaultColor,
                                        position: 2, createdAt: Fixture.now)

    /// A reminder numbered `number` at position `number × 1024` in `list`.
    static func reminder(_ number: Int64, _ title: String, list: ReminderList = home, due: Due? = nil,
                         done: Bool = false, flagged: Bool = false) -> Reminder {
        Reminder(uid: "U\(number)", number: Reminder.Number(number), listID: list.id, title: title, due: due,
                 isFlagged: flagged, completedAt: done ? Fixture.now : nil, position: number * 1024, createdAt: Fixture.now)
    }

    /// A state at 80×24 after the first read: the first list open with `rows`.
    static func loaded(_ rows: [Reminder], size: ScreenSize = ScreenSize(width: 80, height: 24),
                       hasMoreAfter: Bool = false) -> AppState {
        var state = AppState(size: size, dateContext: context)
        _ = state.start()
        var counts = SidebarCounts()
        counts.lists[home.id] = rows.filter { !$0.isCompleted }.count
        counts.all = counts.lists[home.id] ?? 0
        let placeholder = WindowPage(request: WindowRequest(scope: state.scope, showsCompleted: true, placement: .start,
                                                            limit: 30, generation: state.generation),
                                     rows: [], selectedIndex: 0, hasMoreBefore: false, hasMoreAfter: false)
        let effects = state.handle(.loaded(Snapshot(lists: [home, groceries], counts: counts, page: placeholder)))
        guard case .loadWindow(let request)? = effects.first else { return state }
        _ = state.handle(.loadedWindow(WindowPage(request: request, rows: rows, selectedIndex: 0,
                                                  hasMoreBefore: false, hasMoreAfter: hasMoreAfter)))
        return state
    }

    /// Three open reminders: #1 Buy milk, #2 우유 사기, #3 Call mom.
    static let three = [reminder(1, "Buy milk"), reminder(2, "우유 사기"), reminder(3, "Call mom")]
}

extension AppState {
    /// Sends keys one by one and returns the effects of the last.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects = handle(.key(key)) }
        return effects
    }

    /// Types text into whatever has the keyboard.
    mutating func type(_ text: String) {
        for character in text { _ = handle(.key(.character(character))) }
    }

    /// The open add dialog, if any.
    var addDialog: AddDialog? {
        if case .add(let dialog) = mode { return dialog }
        return nil
    }

    /// The open detail view, if any.
    var detailEditor: DetailEditor? {
        if case .detail(let editor) = mode { return editor }
        return nil
    }

    /// The open new-list dialog, if any.
    var newListDialog: ListDialog? {
        if case .listDialog(let dialog) = mode { return dialog }
        return nil
    }
}

/// A temporary database with a session over it, driven by keys as a user would.
final class SessionHarness {
    let folder = TemporaryFolder()
    let store: Store
    let session: TUISession

    init(width: Int = 80, height: Int = 24, alarmDefaults: AlarmDefaults = AlarmDefaults(),
         collapsedParentsFile: String? = nil, fill: (Database, ReminderList) throws -> Void = { _, _ in }) throws {
        store = try Store(path: folder.file("tui.sqlite3"), now: Fixture.now)
        try store.write { db in try fill(db, try db.defaultList()) }
        let configuration = TUIConfiguration(dateContext: TUIFixture.context, clock: { Fixture.now }, usesColor: false,
                                             alarmDefaults: alarmDefaults, collapsedParentsFile: collapsedParentsFile)
        session = TUISession(store: store, configuration: configuration, width: width, height: height)
        session.start()
    }

    func press(_ keys: Key...) { for key in keys { session.send(key) } }

    func type(_ text: String) { for character in text { session.send(.character(character)) } }

    /// The screen's text.
    var screen: String { session.screenLines.joined(separator: "\n") }

    /// Every reminder in the database, in list order.
    func reminders() throws -> [Reminder] { try store.read { db in try db.allReminders() } }

    /// The reminder numbered `number` as stored.
    func reminder(_ number: Int64) throws -> Reminder {
        try #require(try store.read { db in try db.reminder(number: Reminder.Number(number)) })
    }

    /// Changes reminder `number` as another `tick` process would (its own connection,
    /// the command line's due-date rules), then lets the poll timer notice it.
    func changeElsewhere(_ number: Int64, _ change: (inout Reminder) throws -> Void) throws {
        let other = try Store(path: store.path, now: Fixture.now)
        try other.write { db in
            var reminder = try #require(try db.reminder(number: Reminder.Number(number)))
            try change(&reminder)
            try db.update(reminder)
        }
        session.tick()
    }

    /// The status line's text.
    var message: String { session.state.message?.text ?? "" }
}
