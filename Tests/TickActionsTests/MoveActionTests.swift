import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickInterchange
import TickStore

@Suite("Actions: move")
struct MoveActionTests {
    @Test("a reminder moves to a place, before or after another, and its open place is reported",
          arguments: [
              (ReminderPlacement.index(1), ["Three", "One", "Two"], 1),
              (.index(99), ["One", "Two", "Three"], 3),
              (.before(Reminder.Number(2)), ["One", "Three", "Two"], 2),
              (.after(Reminder.Number(1)), ["One", "Three", "Two"], 2),
          ])
    func placements(_ placement: ReminderPlacement, _ order: [String], _ index: Int) throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two", "Three"])
        let moved = try harness.actions.move(Reminder.Number(3), to: placement)
        #expect(try harness.reminders().map(\.title) == order)
        #expect(moved.openIndex == index)
        #expect(moved.reminder.position == (try harness.reminders().first { $0.number == Reminder.Number(3) }?.position))
    }

    /// t72: `tick move 6 --before 4` of a subtask before a top-level reminder put it first
    /// among its own siblings (the list's flat order) and reported that as done.
    @Test("a reminder placed beside one at another level takes that one's level; never among its own subtasks")
    func beforeOrAfterJoinsTheAnchorsLevel() throws {
        let harness = try ActionsHarness()
        try harness.add(["A", "B", "C", "D"])
        let one = Reminder.Number(1), four = Reminder.Number(4)
        let a1 = try harness.actions.add(NewReminder(title: "A1", parent: one)).reminder
        let a2 = try harness.actions.add(NewReminder(title: "A2", parent: one)).reminder
        // As a listing nests them (one level here): each top-level reminder, then its subtasks.
        func shown() throws -> [String] {
            let all = try harness.reminders()
            return all.filter { $0.parentUID == nil }.flatMap { top in
                [top.title] + all.filter { $0.parentUID == top.uid }.map { "-" + $0.title }
            }
        }
        var moved = try harness.actions.move(a2.number, to: .before(four))
        #expect(moved.reminder.parentUID == nil && moved.shownUnder == nil && moved.openIndex == 4)
        #expect(try shown() == ["A", "-A1", "B", "C", "A2", "D"])
        moved = try harness.actions.move(four, to: .after(a1.number))
        #expect(moved.reminder.parentUID == (try harness.reminders().first { $0.number == one })?.uid)
        #expect(moved.shownUnder?.number == one && moved.openIndex == 2 && moved.reminder.modifiedAt == Fixture.now)
        #expect(try shown() == ["A", "-A1", "-D", "B", "C", "A2"])
        let before = try harness.reminders()
        #expect(throws: ActionError.anchorIsOwnSubtask(reminder: one, anchor: four)) {
            try harness.actions.move(one, to: .before(four))
        }
        #expect(try harness.reminders() == before)
        // Beside a sibling: no change of level.
        moved = try harness.actions.move(a1.number, to: .after(four))
        #expect(moved.shownUnder?.number == one && moved.openIndex == 2)
        #expect(try shown() == ["A", "-D", "-A1", "B", "C", "A2"])
    }

    /// Found by a tester: reminders added in one second in Tick reached a second client in
    /// arrival order (without a sort order, clients order by CREATED, whole seconds).
    /// Every list: a phone syncing with `tick serve` reads any of them.
    @Test("reminders added in one second get sort orders in Tick's order, in a list synced with CalDAV or not")
    func addsInOneSecondKeepTheirOrderForOtherClients() throws {
        let harness = try ActionsHarness()
        let first = try harness.add(["Before sync"])
        let list = first[0].listID
        try harness.store.write { db in
            try db.saveSyncedCollection(SyncedCollection(account: "home", url: "https://dav.example/tasks/", listID: list))
        }
        let added = try ["One", "Two", "Three"].map { try harness.actions.add(NewReminder(title: $0)).reminder }
        let stored = try harness.reminders()
        #expect(stored.map(\.title) == ["Before sync", "One", "Two", "Three"])
        let keys = stored.map(ICalendarSortOrder.key(of:))
        #expect(keys == keys.sorted() && Set(keys).count == keys.count, "\(keys)")
        // The first reminder of a second needs no line: its creation time sorts it already.
        #expect(ICalendarSortOrder.value(in: stored[0].iCalendarExtras) == nil)
        #expect(added.map { ICalendarSortOrder.value(in: $0.iCalendarExtras) } == Array(keys[1...]).map { Optional($0) })
        // A list that is not synced: the same, as `tick serve`'s CalDAV clients read it.
        _ = try harness.actions.addList(named: "Local")
        let local = try ["A", "B"].map { try harness.actions.add(NewReminder(title: $0, list: .named("Local"))).reminder }
        #expect(local.map { ICalendarSortOrder.value(in: $0.iCalendarExtras) == nil } == [true, false])
        #expect(local.map(ICalendarSortOrder.key(of:)) == local.map(ICalendarSortOrder.key(of:)).sorted())
    }

    /// Stores reminders titled by their keys' order with these `X-APPLE-SORT-ORDER` values
    /// (nil: none, sorting by the creation time) in the default list.
    private func keyed(_ harness: ActionsHarness, _ values: [Int64?]) throws -> [Reminder] {
        try harness.store.write { db in
            let list = try db.targetList(named: nil)
            return try values.enumerated().map { index, value in
                var reminder = Reminder(listID: list.id, title: "r\(index + 1)", createdAt: Fixture.now)
                if let value { reminder.iCalendarExtras = "X-APPLE-SORT-ORDER:\(value)" }
                return try db.insert(reminder)
            }
        }
    }

    /// The keys clients order by, in Tick's order.
    private func keys(_ harness: ActionsHarness) throws -> [Int64] {
        try harness.reminders().map(ICalendarSortOrder.key(of:))
    }

    private func strictlyRising(_ keys: [Int64]) -> Bool { zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } }

    /// Found by a tester: between neighbours whose keys were adjacent (`950`, `951`) a move
    /// wrote the upper one's own key, and two Ticks syncing through a server then showed the
    /// two in opposite orders for good. Now the run of keys after it moves up by one each.
    @Test("a move between adjacent or equal keys leaves no tie: the keys after it move up, as few as needed")
    func noTieBetweenAdjacentKeys() throws {
        let harness = try ActionsHarness()
        try keyed(harness, [950, 951, 952, 960])
        _ = try harness.actions.move(Reminder.Number(4), to: .before(Reminder.Number(2)))
        #expect(try harness.reminders().map(\.title) == ["r1", "r4", "r2", "r3"])
        #expect(try keys(harness) == [950, 951, 952, 953])
        // Fifteen moves into one gap (a tester: sixteen to-dos ended on one key).
        let other = try ActionsHarness()
        try keyed(other, Array(repeating: nil, count: 16))
        for number in 3...16 { _ = try other.actions.move(Reminder.Number(Int64(number)), to: .index(2)) }
        let rising = try keys(other)
        #expect(strictlyRising(rising), "\(rising)")
        // Keys at Int64's ends saturate instead of wrapping round to the other end.
        let ends = try ActionsHarness()
        try keyed(ends, [1, Int64.max, 5])
        _ = try ends.actions.move(Reminder.Number(3), to: .index(3))
        let saturated = try keys(ends)
        #expect(saturated.allSatisfy { $0 > 0 }, "\(saturated)")
    }

    /// Found by a tester: a move kept the modification time, so in a sync's merge the
    /// server's older move won as "the later change".
    @Test("a move that writes a sort order stamps the reminder modified now")
    func moveStampsModified() throws {
        let harness = try ActionsHarness()
        let yesterday = Fixture.now.addingTimeInterval(-86_400)
        try harness.store.write { db in
            let list = try db.targetList(named: nil)
            for value in [100, 101, 102] {
                var reminder = Reminder(listID: list.id, title: "r\(value)", createdAt: yesterday)
                reminder.iCalendarExtras = "X-APPLE-SORT-ORDER:\(value)"
                _ = try db.insert(reminder)
            }
        }
        #expect(try harness.reminders().allSatisfy { $0.modifiedAt == yesterday })
        let moved = try harness.actions.move(Reminder.Number(3), to: .index(1))
        #expect(moved.reminder.modifiedAt == Fixture.now)
        #expect(try harness.reminders().first { $0.number == Reminder.Number(3) }?.modifiedAt == Fixture.now)
    }

    /// Found by a tester: a reminder moved to another list kept its sort order, so clients
    /// showed it first there while Tick put it last.
    @Test("a reminder moved to another list gets a key after that list's last, with its subtasks")
    func anotherListPutsItLast() throws {
        let harness = try ActionsHarness()
        let moved = try keyed(harness, [5])[0]
        _ = try harness.actions.addList(named: "Other")
        try harness.store.write { db in
            let list = try db.targetList(named: "Other")
            var last = Reminder(listID: list.id, title: "there", createdAt: Fixture.now)
            last.iCalendarExtras = "X-APPLE-SORT-ORDER:900000000"
            _ = try db.insert(last)
        }
        let child = try harness.actions.add(NewReminder(title: "child", parent: moved.number)).reminder
        _ = try harness.actions.edit(moved.number, ReminderEdit(list: .named("Other")))
        let other = try harness.reminders().filter { $0.listID != moved.listID }
        #expect(Set(other.map(\.title)) == ["there", "r1", "child"])
        #expect(strictlyRising(other.map(ICalendarSortOrder.key(of:))), "\(other.map { ($0.title, ICalendarSortOrder.key(of: $0)) })")
        #expect(other.first?.title == "there" && child.listID == moved.listID)
    }

    @Test("a move that does not ask for the open place (the UI's J/K) moves the same and reports none")
    func withoutOpenIndex() throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two", "Three"])
        let moved = try harness.actions.move(Reminder.Number(3), to: .before(Reminder.Number(2)), reportsOpenIndex: false)
        #expect(try harness.reminders().map(\.title) == ["One", "Three", "Two"])
        #expect(moved.openIndex == nil)
    }

    @Test("refusals: an anchor in another list names that list; itself; a place below 1; a number that is none")
    func refusals() throws {
        let harness = try ActionsHarness()
        try harness.add(["One", "Two"])
        _ = try harness.actions.addList(named: "Work")
        let other = try harness.add(["Elsewhere"], to: "Work")[0].number
        let before = try harness.reminders()
        #expect(throws: ActionError.anchorInAnotherList(reminder: Reminder.Number(1), anchor: other, listName: "Work")) {
            try harness.actions.move(Reminder.Number(1), to: .before(other))
        }
        #expect(throws: ActionError.placedRelativeToItself(Reminder.Number(1))) {
            try harness.actions.move(Reminder.Number(1), to: .after(Reminder.Number(1)))
        }
        #expect(throws: ActionError.positionOutOfRange(0)) { try harness.actions.move(Reminder.Number(1), to: .index(0)) }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(42))) {
            try harness.actions.move(Reminder.Number(42), to: .index(1))
        }
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(42))) {
            try harness.actions.move(Reminder.Number(1), to: .after(Reminder.Number(42)))
        }
        #expect(try harness.reminders() == before)
    }

    @Test("a completed reminder moves but has no open place")
    func completed() throws {
        let harness = try ActionsHarness()
        var added = try harness.add(["One", "Two"])
        try harness.store.write { db in
            added[1].completedAt = Fixture.now
            try db.update(added[1])
        }
        let moved = try harness.actions.move(added[1].number, to: .before(added[0].number))
        #expect(moved.openIndex == nil)
        #expect(try harness.reminders().map(\.title) == ["Two", "One"])
    }
}
