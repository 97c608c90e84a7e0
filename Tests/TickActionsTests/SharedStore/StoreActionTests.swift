import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
import TickPostgres

/// The actions the JSON API uses, run against each store behind the store interface
/// (SQLite and PostgreSQL) with the same expectations: the stores must agree value for value.
@Suite("Actions on every store")
struct StoreActionTests {
    static let context = ActionContext(dateContext: DateContext(now: Fixture.now, timeZone: TimeZone(identifier: "UTC") ?? .gmt,
                                                                locale: Locale(identifier: "en_US")))
    var context: ActionContext { Self.context }

    @Test("the PostgreSQL half of these tests runs", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
    func postgresRuns() {
        #expect(StoreKind.available.contains(.postgresql))
    }

    // MARK: Lists

    @Test("lists: add, rename, recolor, move, delete, with the actions' refusals", arguments: StoreKind.available)
    func lists(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let work = try store.write { db in try Actions.addList(named: " Work ", color: .defaultColor, in: db, context: context) }
        #expect(work.name == "Work" && work.position == 2)
        #expect(throws: ActionError.listNameTaken(existing: "Work")) {
            try store.write { db in try Actions.addList(named: "WORK", color: .defaultColor, in: db, context: context) }
        }
        let home = try store.write { db in try Actions.addList(named: "Home", color: .defaultColor, in: db, context: context) }
        let renamed = try store.write { db in try Actions.renameList(.named("work"), to: "Office", in: db, context: context) }
        #expect(renamed.oldName == "Work" && renamed.list.name == "Office" && renamed.list.id == work.id)
        #expect(throws: ActionError.listNameTaken(existing: "Home")) {
            try store.write { db in try Actions.renameList(.id(work.id), to: "home", in: db, context: context) }
        }
        let purple = try #require(ListColor(parsing: "#AF52DE"))
        let recolored = try store.write { db in try Actions.recolorList(.id(home.id), to: purple, in: db, context: context) }
        #expect(recolored.color == purple)
        let moved = try store.write { db in try Actions.moveList(.id(home.id), to: 1, in: db) }
        #expect(moved.index == 1)
        #expect(try store.read { db in try db.lists().map(\.name) } == ["Home", "Reminders", "Office"])
        #expect(try store.read { db in try db.defaultList().name } == "Home")

