import Foundation
import Testing
@testable import TickTUI
import TickActions
import TickModel
import TickStore
import TestSupport

/// A fresh database with actions over it at the CLI harness's clock and zone
/// (2026-11-29T12:00:00Z, Asia/Seoul), and the TUI data layer over another fresh one,
/// for the tests that drive one action from two front ends.
struct ActionFixture {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    static let dates = DateContext(now: Fixture.now, timeZone: seoul, locale: Locale(identifier: "en_US"))
    static let context = ActionContext(dateContext: dates)

    let folder = TemporaryFolder()
    let store: Store
    let actions: Actions

    init(context: ActionContext = ActionFixture.context) throws {
        store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        actions = Actions(store: store, context: context)
    }

    /// The default list.
    func defaultList() throws -> ReminderList { try store.read { db in try db.defaultList() } }

    /// The reminder numbered `number` as stored.
    func reminder(_ number: Int64) throws -> Reminder {
        try #require(try store.read { db in try db.reminder(number: Reminder.Number(number)) })
    }

    /// A day in December 2026, all-day.
    static func december(_ day: Int) -> Due {
        .allDay(CalendarDay(year: 2026, month: 12, day: day) ?? dates.today)
    }

    /// 2026-12-`day` at `hour`:00 in Seoul.
    static func decemberAt(_ day: Int, _ hour: Int) -> Due {
        let local = LocalDateTime(day: CalendarDay(year: 2026, month: 12, day: day) ?? dates.today, hour: hour, minute: 0)
        return .timed(local.map { $0.instant(in: seoul) } ?? Fixture.now, timeZone: "Asia/Seoul")
    }
}

/// The terminal UI's data layer over the database of a CLI harness run in parallel: the
/// same clock and zone, so the same change gives the same rows.
struct TUIFrontEnd {
    let store: Store
    let source: DataSource

    /// A data layer over a fresh database.
    init(_ folder: TemporaryFolder) throws {
        store = try Store(path: folder.file("tui.sqlite3"), now: Fixture.now)
        source = DataSource(store: store, clock: { Fixture.now }, timeZone: ActionFixture.seoul)
    }

    /// Applies `change` as a key press would, and fails the test when it fails.
    func apply(_ change: Change, sourceLocation: SourceLocation = #_sourceLocation) {
        let event = source.perform(.apply(change, isUndo: false))
        if case .failed(let message)? = event { Issue.record("the UI failed: \(message)", sourceLocation: sourceLocation) }
    }

    /// The default list.
    func defaultList() throws -> ReminderList { try store.read { db in try db.defaultList() } }
}
