import Foundation
import Testing
@testable import TickStore
import TickModel
import TestSupport

/// Files that look like a Tick database but are damaged: each is refused with a message
/// that says what is wrong, and left byte for byte as it was, with no journal files.
@Suite("Opening a damaged database")
struct OpeningTests {
    /// How a real database is damaged.
    enum Damage: String, CaseIterable, Sendable {
        /// The first 16 bytes (the SQLite magic string) overwritten.
        case magicOverwritten
        /// One flipped byte at offset 60 makes `user_version` negative.
        case negativeVersion
        /// Cut to its first byte.
        case cutToOneByte
        /// Cut inside the 100-byte header.
        case cutInsideHeader
        /// `user_version` set back to 0 on a database at the current schema.
        case versionZero
        /// `user_version` set back to 2 on a database at the current schema.
        case olderVersion

        func apply(to bytes: inout Data) {
            switch self {
            case .magicOverwritten: bytes.replaceSubrange(0..<16, with: Data(repeating: 0x41, count: 16))
            case .negativeVersion: bytes[60] = 0xFF
            case .cutToOneByte: bytes = bytes.prefix(1)
            case .cutInsideHeader: bytes = bytes.prefix(99)
            case .versionZero: bytes.replaceSubrange(60..<64, with: [0, 0, 0, 0])
            case .olderVersion: bytes.replaceSubrange(60..<64, with: [0, 0, 0, 2])
            }
        }

        /// What the refusal must say.
        var expectedKind: StoreError.Kind {
            switch self {
            case .magicOverwritten, .negativeVersion, .cutToOneByte, .cutInsideHeader: return .notATickDatabase
            case .versionZero, .olderVersion: return .damaged
            }
        }
        var expectedWords: String {
            switch self {
            case .magicOverwritten: return "not an SQLite database"
            case .negativeVersion: return "its schema version is -"
            case .cutToOneByte, .cutInsideHeader: return "shorter than an SQLite header"
            case .versionZero: return "schema version 0, but its tables do not match"
            case .olderVersion: return "schema version 2, but its tables do not match"
            }
        }
    }

    @Test("a damaged database is refused with what is wrong, and left as it was with no -wal or -shm",
          arguments: Damage.allCases)
    func refused(damage: Damage) throws {
        let folder = TemporaryFolder()
        let path = folder.file("tick.sqlite3")
        do {
            let store = try Store(path: path, now: Fixture.now)
            try store.write { db in
                try db.insert(Reminder(listID: try db.defaultList().id, title: "x", createdAt: Fixture.now))
            }
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        damage.apply(to: &bytes)
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect { try Store(path: path, now: Fixture.now) } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.kind == damage.expectedKind && error.message.contains(damage.expectedWords)
                && error.message.contains("left")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test("a missing or empty file becomes a new database")
    func emptyFileIsCreated() throws {
        let folder = TemporaryFolder()
        let empty = folder.file("empty.sqlite3")
        try Data().write(to: URL(fileURLWithPath: empty))
        for path in [empty, folder.file("missing.sqlite3")] {
            let store = try Store(path: path, now: Fixture.now)
            #expect(try store.read { db in try db.lists().map(\.name) } == ["Reminders"])
        }
    }
}
