import Foundation
import Testing

/// The independent check: Python's `icalendar` package reads an export
/// (`Tests/Tools/icalendar_check.py`).
public enum PythonICalendarCheck {
    public struct Answer: Decodable, Sendable {
        public var calendars: Int?
        public var vtodos: Int?
        public var uids: [String]?
        public var errors: [String]?
        public var error: String?
    }

    public enum Outcome: Sendable {
        case parsed(Answer)
        case pythonMissing
        case failed(String)
    }

    public static let script = Fixture.packageRoot + "/Tests/Tools/icalendar_check.py"

    /// Runs the checker on `text`; `.pythonMissing` when no `python3` is on the PATH.
    public static func check(_ text: String) throws -> Outcome {
        let folder = TemporaryFolder()
        let file = folder.file("export.ics")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, file]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            return .pythonMissing
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 { return .pythonMissing }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data) else {
            return .failed("unreadable checker output: " + String(decoding: data, as: UTF8.self))
        }
        if let error = answer.error { return .failed(error) }
        return .parsed(answer)
    }

    /// Checks `text` as a test would: records an issue when Python's icalendar refuses
    /// it or reports errors in it (named by `name`), a known issue when python3 is
    /// missing. Returns the answer when it parsed.
    @discardableResult
    public static func expectValid(_ text: String, name: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> Answer? {
        switch try check(text) {
        case .pythonMissing:
            withKnownIssue("python3 is not installed, so the independent check cannot run") {
                Issue.record("python3 not found on the PATH", sourceLocation: sourceLocation)
            }
            return nil
        case .failed(let message):
            Issue.record("\(name): Python icalendar refused the export: \(message)", sourceLocation: sourceLocation)
            return nil
        case .parsed(let answer):
            #expect(answer.errors ?? [] == [], "\(name): \(answer.errors ?? [])", sourceLocation: sourceLocation)
            return answer
        }
    }
}
