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

    /// Wraps a line; `lineNumber` is 0 for lines that did not come from a file.
    init(text: String, lineNumber: Int = 0) {
        self.text = text
        self.lineNumber = lineNumber
        self.name = Self.name(of: text)
    }

    /// The component a `BEGIN:` line opens, upper-cased, or nil for other lines.
    var beginName: String? { delimiterName("BEGIN") }

    /// The component an `END:` line closes, upper-cased, or nil for other lines.
    var endName: String? { delimiterName("END") }

    /// Whether the line has a `:` at all (libical refuses a data line without one).
    var hasColon: Bool { text.utf8.contains(UInt8(ascii: ":")) }

    private func delimiterName(_ keyword: String) -> String? {
        guard name == keyword, text.utf8.count > keyword.utf8.count,
              text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: keyword.utf8.count)] == UInt8(ascii: ":") else { return nil }
        let value = text.dropFirst(keyword.count + 1)
        let upper = String(decoding: value.utf8.map(Self.upper), as: UTF8.self)
        return upper.trimmingWhiteSpace()
    }

    /// The name of the property on a content line: the text before the first `;` or `:`,
    /// upper-cased; the whole line when it has neither.
    static func name(of text: String) -> String {
        var end = text.utf8.startIndex
        var hasLower = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") { hasLower = true }
            end = text.utf8.index(after: end)
        }
        let name = text.utf8[..<end]
        return hasLower ? String(decoding: name.map(upper), as: UTF8.self) : String(Substring(name))
    }

    /// ASCII upper case of one byte.
    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
}
