import Foundation
import TickModel

/// One unfolded iCalendar content line (RFC 5545 §3.1) and the physical line it starts
/// on: `name *(";" param) ":" value`, or a `BEGIN:`/`END:` delimiter of a component.
///
/// Only the name is looked at here (it ends at the first `;` or `:`, since names are
/// letters, digits and `-`); libical reads parameters and values.
struct ICalendarContentLine: Hashable, Sendable {
    /// The line as read, without its line break.
    let text: String
    /// The 1-based physical line it starts on (0 when it did not come from a file).
    let lineNumber: Int
    /// The property name, upper-cased (`DTSTART`, `X-APPLE-SORT-ORDER`, `BEGIN`).
    let name: String
    /// The component a `BEGIN:` line opens, upper-cased, or nil for other lines.
    let beginName: String?
    /// The component an `END:` line closes, upper-cased, or nil for other lines.
    let endName: String?

    /// Whether the line has a `:` at all (libical refuses a data line without one).
    let hasColon: Bool

    /// Wraps a line; `lineNumber` is 0 for lines that did not come from a file.
    init(text: String, lineNumber: Int = 0) {
        var text = text
        self.lineNumber = lineNumber
        // One pass over contiguous UTF-8: this runs for every line of a file.
        let (name, hasColon) = text.withUTF8 { bytes -> (String, Bool) in
            var end = 0
            var hasLower = false
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: ":") {
                if bytes[end] >= UInt8(ascii: "a") && bytes[end] <= UInt8(ascii: "z") { hasLower = true }
                end += 1
            }
            let colon = end < bytes.count && (bytes[end] == UInt8(ascii: ":") || memchr(bytes.baseAddress.unsafelyUnwrapped + end, 0x3A, bytes.count - end) != nil)
            let slice = UnsafeBufferPointer(rebasing: bytes[0..<end])
            return (hasLower ? String(decoding: slice.map(Self.upper), as: UTF8.self) : String(decoding: slice, as: UTF8.self), colon)
        }
        self.text = text
        self.name = name
        self.hasColon = hasColon
        self.beginName = name == "BEGIN" ? Self.delimiterName(text, keyword: name) : nil
        self.endName = name == "END" ? Self.delimiterName(text, keyword: name) : nil
    }

    /// The delimiter as it is read and written: `BEGIN:` or `END:` and the component's name
    /// (`beginName`, `endName`), nil for other lines. The reader keeps and gives libical this
    /// form, the one the export writes: `BEGIN:<form feed>VALARM` was no alarm to libical, kept
    /// verbatim, written `BEGIN:VALARM` (control characters removed) and read as an alarm the
    /// next time (found by fuzz/icalendar).
    var canonicalDelimiter: String? {
        if let beginName { return "BEGIN:" + beginName }
        if let endName { return "END:" + endName }
        return nil
    }

    /// The value of a `BEGIN:` or `END:` line upper-cased, without the control characters
    /// RFC 5545 §3.1 does not allow (C0 but tab, and DEL: the export leaves them out) and
    /// without white space around it.
    private static func delimiterName(_ text: String, keyword: String) -> String? {
        guard text.utf8.count > keyword.utf8.count,
              text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: keyword.utf8.count)] == UInt8(ascii: ":") else { return nil }
        let value = text.dropFirst(keyword.count + 1)
        let upper = String(decoding: value.utf8.compactMap { byte in
            byte == 0x7F || (byte < 0x20 && byte != 0x09) ? nil : Self.upper(byte)
        }, as: UTF8.self)
        return ICalendarText.trimmed(upper)
    }

    /// ASCII upper case of one byte.
    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
}
