import Foundation
import TickModel

/// Reads Taskwarrior's `task export` JSON into an `ImportBatch`.
///
/// Accepted shapes: a JSON array of task objects (`task export`, also the 2.x raw form
/// with one object per line), JSON Lines (one object per line, as hooks and
/// `task import` use), or a single object. A `uuid` that appears again is one task: the
/// copy modified later (else the later one in the file: a modification) is imported, so
/// `deleted` there wins too, and the other copy is named in a warning.
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
    ///   - data: UTF-8 JSON (CESU-8 surrogate pairs, as Taskwarrior 2.6 writes some emoji,
    ///     are repaired with a warning naming their line).
    ///   - source: the file name for messages.
    /// - Returns: one list per project (named in `ImportedReminder.listName`; no project:
    ///   the default list), the reminders in file order, skipped counts and warnings. A
    ///   `uuid` met again is one task: the copy with the later `modified` is imported (the
    ///   later in the file when that does not tell), and the other is named in a warning.
    /// - Throws: `InterchangeError` with the line when the text is not UTF-8, is empty or
    ///   only white space, is not JSON of one of the accepted shapes (a cut-off file where
    ///   it ends), or a task lacks a description, has a date Taskwarrior would not write
    ///   or a `project` that is not a name.
    /// - Complexity: O(n) in the size of the file; memory holds one task's JSON at a time
    ///   besides the reminders read.
    public func read(_ data: Data, source: String?) throws(InterchangeError) -> ImportBatch {
        let text = try TaskwarriorText(data, source: source)
        if text.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
            || text.bytes == [0xEF, 0xBB, 0xBF] {
            throw InterchangeError(kind: .malformed, source: source,
                                   message: "the file is empty; 'task export' writes at least [] (an empty array)")
        }
        var batch = ImportBatch()
        let place = source.map { $0 + " " } ?? ""
        for line in text.repairedLines {
            batch.warnings.append(place + "line \(line): a character was written as two UTF-16 surrogates (CESU-8, "
                                  + "as Taskwarrior 2.6 writes some emoji); it was read as the character it stands for")
        }
        // One task per uuid, in the order uuids first appear (nil: deleted), and what
        // weighs the copies of one uuid against each other.
        var tasks: [(imported: ImportedReminder, warnings: [String])?] = []
        var copies: [(line: Int, title: String, modified: Date?)] = []
        var indexByUUID: [ReminderUID: Int] = [:]
        try text.forEachElement(source: source) { (element: TaskwarriorText.Element) throws(InterchangeError) in
            let parsed: Any
            do throws(JSONBytesParser.Failure) {
                parsed = try JSONBytesParser.value(of: element.bytes)
            } catch {
                throw InterchangeError(kind: .malformed, source: source, line: element.line,
                                       message: "the task object that starts here is not valid JSON (\(error.message), at its byte \(error.offset + 1))")
            }
            guard let object = parsed as? [String: Any] else {
                throw InterchangeError(kind: .malformed, source: source, line: element.line,
                                       message: "the task that starts here is not a JSON object")
            }
            let uuid = (object["uuid"] as? String).flatMap { $0.isEmpty ? nil : ReminderUID($0) } ?? TaskwarriorTask.derivedUID(object)
            let task = TaskwarriorTask(object: object, uid: uuid, line: element.line, source: source)
            let reading = task.isDeleted ? nil : try task.imported(now: now, timeZone: timeZone)
            let copy = (line: element.line, title: (object["description"] as? String) ?? "",
                        modified: object["modified"].flatMap(TaskwarriorTask.date))
            guard let index = indexByUUID[uuid] else {
                indexByUUID[uuid] = tasks.count
                tasks.append(reading)
                copies.append(copy)
                return
            }
            let earlier = copies[index]
            // The later modification wins; when the dates do not tell, the later copy does
            // (a JSON Lines file appends modifications).
            var byDate: Bool?
            if let first = earlier.modified, let second = copy.modified, first != second { byDate = first > second }
            let earlierWins = byDate ?? false
            let (loser, winner) = earlierWins ? (copy, earlier) : (earlier, copy)
            batch.warnings.append(place + "line \(loser.line): this task ('\(loser.title)') has the uuid of the task at line "
                                  + "\(winner.line), which was imported instead ("
                                  + (byDate == nil ? "it comes later in the file)" : "it was modified later)"))
            guard !earlierWins else { return }
            tasks[index] = reading
            copies[index] = copy
        }
        let deleted = tasks.filter { $0 == nil }.count
        for case let (imported, warnings)? in tasks {
            batch.reminders.append(imported)
            batch.warnings.append(contentsOf: warnings)
        }
        if deleted > 0 { batch.skipped.append(("deleted task", deleted)) }
        return batch
    }
}
