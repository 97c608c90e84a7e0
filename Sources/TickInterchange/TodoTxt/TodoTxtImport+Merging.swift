import Foundation
import TickModel

extension TodoTxtImport {
    /// The stored reminder a todo.txt line stands for, updated with what the line says.
    ///
    /// A line carries only part of a reminder, and some of it to the day: the title on
    /// one line, the priority letter, tags and the list as single words, and creation,
    /// completion, due and start as days (see `TodoTxtWriter`). So a field of `stored`
    /// is replaced only when the line says something different at that precision: an
    /// unchanged line (Tick's own export imported back) leaves `stored` as it is, with
    /// its times of day, its exact iCalendar priority, its multi-line title; an edited
    /// due day replaces the due date. The letter and days are compared as the writer
    /// would write them (`TodoTxtKeptLines`); what the line keeps of a value it changes
    /// (`X-TODOTXT-` lines) goes with it. Notes, flags, URLs, alarms, recurrence, subtasks and the other
    /// kept iCalendar lines, which todo.txt has no place for, are always kept.
    ///
    /// - Parameters:
    ///   - line: the reminder `plan` made of the line.
    ///   - stored: the reminder with the same UID in the database.
    ///   - timeZone: the zone the days of stored instants are read in (a day the line
    ///     gave is the same in every zone).
    /// - Returns: `stored` with the line's title, priority, tags, creation, completion,
    ///   due and start where they differ, and the line's `modifiedAt`. The list is the
    ///   caller's to decide.
    public static func merged(_ line: Reminder, onto stored: Reminder, timeZone: TimeZone) -> Reminder {
        var result = stored
        result.modifiedAt = line.modifiedAt
        if TodoTxtFields.singleLine(stored.title) != line.title { result.title = line.title }
        let storedKept = TodoTxtKeptLines(stored.iCalendarExtras)
        let lineKept = TodoTxtKeptLines(line.iCalendarExtras)
        // Where the line says something different, its value and what it keeps of it
        // (`X-TODOTXT-` lines) replace the stored ones; where it says the same, both stay.
        var kept = storedKept
        if storedKept.letter(for: stored.priority) != lineKept.letter(for: line.priority) {
            result.priority = line.priority
            kept.priorityLetter = lineKept.priorityLetter
        }
        // Tags a line cannot hold (`TodoTxtWriter.readableWord`) are not in it: they stay.
        if words(stored.tags) != words(line.tags) {
            result.tags = line.tags + stored.tags.filter { TodoTxtWriter.readableWord($0) == nil && !line.tags.contains($0) }
        }
        if storedKept.creationDay(of: stored, in: timeZone) != lineKept.creationDay(of: line, in: timeZone) {
            result.createdAt = line.createdAt
            kept.creation = lineKept.creation
        }
        if storedKept.completionDay(of: stored, in: timeZone) != lineKept.completionDay(of: line, in: timeZone) {
            result.completedAt = line.completedAt
            kept.completion = lineKept.completion
        }
        if kept != storedKept {
            result.iCalendarExtras = TodoTxtKeptLines.replacing(in: stored.iCalendarExtras, with: kept)
        }
        if stored.due?.day(in: timeZone) != line.due?.day(in: timeZone) { result.due = line.due }
        if stored.start?.day(in: timeZone) != line.start?.day(in: timeZone) { result.start = line.start }
        return result
    }

    /// `extras` (a reminder's `iCalendarExtras`) without the priority letter `D`…`Z` a
    /// todo.txt line gave (`X-TODOTXT-PRIORITY`), for a priority set in Tick: the export
    /// then writes the letter of its level (`A`, `B`, `C`).
    ///
    /// - Complexity: O(n) in the length of `extras`.
    public static func forgettingPriorityLetter(in extras: String) -> String {
        var kept = TodoTxtKeptLines(extras)
        guard kept.priorityLetter != nil else { return extras }
        kept.priorityLetter = nil
        return TodoTxtKeptLines.replacing(in: extras, with: kept)
    }

    /// Tags as todo.txt words, as the writer writes them: each once, white space as `_`,
    /// those a line can hold (`TodoTxtWriter.writtenTags`).
    ///
    /// - Complexity: O(n) in the total length of the tags.
    private static func words(_ tags: [String]) -> [String] { TodoTxtWriter.writtenTags(tags) }
}
