import Foundation

/// A program run to its end by a test, with what it wrote to standard output.
public struct ChildProcess {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output, as UTF-8.
    public var output: String
    /// Everything written to standard error, as UTF-8.
    public var errors: String = ""

    /// Runs `executable` with `arguments` (and `environment`, else the test's own) until
    /// it exits; standard input is `input` (a file, so that it never blocks), else empty.
    /// - Throws: when the program cannot be started.
    public static func run(_ executable: String, _ arguments: [String],
                           environment: [String: String]? = nil, input: String? = nil) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        // Standard error goes to a file, so that a program filling both streams never
        // blocks on the one not being read.
        let errorsFile = TemporaryFolder()
        let errorsPath = errorsFile.file("stderr")
        FileManager.default.createFile(atPath: errorsPath, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
        defer { try? errorHandle.close() }
        process.standardOutput = out
        process.standardError = errorHandle
        if let input {
            let inputPath = errorsFile.file("stdin")
            try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        return ChildProcess(status: process.terminationStatus, output: text, errors: errors)
    }
}
