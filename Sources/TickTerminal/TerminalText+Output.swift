// The output edge: what a front end writes to a terminal goes through `forTerminal` as
// its last step, so that no control character of any origin (a title, an import warning
// quoting a file, an error quoting an argument) reaches the terminal raw, while Tick's own
// styling does.

extension TerminalText {
    /// Marks the start of a style written with ``styled(_:sgr:)``: U+FDD0, a Unicode
    /// noncharacter reserved for a program's internal use (Unicode §23.7).
    /// (Swift refuses noncharacters in literals, hence the numeric form; it is never nil.)
    static let styleOpen = Unicode.Scalar(0xFDD0 as UInt32) ?? "\u{FFFD}"
    /// Ends the parameters of a style mark: U+FDD1, a noncharacter too.
    static let styleClose = Unicode.Scalar(0xFDD1 as UInt32) ?? "\u{FFFD}"

    /// `text` in a style: ECMA-48 SGR `parameters` (`1`, `2;31`, `38;5;208`) before it and
    /// a reset after it, written as marks that ``forTerminal(_:)`` turns into escape
    /// sequences. Styles are markup until the output edge: text is never styled with a
    /// raw ESC, so that the edge can refuse every ESC it sees.
    ///
    /// - Parameter parameters: digits and `;` only (anything else is a programmer error).
    public static func styled(_ text: String, sgr parameters: String) -> String {
        precondition(parameters.utf8.allSatisfy { $0 == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) },
                     "SGR parameters are digits and ';'")
        var result = String(styleOpen) + parameters + String(styleClose)
        result += text
        result += String(styleOpen) + "0" + String(styleClose)
        return result
    }

    /// `text` drawn over the terminal's current line: a mark that ``forTerminal(_:)``
    /// turns into a carriage return and ECMA-48 EL (`ESC [ K`, erase to the end of the
    /// line), then `text`. What a progress line on standard error redraws itself with;
    /// an empty `text` erases the line.
    public static func overwritingLine(_ text: String) -> String {
        String(styleOpen) + "K" + String(styleClose) + text
    }

    /// Lines of output made safe for a terminal: the one sanitizer every front end's
    /// output passes through last (the command line's standard output on a terminal and
    /// its standard error, the agent's lines, the UI's rows).
    ///
    /// - Line feeds are kept (a CR LF pair becomes one line feed); every other control is
    ///   written as ``sanitized(_:)`` writes it (`^[`, `<U+009B>`, a space for a tab or a
    ///   carriage return), and bidi controls are removed.
    /// - The style marks of ``styled(_:sgr:)`` become `ESC [ parameters m`, the mark of
    ///   ``overwritingLine(_:)`` a carriage return and `ESC [ K`; a mark that is not well
    ///   formed (stray, unclosed, or with anything but digits and `;`) is removed.
    ///   User text can therefore never produce any escape sequence but a select graphic
    ///   rendition or an erase of the line, and only by holding these noncharacters.
    ///
    /// Text without controls or marks is returned unchanged without being decoded.
    ///
    /// - Complexity: O(n) in the length of `text` in UTF-8 bytes.
    public static func forTerminal(_ text: some StringProtocol) -> String {
        let text = substring(text)
        guard withUTF8(text, { needsSanitizing($0) || holdsStyleMark($0) }) else { return String(text) }
        let scalars = text.unicodeScalars
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            var next = scalars.index(after: index)
            if scalar == "\n" {
                result.append("\n")
            } else if scalar == "\r" && next < scalars.endIndex && scalars[next] == "\n" {
                // CR LF: the line feed that follows is the line's end.
            } else if scalar == styleOpen, next < scalars.endIndex, scalars[next] == "K",
                      scalars.index(after: next) < scalars.endIndex, scalars[scalars.index(after: next)] == styleClose {
                result += "\r\u{1B}[K"
                next = scalars.index(after: scalars.index(after: next))
            } else if scalar == styleOpen {
                var parameters = ""
                var cursor = next
                while cursor < scalars.endIndex, parameters.utf8.count <= 32,
                      scalars[cursor] == ";" || ("0"..."9").contains(scalars[cursor]) {
                    parameters.unicodeScalars.append(scalars[cursor])
                    cursor = scalars.index(after: cursor)
                }
                if cursor < scalars.endIndex && scalars[cursor] == styleClose {
                    result += "\u{1B}[" + parameters + "m"
                    next = scalars.index(after: cursor)
                }
            } else if scalar == styleClose {
                // A stray close: removed.
            } else {
                ControlNotation(scalar.value).write(scalar, to: &result)
            }
            index = next
        }
        return result
    }

    /// Whether UTF-8 holds U+FDD0 or U+FDD1 (EF B7 90, EF B7 91).
    static func holdsStyleMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xEF && bytes[index + 1] == 0xB7 && (bytes[index + 2] == 0x90 || bytes[index + 2] == 0x91) {
                return true
            }
            index += 1
        }
        return false
    }
}
