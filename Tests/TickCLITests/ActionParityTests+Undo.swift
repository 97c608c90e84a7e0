import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickStore
@testable import TickTUI

/// The changes that only one of the CLI and the UI makes, each compared with the action
/// called directly on the other database, as `tick sync` and a server call it.
extension ActionParityTests {
    /// The actions over the UI's database at the harness's clock and zone.
    static func actions(_ store: Store) -> Actions {
        Actions(store: store, context: ActionContext(dateContext: DateContext(now: Fixture.now, timeZone: seoul,
                                                                               locale: Locale(identifier: "en_US"))))
    }

    @Test("list rename, recolor and move: tick lists and the actions store the same lists")
    func listChanges() throws {
        let pair = try Pair()
        pair.cli.ok("lists", "rename", "errands", "Chores")
        pair.cli.ok("lists", "color", "Chores", "green")
        pair.cli.ok("lists", "move", "Chores", "--to", "1")
        let actions = Self.actions(pair.uiStore)
        _ = try actions.renameList(.named("errands"), to: "Chores")
        _ = try actions.recolorList(.named("Chores"), to: try #require(ListColor(parsing: "green")))
        _ = try actions.moveList(.named("Chores"), to: 1)
        let (cli, ui) = try pair.lists()
        #expect(cli == ui)
        #expect(cli.map(\.name) == ["Chores", "Reminders"])
        let (cliRows, uiRows) = try pair.rows()
        #expect(cliRows == uiRows)
    }

    @Test("import: tick import and the import action store the same rows")
    func importParity() throws {
        let pair = try Pair()
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            X-WR-CALNAME:Family\r
            BEGIN:VTODO\r
            UID:family-1\r
            SUMMARY:Bins out\r
            DUE;VALUE=DATE:20261202\r
            RRULE:FREQ=WEEKLY;INTERVAL=1\r
            CATEGORIES:home\r
            BEGIN:VALARM\r
            UID:bins-alarm\r
            ACTION:DISPLAY\r
            TRIGGER:-PT1H\r
            END:VALARM\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:family-2\r
            SUMMARY:Pay rent\r
            DUE:20261201T090000Z\r
            RRULE:FREQ=HOURLY;COUNT=3\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let path = pair.folder.file("family.ics")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        pair.cli.ok("import", path)
        let batch = try ICalendarReader(now: Fixture.now, fileListName: "family").read(Data(text.utf8), source: "family.ics")
        _ = try Self.actions(pair.uiStore).importBatch(ImportRequest(batch: batch))
        let (cli, ui) = try pair.rows()
        #expect(cli == ui)
        #expect(cli.compactMap { $0.recurrence?.rruleValue } == ["FREQ=WEEKLY", "FREQ=HOURLY;COUNT=3"])
        let (cliLists, uiLists) = try pair.lists()
        #expect(cliLists == uiLists)
    }

    @Test("the UI's undo of an edit goes through the revert action: the rows before the edit, its place in the old list too")
    func revertEdit() throws {
        let pair = try Pair()
        let before = try pair.rows().ui
        let errands = try pair.uiListID("Errands")
        var fields = ReminderFields()
        fields.title = "Two, renamed"
        fields.listID = errands
        fields.isFlagged = true
        guard case .applied(let outcome)? = pair.source.perform(.apply(.edit(Reminder.Number(2), fields), isUndo: false)),
              let inverse = outcome.inverse else {
            Issue.record("the edit did not apply")
            return
        }
        #expect(try pair.rows().ui != before)
        #expect(pair.ui(inverse) == nil)
        let after = try pair.rows().ui
        // Only the modification time tells the undone edit apart.
        #expect(after.map { var r = $0; r.modifiedAt = Fixture.now; return r } == before)
        #expect(after.sorted { $0.position < $1.position }.map(\.title) == ["One", "Two", "Three", "Four"])
    }

    @Test("undoing a move to another list after its old list was deleted says so and changes nothing (was an SQLite constraint error)")
    func revertIntoDeletedList() throws {
        let pair = try Pair()
        let actions = Self.actions(pair.uiStore)
        let temp = try actions.addList(named: "Temp")
        let moved = try actions.add(NewReminder(title: "Stray", list: .id(temp.id))).reminder
        var fields = ReminderFields()
        fields.listID = try pair.uiListID("Errands")
        guard case .applied(let outcome)? = pair.source.perform(.apply(.edit(moved.number, fields), isUndo: false)),
              let inverse = outcome.inverse else {
            Issue.record("the edit did not apply")
            return
        }
        _ = try actions.deleteList(.id(temp.id), force: false)
        let before = try pair.rows().ui
        #expect(pair.ui(inverse) == "the list of “Stray” no longer exists, so it cannot be moved back")
        #expect(try pair.rows().ui == before)
    }
}
