import Foundation
import Testing
import TestSupport
import TickActions
import TickModel
import TickStore

@Suite("Actions: queries")
struct QueryActionTests {
    /// Reminders #1 Buy milk (due yesterday, flagged), #2 Call mom (completed), #3 Pay rent
    /// in Reminders; #4 Milk the cow in Farm.
    static func filled() throws -> ActionsHarness {
        let harness = try ActionsHarness()
        _ = try harness.actions.addList(named: "Farm")
        var added = try harness.add(["Buy milk", "Call mom", "Pay rent"])
        try harness.add(["Milk the cow"], to: "Farm")
        try harness.store.write { db in
            added[0].due = .allDay(try #require(CalendarDay(year: 2026, month: 11, day: 28)))
            added[0].isFlagged = true
            try db.update(added[0])
            added[1].completedAt = Fixture.now
            try db.update(added[1])
        }
        return harness
    }

    static func titles(_ result: ListingResult) -> [String] {
        switch result.rows {
        case .full(let rows): return rows.map(\.title)
        case .summaries(let rows): return rows.map(\.title)
        case .visited: return [] // only from listing(_:start:visiting:), which `visitedTitles` reads
        }
    }

    /// The titles `listing(_:start:visiting:)` hands to its closure, or those of its
    /// summaries when it reads them whole; and whether the rows were visited.
    static func visitedTitles(_ request: ListingRequest, in harness: ActionsHarness) throws -> (titles: [String], isVisited: Bool) {
        var titles: [String] = []
        var listCount = 0
        let result = try harness.actions.listing(request, start: { lists, _ in listCount = lists.count },
                                                 visiting: { titles.append($0.title) })
        #expect(listCount == result.lists.count)
        if case .visited(let count) = result.rows {
            #expect(count == titles.count)
            return (titles, true)
        }
        #expect(titles.isEmpty)
        return (Self.titles(result), false)
    }

    @Test("a list by name (or the default list) with its open count, whatever the limit")
    func list() throws {
        let harness = try Self.filled()
        let result = try harness.actions.listing(ListingRequest(source: .list(named: nil), limit: 1))
        #expect(Self.titles(result) == ["Buy milk"])
        #expect(result.list?.name == "Reminders" && result.openCount == 2)
        #expect(result.lists.count == 2)
        let completed = try harness.actions.listing(ListingRequest(source: .list(named: "reminders"), includesCompleted: true, detail: .full))
        #expect(Self.titles(completed) == ["Buy milk", "Call mom", "Pay rent"])
        #expect(throws: ActionError.listNotFound(name: "Nope", existing: ["Reminders", "Farm"])) {
            try harness.actions.listing(ListingRequest(source: .list(named: "Nope")))
        }
    }

    @Test("rows laid out as they are read are those of the summaries, in their order; due-date orders are read whole", arguments: [
        (ListingSource.smartList(.all), true), (.smartList(.flagged), true), (.smartList(.completed), true),
        (.list(named: nil), true), (.everyList, true), (.smartList(.today), false), (.smartList(.scheduled), false),
        (.smartList(.overdue), false),
    ])
    func visitedRows(_ source: ListingSource, _ isVisited: Bool) throws {
        let harness = try Self.filled()
        for (includesCompleted, limit) in [(false, nil), (true, nil), (true, 2)] as [(Bool, Int?)] {
            let request = ListingRequest(source: source, includesCompleted: includesCompleted, limit: limit)
            let visited = try Self.visitedTitles(request, in: harness)
            #expect(visited.isVisited == isVisited)
            #expect(visited.titles == Self.titles(try harness.actions.listing(request)))
        }
        let sorted = ListingRequest(source: source, order: ReminderOrder(.due))
        #expect(try Self.visitedTitles(sorted, in: harness).isVisited == false)
    }

    @Test("smart lists follow their own rules", arguments: [
        (SmartList.today, ["Buy milk"]), (.overdue, ["Buy milk"]), (.scheduled, ["Buy milk"]), (.flagged, ["Buy milk"]),
        (.completed, ["Call mom"]), (.all, ["Buy milk", "Pay rent", "Milk the cow"]),
    ])
    func smartLists(_ smartList: SmartList, _ titles: [String]) throws {
        let harness = try Self.filled()
        for detail in [ListingDetail.summaries, .full] {
            let result = try harness.actions.listing(ListingRequest(source: .smartList(smartList), detail: detail))
            #expect(Self.titles(result) == titles)
            #expect(result.list == nil && result.openCount == titles.count)
        }
    }

