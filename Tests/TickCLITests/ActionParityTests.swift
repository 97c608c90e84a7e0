import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickStore
@testable import TickTUI

/// Each action driven from two front ends, the command line (in-process) and the
/// terminal UI's data layer, on two fresh databases with the same clock and the same
/// starting rows: the rows they store must be the same.
@Suite("Actions: the same change from the CLI and the UI")
struct ActionParityTests {
    static let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    /// A reminder as stored, with what is random per database (UIDs, list identifiers)
    /// replaced by what it points at (numbers, list names).
    /// A list as stored, without its random identifier.
    struct StoredList: Equatable {
        var name: String, color: String, position: Int, createdAt: Date, modifiedAt: Date
    }

    /// Two databases with the same rows: one the CLI runs on, one the UI's data layer runs on.
    final class Pair {
        let cli = CLIHarness()
        let folder = TemporaryFolder()
        let uiStore: Store
        let source: DataSource

        /// Both databases get "Reminders" with One, Two, Three (#3 a subtask of #1, due
        /// today) and Four (flagged, due tomorrow), and an empty list "Errands".
        init() throws {
            uiStore = try Store(path: folder.file("ui.sqlite3"), now: Fixture.now)
            source = DataSource(store: uiStore, clock: { Fixture.now }, timeZone: ActionParityTests.seoul)
            for store in [try Store(path: cli.databasePath, now: Fixture.now), uiStore] {
                try store.write { db in
                    let list = try db.defaultList()
                    let one = try db.insert(Reminder(listID: list.id, title: "One", createdAt: Fixture.now))
                    try db.insert(Reminder(listID: list.id, title: "Two", createdAt: Fixture.now))
                    try db.insert(Reminder(listID: list.id, title: "Three", due: .allDay(try #require(CalendarDay("2026-11-29"))),
                                           parentUID: one.uid, createdAt: Fixture.now))
                    try db.insert(Reminder(listID: list.id, title: "Four", due: .allDay(try #require(CalendarDay("2026-11-30"))),
                                           isFlagged: true, createdAt: Fixture.now))
                    try db.insert(ReminderList(name: "Errands", createdAt: Fixture.now))
                }
            }
        }

        /// Applies `change` through the UI's data layer; nil when it was applied, else the
        /// message it failed with.
        @discardableResult
        func ui(_ change: Change) -> String? {
            switch source.perform(.apply(change, isUndo: false)) {
            case .applied?: return nil
            case .failed(let message, _)?: return message
            default: return "no answer"
            }
        }

        /// The CLI's and the UI's reminders, every field, comparable across the two
        /// databases (`StoredRows`).
        func rows() throws -> (cli: [Reminder], ui: [Reminder]) {
            (try StoredRows(try Store(path: cli.databasePath, now: Fixture.now)).reminders, try StoredRows(uiStore).reminders)
        }

        /// The CLI's and the UI's lists.
        func lists() throws -> (cli: [StoredList], ui: [StoredList]) {
            (try Pair.lists(try Store(path: cli.databasePath, now: Fixture.now)), try Pair.lists(uiStore))
        }

        /// The identifier of the list named `name` in the UI's database.
        func uiListID(_ name: String) throws -> ReminderList.ID {
            try #require(try uiStore.read { db in try db.list(named: name) }).id
        }

        static func lists(_ store: Store) throws -> [StoredList] {
            try store.read { db in
                try db.lists().map {
                    StoredList(name: $0.name, color: $0.color.hex, position: $0.position, createdAt: $0.createdAt, modifiedAt: $0.modifiedAt)
                }
            }
        }
    }

    @Test("delete: the reminder is gone and its subtask top-level in both")
    func delete() throws {
        let pair = try Pair()
        pair.cli.ok("delete", "1")
        #expect(pair.ui(.delete(Reminder.Number(1))) == nil)
        let (cli, ui) = try pair.rows()
        #expect(cli == ui)
        #expect(cli.map(\.title) == ["Two", "Three", "Four"])
        #expect(cli.allSatisfy { $0.parentUID == nil })
    }

    @Test("move before and after another reminder gives the same order and positions", arguments: [
        (["move", "4", "--before", "2"], Change.move(Reminder.Number(4), .before(Reminder.Number(2))), ["One", "Four", "Two", "Three"]),
        (["move", "1", "--after", "2"], .move(Reminder.Number(1), .after(Reminder.Number(2))), ["Two", "One", "Three", "Four"]),
    ])
    func move(_ arguments: [String], _ change: Change, _ order: [String]) throws {
        let pair = try Pair()
        pair.cli.ok(arguments)
        #expect(pair.ui(change) == nil)
        let (cli, ui) = try pair.rows()
        #expect(cli == ui)
        #expect(cli.sorted { $0.position < $1.position }.map(\.title) == order)
    }

    @Test("a new list: the same name, color, place and times; a taken name is refused by both")
    func addList() throws {
        let pair = try Pair()
        let green = try #require(ListColor(parsing: "green"))
        pair.cli.ok("lists", "add", "  Groceries ", "--color", "green")
        #expect(pair.ui(.addList(name: "Groceries", color: green)) == nil)
        var (cli, ui) = try pair.lists()
        #expect(cli == ui)
        #expect(cli.map(\.name) == ["Reminders", "Errands", "Groceries"])

        let refused = pair.cli.run("lists", "add", "GROCERIES")
        #expect(refused.status == 1)
        #expect(refused.errors.contains("a list named 'Groceries' already exists"))
        #expect(pair.ui(.addList(name: "GROCERIES", color: green)) == "a list named 'Groceries' already exists")
        (cli, ui) = try pair.lists()
        #expect(cli == ui && cli.count == 3)
    }

    @Test("deleting an empty list removes it from both; a list with reminders is refused by both")
    func deleteList() throws {
        let pair = try Pair()
        pair.cli.ok("lists", "delete", "Errands")
        #expect(pair.ui(.deleteList(try pair.uiListID("Errands"))) == nil)
        let (cli, ui) = try pair.lists()
        #expect(cli == ui)
        #expect(cli.map(\.name) == ["Reminders"])

        let second = try Pair()
        #expect(second.cli.run("lists", "add", "Errands2").status == 0)
        let refused = second.cli.run("lists", "delete", "Reminders")
        #expect(refused.status == 1 && refused.errors.contains("'Reminders' holds 4 reminders"))
        #expect(second.ui(.deleteList(try second.uiListID("Reminders")))?.contains("has reminders now") == true)
        let (cliRows, uiRows) = try second.rows()
        #expect(cliRows == uiRows && cliRows.count == 4)
    }

    @Test("the UI's undo of a delete restores exactly the rows before it, as the delete and restore actions do")
    func restore() throws {
        let pair = try Pair()
        let before = try pair.rows().ui
        guard case .applied(let outcome)? = pair.source.perform(.apply(.delete(Reminder.Number(1)), isUndo: false)),
              let inverse = outcome.inverse else {
            Issue.record("the delete did not apply")
            return
        }
        #expect(pair.ui(inverse) == nil)
        let actions = Self.actions(try Store(path: pair.cli.databasePath, now: Fixture.now))
        let deleted = try #require(try actions.delete([Reminder.Number(1)]).first)
        _ = try actions.restore(deleted)
        #expect(try pair.rows().ui == before)
        #expect(try pair.rows().cli == before)
    }

    @Test("queries: the CLI's smart lists and list counts are the UI's windows and sidebar counts",
          arguments: [SmartList.today, .scheduled, .flagged, .all])
    func queries(_ smartList: SmartList) throws {
        let pair = try Pair()
        let json = try #require(try pair.cli.json("list", smartList.rawValue) as? [[String: Any]])
        let cliNumbers = json.compactMap { $0["number"] as? Int64 ?? ($0["number"] as? Int).map(Int64.init) }
        let request = WindowRequest(scope: .smart(smartList), showsCompleted: false, placement: .start, limit: 100, generation: 0)
        guard case .loaded(let snapshot)? = pair.source.perform(.reloadAll(request)) else {
            Issue.record("the UI did not load")
            return
        }
        #expect(!cliNumbers.isEmpty && cliNumbers.count == json.count)
        #expect(cliNumbers == snapshot.page.rows.map(\.number.rawValue))
        #expect(cliNumbers.count == snapshot.counts[.smart(smartList)])
        let lists = try #require(try pair.cli.json("lists") as? [[String: Any]])
        let cliCounts = lists.map { ($0["name"] as? String ?? "", $0["openCount"] as? Int ?? -1) }
        let uiCounts = snapshot.lists.map { ($0.name, snapshot.counts[.list($0.id)]) }
        #expect(cliCounts.map(\.0) == uiCounts.map(\.0))
        #expect(cliCounts.map(\.1) == uiCounts.map(\.1))
    }
}

