import Foundation
import TickModel

/// Turns parsed todo.txt lines into Tick reminders, without touching a database.
///
/// The mapping (each todo.txt line becomes one reminder; nothing on a line is dropped):
///
/// | todo.txt | Tick |
/// | --- | --- |
/// | first `+project` (non-blank name) | the list (`listName`); no project: nil, the default list |
/// | `@context` | a tag, without `@` (each once, in order) |
/// | last `due:YYYY-MM-DD` | `due`, `.allDay` |
/// | last `t:YYYY-MM-DD` | `start`, `.allDay` |
/// | `(A)` / `(B)` / `(C)`…`(Z)` | priority high / medium / low; a letter `D`…`Z` is also kept (`TodoTxtKeptLines`) |
/// | `x` and completion date | `completedAt`: 12:00 UTC of that day, the day kept (`TodoTxtKeptLines`); `now` if there is no date |
/// | `pri:X` on a completed line | priority, as for `(X)` |
/// | creation date | `createdAt`: 12:00 UTC of that day, the day kept; else the completion time, else `now`, kept as "no creation date" |
/// | `uid:` at the end | `uid`; without it, one derived from the line's text (`TodoTxtIdentity`), so re-importing a file never duplicates |
/// | everything else | the title, verbatim |
///
/// The title is the description with the words that became fields taken out (each with
/// the white space after it, so no double spaces are left), with line breaks and NUL
/// turned into spaces, trimmed by `Names.validated`. Other projects and unknown
/// key:value words (`id:1`, `rec:1w`, `h:1`, `created:…`) stay in it. When nothing is
/// left (a line such as `+proj due:2026-01-05`), the whole description is the title, so
/// no line is refused for want of a title; the fields are set all the same.
public enum TodoTxtImport {
    /// Plans the reminders for parsed todo.txt lines.
    ///
    /// - Parameters:
    ///   - items: lines from `TodoTxtParser.parse`.
    ///   - now: the import time: `modifiedAt` of every reminder, and `createdAt` /
    ///     `completedAt` where the line has no date.
    ///   - timeZone: unused by the mapping itself: todo.txt dates are calendar days,
    ///     the same in every zone (`TodoTxtKeptLines`).
    /// - Returns: one reminder per item, in order, each with its UID (see
    ///   `TodoTxtIdentity`; a derived one also lists the UID Tick 0.1 derived in
    ///   `formerUIDs`), day-precision dates (`dayPrecision`), a placeholder
    ///   `listID` (`ImportedReminder.placeholderListID`) and the item's line number.
    /// - Throws: `InterchangeError` (with the line, but no file name or column, which
    ///   the caller may add) only for items the parser would have refused: an impossible
    ///   `due:`/`t:` date, or a description with no visible text.
    /// - Complexity: O(n) in the total length of the descriptions.
    public static func plan(_ items: [TodoTxtItem], now: Date, timeZone: TimeZone) throws(InterchangeError) -> [ImportedReminder] {
        var warnings: [String] = []
        return try plan(items, now: now, timeZone: timeZone, warnings: &warnings)
    }

    /// `plan(_:now:timeZone:)`, with what the user should know in `warnings` ("line N: …"):
    /// a line whose `uid:` an earlier line of the file has (a line copied and reworded, the
    /// usual todo.txt way to make a similar task) is a reminder of its own, its UID made from
    /// its text as for a line without one; it overwrote the earlier line's reminder before,
    /// without a word (a tester).
    public static func plan(_ items: [TodoTxtItem], now: Date, timeZone: TimeZone,
                            warnings: inout [String]) throws(InterchangeError) -> [ImportedReminder] {
        var planned: [ImportedReminder] = []
        var lineByUID: [String: Int] = [:]
        planned.reserveCapacity(items.count)
        var occurrences: [String: Int] = [:]
        var formerOccurrences: [String: Int] = [:]
        for item in items {
            // The `uid:` word is the line's identity, not part of its text or fields.
            var read = item
            let (given, description) = TodoTxtIdentity.split(item.description)
            read.description = description
            let fields = TodoTxtFields(description: description, isCompleted: item.isCompleted)
            var next = try reminder(for: read, fields: fields, now: now)
            var uid = given
            if let given {
                if let first = lineByUID[given] {
                    warnings.append("line \(item.lineNumber): the uid:\(given) of line \(first) again; this line was "
                                    + "imported as a reminder of its own ('\(next.reminder.title)'), with a uid of its own")
                    uid = nil
                } else {
                    lineByUID[given] = item.lineNumber
                }
            }
            if let uid {
                next.reminder.uid = ReminderUID(uid)
            } else {
                // The same text gets the same UID in every import, so importing a file again
                // updates its reminders instead of adding them twice; identical texts are
                // told apart by how many came before. The texts are counted by a digest
                // (`StableUID`), so the counts do not hold a second copy of the file.
                let text = StableUID.make(from: TodoTxtIdentity.identifyingText(fields: fields, description: description))
                let seen = occurrences[text, default: 0]
                occurrences[text] = seen + 1
                next.reminder.uid = TodoTxtIdentity.derivedUID(fields: fields, description: description, occurrence: seen)
                let formerKey = StableUID.make(from: TodoTxtIdentity.formerKey(of: item))
                let formerSeen = formerOccurrences[formerKey, default: 0]
                formerOccurrences[formerKey] = formerSeen + 1
                next.formerUIDs = [TodoTxtIdentity.formerUID(of: item, occurrence: formerSeen)]
            }
            planned.append(next)
        }
        return planned
    }

    private static func reminder(for item: TodoTxtItem, fields: TodoTxtFields, now: Date) throws(InterchangeError) -> ImportedReminder {
        if let bad = fields.invalidDateField {
            throw InterchangeError.invalidDate(bad, source: nil, line: item.lineNumber, column: nil)
        }
        let title: String
        if let rest = try? Names.validated(TodoTxtFields.singleLine(fields.remainder), as: .reminderTitle) {
            title = rest
        } else if let whole = try? Names.validated(TodoTxtFields.singleLine(item.description), as: .reminderTitle) {
            title = whole
        } else {
            throw InterchangeError.emptyTask(source: nil, line: item.lineNumber)
        }

        // A hand-made item could carry any character; only A…Z is a todo.txt priority.
        let letter = (item.priority ?? (item.isCompleted ? fields.completedPriority : nil))
            .flatMap { TodoTxtFields.isPriorityLetter($0) ? $0 : nil }
        let completedAt: Date? = item.isCompleted ? item.completionDate.map(TodoTxtKeptLines.instant(of:)) ?? now : nil
        let kept = TodoTxtKeptLines(priorityLetter: letter, creation: item.creationDate.map { .day($0) } ?? TodoTxtKeptLines.Creation.none,
                                    completion: item.isCompleted ? item.completionDate : nil)
        let reminder = Reminder(
            listID: ImportedReminder.placeholderListID,
            title: title,
            due: fields.due.map(Due.allDay),
            start: fields.start.map(Due.allDay),
            priority: letter.map(TodoTxtFields.priority(forLetter:)) ?? .none,
            completedAt: completedAt,
            tags: fields.tags,
            iCalendarExtras: kept.text,
            // Without a creation date, a completed line was at least created by its completion.
            createdAt: item.creationDate.map(TodoTxtKeptLines.instant(of:)) ?? completedAt ?? now,
            modifiedAt: now)
        return ImportedReminder(listName: fields.listName, reminder: reminder, lineNumber: item.lineNumber)
    }
}