    @Test("a smart list narrowed to one list shows only that list's part, and names the list")
    func smartListInList() throws {
        let harness = try Self.filled()
        let all = try harness.actions.listing(ListingRequest(source: .smartListInList(.all, listNamed: "farm")))
        #expect(Self.titles(all) == ["Milk the cow"])
        #expect(all.narrowedTo?.name == "Farm" && all.list == nil)
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .smartListInList(.today, listNamed: "Farm")))) == [])
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .smartListInList(.today, listNamed: "Reminders")))) == ["Buy milk"])
        #expect(throws: ActionError.listNotFound(name: "Nope", existing: ["Reminders", "Farm"])) {
            try harness.actions.listing(ListingRequest(source: .smartListInList(.today, listNamed: "Nope")))
        }
    }

    @Test("search finds every word in every list, or in one list")
    func search() throws {
        let harness = try Self.filled()
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .everyList, search: SearchQuery(parsing: "milk")))) == ["Buy milk", "Milk the cow"])
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .list(named: "Farm"), search: SearchQuery(parsing: "milk")))) == ["Milk the cow"])
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .everyList, search: SearchQuery(parsing: "call")))) == [])
        #expect(Self.titles(try harness.actions.listing(ListingRequest(source: .everyList, search: SearchQuery(parsing: "call"), includesCompleted: true))) == ["Call mom"])
    }

    @Test("one reminder with its list, subtasks and parent")
    func detail() throws {
        let harness = try Self.filled()
        try harness.store.write { db in
            var child = try #require(try db.reminder(number: Reminder.Number(3)))
            child.parentUID = try #require(try db.reminder(number: Reminder.Number(1))).uid
            try db.update(child)
        }
        let parent = try harness.actions.reminderDetail(Reminder.Number(1))
        #expect(parent.list?.name == "Reminders" && parent.subtasks.map(\.title) == ["Pay rent"] && parent.parent == nil)
        let child = try harness.actions.reminderDetail(Reminder.Number(3))
        #expect(child.parent?.title == "Buy milk" && child.subtasks.isEmpty && child.completedOccurrences == 0)
        #expect(throws: ActionError.reminderNotFound(Reminder.Number(9))) { try harness.actions.reminderDetail(Reminder.Number(9)) }
    }

    @Test("the lists with open counts, and the sidebar's totals")
    func counts() throws {
        let harness = try Self.filled()
        let overview = try harness.actions.listsOverview()
        #expect(overview.lists.map(\.name) == ["Reminders", "Farm"])
        #expect(overview.openCounts[overview.lists[0].id] == 2 && overview.openCounts[overview.lists[1].id] == 1)
        let totals = try harness.store.read { db in try Actions.sidebarTotals(in: db, context: harness.actions.context) }
        #expect(totals.openCounts == overview.openCounts)
        #expect([totals.all, totals.today, totals.scheduled, totals.flagged, totals.completed] as [Int] == [3, 1, 1, 1, 1])
    }
}

@Suite("Actions: export contents")
struct ExportContentsTests {
    @Test("everything, lists in order; or one list by name; a list that is none is refused")
    func export() throws {
        let harness = try QueryActionTests.filled()
        let all = try harness.actions.exportContents(of: nil)
        #expect(all.lists.map(\.name) == ["Reminders", "Farm"])
        #expect(all.reminders.map(\.title) == ["Buy milk", "Call mom", "Pay rent", "Milk the cow"])
        let farm = try harness.actions.exportContents(of: .named("farm"))
        #expect(farm.lists.map(\.name) == ["Farm"] && farm.reminders.map(\.title) == ["Milk the cow"])
        #expect(throws: ActionError.listNotFound(name: "Nope", existing: ["Reminders", "Farm"])) {
            try harness.actions.exportContents(of: .named("Nope"))
        }
    }
}