        _ = try store.write { db in try Actions.add(NewReminder(title: "Report", list: .id(work.id)), context: context, in: db) }
        #expect(throws: ActionError.listNotEmpty(name: "Office", reminderCount: 1)) {
            try store.write { db in try Actions.deleteList(.id(work.id), force: false, in: db) }
        }
        let deleted = try store.write { db in try Actions.deleteList(.id(work.id), force: true, in: db) }
        #expect(deleted.reminderCount == 1)
        #expect(try store.read { db in try db.reminder(number: Reminder.Number(1)) } == nil)
        _ = try store.write { db in try Actions.deleteList(.named("Reminders"), force: false, in: db) }
        #expect(throws: ActionError.lastList(name: "Home")) {
            try store.write { db in try Actions.deleteList(.id(home.id), force: false, in: db) }
        }
        #expect(throws: ActionError.listGone(work.id)) {
            try store.write { db in try Actions.recolorList(.id(work.id), to: purple, in: db, context: context) }
        }
        #expect(try store.read { db in try db.lists() } == [recolored.with(position: 1)])
    }

    // MARK: Reminders

    @Test("add stores every field as given, with numbers and positions in order; get reads it back",
          arguments: StoreKind.available)
    func addAndGet(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let due = Due.timed(Fixture.now.addingTimeInterval(3 * 86_400), timeZone: "Europe/Berlin")
        let request = NewReminder(title: "Water the plants", notes: "the big ones\nand the small", due: due,
                                  start: .allDay(try #require(CalendarDay("2026-11-30"))), priority: Priority(.high),
                                  isFlagged: true, tags: ["home", "garden"], url: " https://example.org/plants ",
                                  schedule: ScheduleEdit(recurrence: .set(RecurrenceRule(rruleValue: "FREQ=WEEKLY;COUNT=3")),
                                                         alarmOffsets: [AlarmOffset(seconds: -3_600)]))
        let added = try store.write { db in try Actions.add(request, context: context, in: db) }
        let floating = try #require(LocalDateTime("2026-12-24T18:30:00"))
        let second = try store.write { db in
            try Actions.add(NewReminder(title: "Buy candles", due: .floating(floating), parent: added.reminder.number),
                            context: context, in: db)
        }
        #expect(added.reminder.number == Reminder.Number(1) && second.reminder.number == Reminder.Number(2))
        #expect(added.reminder.position == ManualOrder.gap && second.reminder.position == 2 * ManualOrder.gap)
        #expect(added.list.name == "Reminders" && second.reminder.parentUID == added.reminder.uid)
        let stored = try #require(try store.read { db in try db.reminder(number: added.reminder.number) })
        #expect(stored == added.reminder)
        #expect(stored.due == due && stored.tags == ["home", "garden"] && stored.url == "https://example.org/plants")
        #expect(stored.alarms.map(\.trigger) == [.relative(seconds: -3_600, toStart: false)])
        #expect(stored.recurrence?.rruleValue == "FREQ=WEEKLY;COUNT=3" && stored.priority == Priority(.high) && stored.isFlagged)
        #expect(try store.read { db in try db.reminder(uid: stored.uid) } == stored)

        let detail = try store.read { db in try Actions.reminderDetail(second.reminder.number, in: db, context: context) }
        #expect(detail.parent == stored && detail.list?.name == "Reminders" && detail.reminder.due == .floating(floating))
        #expect(try store.read { db in try Actions.reminderDetail(added.reminder.number, in: db, context: context) }
            .subtasks.map(\.title) == ["Buy candles"])
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) {
            try store.read { db in try Actions.reminderDetail(Reminder.Number(9), in: db, context: context) }
        }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) {
            try store.write { db in try Actions.add(NewReminder(title: "Orphan", parent: Reminder.Number(9)), context: context, in: db) }
        }
        #expect(throws: ModelError.self) {
            try store.write { db in try Actions.add(NewReminder(title: "  "), context: context, in: db) }
        }
    }

    @Test("every field of a reminder reads back as written, through insert and update", arguments: StoreKind.available)
    func roundTrip(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let instant = Fixture.now.addingTimeInterval(0.125)
        let reminder = try store.write { db in
            var reminder = Reminder(listID: try db.defaultList().id, title: "Tea \"Oolong\" 🍵 \\ 차", notes: "line one\nline two",
                                    due: .timed(Fixture.now.addingTimeInterval(86_400), timeZone: "Asia/Seoul"),
                                    start: .floating(try #require(LocalDateTime("2026-12-02T07:30:00"))), priority: Priority(.low),
                                    isFlagged: true, completedAt: instant, tags: ["a \"quoted\" tag", "한국어", "back\\slash"],
                                    url: "https://example.org/?q=1&r=2", recurrence: RecurrenceRule(rruleValue: "FREQ=DAILY;INTERVAL=2"),
                                    alarms: [Alarm(uid: "A1", trigger: .absolute(instant), firedAt: instant.addingTimeInterval(1), isSnooze: true),
                                             Alarm(uid: "A2", trigger: .relative(seconds: -90, toStart: true), isExactOffset: true),
                                             Alarm(uid: "A3", trigger: .relative(seconds: 0, toStart: false),
                                                   firedAt: instant, isSilenced: true)],
                                    iCalendarExtras: "X-ONE:1\nX-TWO;PARAM=a:b", createdAt: instant, modifiedAt: instant,
                                    recurrenceBasis: .completion)
            reminder = try db.insert(reminder, keepingNumber: false, keepingPosition: false)
            return reminder
        }
        #expect(try store.read { db in try db.reminder(number: reminder.number) } == reminder)
        var changed = reminder
        changed.due = .allDay(try #require(CalendarDay("2027-01-31")))
        changed.start = nil
        changed.tags = []
        changed.alarms = []
        changed.completedAt = nil
        changed.url = nil
        changed.recurrence = nil
        try store.write { db in try db.update(changed) }
        #expect(try store.read { db in try db.reminder(uid: reminder.uid) } == changed)
    }

    @Test("edit: fields, a new list takes the subtasks along, a parent cycle is refused and changes nothing",
          arguments: StoreKind.available)
    func edit(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let (parent, child) = try store.write { db in
            let parent = try Actions.add(NewReminder(title: "Trip"), context: context, in: db).reminder
            let child = try Actions.add(NewReminder(title: "Pack", parent: parent.number), context: context, in: db).reminder
            _ = try Actions.addList(named: "Travel", color: .defaultColor, in: db, context: context)
            return (parent, child)
        }
        let edited = try store.write { db in
            try Actions.edit(parent.number, ReminderEdit(title: "Trip to Busan", notes: .set("KTX"), isFlagged: true,
                                                          list: .named("travel"), tags: TagEdit(added: ["far"])),
                             context: context, in: db)
        }
        #expect(edited.list.name == "Travel" && edited.notes.contains(.subtasksMoved(count: 1, listName: "Travel")))
        #expect(edited.reminder.title == "Trip to Busan" && edited.reminder.notes == "KTX" && edited.reminder.tags == ["far"])
        let movedChild = try #require(try store.read { db in try db.reminder(number: child.number) })
        #expect(movedChild.listID == edited.list.id && movedChild.parentUID == parent.uid)
        let before = try store.read { db in try [db.reminder(number: parent.number), db.reminder(number: child.number)] }
        #expect(throws: ActionError.parentCycle(child: parent.number, parent: child.number)) {
            try store.write { db in try Actions.edit(parent.number, ReminderEdit(parent: .set(child.number)), context: context, in: db) }
        }
        #expect(try store.read { db in try [db.reminder(number: parent.number), db.reminder(number: child.number)] } == before)
    }

    /// Found by a tester of the multi-user server: through CalDAV, a member of a shared list
    /// set a `RELATED-TO` naming a reminder in one of the owner's unshared lists; the owner
    /// saw the member's reminder as its subtask, and deleting the private reminder cleared the
    /// member's link (which the member could see). An import of an `.ics` made the same links
    /// across lists. A parent link now holds within one list, as Tick's own edits keep it.
    @Test("a parent link holds within one list: a reminder of another list naming a parent is no subtask of it",
          arguments: StoreKind.available)
    func parentLinkWithinOneList(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let (parent, own, other, shared) = try store.write { db in
            let parent = try Actions.add(NewReminder(title: "Private plan"), context: context, in: db).reminder
            let own = try Actions.add(NewReminder(title: "Own step", parent: parent.number), context: context, in: db).reminder
            let shared = try Actions.addList(named: "Shared", color: .defaultColor, in: db, context: context)
            // What a CalDAV PUT or an import stores: a child in another list naming the parent.
            let other = try db.insert(Reminder(listID: shared.id, title: "Member's", position: 1, parentUID: parent.uid,
                                               createdAt: Fixture.now), keepingNumber: false, keepingPosition: false)
            return (parent, own, other, shared)
        }
        let detail = try store.read { db in try Actions.reminderDetail(parent.number, in: db, context: context) }
        #expect(detail.subtasks.map(\.number) == [own.number])
        #expect(try store.read { db in try Actions.reminderDetail(other.number, in: db, context: context) }.parent == nil)
        #expect(try store.read { db in try db.subtaskNumbers(of: parent) } == [own.number])
        #expect(try store.read { db in try db.hasOpenSubtasksUnderParents(inList: shared.id) } == false)
        #expect(try store.read { db in try db.hasOpenSubtasksUnderParents(inList: parent.listID) } == true)
        // Moving the parent takes its own subtask along, not the other list's reminder.
        _ = try store.write { db in
            _ = try Actions.addList(named: "Elsewhere", color: .defaultColor, in: db, context: context)
            return try Actions.edit(parent.number, ReminderEdit(list: .named("Elsewhere")), context: context, in: db)
        }
        #expect(try store.read { db in try db.reminder(number: other.number) } == other)
        #expect(try store.read { db in try db.reminder(number: own.number)?.listID } != parent.listID)
        // The other list's reminder moves like any top-level one (a tester: "a subtask lives in
        // its parent's list" held it back from every list), its link kept as written.
        let third = try store.write { db in
            let third = try Actions.addList(named: "Third", color: .defaultColor, in: db, context: context)
            _ = try Actions.edit(other.number, ReminderEdit(list: .id(third.id)), context: context, in: db)
            return third
        }
        let movedOther = try #require(try store.read { db in try db.reminder(number: other.number) })
        #expect(movedOther.listID == third.id && movedOther.parentUID == parent.uid)
        try store.write { db in _ = try Actions.edit(other.number, ReminderEdit(list: .id(shared.id)), context: context, in: db) }
        // Deleting it leaves the other list's link as written; its own subtask becomes top-level.
        let deleted = try store.write { db in try Actions.delete([parent.number], in: db) }
        #expect(deleted.first?.subtasks == [own.number])
        #expect(try store.read { db in try db.reminder(number: other.number)?.parentUID } == parent.uid)
        #expect(try store.read { db in try db.reminder(number: own.number)?.parentUID } == nil)
    }

    @Test("complete and reopen: a plain reminder, and a repeating one occurrence by occurrence with its history",
          arguments: StoreKind.available)
    func completion(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let day = try #require(CalendarDay("2026-12-01"))
        let (plain, weekly) = try store.write { db in
            (try Actions.add(NewReminder(title: "Call"), context: context, in: db).reminder,
             try Actions.add(NewReminder(title: "Bins", due: .allDay(day),
                                         schedule: ScheduleEdit(recurrence: .set(RecurrenceRule(rruleValue: "FREQ=WEEKLY")))),
                             context: context, in: db).reminder)
        }
        let done = try store.write { db in try Actions.setCompletion(plain.number, .complete, context: context, in: db) }
        #expect(done.changed && done.reminder.completedAt == Fixture.now)
        #expect(try store.read { db in try db.reminder(number: plain.number)?.completedAt } == Fixture.now)
        let again = try store.write { db in try Actions.setCompletion(plain.number, .toggle, context: context, in: db) }
        #expect(again.changed && again.reminder.completedAt == nil)

        let first = try store.write { db in try Actions.setCompletion(weekly.number, .complete, context: context, in: db) }
        let next = Due.allDay(day.adding(days: 7))
        #expect(first.outcome == .advanced(completed: .allDay(day), next: next) && first.reminder.due == next)
        // The occurrence the caller saw is done already: nothing more is completed.
        let repeated = try store.write { db in
            try Actions.setCompletion(weekly.number, .complete, occurrence: .allDay(day), context: context, in: db)
        }
        #expect(!repeated.changed && repeated.skipped == .alreadyDone)
        #expect(try store.read { db in try Actions.reminderDetail(weekly.number, in: db, context: context) }.completedOccurrences == 1)
        #expect(try store.read { db in try db.completedOccurrences(reminder: weekly.number) }
            == [CompletedOccurrence(due: .allDay(day), completedAt: Fixture.now)])
        let reopened = try store.write { db in try Actions.setCompletion(weekly.number, .reopen, context: context, in: db) }
        #expect(reopened.changed && reopened.reminder.due == .allDay(day))
        #expect(try store.read { db in try db.completedOccurrenceCount(reminder: weekly.number) } == 0)
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(7))) {
            try store.write { db in try Actions.setCompletion(Reminder.Number(7), .complete, context: context, in: db) }
        }
    }

    @Test("move: to a place, before and after another; refusals change nothing", arguments: StoreKind.available)
    func move(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let numbers = try store.write { db in
            try ["One", "Two", "Three"].map { try Actions.add(NewReminder(title: $0), context: context, in: db).reminder.number }
        }
        func titles() throws -> [String] {
            try store.read { db in try db.reminders(in: .list(db.defaultList().id, includesCompleted: true), from: nil,
                                                    includingAnchor: false, direction: .forward, limit: 10).map(\.title) }
        }
        let first = try store.write { db in try Actions.move(numbers[2], to: .index(1), in: db) }
        #expect(first.openIndex == 1 && first.reminder.position == 0)
        #expect(try titles() == ["Three", "One", "Two"])
        _ = try store.write { db in try Actions.move(numbers[0], to: .after(numbers[1]), in: db) }
        #expect(try titles() == ["Three", "Two", "One"])
        let last = try store.write { db in try Actions.move(numbers[2], to: .before(numbers[0]), in: db) }
        #expect(try titles() == ["Two", "Three", "One"] && last.openIndex == 2)
        _ = try store.write { db in try Actions.addList(named: "Else", color: .defaultColor, in: db, context: context) }
        let other = try store.write { db in try Actions.add(NewReminder(title: "Away", list: .named("Else")), context: context, in: db) }
        #expect(throws: ActionError.anchorInAnotherList(reminder: numbers[0], anchor: other.reminder.number, listName: "Else")) {
            try store.write { db in try Actions.move(numbers[0], to: .before(other.reminder.number), in: db) }
        }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(42))) {
            try store.write { db in try Actions.move(numbers[0], to: .after(Reminder.Number(42)), in: db) }
        }
        #expect(try titles() == ["Two", "Three", "One"])
    }

    /// The reminders of `store`'s default list in its order, completed ones too (up to 1,000).
    static func defaultList(of store: StoreUnderTest) throws -> [Reminder] {
        try store.read { db in try db.reminders(in: .list(db.defaultList().id, includesCompleted: true), from: nil,
                                                includingAnchor: false, direction: .forward, limit: 1000) }
    }

    /// A move into a used-up gap renumbered the whole list (592 ms in a list of 17,660, and
    /// every reminder of it a CalDAV change). Only the reminders around it move now.
    @Test("a move into a used-up gap respaces the reminders around it, not the list", arguments: StoreKind.available)
    func respacesAWindow(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let numbers = try store.write { db in
            try (0..<200).map { try Actions.add(NewReminder(title: "R\($0)"), context: context, in: db).reminder.number }
        }
        var expected = numbers
        var mostMoved = 0
        for index in 0..<40 {
            let added = try store.write { db in try Actions.add(NewReminder(title: "M\(index)"), context: context, in: db).reminder.number }
            let before = Dictionary(uniqueKeysWithValues: try Self.defaultList(of: store).map { ($0.number, $0.position) })
            _ = try store.write { db in try Actions.move(added, to: .after(numbers[100]), in: db) }
            let after = try Self.defaultList(of: store)
            mostMoved = max(mostMoved, after.count { $0.number != added && before[$0.number] != $0.position })
            expected.insert(added, at: 101)
            #expect(after.map(\.number) == expected, "move \(index)")
        }
        // Each move halves the gap after R100: it is used up every 10 moves or so.
        #expect(mostMoved > 0)
        #expect(mostMoved <= 2 * (ManualOrder.respacingWindows.first ?? 0), "\(mostMoved) reminders moved for one")
    }

    /// A tester: reminders added in one second have consecutive Apple sort keys, and a move
    /// near the top gave every reminder after it a new key, one by one (2.2 s a move at
    /// 20,000, each reminder a CalDAV change). The keys around it are spread instead.
    @Test("a move among consecutive sort keys spreads the keys around it; Apple's order stays Tick's", arguments: StoreKind.available)
    func sortKeysSpreadAWindow(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let numbers = try store.write { db in
            try (0..<300).map { try Actions.add(NewReminder(title: "R\($0)"), context: context, in: db).reminder.number }
        }
        // Near an end of the list a window reaches the end at once; in the middle of the run the
        // first move spreads the keys up to the nearest end (once), the next ones find room.
        let moves: [(Reminder.Number, ReminderPlacement, Int)] = [
            (numbers[299], .after(numbers[0]), 16), (numbers[298], .after(numbers[0]), 16), (numbers[5], .before(numbers[150]), 300),
            (numbers[6], .before(numbers[150]), 16), (numbers[7], .before(numbers[150]), 16), (numbers[150], .after(numbers[299]), 16),
            (numbers[0], .index(300), 16), (numbers[100], .index(1), 16),
        ]
        var total = 0
        for (number, placement, most) in moves {
            let before = Dictionary(uniqueKeysWithValues: try Self.defaultList(of: store).map { ($0.number, ICalendarSortOrder.key(of: $0)) })
            _ = try store.write { db in try Actions.move(number, to: placement, in: db) }
            let after = try Self.defaultList(of: store)
            let rekeyed = after.count { $0.number != number && before[$0.number] != ICalendarSortOrder.key(of: $0) }
            #expect(rekeyed <= most, "\(rekeyed) keys changed to move \(number)")
            total += rekeyed
            let keys = after.map(ICalendarSortOrder.orderKey(of:))
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "Apple's order differs from Tick's after moving \(number)")
        }
        // Shifting the keys after each moved one by one rewrote about 300 a move here.
        #expect(total < 400, "\(total) keys changed in all")

        // Reminders of one creation second and no key of their own all tie (an import without
        // creation times): a move spreads the keys from the nearest end of the list to past the
        // moved one, the next moves there find room (a window that found none ran again at every
        // move, 300 ms each at 100,000). The ties further on stay as the import left them.
        let tied = try StoreUnderTest(kind)
        let ties = try tied.write { db in
            let list = try db.defaultList()
            return try (0..<200).map { try db.insert(Reminder(listID: list.id, title: "T\($0)", createdAt: Fixture.now), keepingNumber: false, keepingPosition: false).number }
        }
        for (index, number) in [ties[150], ties[151], ties[152]].enumerated() {
            let before = Dictionary(uniqueKeysWithValues: try Self.defaultList(of: tied).map { ($0.number, ICalendarSortOrder.key(of: $0)) })
            _ = try tied.write { db in try Actions.move(number, to: .after(ties[10]), in: db) }
            let after = try Self.defaultList(of: tied)
            let rekeyed = after.count { $0.number != number && before[$0.number] != ICalendarSortOrder.key(of: $0) }
            // The first: the 11 keys from the start of the list to the place (not 64 more after it).
            #expect(rekeyed <= (index == 0 ? 11 : 16), "\(rekeyed) keys changed to move \(number)")
            let place = try #require(after.firstIndex { $0.number == number })
            let keys = after[(place - 11)...(place + 1)].map(ICalendarSortOrder.orderKey(of:))
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "Apple's order differs from Tick's after moving \(number)")
        }
        // In the middle of the ties, from the place to the nearer end: the 199 after it, not
        // the whole list (a tester: 1,000,000 keys rewritten for one move in `tick ui`); but
        // never past now's key, where a phone's new to-do (sorted by its creation time) would
        // land among them (a tester: keys spread weeks ahead): ties made now spread the 400
        // before the place downward instead.
        for (age, expected) in [(86_400.0, 199), (0, 400)] {
            let store = try StoreUnderTest(kind)
            let made = Fixture.now.addingTimeInterval(-age)
            let middle = try store.write { db in
                let list = try db.defaultList()
                return try (0..<600).map { try db.insert(Reminder(listID: list.id, title: "U\($0)", createdAt: made), keepingNumber: false, keepingPosition: false).number }
            }
            let before = Dictionary(uniqueKeysWithValues: try Self.defaultList(of: store).map { ($0.number, ICalendarSortOrder.key(of: $0)) })
            _ = try store.write { db in try Actions.move(middle[0], to: .after(middle[400]), modifiedAt: Fixture.now, in: db) }
            let after = try Self.defaultList(of: store)
            let rekeyed = after.count { $0.number != middle[0] && before[$0.number] != ICalendarSortOrder.key(of: $0) }
            #expect(rekeyed == expected, "\(rekeyed) keys changed to move into the middle")
            let place = try #require(after.firstIndex { $0.number == middle[0] })
            let keys = after[(expected == 199 ? place - 1 : 0)...(expected == 199 ? after.count - 1 : place + 1)].map(ICalendarSortOrder.orderKey(of:))
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "Apple's order differs from Tick's around the place")
            let newest = ICalendarSortOrder.key(extras: "", createdAt: Fixture.now)
            #expect(after.allSatisfy { ICalendarSortOrder.key(of: $0) <= newest }, "a key past now")
        }
        // Near the end of ties made now, the 49 keys after the place run a little past now rather
        // than the 551 before it being rewritten (a tester: 99,975 of a list of 100,000).
        let recent = try StoreUnderTest(kind)
        let made = try recent.write { db in
            let list = try db.defaultList()
            return try (0..<600).map { try db.insert(Reminder(listID: list.id, title: "V\($0)", createdAt: Fixture.now), keepingNumber: false, keepingPosition: false).number }
        }
        let before = Dictionary(uniqueKeysWithValues: try Self.defaultList(of: recent).map { ($0.number, ICalendarSortOrder.key(of: $0)) })
        _ = try recent.write { db in try Actions.move(made[0], to: .after(made[550]), modifiedAt: Fixture.now, in: db) }
        let after = try Self.defaultList(of: recent)
        #expect(after.count { $0.number != made[0] && before[$0.number] != ICalendarSortOrder.key(of: $0) } == 49)
        let place = try #require(after.firstIndex { $0.number == made[0] })
        let keys = after[(place - 1)...].map(ICalendarSortOrder.orderKey(of:))
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "Apple's order differs from Tick's after the place")
        let newest = ICalendarSortOrder.key(extras: "", createdAt: Fixture.now)
        #expect(after.allSatisfy { ICalendarSortOrder.key(of: $0) <= newest + 50 }, "a key an hour past now")
    }

    @Test("delete: subtasks become top-level, numbers are never given again, restore puts it back",
          arguments: StoreKind.available)
    func delete(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let (parent, child) = try store.write { db in
            let parent = try Actions.add(NewReminder(title: "Party"), context: context, in: db).reminder
            return (parent, try Actions.add(NewReminder(title: "Cake", parent: parent.number), context: context, in: db).reminder)
        }
        let deleted = try store.write { db in try Actions.delete([parent.number, parent.number], in: db) }
        #expect(deleted == [DeletedReminder(reminder: parent, subtasks: [child.number])])
        #expect(try store.read { db in try db.reminder(number: child.number)?.parentUID } == .some(nil))
        let next = try store.write { db in try Actions.add(NewReminder(title: "Later"), context: context, in: db) }
        #expect(next.reminder.number == Reminder.Number(3))
        let restored = try store.write { db in try Actions.restore(deleted[0], in: db) }
        #expect(restored == parent)
        #expect(try store.read { db in try db.reminder(number: child.number)?.parentUID } == parent.uid)
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) {
            try store.write { db in try Actions.delete([child.number, Reminder.Number(9)], in: db) }
        }
        #expect(try store.read { db in try db.reminder(number: child.number) } != nil)
    }

    @Test("pages: a list both ways from an anchor, every open reminder across lists, flagged, completed",
          arguments: StoreKind.available)
    func pages(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let later = Fixture.now.addingTimeInterval(60)
        let all = try store.write { db in
            _ = try Actions.addList(named: "Second", color: .defaultColor, in: db, context: context)
            return try (1...6).map { index in
                try Actions.add(NewReminder(title: "R\(index)", list: .named(index > 3 ? "Second" : "Reminders"),
                                            isFlagged: index % 2 == 0), context: context, in: db).reminder
            }
        }
        try store.write { db in
            _ = try Actions.setCompletion(all[1].number, .complete, context: context, in: db)
            var laterContext = context
            laterContext.dateContext.now = later
            _ = try Actions.setCompletion(all[4].number, .complete, context: laterContext, in: db)
        }
        func page(_ scope: PageScope, from anchor: Reminder?, including: Bool = false, _ direction: PageDirection,
                  _ limit: Int) throws -> [String] {
            try store.read { db in
                try Actions.page(scope, from: anchor, includingAnchor: including, direction: direction, limit: limit, in: db).map(\.title)
            }
        }
        let first = all[0].listID, second = all[3].listID
        #expect(try page(.list(first, includesCompleted: true), from: nil, .forward, 2) == ["R1", "R2"])
        #expect(try page(.list(first, includesCompleted: false), from: nil, .forward, 5) == ["R1", "R3"])
        #expect(try page(.list(first, includesCompleted: true), from: all[1], .forward, 5) == ["R3"])
        #expect(try page(.list(first, includesCompleted: true), from: all[1], including: true, .forward, 5) == ["R2", "R3"])
        #expect(try page(.list(first, includesCompleted: true), from: all[2], .backward, 1) == ["R2"])
        #expect(try page(.list(first, includesCompleted: true), from: nil, .backward, 2) == ["R2", "R3"])
        #expect(try page(.list(second, includesCompleted: true), from: all[0], .forward, 5) == [])
        #expect(try page(.open, from: nil, .forward, 10) == ["R1", "R3", "R4", "R6"])
        #expect(try page(.open, from: all[2], .forward, 2) == ["R4", "R6"])
        #expect(try page(.open, from: all[3], .backward, 5) == ["R1", "R3"])
        #expect(try page(.flagged, from: nil, .forward, 10) == ["R4", "R6"])
        #expect(try page(.completed, from: nil, .forward, 10) == ["R5", "R2"])
        #expect(try page(.completed, from: nil, .forward, 0) == [])
        let latest = try #require(try store.read { db in try db.reminder(number: all[4].number) })
        #expect(try page(.completed, from: latest, .forward, 10) == ["R2"])
        #expect(try page(.completed, from: latest, including: true, .backward, 10) == ["R5"])
        _ = try store.write { db in try Actions.moveList(.id(second), to: 1, in: db) }
        #expect(try page(.open, from: nil, .forward, 10) == ["R4", "R6", "R1", "R3"])
    }
    /// A tester (data loss): an archive's #3 took the number of a deleted #3, and the undo of
    /// that deletion then restored nothing while saying it had. A number given once is never
    /// given again (README): the archive's reminder gets a new one; a number above all given
    /// before is kept.
    @Test(arguments: StoreKind.available)
    func anArchiveDoesNotTakeADeletedReminderSNumber(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        let (listID, deleted) = try store.write { db -> (ReminderList.ID, Reminder.Number) in
            let added = try (1...5).map { try Actions.add(NewReminder(title: "local \($0)"), context: context, in: db).reminder }
            _ = try Actions.delete([added[2].number], in: db)
            return (try db.defaultList().id, added[2].number)
        }
        let archived = [(deleted.rawValue, "archived three"), (deleted.rawValue + 40, "archived far")].map { number, title in
            var reminder = Reminder(uid: ReminderUID(title), listID: listID, title: title, createdAt: Fixture.now)
            reminder.number = Reminder.Number(number)
            return ImportedReminder(listName: nil, reminder: reminder, lineNumber: 1)
        }
        func restore(into db: some ImportStore) throws {
            _ = try Actions.importBatch(ImportRequest(batch: ImportBatch(reminders: archived), restoresArchive: true),
                                        in: db, context: Self.context)
        }
        try store.write { db in
            guard let importer = db as? any ImportStore else { Issue.record("the store saves no imports"); return }
            try restore(into: importer)
        }
        let numbers: [String: Int64] = try store.read { db in
            var found: [String: Int64] = [:]
            for number in 1...(deleted.rawValue + 100) {
                if let reminder = try db.reminder(number: Reminder.Number(number)) { found[reminder.title] = number }
            }
            return found
        }
        #expect(numbers["archived far"] == deleted.rawValue + 40)
        #expect((numbers["archived three"] ?? 0) > deleted.rawValue + 40, "\(numbers)")
        #expect(!numbers.values.contains(deleted.rawValue))
    }

    /// A restore into a store without reminders skips its pieces' UID look-ups
    /// (`ImportStore.holdsReminders`): what it stores, and a second restore of the same
    /// archive (which then finds every UID), must be what they were with the look-ups.
    @Test(arguments: StoreKind.available)
    func restoreIntoAStoreWithoutReminders(_ kind: StoreKind) throws {
        let store = try StoreUnderTest(kind)
        func holds() throws -> Bool {
            try store.read { db in try #require(db as? any ImportStore).holdsReminders() }
        }
        #expect(try holds() == false)
        let added = try store.write { db in try Actions.add(NewReminder(title: "gone soon"), context: context, in: db).reminder }
        #expect(try holds() == true)
        _ = try store.write { db in try Actions.delete([added.number], in: db) }
        #expect(try holds() == false, "a deleted reminder is not held")
        let listID = try store.read { db in try db.defaultList().id }
        let archived = (0..<12).map { index in
            var reminder = Reminder(uid: ReminderUID(index == 0 ? added.uid.rawValue : "archived \(index)"), listID: listID,
                                    title: "archived \(index)", createdAt: Fixture.now)
            reminder.number = Reminder.Number(Int64(100 + index))
            return ImportedReminder(listName: nil, reminder: reminder, lineNumber: index + 1)
        }
        func restore(into db: some ImportStore) throws -> ImportSummary {
            try Actions.importBatch(ImportRequest(batch: ImportBatch(reminders: archived), restoresArchive: true),
                                    in: db, context: Self.context)
        }
        func restore() throws -> ImportSummary {
            try store.write { db in
                let importer = try #require(db as? any ImportStore, "the store saves no imports")
                return try restore(into: importer)
            }
        }
        let first = try restore()
        #expect(first.added == 12, "the deleted reminder's UID among them: stored again")
        let second = try restore()
        #expect(second.added == 0 && second.updated + second.unchanged == 12, "\(second)")
        let titles = try store.read { db in try (100..<112).map { try db.reminder(number: Reminder.Number(Int64($0)))?.title } }
        #expect(titles == (0..<12).map { "archived \($0)" })
    }

}

extension ReminderList {
    /// This list at another position.
    func with(position: Int) -> ReminderList {
        var copy = self
        copy.position = position
        return copy
    }
}
