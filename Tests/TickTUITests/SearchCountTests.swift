import Foundation
import Testing
@testable import TickTUI
import TickModel
@testable import TickStore
import TestSupport

/// The search header's count: every match is in memory (up to `DataSource.searchLimit`), so
/// the header says how many matched, not how many rows the window holds.
@Suite("Search results: the count and the cap")
struct SearchCountTests {
    static func harness(matching count: Int) throws -> SessionHarness {
        try SessionHarness(width: 100, height: 24) { db, list in
            try db.insert(contentsOf: (1...count).map { Reminder(listID: list.id, title: "Milk \($0)", createdAt: Fixture.now) }
                          + [Reminder(listID: list.id, title: "Bread", createdAt: Fixture.now)])
        }
    }

    static func header(_ harness: SessionHarness) -> String {
        harness.session.screenLines.first { $0.contains("Search") } ?? ""
    }

    /// A tester (t57): 4,000 matches read "63+ found" (the rows of the window), and End stopped
    /// at the 1,000th without a word.
    @Test("more matches than a window: the header counts them all, up to the cap itself", arguments: [40, 300, DataSource.searchLimit])
    func counted(matches: Int) throws {
        let harness = try Self.harness(matching: matches)
        harness.press(.character("/"))
        harness.type("milk")
        harness.press(.enter)
        #expect(Self.header(harness).contains("  \(matches) found  Esc back"), "\(harness.screen)")
        harness.press(.end)
        #expect(Self.header(harness).contains("  \(matches) found  Esc back"))
        #expect(harness.message.isEmpty, "\(harness.message)")
    }

    @Test("more matches than the cap: the header and End say only the first are shown")
    func capped() throws {
        let harness = try Self.harness(matching: DataSource.searchLimit + 200)
        harness.press(.character("/"))
        harness.type("milk")
        harness.press(.enter)
        #expect(Self.header(harness).contains("first \(DataSource.searchLimit) shown, more match  Esc back"), "\(harness.screen)")
        harness.press(.end)
        #expect(harness.message == "The first \(DataSource.searchLimit) matches are shown; more match: add words to narrow the search.",
                "\(harness.screen)")
    }
}
