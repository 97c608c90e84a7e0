import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickStore

@Suite("Actions: import")
struct ImportActionTests {
    static func ics(_ todos: String, calendar: String? = nil) throws -> ImportBatch {
        let name = calendar.map { "X-WR-CALNAME:\($0)\r\n" } ?? ""
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\(name)\(todos)END:VCALENDAR\r\n"
        return try ICalendarReader(now: Fixture.now, fileListName: nil, workerCount: 1).read(Data(text.utf8), source: "test.ics")
    }

    static func todo(_ uid: String, _ title: String, modified: String? = nil) -> String {
        "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\n" + (modified.map { "LAST-MODIFIED:\($0)\r\n" } ?? "") + "END:VTODO\r\n"
    }

    static func todoTxt(_ text: String, zone: TimeZone) throws -> ImportBatch {
        let items = try TodoTxtParser.parse(text, source: nil)
        return ImportBatch(reminders: try TodoTxtImport.plan(items, now: Fixture.now, timeZone: zone))
    }

    @Test("a start date after the due date is left out, with the line, the dates and the due date kept")
    func startAfterDueDropped() throws {
        let harness = try ActionsHarness()
        let batch = try Self.ics("BEGIN:VTODO\r\nUID:u1\r\nSUMMARY:Late\r\nDTSTART;VALUE=DATE:20261205\r\n"
            + "DUE;VALUE=DATE:20261203\r\nEND:VTODO\r\n" + Self.todo("u2", "Fine"))
        let summary = try harness.actions.importBatch(ImportRequest(batch: batch))
        let december3 = Due.allDay(try #require(CalendarDay(year: 2026, month: 12, day: 3)))
        let december5 = Due.allDay(try #require(CalendarDay(year: 2026, month: 12, day: 5)))
        #expect(summary.droppedStarts == [.init(lineNumber: 4, start: december5, due: december3)])
        let stored = try harness.reminders()
        #expect(stored.map(\.title) == ["Late", "Fine"])
        #expect(stored[0].start == nil && stored[0].due == december3)
        // Imported again, it is the same reminder: unchanged, and said again.
        let again = try harness.actions.importBatch(ImportRequest(batch: batch))
        #expect(again.unchanged == 2 && again.droppedStarts.count == 1)
    }

    @Test("with --list every reminder goes to that list, and the lists the file names are not made empty")
    func fallbackListMakesNoOtherList() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "Corpus")
        let batch = try Self.ics(Self.todo("u1", "Film"), calendar: "OZ Movies")
        let summary = try harness.actions.importBatch(ImportRequest(batch: batch, fallbackListName: "Corpus"))
        #expect(summary.createdLists.isEmpty)
        #expect(try harness.lists().map(\.name) == ["Reminders", "Corpus"])
        let corpus = try #require(try harness.lists().first { $0.name == "Corpus" })
        #expect(try harness.reminders().map(\.listID) == [corpus.id])
    }

    /// `count` imported reminders `u0`, `u1`, … titled `t0`, `t1`, …, with no list.
    static func numbered(_ count: Int) -> [ImportedReminder] {
        (0..<count).map { index in
            var reminder = Reminder(listID: ImportedReminder.placeholderListID, title: "t\(index)",
                                    createdAt: Date(timeIntervalSince1970: 1_800_000_000))
            reminder.uid = ReminderUID("u\(index)")
            return ImportedReminder(listName: nil, reminder: reminder, lineNumber: index + 1)
        }
    }

    @Test("a batch bigger than a piece is saved as one: a subtask before its parent, a former UID of another, a UID met twice")
    func batchOfSeveralPieces() throws {
        let count = Actions.importPieceSize * 2 + 100
        // A subtask in the first piece whose parent is in the last; a reminder whose former UID
        // is another's (upgraded todo.txt lines): both are new, neither updates the other.
        var items = Self.numbered(count)
        items[0].reminder.parentUID = ReminderUID("u\(count - 1)")
        items[Actions.importPieceSize + 1].formerUIDs = [ReminderUID("u1")]
        let harness = try ActionsHarness()
        let summary = try harness.actions.importBatch(ImportRequest(batch: ImportBatch(reminders: items)))
        #expect(summary.added == count)
        var stored = Dictionary(uniqueKeysWithValues: try harness.reminders().map { ($0.uid.rawValue, $0) })
        #expect(stored.count == count)
        #expect(stored["u0"]?.parentUID == ReminderUID("u\(count - 1)"))
        #expect(stored["u1"]?.title == "t1")
        #expect(stored["u\(Actions.importPieceSize + 1)"]?.title == "t\(Actions.importPieceSize + 1)")

        // A UID met in the first piece and again in the third: the later one, counted once.
        var twice = Self.numbered(count)
        twice[count - 1].reminder.uid = ReminderUID("v3")
        twice[3].reminder.uid = ReminderUID("v3")
        let other = try ActionsHarness()
        let again = try other.actions.importBatch(ImportRequest(batch: ImportBatch(reminders: twice)))
        #expect(again.added == count - 1)
        stored = Dictionary(uniqueKeysWithValues: try other.reminders().map { ($0.uid.rawValue, $0) })
        #expect(stored.count == count - 1)
        #expect(stored["v3"]?.title == "t\(count - 1)")
    }

