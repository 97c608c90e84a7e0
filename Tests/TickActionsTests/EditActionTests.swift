import Foundation
import Testing
@testable import TickTUI
@testable import TickInterchange
import TickActions
import TickModel
import TickStore
import TestSupport

@Suite("Actions.edit")
struct EditActionTests {
    @Test("each field is kept, set or cleared as the edit says")
    func keepSetClear() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "Call mom", notes: "Sunday", due: ActionFixture.december(3),
                                                tags: ["family", "Phone"], url: "https://example.org"))
        let one = Reminder.Number(1)
        var result = try fixture.actions.edit(one, ReminderEdit(notes: .clear, priority: .low, isFlagged: true,
                                                                 tags: TagEdit(added: ["phone", "weekly"], removed: ["FAMILY"]),
                                                                 url: .set("  ")))
        #expect(result.reminder.title == "Call mom")
        #expect(result.reminder.notes == "")
        #expect(result.reminder.due == ActionFixture.december(3))
        #expect(result.reminder.priority == .low && result.reminder.isFlagged)
        #expect(result.reminder.tags == ["Phone", "weekly"])
        #expect(result.reminder.url == nil)
        result = try fixture.actions.edit(one, ReminderEdit(title: "Call dad", due: .clear, tags: TagEdit(removesAll: true)))
        #expect(result.reminder.title == "Call dad")
        #expect(result.reminder.due == nil && result.reminder.alarms.isEmpty)
        #expect(result.notes == [.dueAlarmsRemoved(1)])
        #expect(result.reminder.tags.isEmpty)
        #expect(result.reminder.modifiedAt == Fixture.now)
    }

    /// Imports `todos` (VTODO blocks) in one VCALENDAR through the fixture's actions.
    static func importICalendar(_ todos: String, into fixture: ActionFixture) throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + todos + "END:VCALENDAR\r\n"
        let batch = try ICalendarReader(now: Fixture.now, fileListName: nil, workerCount: 1).read(Data(text.utf8), source: "test.ics")
        _ = try fixture.actions.importBatch(ImportRequest(batch: batch))
    }

    /// The reminder with `uid` as stored.
    static func stored(_ uid: String, in fixture: ActionFixture) throws -> Reminder {
        try #require(try fixture.store.read { db in try db.reminder(uid: ReminderUID(uid)) })
    }

    /// t73: the CHILD line stayed on the parent, which gave the subtask back at the parent's
    /// next CalDAV PUT or sync.
    @Test("a subtask taken out from under a parent that names it (RELTYPE=CHILD) is taken out of the parent's lines")
    func childLineForgotten() throws {
        let fixture = try ActionFixture()
        let text = "BEGIN:VTODO\r\nUID:sp\r\nSEQUENCE:2\r\nSUMMARY:Parent\r\nRELATED-TO;RELTYPE=CHILD:sc\r\nX-KEPT:one\r\n"
            + "RELATED-TO;RELTYPE=child:sc2\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:sc\r\nSUMMARY:Child\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:sc2\r\nSUMMARY:Other child\r\nEND:VTODO\r\n"
        try Self.importICalendar(text, into: fixture)
        func stored(_ uid: String) throws -> Reminder { try Self.stored(uid, in: fixture) }
        #expect(try stored("sc").parentUID == ReminderUID("sp") && stored("sc2").parentUID == ReminderUID("sp"))
        let before = try stored("sp")
        _ = try fixture.actions.edit(try stored("sc").number, ReminderEdit(parent: .clear))
        let parent = try stored("sp")
        #expect(before.iCalendarExtras.hasPrefix("SEQUENCE:2\nX-KEPT:one\nRELATED-TO;RELTYPE=CHILD:sc\nRELATED-TO;RELTYPE=child:sc2\n"))
        // A revision of the parent: its SEQUENCE goes up (t74).
        #expect(parent.iCalendarExtras == before.iCalendarExtras.replacingOccurrences(of: "RELATED-TO;RELTYPE=CHILD:sc\n", with: "")
            .replacingOccurrences(of: "SEQUENCE:2", with: "SEQUENCE:3"))
        #expect(parent.modifiedAt == Fixture.now && parent.title == before.title)
        // The parent read again as it now stands leaves the child where it is.
        try Self.importICalendar(text.replacingOccurrences(of: "RELATED-TO;RELTYPE=CHILD:sc\r\n", with: ""), into: fixture)
        #expect(try stored("sc").parentUID == nil && stored("sc2").parentUID == ReminderUID("sp"))
        // A subtask of a parent that names no child leaves the parent as it was.
        let plain = try fixture.actions.add(NewReminder(title: "Plain")).reminder
        let under = try fixture.actions.add(NewReminder(title: "Under", parent: plain.number)).reminder
        _ = try fixture.actions.edit(under.number, ReminderEdit(parent: .clear))
        #expect(try fixture.store.read { db in try db.reminder(number: plain.number) } == plain)
    }

    /// t72: SEQUENCE stayed at the file's plus one after any number of edits, and at the
    /// file's when the to-do had no DTSTAMP.
    @Test("each edit or completion moves a kept SEQUENCE on by one, and a kept DTSTAMP to its time")
    func sequenceMovesOn() throws {
        let fixture = try ActionFixture()
        try Self.importICalendar("BEGIN:VTODO\r\nUID:s1\r\nDTSTAMP:20200101T000000Z\r\nSEQUENCE:4\r\nSUMMARY:With stamp\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:s2\r\nSEQUENCE:4\r\nSUMMARY:Without stamp\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:s3\r\nSUMMARY:No sequence\r\nEND:VTODO\r\n", into: fixture)
        func stored(_ uid: String) throws -> Reminder { try Self.stored(uid, in: fixture) }
        func written(_ uid: String) throws -> [String] {
            ICalendarWriter().write(lists: [try fixture.defaultList()], reminders: [try stored(uid)])
                .components(separatedBy: "\r\n").filter { $0.hasPrefix("SEQUENCE") || $0.hasPrefix("DTSTAMP") }
        }
        let numbers = try ["s1", "s2", "s3"].map { try stored($0).number }
        _ = try fixture.actions.edit(numbers, ReminderEdit(title: "First"))
        let stamp = try #require(ICalendarText.utc(Fixture.now))
        #expect(try written("s1") == ["DTSTAMP:" + stamp, "SEQUENCE:5"])
        #expect(try written("s2") == ["DTSTAMP:" + stamp, "SEQUENCE:5"])
        #expect(try written("s3") == ["DTSTAMP:" + stamp])
        _ = try fixture.actions.edit(numbers, ReminderEdit(title: "Second"))
        _ = try fixture.actions.setCompletion([numbers[0]], .complete)
        #expect(try written("s1") == ["DTSTAMP:" + stamp, "SEQUENCE:7"])
        #expect(try written("s2") == ["DTSTAMP:" + stamp, "SEQUENCE:6"])
        // An edit that changes nothing is no revision.
        _ = try fixture.actions.edit(numbers[1], ReminderEdit(title: "Second"))
        #expect(try written("s2") == ["DTSTAMP:" + stamp, "SEQUENCE:6"])
    }

    @Test("a new list takes the subtasks in the old list along, at any depth, and says how many")
    func listTakesSubtasks() throws {
        let fixture = try ActionFixture()
        _ = try fixture.store.write { db in try db.insert(ReminderList(name: "Work", createdAt: Fixture.now)) }
        let parent = try fixture.actions.add(NewReminder(title: "Project")).reminder
        let child = try fixture.actions.add(NewReminder(title: "Step", parent: parent.number)).reminder
        _ = try fixture.actions.add(NewReminder(title: "Sub-step", parent: child.number))
        // A subtask already in another list (as an import can leave one) stays there.
        _ = try fixture.store.write { db in
            var elsewhere = Reminder(listID: try db.targetList(named: "Work").id, title: "Elsewhere", createdAt: Fixture.now)
            elsewhere.parentUID = parent.uid
            return try db.insert(elsewhere)
        }
        let result = try fixture.actions.edit(parent.number, ReminderEdit(list: .named("work")))
        #expect(result.list.name == "Work")
        #expect(result.notes == [.subtasksMoved(count: 2, listName: "Work")])
        let rows = try StoredRows(fixture.store).reminders
        #expect(rows.map(\.listID.rawValue) == ["Work", "Work", "Work", "Work"])
    }

    @Test("a subtask lives in its parent's list: another list is refused, a new parent elsewhere takes it and its subtasks there")
    func subtaskStaysWithParent() throws {
        let fixture = try ActionFixture()
        _ = try fixture.store.write { db in try db.insert(ReminderList(name: "Work", createdAt: Fixture.now)) }
        let parent = try fixture.actions.add(NewReminder(title: "Project")).reminder
        let child = try fixture.actions.add(NewReminder(title: "Step", parent: parent.number)).reminder
        let grandchild = try fixture.actions.add(NewReminder(title: "Sub-step", parent: child.number)).reminder
        let before = try StoredRows(fixture.store).reminders
        #expect(throws: ActionError.subtaskOutsideParentList(parent: parent.number, parentListName: "Reminders")) {
            try fixture.actions.edit(child.number, ReminderEdit(title: "renamed", list: .named("Work")))
        }
        #expect(try StoredRows(fixture.store).reminders == before)
        // Its parent's own list is no move at all.
        #expect(try fixture.actions.edit(child.number, ReminderEdit(list: .named("Reminders"))).list.name == "Reminders")
        // Made top-level in the same edit, it may go anywhere.
        let alone = try fixture.actions.edit(grandchild.number, ReminderEdit(list: .named("Work"), parent: .clear))
        #expect(alone.list.name == "Work" && alone.reminder.parentUID == nil)
        // A new parent in another list takes the reminder there, with its subtasks.
        let boss = try fixture.actions.add(NewReminder(title: "Boss", list: .named("Work"))).reminder
        _ = try fixture.actions.edit(grandchild.number, ReminderEdit(list: .named("Reminders"), parent: .set(child.number)))
        let moved = try fixture.actions.edit(child.number, ReminderEdit(parent: .set(boss.number)))
        #expect(moved.list.name == "Work")
        #expect(moved.notes == [.movedToParentList(listName: "Work"), .subtasksMoved(count: 1, listName: "Work")])
        #expect(try fixture.reminder(grandchild.number.rawValue).listID == moved.list.id)
        // A named list that is not the new parent's is refused.
        #expect(throws: ActionError.subtaskOutsideParentList(parent: parent.number, parentListName: "Reminders")) {
            try fixture.actions.edit(child.number, ReminderEdit(list: .named("Work"), parent: .set(parent.number)))
        }
    }

    @Test("a reminder cannot become its own parent or its subtask's subtask; nothing is changed then")
    func parentCycle() throws {
        let fixture = try ActionFixture()
        let parent = try fixture.actions.add(NewReminder(title: "Project")).reminder
        let child = try fixture.actions.add(NewReminder(title: "Step", parent: parent.number)).reminder
        #expect(throws: ActionError.parentCycle(child: parent.number, parent: child.number)) {
            try fixture.actions.edit(parent.number, ReminderEdit(title: "renamed", parent: .set(child.number)))
        }
        #expect(throws: ActionError.parentCycle(child: parent.number, parent: parent.number)) {
            try fixture.actions.edit(parent.number, ReminderEdit(parent: .set(parent.number)))
        }
        #expect(try fixture.reminder(1).title == "Project")
        #expect(try fixture.actions.edit(child.number, ReminderEdit(parent: .clear)).reminder.parentUID == nil)
    }

    @Test("a repeating reminder's date is not cleared unless it stops repeating")
    func repeatingDate() throws {
        let fixture = try ActionFixture()
        _ = try fixture.actions.add(NewReminder(title: "Rent", due: ActionFixture.december(1),
                                                schedule: ScheduleEdit(recurrence: .set("FREQ=MONTHLY"))))
        #expect(throws: ActionError.dueNeededByRepeat) { try fixture.actions.edit(Reminder.Number(1), ReminderEdit(due: .clear)) }
        let result = try fixture.actions.edit(Reminder.Number(1), ReminderEdit(due: .clear, schedule: ScheduleEdit(recurrence: .clear)))
        #expect(result.reminder.due == nil && result.reminder.recurrence == nil)
    }

    @Test("tick edit and the UI's detail view and flag key store the same rows")
    func cliAndUIAgree() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Work")
        cli.ok("add", "Project", "--due", "2026-12-03")
        cli.ok("add", "Step", "--parent", "1")
        cli.ok("edit", "1", "--title", "Big project", "--notes", "phase 1", "--due", "2026-12-05 18:00", "--list", "Work",
               "--priority", "medium")
        cli.ok("edit", "1", "--flag")
        cli.ok("edit", "2", "--no-due", "--notes", "")

        let ui = try TUIFrontEnd(cli.folder)
        let work = try ui.store.write { db in try db.insert(ReminderList(name: "Work", createdAt: Fixture.now)) }
        let home = try ui.defaultList().id
        ui.apply(.add(ReminderDraft(title: "Project", due: ActionFixture.december(3), listID: home)))
        // The UI has no parent field: the subtask comes from the same action the CLI calls.
        _ = try Actions(store: ui.store, context: ActionFixture.context).add(NewReminder(title: "Step", parent: Reminder.Number(1)))
        ui.apply(.edit(Reminder.Number(1), ReminderFields(title: "Big project", notes: "phase 1", due: .some(ActionFixture.decemberAt(5, 18)),
                                                          listID: work.id, priority: .medium)))
        ui.apply(.edit(Reminder.Number(1), ReminderFields(isFlagged: true)))
        ui.apply(.edit(Reminder.Number(2), ReminderFields(notes: "", due: .some(nil))))

        let fromCLI = try StoredRows(Store(path: cli.databasePath, now: Fixture.now))
        let fromUI = try StoredRows(ui.store)
        #expect(fromCLI.reminders.map(\.listID.rawValue) == ["Work", "Work"]) // the subtask moved along
        #expect(fromCLI == fromUI)
    }
}
