import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// `Store.transaction(checkingForeignKeysAtTheEnd:_:)`, the transaction of a bulk import:
/// foreign keys off while it runs (so that SQLite keeps no statement journals), every
/// reference checked before the commit, and foreign keys on again afterwards.
@Suite("Foreign keys checked at the end of a bulk transaction")
struct ForeignKeysAtTheEndTests {
    static func foreignKeys(_ store: Store) throws -> Int64? {
        try store.read { (db: Database) throws in try db.scalarInt("PRAGMA foreign_keys") }
    }

    @Test("a row that refers to a missing list is refused at the end: nothing is kept, and foreign keys are on again")
    func missingListRefused() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        try store.write { (db: Database) throws in try db.executeScript(DAVChangeTests.insertList("A", position: 1)) }
        let error = try #require(throws: StoreError.self) {
            try store.transaction(checkingForeignKeysAtTheEnd: true) { (db: Database) throws -> Store.TransactionOutcome<Int> in
                try db.executeScript(DAVChangeTests.insertReminder("kept?", list: "A") + DAVChangeTests.insertReminder("lost", list: "Nowhere"))
                return .commit(1)
            }
        }
        #expect(error.kind == .constraint)
        #expect(error.message.contains("of reminder refers to a row of list that is not there"), "\(error.message)")
        #expect(try store.read { (db: Database) throws in try db.scalarInt("SELECT count(*) FROM reminder") } == 0)
        #expect(try Self.foreignKeys(store) == 1)
        // Enforced again at once, statement by statement.
        #expect(throws: StoreError.self) {
            try store.write { (db: Database) throws in try db.executeScript(DAVChangeTests.insertReminder("x", list: "Nowhere")) }
        }
    }

    @Test("committed, rolled back or thrown: foreign keys are on again after", arguments: [0, 1, 2])
    func onAgain(ending: Int) throws {
        struct Stop: Error {}
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        _ = try? store.transaction(checkingForeignKeysAtTheEnd: true) { (db: Database) throws -> Store.TransactionOutcome<Int> in
            #expect(try db.scalarInt("PRAGMA foreign_keys") == 0)
            try db.executeScript(DAVChangeTests.insertList("A", position: 1) + DAVChangeTests.insertReminder("r", list: "A"))
            switch ending {
            case 0: return .commit(1)
            case 1: return .rollback(1)
            default: throw Stop()
            }
        }
        #expect(try Self.foreignKeys(store) == 1)
        #expect(try store.read { (db: Database) throws in try db.scalarInt("SELECT count(*) FROM reminder") } == (ending == 0 ? 1 : 0))
    }

    @Test("the journal's oldest changes go with their rows while foreign keys are off")
    func journalPrunedByHand() throws {
        let folder = TemporaryFolder()
        let store = try Store(path: folder.file("tick.sqlite3"), now: Fixture.now)
        try store.write { (db: Database) throws in try db.executeScript(DAVChangeTests.insertList("A", position: 1)) }
        // Enough journaled changes that the last ones prune the oldest (16 at a time).
        let changes = Int(Database.journalDepth) + 60
        for index in 0..<changes {
            store.recordChanges(as: "tick add \(index)", at: Fixture.now)
            _ = try store.transaction(checkingForeignKeysAtTheEnd: index % 3 != 0) { (db: Database) throws -> Store.TransactionOutcome<Int> in
                try db.executeScript(DAVChangeTests.insertReminder("r\(index)", list: "A"))
                return .commit(index)
            }
        }
        try store.read { (db: Database) throws in
            #expect(try db.scalarInt("SELECT count(*) FROM journal_change") ?? 0 < Int64(changes))
            #expect(try db.scalarInt("SELECT count(*) FROM journal_reminder WHERE change NOT IN (SELECT id FROM journal_change)") == 0)
            var violations = 0
            try db.forEachRow("PRAGMA foreign_key_check", cached: false) { _ in violations += 1 }
            #expect(violations == 0)
        }
    }
}
