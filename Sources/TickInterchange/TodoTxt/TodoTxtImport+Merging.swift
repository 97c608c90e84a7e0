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
    /// due day replaces the due date. Notes, flags, URLs, alarms, recurrence, subtasks
    /// and kept iCalendar lines, which todo.txt has no place for, are always kept.
    ///
    /// - Parameters:
    ///   - line: the reminder `plan` made of the line.
    ///   - stored: the reminder with the same UID in the database.
    ///   - timeZone: the zone the days are read in, as for `plan`.
    /// - Returns: `stored` with the line's title, priority, tags, creation, completion,
    ///   due and start where they differ, and the line's `modifiedAt`. The list is the
    ///   caller's to decide.
    public static func merged(_ line: Reminder, onto stored: Reminder, timeZone: TimeZone) -> Reminder {
        var result = stored
        result.modifiedAt = line.modifiedAt
        if TodoTxtFields.singleLine(stored.title) != line.title { result.title = line.title }
        if TodoTxtFields.letter(for: stored.priority) != TodoTxtFields.letter(for: line.priority) {
            result.priority = line.priority
        }
        if words(stored.tags) != words(line.tags) { result.tags = line.tags }
        func day(_ instant: Date) -> CalendarDay { LocalDateTime(instant, in: timeZone).day }
        if day(stored.createdAt) != day(line.createdAt) { result.createdAt = line.createdAt }
        switch (stored.completedAt, line.completedAt) {
        case let (storedDone?, lineDone?) where day(storedDone) == day(lineDone):
            break
        default:
            result.completedAt = line.completedAt
        }
        if stored.due?.day(in: timeZone) != line.due?.day(in: timeZone) { result.due = line.due }
        if stored.start?.day(in: timeZone) != line.start?.day(in: timeZone) { result.start = line.start }
        return result
    }

    /// Tags as todo.txt words, as the writer writes them: each once, white space as `_`.
    private static func words(_ tags: [String]) -> [String] {
        var result: [String] = []
        for word in tags.compactMap(TodoTxtWriter.word) where !result.contains(word) { result.append(word) }
        return result
    }
}
