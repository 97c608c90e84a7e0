// Sanitizing: the notation written for controls, and the byte-level check that lets
// ordinary text through untouched.

extension TerminalText {
    /// Whether valid UTF-8 holds a scalar that ``sanitized(_:)`` rewrites or removes.
    ///
    /// - Complexity: O(n) in the number of bytes.
    static func needsSanitizing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = printableASCIIPrefix(bytes)
        // Byte by byte is safe: the lead bytes looked for never occur as continuation bytes.
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return true }
            // U+0080–U+009F are C2 80 … C2 9F.
            if byte == 0xC2 && index + 1 < count && bytes[index + 1] < 0xA0 { return true }
            if byte == 0xE2 && index + 2 < count {
                let second = bytes[index + 1], third = bytes[index + 2]
                // U+2028–U+202E are E2 80 A8 … E2 80 AE; U+2066–U+2069 are E2 81 A6 … E2 81 A9.
                if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
                if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
            }
            index += 1
        }
        return false
    }

    /// `text` sanitized (see ``sanitized(_:)``), or `nil` when it needs no change.
    static func sanitizedIfChanged(_ text: Substring) -> String? {
        guard withUTF8(text, needsSanitizing) else { return nil }
        let scalars = text.unicodeScalars
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var runStart = scalars.startIndex // start of the scalars kept as they are
        var index = scalars.startIndex
        var previousWasCR = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            let notation = ControlNotation(scalar.value)
            if notation != .none {
                result += text[runStart..<index]
                if !(scalar == "\n" && previousWasCR) {
                    notation.write(scalar, to: &result)
                }
                runStart = next
            }
            previousWasCR = scalar == "\r"
            index = next
        }
        result += text[runStart..<scalars.endIndex]
        return result
    }

    @usableFromInline
    static func sanitized(substring text: Substring) -> String {
        sanitizedIfChanged(text) ?? String(text)
    }
}

/// How ``TerminalText/sanitized(_:)`` writes one scalar.
enum ControlNotation: Equatable {
    /// Kept as it is.
    case none
    /// Written as one space: line breaks and tab.
    case space
    /// Written as `^` and a character: other C0 controls and DEL.
    case caret
    /// Written as `<U+XXXX>`: C1 controls.
    case codePoint
    /// Left out: bidi embedding, override and isolate controls.
    case removed

    init(_ value: UInt32) {
        switch value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: self = .space
        case 0x00...0x1F, 0x7F: self = .caret
        case 0x80...0x9F: self = .codePoint
        case 0x202A...0x202E, 0x2066...0x2069: self = .removed
        default: self = .none
        }
    }

    /// Cells taken by the notation.
    var width: Int {
        switch self {
        case .none, .removed: 0
        case .space: 1
        case .caret: 2
        case .codePoint: 8
        }
    }

    func write(_ scalar: Unicode.Scalar, to output: inout String) {
        switch self {
        case .none:
            output.unicodeScalars.append(scalar)
        case .space:
            output.append(" ")
        case .caret:
            // ^@ for U+0000 … ^_ for U+001F: the control plus 0x40; DEL is ^?.
            let shown = scalar.value == 0x7F ? "?" : Unicode.Scalar(UInt8(scalar.value + 0x40))
            output.append("^")
            output.unicodeScalars.append(shown)
        case .codePoint:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            output.append("<U+")
            output.append(String(repeating: "0", count: max(0, 4 - hex.count)))
            output.append(hex)
            output.append(">")
        case .removed:
            break
        }
    }
}

extension TerminalText {
    /// `text` with the zero width joiners between emoji taken out, so that a terminal
    /// draws each emoji of a ZWJ sequence (`👨‍👩‍👧` as `👨👩👧`) in the cells the width
    /// model counts: some terminals join a sequence into one glyph of 2 cells and others
    /// draw its parts, but all draw the parts alike, and so does ncurses count them. A
    /// joiner between other characters (Indic scripts) stays. Text without U+200D is
    /// returned as is.
    ///
    /// Example: `"Family 👩‍👩‍👧!"` → `"Family 👩👩👧!"`, 10 cells by ``width(of:)``
    /// either way.
    /// - Complexity: O(n) in the length of `text`.
    public static func unjoinedEmoji(_ text: String) -> String {
        guard text.unicodeScalars.contains(zeroWidthJoiner) else { return text }
        var result = String.UnicodeScalarView()
        var previousIsEmoji = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if scalar == zeroWidthJoiner, previousIsEmoji, let next = pending, next.properties.isEmoji {
                continue
            }
            result.append(scalar)
            if scalar != variationSelector16 && !isEmojiModifier(scalar) {
                previousIsEmoji = scalar.properties.isEmoji && !scalar.isASCII
            }
        }
        return String(result)
    }
}

