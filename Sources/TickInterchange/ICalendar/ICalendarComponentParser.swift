import CICal
import TickModel

/// libical's parser (`icalparser_add_line`) fed one unfolded content line at a time, so
/// that every error libical reports is tied to the line that caused it.
///
/// A component is finished when its `END` line brings the parser back to its first
/// level; `add(_:)` then returns it and the caller owns it (`icalcomponent_free`). One
/// parser is reused for many components.
///
/// Not Sendable: it wraps a C parser used on one thread.
final class ICalendarComponentParser {
    /// What libical made of one line.
    struct Outcome {
        /// libical reported an error on the line (`ICALPARSER_ERROR`); it inserted an
        /// `X-LIC-ERROR` property and dropped what it could not read.
        var failed: Bool
        /// The finished top-level component, owned by the caller.
        var component: OpaquePointer?
    }

    private let parser: OpaquePointer

    /// - Throws: `InterchangeError` of kind `libraryMissing` when libical cannot be loaded,
    ///   `malformed` when it cannot allocate a parser.
    init() throws(InterchangeError) {
        try LibICal.load()
        guard let parser = icalparser_new() else {
            throw InterchangeError(kind: .malformed, message: "libical could not start a parser (out of memory)")
        }
        self.parser = parser
    }

    deinit { icalparser_free(parser) }

    /// Feeds one content line (without its line break).
    func add(_ line: String) -> Outcome {
        // icalparser_add_line takes `char *` but only reads it (it copies the segments it
        // keeps) and does not take ownership in libical 3.0: icalparser_parse frees the
        // line itself after the call.
        let component = line.withCString { icalparser_add_line(parser, UnsafeMutablePointer(mutating: $0)) }
        return Outcome(failed: icalparser_get_state(parser) == ICALPARSER_ERROR, component: component)
    }

    /// Parses `lines` wrapped in `BEGIN:VTODO`/`END:VTODO` and returns the component
    /// (owned by the caller; `X-LIC-ERROR` properties left in, readers skip them); nil when libical made
    /// nothing of it. Used to read single properties and VALARMs kept verbatim.
    /// What to do with a line libical reported an error on (`kept` is the line to keep,
    /// nil to drop it):
    /// - a property whose name libical does not know (an IANA property newer than
    ///   libical) is kept verbatim;
    /// - an empty value of a TEXT property (`LOCATION:`, `DESCRIPTION:`) is kept
    ///   verbatim: RFC 5545 allows empty text;
    /// - an empty `PRIORITY:` (not an integer, so other parsers refuse it) is kept as
    ///   `PRIORITY:0`, which says the same (no priority, §3.8.1.9), without a warning;
    /// - any other is dropped, with a warning unless its value is empty (an empty value
    ///   is the same as none).
    static func disposition(ofFailed line: ICalendarContentLine) -> (kept: ICalendarContentLine?, warning: String?) {
        let name = line.name
        let kind = icalproperty_string_to_kind(name)
        if !name.hasPrefix("X-"), kind == ICAL_NO_PROPERTY { return (line, nil) }
        if line.text.hasSuffix(":") {
            if icalproperty_kind_to_value_kind(kind) == ICAL_TEXT_VALUE { return (line, nil) }
            if kind == ICAL_PRIORITY_PROPERTY {
                return (ICalendarContentLine(text: String(line.text.dropLast()) + ":0", lineNumber: line.lineNumber), nil)
            }
            return (nil, nil)
        }
        return (nil, "libical could not read this \(name) line (RFC 5545); it was ignored")
    }

    /// A fresh parser each time, so that unbalanced input cannot leave state behind.
    static func vtodo(containing lines: [String]) -> OpaquePointer? {
        guard let parser = try? ICalendarComponentParser() else { return nil }
        _ = parser.add("BEGIN:VTODO")
        // Delimiters as the reader reads them (`ICalendarContentLine.canonicalDelimiter`): lines
        // kept by a Tick before 2026-12-06 may have others.
        for line in lines { _ = parser.add(ICalendarContentLine(text: line).canonicalDelimiter ?? line) }
        guard let component = parser.add("END:VTODO").component else { return nil }
        return component
    }

    /// Whether libical reads `value` as an `RRULE` value (RFC 5545 §3.3.10): what an
    /// iCalendar export of a rule must be for the file to be read back with its rule (the
    /// iCalendar reader drops a line libical cannot read).
    /// - Complexity: O(n) in the length of `value`.
    static func readsRecurrence(_ value: String) -> Bool {
        guard !value.contains(where: \.isNewline),
              let component = vtodo(containing: ["RRULE:" + Recurrence.stripped(value)]) else { return false }
        defer { icalcomponent_free(component) }
        let todo = LibicalComponent(pointer: component)
        return todo.first(ICAL_RRULE_PROPERTY) != nil && todo.first(ICAL_XLICERROR_PROPERTY) == nil
    }
}

