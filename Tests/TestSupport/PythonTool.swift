import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A helper of the tests written in Python (`Tests/Tools/NAME.py`: the fault proxy, the DNS
/// responder), started for one test with its standard error in a log file, through the
/// orphan guard.
enum PythonTool {
    /// `Tests/Tools/orphan_guard.py`: runs a server for a test and ends it with the test
    /// process, also when that dies without stopping it. Every server a test starts goes
    /// through it (stopped by the guard's PID, as before).
    static let orphanGuard = Fixture.packageRoot + "/Tests/Tools/orphan_guard.py"

    /// Starts `Tests/Tools/<script>` with `arguments` and waits (at most 10 s) until its log
    /// has a line starting with `ready`.
    /// - Returns: the process (stop it by its PID) and that line.
    /// - Throws: `CalDAVServer.ServerError` naming `what` when no such line comes.
    static func start(_ script: String, _ arguments: [String], log: String, what: String) throws -> (Process, String) {
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [orphanGuard, "/usr/bin/python3", Fixture.packageRoot + "/Tests/Tools/" + script] + arguments
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ready") }) { return (process, String(line)) }
            usleep(50_000)
        }
        CalDAVServer.stop(process)
        throw CalDAVServer.ServerError(message: "\(what) did not start")
    }
}
