import Foundation
import Testing
import TestSupport

/// Runs the built `tick` executable as a separate process, as a user would.
struct BinaryRunner {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// The `tick` binary next to the test bundle (both are products of one build).
    static let executable: String? = {
        var candidates: [URL] = []
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("tick"))
            folder.deleteLastPathComponent()
        }
        for configuration in ["debug", "release"] {
            candidates.append(URL(fileURLWithPath: Fixture.packageRoot + "/.build/\(configuration)/tick"))
        }
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    let database: String
    var environment: [String: String]

    init(database: String) {
        self.database = database
        environment = ["TICK_DB": database, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                       "TICK_NOW": "2026-11-29T12:00:00Z"]
    }

    /// Starts `tick` with `arguments` and returns the process, for running several at once.
    func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryRunner.executable, "build the tick executable first"))
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    @discardableResult
    func run(_ arguments: String...) throws -> Result { try run(arguments) }

    @discardableResult
    func run(_ arguments: [String]) throws -> Result {
        let (process, out, err) = try start(arguments)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                      errors: String(decoding: errors, as: UTF8.self))
    }

    /// Runs `tick` with `arguments` to its end and returns the CPU time it used (user plus
    /// system, in seconds, as the kernel counted it for the child: `getrusage` by a Python
    /// parent, which Foundation's `Process` does not give) with its exit status.
    func cpuSeconds(_ arguments: [String]) throws -> (status: Int32, seconds: Double) {
        let executable = try #require(BinaryRunner.executable, "build the tick executable first")
        let measure = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL).returncode
            usage = resource.getrusage(resource.RUSAGE_CHILDREN)
            print(status, usage.ru_utime + usage.ru_stime)
            """
        let result = try ChildProcess.run("/usr/bin/python3", ["-c", measure, executable] + arguments, environment: environment)
        let fields = result.output.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.count == 2, let status = Int32(fields[0]), let seconds = Double(fields[1]) else {
            Issue.record("could not measure: \(result.output)")
            return (-1, .infinity)
        }
        return (status, seconds)
    }
}

extension Pipe {
    /// What a process wrote here until `marker` appears, the process ends, or `seconds` pass
    /// (a server's first lines: its address).
    func printed(until marker: String, by process: Process, within seconds: TimeInterval) -> String {
        var printed = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !printed.contains(marker), Date() < deadline, process.isRunning {
            printed += String(decoding: fileHandleForReading.availableData, as: UTF8.self)
        }
        return printed
    }
}

extension BinaryRunner {
    /// The port of the address in the first line of `printed` that `isAddressLine` picks
    /// (`… http://127.0.0.1:PORT/…`), nil for none.
    static func port(in printed: String, line isAddressLine: (Substring) -> Bool) -> UInt16? {
        printed.split(separator: "\n").first(where: isAddressLine)
            .flatMap { $0.split(separator: ":").last?.split(separator: "/").first }.flatMap { UInt16($0) }
    }
}
