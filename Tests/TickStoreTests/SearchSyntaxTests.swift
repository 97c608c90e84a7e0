import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

@Suite("Search: phrases, fields, tags and OR in SQL")
struct SearchSyntaxTests {
    /// Five reminders whose words sit in different places.
    static func sample() throws -> Sample {
        let sample = try Sample()
        try sample.add("Call the dentist", notes: "tax return papers")
        try sample.add("Doctor visit", tags: ["health"])
        try sample.add("File tax return", tags: ["garden work", "Café"])
        try sample.add("Water plants", tags: ["garden"], notes: "call mom after")
        try sample.add("Go", tags: ["ox"], notes: "to the gym")
        return sample
    }

    @Test("each form finds what it says (long and short words alike)",
          arguments: [
              ("dentist OR doctor", ["Call the dentist", "Doctor visit"]),
              ("call", ["Call the dentist", "Water plants"]),
              ("title:call", ["Call the dentist"]),
              ("notes:call", ["Water plants"]),
              ("\"tax return\"", ["Call the dentist", "File tax return"]),
              ("title:\"tax return\"", ["File tax return"]),
              ("notes:\"tax return\"", ["Call the dentist"]),
              ("\"return tax\"", []),
              ("health", ["Doctor visit"]),
              ("garden", ["File tax return", "Water plants"]),
              ("tag:garden", ["Water plants"]),
              ("tag:\"garden work\"", ["File tax return"]),
              ("tag:#GARDEN", ["Water plants"]),
              ("tag:cafe", ["File tax return"]),
              ("tag:gard", []),
              ("tax OR tag:health", ["Call the dentist", "Doctor visit", "File tax return"]),
              ("tax return OR water", ["Call the dentist", "File tax return", "Water plants"]),
              ("call mom OR doctor visit", ["Doctor visit", "Water plants"]),
              ("go", ["Go"]),
              ("title:go", ["Go"]),
              ("notes:go", []),
              ("ox", ["Go"]),
              ("title:ox", []),
              ("tag:ox", ["Go"]),
              ("gy OR octo", ["Doctor visit", "Go"]),
              ("go OR dentist", ["Call the dentist", "Go"]),
          ])
    func forms(query: String, expected: [String]) throws {
        let sample = try Self.sample()
        #expect(try sample.titles(ReminderFilter(text: query)) == expected)
    }

    /// The deepest SQL a query can make: every term a condition of its own (t73: 1,000 terms
    /// passed SQLite's expression depth).
    @Test("the longest queries of each kind of term run", arguments: [
        (1...64).map { "w\($0)" }.joined(separator: " OR "),
        (1...64).map { "x\($0)" }.joined(separator: " OR "),
        (1...64).map { _ in "tag:garden" }.joined(separator: " OR "),
        (1...64).map { _ in "notes:\"tax return\"" }.joined(separator: " OR "),
        (1...32).map { _ in "call OR title:go" }.joined(separator: " OR "),
        (1...64).map { _ in "ta" }.joined(separator: " "),
        (1...64).map { _ in "return" }.joined(separator: " "),
    ])
    func longestQueries(query: String) throws {
        let sample = try Self.sample()
        #expect(try SearchQuery(parsing: query).terms.count == 64)
        _ = try sample.titles(ReminderFilter(text: query))
    }

    @Test("a quote, %, _ or \\ followed by a combining mark is escaped in the full-text phrase and the LIKE pattern (was an FTS5 syntax error)",
          arguments: ["ab\"\u{20DD}cd", "x%\u{20DD}", "_\u{20DD}", "\\\u{20DD}"])
    func combiningMarks(title: String) throws {
        let sample = try Sample()
        try sample.add(title)
        try sample.add("abcd x y")
        #expect(try sample.titles(ReminderFilter(text: SearchQuery.quoted(title))) == [title])
    }

    @Test("an edit of the tags alone updates what words find")
    func tagEdits() throws {
        let sample = try Sample()
        var reminder = try sample.add("Plain", tags: ["alpha"])
        #expect(try sample.titles(ReminderFilter(text: "alpha")) == ["Plain"])
        reminder.tags = ["omega"]
        try sample.store.write { db in try db.update(reminder) }
        #expect(try sample.titles(ReminderFilter(text: "alpha")).isEmpty)
        #expect(try sample.titles(ReminderFilter(text: "omega")) == ["Plain"])
        #expect(try sample.titles(ReminderFilter(text: "tag:omega")) == ["Plain"])
    }

    @Test("a query of long words is one full-text MATCH; tags use the folded tag index")
    func plans() throws {
        let (sql, values) = Database.searchCondition(try SearchQuery(parsing: "dentist OR title:\"tax return\""))
        #expect(sql == "r.number IN (SELECT rowid FROM reminder_search WHERE reminder_search MATCH ?)")
        #expect(values == [.text("(\"dentist\") OR (title : \"tax return\")")])
        let sample = try Sample()
        let plan = try sample.store.read { db -> [String] in
            var details: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN SELECT reminder FROM reminder_tag WHERE tick_search_text(tag) = ?", [.text("x")]) {
                details.append($0.text(3))
            }
            return details
        }
        #expect(plan.contains { $0.contains("reminder_tag_folded") }, "\(plan)")
    }

    @Test("a short word over every list reads the table in order, not the folded titles' index; within one list, that list's index")
    func shortWordPlans() throws {
        let sample = try Sample()
        let filter = try ReminderFilter(text: "tv")
        func plan(_ filter: ReminderFilter) throws -> [String] {
            let query = Database.listingQuery(filter, now: Fixture.now, timeZone: .gmt, columns: "r.number")
            return try sample.store.read { db -> [String] in
                var details: [String] = []
                try db.forEachRow("EXPLAIN QUERY PLAN " + query.sql, query.arguments) { details.append($0.text(3)) }
                return details
            }
        }
        let everyList = try plan(filter)
        #expect(everyList.contains { $0.hasPrefix("SCAN r") && !$0.contains("INDEX") }, "\(everyList)")
        var oneList = filter
        oneList.listID = try sample.store.read { db in try db.defaultList().id }
        let inList = try plan(oneList)
        #expect(inList.contains { $0.contains("USING") && $0.contains("INDEX") && $0.contains(" r ") }, "\(inList)")
        #expect(Database.hasShortWord(try SearchQuery(parsing: "dentist tv")))
        #expect(!Database.hasShortWord(try SearchQuery(parsing: "dentist tag:tv")))
        #expect(Database.hasShortWord(try SearchQuery(parsing: "치과")))
    }
}
