import Foundation

/// A program run to its end by a test, with what it wrote to standard output.
public struct ChildProcess {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output, as UTF-8 (standard error is discarded).
    public var output: String

    /// Runs `executable` with `arguments` (and `environment`, else the test's own) until
    /// it exits; standard input is empty.
    /// - Throws: when the program cannot be started.
    public static func run(_ executable: String, _ arguments: [String],
                           environment: [String: String]? = nil) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return ChildProcess(status: process.terminationStatus, output: text)
    }
}