    @Test("importing the same batch twice adds once, then finds it unchanged")
    func sameBatchTwice() throws {
        let harness = try ActionsHarness()
        let batch = try Self.ics(Self.todo("u1", "Buy milk"))
        let first = try harness.actions.importBatch(ImportRequest(batch: batch))
        let second = try harness.actions.importBatch(ImportRequest(batch: batch))
        #expect(first.added == 1)
        #expect(second.added == 0)
        #expect(second.unchanged == 1)
        #expect(try harness.reminders().map(\.title) == ["Buy milk"])
    }

    @Test("a dry run leaves the database byte for byte as it was and reports the counts of the real run")
    func dryRunChangesNothing() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.importBatch(ImportRequest(batch: try Self.ics(Self.todo("u1", "Old title"))))
        let batch = try Self.ics(Self.todo("u1", "New title") + Self.todo("u2", "Call mom"), calendar: "Family")
        let before = try harness.fileBytes()

        let dry = try harness.actions.importBatch(ImportRequest(batch: batch, isDryRun: true))

        #expect(try harness.fileBytes() == before)
        #expect(try harness.reminders().map(\.title) == ["Old title"])
        #expect(try harness.lists().map(\.name) == ["Reminders"])
        let real = try harness.actions.importBatch(ImportRequest(batch: batch))
        #expect(dry == real)
        #expect(real.added == 1 && real.updated == 1 && real.createdLists == ["Family"])
        #expect(try harness.reminders().map(\.title) == ["New title", "Call mom"])
    }

    @Test("a dry run of a batch big enough for the deferred search index keeps the index trigger and the rows")
    func bigDryRun() throws {
        let harness = try ActionsHarness()
        let listID = try harness.lists()[0].id
        let reminders = (0..<5_000).map { index in
            ImportedReminder(listName: nil, reminder: Reminder(uid: "big-\(index)", listID: listID, title: "Task \(index)",
                                                               createdAt: Fixture.now), lineNumber: index + 1)
        }
        let before = try harness.fileBytes()
        let dry = try harness.actions.importBatch(ImportRequest(batch: ImportBatch(reminders: reminders), isDryRun: true))
        #expect(dry.added == 5_000)
        #expect(try harness.fileBytes() == before)
        // The search index still follows new rows: its trigger came back with the rollback.
        try harness.add(["Findable"])
        let found = try harness.store.read { db in
            try db.reminders(ReminderFilter(search: SearchQuery(parsing: "Findable")), now: Fixture.now, timeZone: .gmt).map(\.title)
        }
        #expect(found == ["Findable"])
    }

    @Test("--list puts every reminder in that list; a list that does not exist is refused and nothing is saved")
    func fallbackList() throws {
        let harness = try ActionsHarness()
        let batch = try Self.ics(Self.todo("u1", "Buy milk"))
        #expect(throws: ActionError.listNotFound(name: "Work", existing: ["Reminders"])) {
            try harness.actions.importBatch(ImportRequest(batch: batch, fallbackListName: "Work"))
        }
        #expect(try harness.reminders().isEmpty)
        let summary = try harness.actions.importBatch(ImportRequest(batch: batch, fallbackListName: "reminders"))
        #expect(summary.listNames == ["Reminders"] && summary.createdLists.isEmpty)
    }

    @Test("the todo.txt rule lays a line over the stored reminder; replace puts the line's reminder in its place")
    func todoTxtMergeRule() throws {
        for rule in [ImportMergeRule.todoTxt, .replace] {
            let harness = try ActionsHarness()
            _ = try harness.actions.importBatch(ImportRequest(batch: try Self.ics(
                "BEGIN:VTODO\r\nUID:t1\r\nSUMMARY:Pay rent\r\nDESCRIPTION:the landlord's account\r\nEND:VTODO\r\n")))
            let line = try Self.todoTxt("Pay rent uid:t1\n", zone: harness.timeZone)
            let summary = try harness.actions.importBatch(ImportRequest(batch: line, mergeRule: rule))
            let stored = try #require(try harness.reminders().first)
            // todo.txt has no notes: merged, the stored notes stay; replaced, they are gone.
            #expect(stored.notes == (rule == .todoTxt ? "the landlord's account" : ""), "\(rule)")
            #expect(summary.added == 0, "\(rule)")
        }
    }

    @Test("a stored reminder changed after the file's copy is kept and counted as newer")
    func keptNewer() throws {
        let harness = try ActionsHarness()
        _ = try harness.actions.importBatch(ImportRequest(batch: try Self.ics(Self.todo("u1", "Mine", modified: "20261201T000000Z"))))
        let older = try Self.ics(Self.todo("u1", "Theirs", modified: "20261101T000000Z"))
        let summary = try harness.actions.importBatch(ImportRequest(batch: older))
        #expect(summary.keptNewer == 1 && summary.updated == 0)
        #expect(try harness.reminders().map(\.title) == ["Mine"])
    }

    /// A tester: 2,500 todo.txt lines imported in one second had one creation time, so a phone
    /// (and a second Tick, through a server) ordered them by UID, at random. New reminders get
    /// rising Apple sort orders where their keys do not already rise in Tick's order, ending
    /// at their latest creation time when there is room; those whose keys rise keep theirs.
    @Test("an import's new reminders sort in Apple's order as Tick orders them")
    func newRemindersGetSortOrders() throws {
        let harness = try ActionsHarness()
        let lines = (1...30).map { "item \($0)" }.joined(separator: "\n")
        _ = try harness.actions.importBatch(ImportRequest(batch: try Self.todoTxt(lines, zone: .gmt)))
        func ordered() throws -> [(String, Int64)] {
            try harness.reminders().sorted { $0.position < $1.position }.map { ($0.title, ICalendarSortOrder.key(of: $0)) }
        }
        let first = try ordered()
        #expect(first.map(\.0) == (1...30).map { "item \($0)" })
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.1 < $1.1 }, "\(first)")
        let created = Int64(Fixture.now.timeIntervalSince(ICalendarSortOrder.origin))
        #expect(first.last?.1 == created, "the last at its own creation time, none later")
        // More lines later, after them; an .ics whose creation times rise keeps them.
        _ = try harness.actions.importBatch(ImportRequest(batch: try Self.todoTxt("later 1\nlater 2", zone: .gmt)))
        let rising = Self.todo("r1", "Rising 1").replacingOccurrences(of: "SUMMARY", with: "CREATED:20300101T000000Z\r\nSUMMARY")
            + Self.todo("r2", "Rising 2").replacingOccurrences(of: "SUMMARY", with: "CREATED:20300101T000100Z\r\nSUMMARY")
        _ = try harness.actions.importBatch(ImportRequest(batch: try Self.ics(rising), fallbackListName: try harness.lists()[0].name))
        let all = try ordered()
        #expect(all.map(\.0).suffix(4) == ["later 1", "later 2", "Rising 1", "Rising 2"])
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.1 < $1.1 }, "\(all)")
        #expect(try harness.reminders().filter { $0.title.hasPrefix("Rising") }.allSatisfy { ICalendarSortOrder.value(in: $0.iCalendarExtras) == nil })
    }

    @Test("restoring an archive keeps the numbers it carries when they are free")
    func restoresArchive() throws {
        let harness = try ActionsHarness()
        let listID = try harness.lists()[0].id
        var reminder = Reminder(uid: "a1", listID: listID, title: "From the archive", createdAt: Fixture.now)
        reminder.number = Reminder.Number(42)
        let batch = ImportBatch(reminders: [ImportedReminder(listName: nil, reminder: reminder, lineNumber: 1)])
        _ = try harness.actions.importBatch(ImportRequest(batch: batch, restoresArchive: true))
        #expect(try harness.reminders().map(\.number) == [Reminder.Number(42)])
    }

    /// A tester: an archive restored into a list that held reminders put its reminders among
    /// them by their raw positions. They go after them, in the archive's order, whether their
    /// numbers are kept or taken (those are saved last); into an empty list, the archive's
    /// positions stand.
    @Test("an archive restored into a list that holds reminders puts its own after them, in its order")
    func restoresAfterTheListsReminders() throws {
        let harness = try ActionsHarness()
        let listID = try harness.lists()[0].id
        _ = try harness.add(["held one", "held two"])
        let archived = (1...5).map { index in
            var reminder = Reminder(uid: ReminderUID("r\(index)"), listID: listID, title: "archived \(index)",
                                    position: Int64(index) * 1_024, createdAt: Fixture.now)
            reminder.number = Reminder.Number(Int64(index))
            return ImportedReminder(listName: nil, reminder: reminder, lineNumber: index, hasPosition: true)
        }
        _ = try harness.actions.importBatch(ImportRequest(batch: ImportBatch(reminders: archived), restoresArchive: true))
        let titles = try harness.store.read { db in try db.allReminders(inList: listID) }.map(\.title)
        #expect(titles == ["held one", "held two"] + (1...5).map { "archived \($0)" })

        // Into a list of its own (empty), positions as the archive gives them.
        let empty = try ActionsHarness()
        let emptyID = try empty.lists()[0].id
        let given = [(7, 5_000), (8, 3_000)].map { number, position in
            var reminder = Reminder(uid: ReminderUID("e\(number)"), listID: emptyID, title: "at \(position)",
                                    position: Int64(position), createdAt: Fixture.now)
            reminder.number = Reminder.Number(Int64(number))
            return ImportedReminder(listName: nil, reminder: reminder, lineNumber: number, hasPosition: true)
        }
        _ = try empty.actions.importBatch(ImportRequest(batch: ImportBatch(reminders: given), restoresArchive: true))
        #expect(try empty.store.read { db in try db.allReminders(inList: emptyID) }.map(\.position) == [3_000, 5_000])
    }
}
