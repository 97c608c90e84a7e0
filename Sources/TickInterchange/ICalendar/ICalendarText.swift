import Foundation
import TickModel

/// The text rules of RFC 5545 that the writer applies itself: TEXT escaping (§3.3.11),
/// parameter quoting (§3.2, with RFC 6868 caret escapes), DATE and DATE-TIME forms
/// (§3.3.4, §3.3.5), and line folding at 75 octets with CRLF (§3.1).
public enum ICalendarText {
    /// The longest line, in octets, without its CRLF (RFC 5545 §3.1).
    static let maximumLineOctets = 75

    /// Whether `text` holds a control character that `escaped(_:)` leaves out: RFC 5545
    /// TEXT (§3.3.11) has no place for C0 controls but tab and line breaks, nor for DEL.
    /// - Complexity: O(n) in the length of `text`.
    public static func hasDroppedControls(_ text: String) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
    }

    /// TEXT escaping: `\` `;` `,` get a backslash, line breaks become `\n`; other control
    /// characters (not allowed in TEXT) are dropped, tabs kept.
    /// - Complexity: O(n) in the length of `text`.
    static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        appendEscaped(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `escaped(text)` differs from `text`.
    private static func needsEscaping(_ text: String) -> Bool {
        // Over the contiguous UTF-8: the writer asks this of every UID, title, note and tag
        // it writes. Comparisons, not a table: a global table was reached through its
        // once-token on every byte.
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",") {
                return true
            }
            return false
        }
    }

    /// Appends `escaped(text)` to `out` as UTF-8: the writer's way, without a `String`.
    /// - Complexity: O(n) in the length of `text`.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        guard needsEscaping(text) else {
            out.append(contentsOf: text.utf8)
            return
        }
        // Every byte that changes is ASCII, so the work is done on UTF-8 bytes.
        var previousWasCR = false
        for byte in text.utf8 {
            defer { previousWasCR = byte == 0x0D }
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0x0D:
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "n"))
            case 0x0A:
                if !previousWasCR {
                    out.append(UInt8(ascii: "\\"))
                    out.append(UInt8(ascii: "n"))
                }
            case 0x09: out.append(byte)
            case 0..<0x20, 0x7F: continue
            default: out.append(byte)
            }
        }
    }

    /// A parameter value, quoted when it holds `:` `;` `,` and with RFC 6868 escapes for
    /// `"`, `^` and line breaks.
    static func parameterValue(_ value: String) -> String {
        var text = ""
        var needsQuotes = false
        for scalar in value.unicodeScalars {
            switch scalar {
            case "^": text += "^^"
            case "\"": text += "^'"
            case "\n": text += "^n"
            case "\r": continue
            case ":", ";", ",": needsQuotes = true; text.unicodeScalars.append(scalar)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return needsQuotes ? "\"" + text + "\"" : text
    }

    /// The values of a property line whose value is a comma-separated list of TEXT
    /// (`CATEGORIES`, RFC 5545 §3.8.1.2): the value starts after the first `:` outside a
    /// quoted parameter value, is split at commas that are not escaped, and each part is
    /// unescaped (§3.3.11: `\\`, `\;`, `\,`, `\n` or `\N`). libical splits such a line
    /// only when no comma in it is escaped, so `a\,b,c` would become one tag `a,b,c`.
    /// With `splitting` false, the one value of a TEXT line (`DESCRIPTION`), unescaped.
    /// - Complexity: O(n) in the length of `line`.
    static func textListValues(ofLine line: String, splitting: Bool = true) -> [String] {
        var bytes = Array(line.utf8)[...]
        var inQuotes = false
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if byte == UInt8(ascii: ":"), !inQuotes { break }
        }
        var values: [String] = []
        var current: [UInt8] = []
        var escaping = false
        for byte in bytes {
            if escaping {
                escaping = false
                current.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else if byte == UInt8(ascii: ","), splitting {
                values.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(byte)
            }
        }
        if escaping { current.append(UInt8(ascii: "\\")) }
        values.append(String(decoding: current, as: UTF8.self))
        return values
    }

    /// `YYYYMMDD`.
    static func date(_ day: CalendarDay) -> String { day.basicFormat }

    /// `YYYYMMDDTHHMMSS`.
    static func dateTime(_ local: LocalDateTime) -> String { local.basicFormat }

    /// `YYYYMMDDTHHMMSSZ` for an instant, or nil outside years 1…9999.
    static func utc(_ instant: Date) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        guard appendUTC(instant, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `utc(instant)` to `bytes`; false (nothing appended) outside years 1…9999.
    static func appendUTC(_ instant: Date, to bytes: inout [UInt8]) -> Bool {
        guard let local = ICalendarTimeZones.checkedLocal(Int(instant.timeIntervalSince1970.rounded(.down))) else { return false }
        local.appendBasicFormat(to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return true
    }

    /// The text a reader gets back from `escaped(text)`: a CR LF or lone CR becomes a
    /// line feed, other control characters but tab are gone.
    /// - Complexity: O(n) in the length of `text`.
    static func asWritten(_ text: String) -> String {
        var copy = text
        let changes = copy.withUTF8 { bytes in
            for byte in bytes where (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F { return true }
            return false
        }
        guard changes else { return text }
        var out: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            defer { previousWasCR = byte == 0x0D }
            switch byte {
            case 0x0D: out.append(0x0A)
            case 0x0A: if !previousWasCR { out.append(0x0A) }
            case 0x09: out.append(byte)
            case 0..<0x20, 0x7F: continue
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `escaped(text)` loses something of `text` (control characters, a CR).
    static func losesInText(_ text: String) -> Bool { asWritten(text) != text }

    /// `text` without leading and trailing white space and invisible characters
    /// (`trimmingWhiteSpace`), with a fast path for text that starts and ends with a
    /// visible ASCII character.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        return text.trimmingWhiteSpace()
    }

    /// `value` as a decimal string of at least `width` digits.
    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Appends `line` to `out` folded at 75 octets (continuation lines start with one
    /// space), never inside a UTF-8 character, each physical line ending in CRLF.
    /// - Complexity: O(n) in the length of `line`.
    public static func appendFolded(_ line: String, to out: inout [UInt8]) {
        var line = line
        line.withUTF8 { appendFolded(bytes: $0, to: &out) }
    }

    /// Appends the line `bytes` (UTF-8, unfolded, without a line break) to `out` as
    /// `appendFolded(_:to:)` does.
    /// - Complexity: O(n) in the length of the line.
    static func appendFolded(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if bytes.count <= maximumLineOctets {
            out.append(contentsOf: bytes)
            out.append(0x0D)
            out.append(0x0A)
            return
        }
        var start = 0
        var limit = maximumLineOctets
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back up to the first byte of a character (never a 10xxxxxx continuation byte).
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if start > 0 { out.append(0x20) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            out.append(0x0D)
            out.append(0x0A)
            start = end
            limit = maximumLineOctets - 1
        }
    }

    /// The content lines of serialized iCalendar text, unfolded (CRLF or LF followed by a
    /// space or tab joins lines), without line breaks, blank lines dropped. Used for what
    /// libical serializes (VTIMEZONE), for the writer's own checks, and for `tick sync`'s merge.
    public static func unfoldedLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var pendingBreak = false
        for byte in text.utf8 {
            if byte == 0x0D { continue }
            if byte == 0x0A {
                pendingBreak = true
                continue
            }
            if pendingBreak {
                pendingBreak = false
                if byte == 0x20 || byte == 0x09 { continue }
                if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            current.append(byte)
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        return lines
    }
}
