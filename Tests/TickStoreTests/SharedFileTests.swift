import Foundation
import Testing
import TickStore
import TickModel
import TestSupport

/// Several connections to one database file in one process (`tick serve` keeps a writer,
/// readers and a change feed open) while other processes write to it.
@Suite("Several connections to one file in a process")
struct SharedFileTests {
    /// Writes one list row from another process (Python's sqlite3), the way a `tick add`
    /// in another terminal writes, and closes its connection.
    private func insertListFromAnotherProcess(path: String, id: String, name: String) throws -> ChildProcess {
        let script = """
        import sqlite3, sys
        sys.stderr = sys.stdout
        c = sqlite3.connect(sys.argv[1], timeout=30)
        c.execute("INSERT INTO list(id, name, color, position, created_at, modified_at) VALUES (?, ?, '#FF9500', 99, '2026-11-29T12:00:00Z', '2026-11-29T12:00:00Z')", (sys.argv[2], sys.argv[3]))
        c.commit()
        c.close()
        """
        return try ChildProcess.run("/usr/bin/python3", ["-c", script, path, id, name])
    }

    @Test("opening a second connection keeps the first one's locks: other processes' commits stay visible and the WAL is not reset under them")
    func secondConnectionKeepsLocks() throws {
        let folder = TemporaryFolder()
        let path = folder.file("tick.sqlite3")
        let first = try Store(path: path, now: Fixture.now)
        let before = try first.read { try $0.lists().count }
        // Before the fix, opening the second store read the header through a descriptor of
        // its own and closed it, which dropped the process's POSIX locks on the file.
        let second = try Store(path: path, now: Fixture.now)
        for number in 1...3 {
            let result = try insertListFromAnotherProcess(path: path, id: "EXT-\(number)", name: "Other \(number)")
            #expect(result.status == 0, "python: \(result.output)")
            // The other process closed its connection; it must not have taken itself for the
            // last user (which checkpoints and deletes the WAL under our open connections).
            #expect(FileManager.default.fileExists(atPath: path + "-wal"),
                    "the WAL was removed while this process still had the database open (after write \(number))")
            #expect(try first.read { try $0.lists().count } == before + number)
            #expect(try second.read { try $0.lists().count } == before + number)
        }
    }
}
