import Foundation
import TickModel

extension VTodoWriter {
    /// Appends the VTODO of a reminder that keeps no iCalendar lines (`iCalendarExtras`
    /// empty: every reminder made in Tick) to `out`, folded: the bytes
    /// `lines(sortOrder:)` gives for it, each line through `ICalendarWriter`'s check and
    /// folding, written field by field into `line` (a buffer the caller keeps between
    /// reminders) instead of a `String` a line. An export writes about twenty lines a
    /// reminder; this is the path of nearly all of them (`VTodoBytesTests` compares the
    /// two on every kind of field).
    ///
    /// A line whose value Tick does not escape (a URL, a zone's name, a recurrence rule)
    /// goes through the full check, as every line of `lines(sortOrder:)` does.
    /// - Complexity: O(n) in the size of the reminder.
    static func appendUnkept(_ reminder: Reminder, sortOrder: Int64?, zones: ICalendarTimeZones,
                             line: inout [UInt8], to out: inout [UInt8]) {
        // Every line written here is a name, parameters of letters and `=`, and a value
        // without control characters (escaped TEXT, digits, fixed words): valid by RFC 5545
        // §3.1 as it is (`ICalendarLineSyntax.isPlain`, checked in debug builds). What
        // can hold anything (a URL, a zone's name, a recurrence rule, an alarm's lines)
        // goes through `string`, checked like every kept line.
        func emit(_ line: [UInt8]) {
            line.withUnsafeBufferPointer { bytes in
                assert(ICalendarLineSyntax.isPlain(bytes), "not a plain line: \(String(decoding: bytes, as: UTF8.self))")
                ICalendarText.appendFolded(bytes: bytes, to: &out)
            }
        }
        func start(_ name: StaticString) {
            line.removeAll(keepingCapacity: true)
            name.withUTF8Buffer { line.append(contentsOf: $0) }
        }
        func text(_ name: StaticString, _ value: String) {
            start(name)
            ICalendarText.appendEscaped(value, to: &line)
            emit(line)
        }
        func instant(_ name: StaticString, _ value: Date) {
            start(name)
            if ICalendarText.appendUTC(value, to: &line) { emit(line) }
        }
        func string(_ value: String?) {
            guard let value else { return }
            ICalendarWriter.appendValid(value, to: &out)
        }

        func date(_ name: StaticString, _ date: Due) {
            switch date {
            case .allDay(let day):
                start(name)
                line.append(contentsOf: ";VALUE=DATE:".utf8)
                day.appendBasicFormat(to: &line)
                emit(line)
            case .floating(let local):
                start(name)
                line.append(UInt8(ascii: ":"))
                local.appendBasicFormat(to: &line)
                emit(line)
            case .timed:
                string(VTodoLines.dateLine(name.description, date, zones: zones))
            }
        }

        emit(Fixed.begin)
        text("UID:", reminder.uid.rawValue)
        instant("DTSTAMP:", reminder.modifiedAt)
        instant("CREATED:", reminder.createdAt)
        instant("LAST-MODIFIED:", reminder.modifiedAt)
        text("SUMMARY:", reminder.title)
        if !reminder.notes.isEmpty { text("DESCRIPTION:", reminder.notes) }
        string(VTodoLines.line(.url, of: reminder, zones: zones))
        if let start = reminder.start { date("DTSTART", start) }
        if let due = reminder.due { date("DUE", due) }
        string(VTodoLines.line(.rrule, of: reminder, zones: zones))
        let priority = reminder.priority.iCalendarValue
        if priority != 0 {
            start("PRIORITY:")
            line.append(contentsOf: String(priority).utf8)
            emit(line)
        }
        if let completed = reminder.completedAt {
            emit(Fixed.completed)
            instant("COMPLETED:", completed)
            emit(Fixed.percentComplete)
        } else {
            emit(Fixed.needsAction)
        }
        if let parent = reminder.parentUID { text("RELATED-TO;RELTYPE=PARENT:", parent.rawValue) }
        if reminder.isFlagged { emit(Fixed.flagged) }
        if reminder.recurrenceBasis == .completion { emit(Fixed.repeatFromCompletion) }
        string(VTodoLines.exactText("X-TICK-TITLE", reminder.title))
        string(VTodoLines.exactText("X-TICK-NOTES", reminder.notes))
        if !reminder.tags.isEmpty {
            start("CATEGORIES:")
            for (index, tag) in reminder.tags.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                ICalendarText.appendEscaped(tag, to: &line)
            }
            emit(line)
        }
        if let sortOrder {
            start("X-APPLE-SORT-ORDER:")
            line.append(contentsOf: String(sortOrder).utf8)
            emit(line)
        }
        for alarm in reminder.alarms {
            for text in VTodoLines.alarm(alarm, of: reminder) { string(text) }
        }
        emit(Fixed.end)
    }

    /// The lines that never change, as bytes.
    private enum Fixed {
        static let begin = Array("BEGIN:VTODO".utf8)
        static let end = Array("END:VTODO".utf8)
        static let completed = Array("STATUS:COMPLETED".utf8)
        static let needsAction = Array("STATUS:NEEDS-ACTION".utf8)
        static let percentComplete = Array("PERCENT-COMPLETE:100".utf8)
        static let flagged = Array("X-TICK-FLAGGED:TRUE".utf8)
        static let repeatFromCompletion = Array("X-TICK-REPEAT-FROM:COMPLETION".utf8)
    }
}
