import Foundation
import Testing
import TestSupport

/// `tick` on a completely full disk: a small tmpfs, mounted in a private mount namespace
/// (`unshare --user --map-root-user --mount`, so no root is needed and nothing is mounted
/// outside the test), filled to the last byte, with a database copied onto it.
@Suite("A full disk")
struct FullDiskTests {
    /// Whether this machine lets a process mount a tmpfs in its own namespace.
    static let canMountTmpfs: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = try? ChildProcess.run("/usr/bin/unshare", ["--user", "--map-root-user", "--mount", "sh", "-c",
            "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs \"$d\"; s=$?; umount \"$d\" 2>/dev/null; rmdir \"$d\"; exit $s"])
        return probe?.status == 0
    }()

    /// Runs each of `commands` (tick's arguments) on a copy of `database` on a full tmpfs
    /// and returns, per command, its status and standard error, then the files left in the
    /// tmpfs folder and whether the database came out byte for byte the same.
    func onFullDisk(_ database: String, _ commands: [[String]]) throws -> (results: [(Int32, String)], files: [String], same: Bool) {
        let tick = try #require(BinaryRunner.executable, "build the tick executable first")
        let folder = TemporaryFolder()
        let mountPoint = folder.file("disk")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        // One line per command: its status, a tab, its error output with newlines as \u001F.
        var script = """
            set -u
            disk=$1; source=$2; tick=$3
            mount -t tmpfs -o size=1m tmpfs "$disk" || exit 90
            cp "$source" "$disk/tick.sqlite3"
            dd if=/dev/zero of="$disk/fill" bs=1k 2>/dev/null
            dd if=/dev/zero of="$disk/fill2" bs=1 2>/dev/null
            run() { err=$("$tick" --db "$disk/tick.sqlite3" "$@" 2>&1 >/dev/null); s=$?; printf '%s\\t%s\\n' "$s" "$(printf '%s' "$err" | tr '\\n' '\\037')"; }

            """
        for command in commands {
            script += "run " + command.map { "'" + $0 + "'" }.joined(separator: " ") + "\n"
        }
        script += """
            rm "$disk/fill" "$disk/fill2"
            echo FILES $(ls -A "$disk" | tr '\\n' ' ')
            cmp -s "$source" "$disk/tick.sqlite3" && echo SAME || echo CHANGED
            umount "$disk"
            """
        let child = try ChildProcess.run("/usr/bin/unshare",
                                         ["--user", "--map-root-user", "--mount", "sh", "-c", script, "sh", mountPoint, database, tick],
                                         environment: ["TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                                                       "TICK_NOW": "2026-11-29T12:00:00Z"])
        let text = child.output
        try #require(child.status == 0, "the tmpfs script failed: \(text)")
        var results: [(Int32, String)] = []
        var files: [String] = []
        var same = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("FILES") {
                files = line.split(separator: " ").dropFirst().map(String.init)
            } else if line == "SAME" || line == "CHANGED" {
                same = line == "SAME"
            } else if let tab = line.firstIndex(of: "\t"), let status = Int32(line[..<tab]) {
                results.append((status, line[line.index(after: tab)...].replacingOccurrences(of: "\u{1F}", with: "\n")))
            }
        }
        return (results, files, same)
    }

    @Test("reading needs no free space; a change says the disk is full; nothing is left beside the database",
          .enabled(if: FullDiskTests.canMountTmpfs, "needs unshare and a tmpfs in a user namespace"))
    func fullDisk() throws {
        let folder = TemporaryFolder()
        let database = folder.file("tick.sqlite3")
        let runner = BinaryRunner(database: database)
        try #require(runner.run("add", "water the plants").status == 0)
        let (results, files, same) = try onFullDisk(database, [["list"], ["show", "1"], ["add", "more"], ["done", "1"]])
        try #require(results.count == 4)
        #expect(results[0].0 == 0, "list: \(results[0].1)")
        #expect(results[1].0 == 0, "show: \(results[1].1)")
        for (status, errors) in results[2...] {
            #expect(status == 1)
            #expect(errors.contains("the disk is full"), "\(errors)")
            #expect(errors.contains("nothing was changed"))
        }
        #expect(files == ["tick.sqlite3"])
        #expect(same)
    }

    @Test("a new database on a full disk is refused with the disk named full, and no empty file is left",
          .enabled(if: FullDiskTests.canMountTmpfs, "needs unshare and a tmpfs in a user namespace"))
    func newDatabaseOnFullDisk() throws {
        let folder = TemporaryFolder()
        let database = folder.file("tick.sqlite3")
        try Data().write(to: URL(fileURLWithPath: database)) // copied as an empty file, as a new one
        let (results, files, _) = try onFullDisk(database, [["list"]])
        try #require(results.count == 1)
        #expect(results[0].0 == 1)
        #expect(results[0].1.contains("the disk is full"), "\(results[0].1)")
        #expect(files == ["tick.sqlite3"]) // the empty file it was given, nothing more
    }

    /// A tester: `tick add x > /dev/full` said only "cannot write the output" and exited 1,
    /// though the reminder was added: a script that tried again added it twice.
    @Test("a change whose report cannot be written says the change was made, and how to take it back")
    func reportOnAFullOutput() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let tick = try #require(BinaryRunner.executable, "build the tick executable first")
        let folder = TemporaryFolder()
        func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
            let script = "TICK_DB=\"$1\" \"$2\" \"${@:3}\" > /dev/full"
            let result = try ChildProcess.run("/bin/bash", ["-c", script, "tick", folder.file("t.sqlite3"), tick] + arguments)
            return (result.status, result.errors)
        }
        let added = try run(["add", "x"])
        #expect(added.status == 1)
        #expect(added.errors.contains("cannot write the output: No space left on device; the change was made all the same")
                && added.errors.contains("'tick undo' takes it back"), "\(added.errors)")
        let undone = try run(["undo"])
        #expect(undone.status == 1 && undone.errors.contains("; change 1 was undone all the same"), "\(undone.errors)")
        let listed = try run(["list", "all"])
        #expect(listed.status == 1 && !listed.errors.contains("the change was made"), "\(listed.errors)")
    }

    /// A tester (t86): a disk that refused the writes late in a big import (a file-size limit,
    /// `SIGXFSZ` ignored, so `write` fails with `EFBIG`) said only "database: disk I/O error
    /// (SQLite code 778)", not that nothing was imported, as every other refused import says.
    @Test("an import whose writes fail says nothing was imported, and nothing was")
    func importWhoseWritesFail() throws {
        let tick = try #require(BinaryRunner.executable, "build the tick executable first")
        let folder = TemporaryFolder()
        let database = folder.file("t.sqlite3")
        let runner = BinaryRunner(database: database)
        try #require(runner.run("add", "here before").status == 0)
        let items = (0..<8_000).map { index in
            #"{"number": \#(index + 10), "uid": "u\#(index)", "listID": "L", "title": "Reminder \#(index) \#(String(repeating: "x", count: 200))", "notes": "\#(String(repeating: "note ", count: 40))"}"#
        }
        let archive = ##"{"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Home", "color": "#007AFF"}], "reminders": ["##
            + items.joined(separator: ",\n") + "]}"
        try Data(archive.utf8).write(to: URL(fileURLWithPath: folder.file("big.json")))
        let before = try runner.run("export", "--format", "json")
        // 1 MiB: the database of the one reminder fits, the import's pages (several MB) do not.
        let script = "trap '' XFSZ; ulimit -f 1024; exec \"$2\" --db \"$1\" import \"$3\""
        let result = try ChildProcess.run("/bin/bash", ["-c", script, "tick", database, tick, folder.file("big.json")],
                                          environment: ["TZ": "UTC", "LANG": "C.UTF-8", "TICK_NOW": "2026-11-29T12:00:00Z"])
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.hasPrefix("tick: error: "), "\(result.errors)")
        #expect(result.errors.hasSuffix("\nNothing was imported.\n"), "\(result.errors)")
        let after = try runner.run("export", "--format", "json")
        #expect(after.output == before.output)
        #expect(try runner.run("check").status == 0)
    }
}
