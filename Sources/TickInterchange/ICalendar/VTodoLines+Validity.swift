extension VTodoLines {
    /// Whether a content line of a property Tick maps has a value RFC 5545 allows, so
    /// that it may be written back verbatim. A line libical read leniently (`DUE:2026-12-01`,
    /// a DATE without `VALUE=DATE` and with dashes; `PRIORITY:42`) is not: other parsers
    /// refuse it, so the export writes Tick's own line for the value that was read.
    ///
    /// Checked (the rest, text values, any form libical read is accepted):
    /// - `DUE`, `DTSTART` (§3.8.2.3, §3.8.2.4): with `VALUE=DATE`, `YYYYMMDD`; else a
    ///   DATE-TIME `YYYYMMDDTHHMMSS`, optionally with `Z` (§3.3.4, §3.3.5);
    /// - `COMPLETED`, `CREATED`, `LAST-MODIFIED`, `DTSTAMP` (§3.8.2.1, §3.8.7): a
    ///   DATE-TIME, `YYYYMMDDTHHMMSS[Z]`. RFC 5545 asks for UTC, but many programs
    ///   (Apple iCal, Nextcloud) write local times, which parsers read; such a line is
    ///   kept, since Tick's UTC line could only guess its zone;
    /// - `PRIORITY` (§3.8.1.9): an integer 0…9; `PERCENT-COMPLETE` (§3.8.1.8): 0…100;
    /// - `STATUS` of a VTODO (§3.8.1.11): `NEEDS-ACTION`, `COMPLETED`, `IN-PROCESS`,
    ///   `CANCELLED`.
    ///
    /// - Parameter text: the unfolded line.
    /// - Complexity: O(n) in the length of the line.
    static func hasValidValue(_ text: String, _ name: String) -> Bool {
        guard let (parameters, value) = split(text) else { return false }
        // A `TZID` naming no zone (`DUE;TZID=:…`, a tester) is read as a floating time; given
        // back, it would ask for a VTIMEZONE without a name.
        if parameters.contains(where: { isEmptyTZID($0) }) { return false }
        switch name {
        case "DUE", "DTSTART":
            if parameters.contains(where: { $0.uppercased() == "VALUE=DATE" }) { return isDigits(value, 8) }
            return isDateTime(value)
        case "COMPLETED", "CREATED", "LAST-MODIFIED", "DTSTAMP":
            return isDateTime(value)
        case "PRIORITY":
            return isDigits(value, 1)
        case "PERCENT-COMPLETE":
            return value.utf8.count <= 3 && value.allSatisfy(\.isASCIIDigitCharacter) && (Int(value).map { $0 <= 100 } ?? false)
        case "STATUS":
            return ["NEEDS-ACTION", "COMPLETED", "IN-PROCESS", "CANCELLED"].contains(value.uppercased())
        default:
            return true
        }
    }

    /// Whether `parameter` is a `TZID` with an empty value (`TZID=`, `TZID=""`).
    static func isEmptyTZID(_ parameter: Substring) -> Bool {
        let upper = parameter.uppercased()
        return upper == "TZID=" || upper == "TZID=\"\""
    }

    /// The parameters of a content line (`NAME=value`, before the first colon outside double quotes).
    static func parameters(of text: String) -> [Substring] { split(text)?.parameters ?? [] }

    /// The value of a content line (after the first colon outside double quotes); nil without a colon.
    static func value(of text: String) -> Substring? { split(text)?.value }

    /// The parameters (`NAME=value`) and the value of a content line: split at the first
    /// colon outside double quotes (RFC 5545 §3.1). Nil without a colon.
    private static func split(_ text: String) -> (parameters: [Substring], value: Substring)? {
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            if character == ":", !quoted {
                let head = text[..<index]
                return (head.split(separator: ";").dropFirst().map { $0 }, text[text.index(after: index)...])
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether `value` is exactly `count` ASCII digits.
    private static func isDigits(_ value: Substring, _ count: Int) -> Bool {
        value.utf8.count == count && value.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// Whether `value` is `YYYYMMDDTHHMMSS`, with or without a final `Z`.
    private static func isDateTime(_ value: Substring) -> Bool {
        var rest = value
        if rest.hasSuffix("Z") { rest = rest.dropLast() }
        guard rest.utf8.count == 15 else { return false }
        let date = rest.prefix(8), time = rest.suffix(6)
        return isDigits(date, 8) && rest[rest.index(rest.startIndex, offsetBy: 8)] == "T" && isDigits(time, 6)
    }
}

private extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
