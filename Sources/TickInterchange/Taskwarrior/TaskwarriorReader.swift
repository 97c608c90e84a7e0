import Foundation
import TickModel

/// Reads Taskwarrior's `task export` JSON into an `ImportBatch`.
///
/// Accepted shapes: a JSON array of task objects (`task export`, also the 2.x raw form
/// with one object per line), JSON Lines (one object per line, as hooks and
/// `task import` use), or a single object. A task whose `uuid` appears again is replaced
/// by the later one (a modification), so `deleted` there wins too.
///
/// The mapping of each task is `TaskwarriorTask`'s. Deleted tasks are skipped and
/// counted (`"deleted task"`).
public struct TaskwarriorReader: Sendable {
    /// The import time: `createdAt` of tasks without `entry`, `completedAt` of completed
    /// tasks without `end` or `modified`.
    public var now: Date
    /// The zone timed due and start dates are shown in (Taskwarrior stores UTC instants).
    public var timeZone: TimeZone

    /// Creates a reader.
    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Reads a whole file.
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - source: the file name for messages.
    /// - Returns: one list per project (named in `ImportedReminder.listName`; no project:
    ///   the default list), the reminders in file order, skipped counts and warnings.
    /// - Throws: `InterchangeError` when the text is not UTF-8, is empty or only white
    ///   space, or is not JSON of one of the accepted shapes (with the line for JSON Lines), or a task lacks a description or
    ///   has a date Taskwarrior would not write.
    /// - Complexity: O(n) in the size of the file.
    public func read(_ data: Data, source: String?) throws(InterchangeError) -> ImportBatch {
        guard let text = String(data: data, encoding: .utf8) else {
            throw InterchangeError(kind: .invalidEncoding, source: source,
                                   message: "the file is not UTF-8 text; Taskwarrior writes UTF-8 JSON")
        }
        let objects = try TaskwarriorReader.objects(in: text, source: source)
        var order: [String] = []
        var latest: [String: (object: [String: Any], line: Int)] = [:]
        for (object, line) in objects {
            let uuid = (object["uuid"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? TaskwarriorTask.derivedUID(object)
            if latest[uuid] == nil { order.append(uuid) }
            latest[uuid] = (object, line)
        }
        var batch = ImportBatch()
        var deleted = 0
        for uuid in order {
            guard let (object, line) = latest[uuid] else { continue }
            let task = TaskwarriorTask(object: object, uid: uuid, line: line, source: source)
            if task.isDeleted {
                deleted += 1
                continue
            }
            let (imported, warnings) = try task.imported(now: now, timeZone: timeZone)
            batch.reminders.append(imported)
            batch.warnings.append(contentsOf: warnings)
        }
        if deleted > 0 { batch.skipped.append(("deleted task", deleted)) }
        return batch
    }

    /// The task objects and the line each starts on.
    static func objects(in text: String, source: String?) throws(InterchangeError) -> [([String: Any], Int)] {
        // Nothing at all is not an export: `task export` of no tasks writes `[]`. An empty
        // file is more likely a failed download or a wrong name, and must not pass as done.
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.isEmpty {
            throw InterchangeError(kind: .malformed, source: source,
                                   message: "the file is empty; 'task export' writes at least [] (an empty array)")
        }
        if let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
            if let array = whole as? [Any] {
                var result: [([String: Any], Int)] = []
                for (index, element) in array.enumerated() {
                    guard let object = element as? [String: Any] else {
                        throw InterchangeError(kind: .malformed, source: source,
                                               message: "element \(index + 1) of the array is not a task object")
                    }
                    result.append((object, index + 1))
                }
                return result
            }
            if let object = whole as? [String: Any] { return [(object, 1)] }
            throw InterchangeError(kind: .malformed, source: source, message: "the JSON is neither a task, an array of tasks, nor one task per line")
        }
        // JSON Lines, or the 2.x raw export whose lines end in commas between "[" and "]".
        var result: [([String: Any], Int)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine).trimmingCharacters()
            if line.hasSuffix(",") { line = line.dropLast() }
            if line.isEmpty || line == "[" || line == "]" { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw InterchangeError(kind: .malformed, source: source, line: index + 1,
                                       message: "this line is not a JSON task object; Tick reads 'task export' output "
                                           + "(a JSON array, or one object per line)")
            }
            result.append((object, index + 1))
        }
        return result
    }
}

private extension Substring {
    /// Without leading and trailing white space (including a byte order mark).
    func trimmingCharacters() -> Substring {
        var slice = self
        while let first = slice.first, first.isWhitespace || first == "\u{FEFF}" { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}
