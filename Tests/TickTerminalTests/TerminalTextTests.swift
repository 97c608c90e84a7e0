import Testing
import TickModel
import TickTerminal
import TestSupport

@Suite("TerminalText")
struct TerminalTextTests {
    // MARK: Width

    struct WidthCase: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Int
        let note: String
        init(_ text: String, _ width: Int, _ note: String) {
            self.text = text
            self.width = width
            self.note = note
        }
        var testDescription: String { "\(note) → \(width)" }
    }

    static let widthCases: [WidthCase] = [
        WidthCase("", 0, "empty"),
        WidthCase("Buy milk", 8, "ASCII"),
        WidthCase("우유 사기", 9, "Hangul syllables and a space"),
        WidthCase("日本語のテキスト", 16, "kanji and kana"),
        WidthCase("ｶﾀｶﾅ", 4, "halfwidth katakana"),
        WidthCase("ＡＢＣ１２３", 12, "fullwidth letters and digits"),
        WidthCase("\u{3000}", 2, "ideographic space"),
        WidthCase("a\u{3000}b", 4, "ideographic space between letters"),
        WidthCase("\u{1100}\u{1161}\u{11A8}", 2, "Hangul syllable from conjoining jamo"),
        WidthCase("👍", 2, "emoji presentation"),
        // Modifier and ZWJ sequences: the sum of their parts, as tmux 3.3 and xterm draw them.
        WidthCase("👍🏽", 4, "emoji with skin tone"),
        WidthCase("☝🏽", 3, "text-default emoji with skin tone"),
        WidthCase("👨‍👩‍👧", 6, "ZWJ family"),
        WidthCase("🏳️‍🌈", 4, "ZWJ flag with VS16"),
        WidthCase("🧑🏽‍💻", 6, "ZWJ sequence with a skin tone"),
        WidthCase("🇰🇷", 2, "regional indicator flag"),
        WidthCase("🇰🇷🇯🇵", 4, "two flags"),
        WidthCase("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2, "tag sequence flag"),
        WidthCase("❤️", 2, "heart with VS16"),
        WidthCase("❤", 1, "heart without VS16"),
        WidthCase("☺", 1, "text-default smiley"),
        WidthCase("1️⃣", 2, "keycap"),
        WidthCase("a\u{FE0F}", 1, "VS16 after a letter"),
        WidthCase("e🏽", 3, "letter and a lone skin tone: one cluster, two spacing scalars"),
        WidthCase("e\u{301}", 1, "combining acute"),
        WidthCase("cafe\u{301}", 4, "combining acute in a word"),
        WidthCase("\u{301}", 0, "lone combining mark"),
        WidthCase("a\u{200B}b", 2, "zero width space"),
        WidthCase("\u{FEFF}\u{2060}\u{200D}", 0, "BOM, word joiner, ZWJ"),
        WidthCase("\u{200E}x\u{200F}", 1, "bidi marks"),
        WidthCase("\u{AD}", 1, "soft hyphen counts 1"),
        WidthCase("\u{0915}\u{093F}", 2, "Devanagari with a spacing mark"),
        WidthCase("Ω≈ç√", 4, "symbols of width 1"),
        WidthCase("…", 1, "ellipsis"),
        WidthCase("\u{1B}", 2, "ESC as ^["),
        WidthCase("\n", 1, "newline as a space"),
        WidthCase("\r\n", 1, "CRLF as one space"),
        WidthCase("\t", 1, "tab as a space"),
        WidthCase("\u{7F}", 2, "DEL as ^?"),
        WidthCase("\u{9B}", 8, "C1 as <U+009B>"),
        WidthCase("\u{202E}", 0, "bidi override, removed"),
        WidthCase("Buy 우유 👍 now", 15, "mixed"),
    ]

    @Test("width of text", arguments: widthCases)
    func widthOfText(_ entry: WidthCase) {
        #expect(TerminalText.width(of: entry.text) == entry.width)
        #expect(TerminalText.width(of: entry.text[...]) == entry.width)
        let byCharacters = entry.text.reduce(0) { $0 + TerminalText.width(of: $1) }
        #expect(byCharacters == entry.width)
    }

    @Test("width of one character", arguments: [
        ("a", 1), ("우", 2), ("あ", 2), ("Ａ", 2), ("\u{3000}", 2), ("👍", 2), ("👍🏽", 4),
        ("👨‍👩‍👧", 6), ("🇰🇷", 2), ("❤️", 2), ("☺", 1), ("e\u{301}", 1), ("\u{200B}", 0),
        ("\u{1F1F0}", 2),
        // Edges of the generated table and of the blocks answered before it.
        ("\u{10FF}", 1), ("\u{1100}", 2), ("\u{115F}", 2), ("\u{2329}", 2), ("\u{232A}", 2),
        ("\u{232B}", 1), ("\u{2E80}", 2), ("\u{3041}", 2), ("\u{A960}", 2), ("\u{AC00}", 2),
        ("\u{D7A3}", 2), ("\u{D7A4}", 1), ("\u{4DFF}", 1), ("\u{4E00}", 2), ("\u{9FFF}", 2),
        ("\u{FF60}", 2), ("\u{FF61}", 1), ("\u{20000}", 2), ("\u{2FFFD}", 2), ("\u{3FFFD}", 2),
        ("\u{E0001}", 0), ("\u{10FFFD}", 1),
        // Emoji newer than the generated table come from the standard library (Unicode 16).
        ("\u{1FAE9}", 2),
    ] as [(Character, Int)])
    func widthOfCharacter(_ character: Character, _ expected: Int) {
        #expect(TerminalText.width(of: character) == expected)
    }

    @Test("the width of text is the sum of its characters' widths", arguments: 0..<40)
    func widthIsSumOfCharacters(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<50 {
            let text = TextSamples.randomText(using: &generator, maxPieces: 12)
            let byCharacters = text.reduce(0) { $0 + TerminalText.width(of: $1) }
            #expect(TerminalText.width(of: text) == byCharacters, "\(text.unicodeScalars.map(\.value))")
        }
    }

    // MARK: Sanitizing

    @Test("sanitized", arguments: [
        ("Buy milk", "Buy milk"),
        ("우유 사기", "우유 사기"),
        ("\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),
        ("a\nb", "a b"),
        ("a\r\nb", "a b"),
        ("a\rb", "a b"),
        ("a\n\nb", "a  b"),
        ("a\r\r\nb", "a  b"),
        ("a\tb", "a b"),
        ("a\u{0B}\u{0C}b", "a  b"),
        ("a\u{2028}b\u{2029}c\u{85}d", "a b c d"),
        ("\u{0}\u{1}\u{7}\u{1F}\u{7F}", "^@^A^G^_^?"),
        ("\u{9B}31m", "<U+009B>31m"),
        ("\u{80}\u{9F}", "<U+0080><U+009F>"),
        ("abc\u{202E}fed\u{202C}", "abcfed"),
        ("\u{202A}\u{202B}\u{202D}x\u{2066}\u{2067}\u{2068}y\u{2069}", "xy"),
        ("우유\n사기\u{1B}", "우유 사기^["),
        ("👨‍👩‍👧 e\u{301} \u{200B}", "👨‍👩‍👧 e\u{301} \u{200B}"),
        ("", ""),
    ])
    func sanitizedText(_ text: String, _ expected: String) {
        let result = TerminalText.sanitized(text)
        #expect(result == expected)
        #expect(result.unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(TerminalText.sanitized(text[...]) == expected)
    }

    @Test("sanitized text holds no controls and is stable", arguments: 0..<40)
    func sanitizedHasNoControls(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1_000)
        for _ in 0..<50 {
            let text = TextSamples.randomText(using: &generator, maxPieces: 12)
            let result = TerminalText.sanitized(text)
            let unsafe = result.unicodeScalars.filter { scalar in
                let value = scalar.value
                return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028
                    || value == 0x2029 || (0x202A...0x202E).contains(value)
                    || (0x2066...0x2069).contains(value)
            }
            #expect(unsafe.isEmpty, "\(text.unicodeScalars.map(\.value))")
            #expect(TerminalText.sanitized(result) == result)
        }
    }

    // MARK: Cutting and padding

    @Test("truncated", arguments: [
        ("Buy milk", -3, ""),
        ("Buy milk", 0, ""),
        ("Buy milk", 1, "…"),
        ("Buy milk", 2, "B…"),
        ("Buy milk", 5, "Buy …"),
        ("Buy milk", 7, "Buy mi…"),
        ("Buy milk", 8, "Buy milk"),
        ("Buy milk", 20, "Buy milk"),
        ("a", 1, "a"),
        ("ab", 1, "…"),
        ("우유 사기", 0, ""),
        ("우유 사기", 1, "…"),
        ("우유 사기", 2, "…"),
        ("우유 사기", 3, "우…"),
        ("우유 사기", 4, "우…"),
        ("우유 사기", 5, "우유…"),
        ("우유 사기", 8, "우유 사…"),
        ("우유 사기", 9, "우유 사기"),
        ("a우유", 1, "…"),
        ("a우유", 2, "a…"),
        ("a우유", 3, "a…"),
        ("a우유", 4, "a우…"),
        ("👨‍👩‍👧abc", 6, "…"),
        ("👨‍👩‍👧abc", 7, "👨‍👩‍👧…"),
        ("🇰🇷🇯🇵", 3, "🇰🇷…"),
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"),
        ("ＡＢＣ", 5, "ＡＢ…"),
    ])
    func truncatedText(_ text: String, _ width: Int, _ expected: String) {
        let result = TerminalText.truncated(text, toWidth: width)
        #expect(result.unicodeScalars.elementsEqual(expected.unicodeScalars), "got \(result)")
        #expect(TerminalText.width(of: result) <= max(width, 0))
    }

    @Test("truncated never exceeds the width nor splits a character", arguments: 0..<40)
    func truncatedProperties(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 2_000)
        for _ in 0..<30 {
            let text = TerminalText.sanitized(TextSamples.randomText(using: &generator, maxPieces: 10))
            let full = TerminalText.width(of: text)
            for width in 0...12 {
                let result = TerminalText.truncated(text, toWidth: width)
                let shown = TerminalText.width(of: result)
                #expect(shown <= width)
                if width == 0 {
                    #expect(result.isEmpty)
                } else if full <= width {
                    #expect(result == text)
                } else {
                    #expect(result.last == "…")
                    let kept = result.dropLast()
                    #expect(text.unicodeScalars.starts(with: kept.unicodeScalars))
                    // The cut is as late as possible: the next character did not fit.
                    let next = try #require(text.unicodeScalars.count > kept.unicodeScalars.count
                        ? text[text.unicodeScalars.index(text.startIndex, offsetBy: kept.unicodeScalars.count)...].first
                        : nil)
                    #expect(shown - 1 + TerminalText.width(of: next) > width - 1)
                }
            }
        }
    }

    @Test("truncated cuts where a walk over the grapheme clusters cuts", arguments: 0..<40)
    func truncatedMatchesClusterWalk(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 3_000)
        for round in 0..<40 {
            let pieces = round.isMultiple(of: 2) ? TextSamples.pieces : TextSamples.plainPieces
            let text = TextSamples.randomText(using: &generator, maxPieces: 10, from: pieces)
            for width in 1...14 {
                let result = TerminalText.truncated(text, toWidth: width)
                #expect(Array(result.unicodeScalars) == Array(Self.clusterWalk(text, width).unicodeScalars),
                        "\(text.unicodeScalars.map(\.value)) at \(width)")
            }
        }
    }

    /// The plain definition of `truncated`: keep whole characters while they and the
    /// ellipsis fit.
    static func clusterWalk(_ text: String, _ width: Int) -> String {
        if TerminalText.width(of: text) <= width { return text }
        var kept = ""
        var used = 0
        for character in text {
            let characterWidth = TerminalText.width(of: character)
            if used + characterWidth > width - 1 { break }
            kept.append(character)
            used += characterWidth
        }
        return kept + "…"
    }

    @Test("padded", arguments: [
        ("abc", 5, TerminalText.Alignment.left, "abc  "),
        ("abc", 5, .right, "  abc"),
        ("abc", 3, .left, "abc"),
        ("abcdef", 4, .left, "abc…"),
        ("abcdef", 4, .right, "abc…"),
        ("우유", 5, .left, "우유 "),
        ("우유", 5, .right, " 우유"),
        ("우유 사기", 4, .left, "우… "),
        ("우유 사기", 4, .right, " 우…"),
        ("우유", 1, .left, "…"),
        ("우", 1, .left, "…"),
        ("", 3, .left, "   "),
        ("abc", 0, .left, ""),
        ("abc", -1, .right, ""),
    ])
    func paddedText(_ text: String, _ width: Int, _ alignment: TerminalText.Alignment, _ expected: String) {
        let result = TerminalText.padded(text, toWidth: width, alignment: alignment)
        #expect(result == expected)
        #expect(TerminalText.width(of: result) == max(width, 0))
    }
}

// MARK: - Test data

/// Pieces of text in many scripts, with the troublesome scalars the width and sanitizing
/// rules care about.
enum TextSamples {
    static let pieces: [String] = [
        "Buy milk", "a", " ", "call Mom", "#12", "2026-12-01",
        "우유 사기", "한", "가", "\u{1100}\u{1161}\u{11A8}", "\u{1100}", "\u{11A8}", "가\u{11A8}",
        "日本語", "テキスト", "ｶﾀｶﾅ", "ＡＢＣ", "\u{3000}",
        "Ελληνικά", "Русский", "עברית", "العربية", "\u{0600}", "\u{0915}\u{093F}",
        "👍", "👍🏽", "🏽", "👨‍👩‍👧", "🏳️‍🌈", "🇰🇷", "🇰", "❤️", "❤", "☺", "1️⃣", "©",
        "e\u{301}", "\u{301}", "\u{200B}", "\u{200D}", "\u{FE0F}", "\u{FEFF}", "\u{AD}",
        "\n", "\r", "\r\n", "\t", "\u{1B}[31m", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}",
        "\u{2028}", "\u{202E}", "\u{2066}", "\u{2069}",
    ]

    /// Pieces without scalars that start emoji sequences or CR LF, which the byte-level
    /// fast paths of `TerminalText` handle without grapheme breaking.
    static let plainPieces: [String] = [
        "Buy", " ", "milk", "우유", "사기", "가", "\u{1100}", "\u{1161}", "\u{11A8}", "日本",
        "語", "e\u{301}", "\u{301}", "\u{0600}", "\u{0915}\u{094D}", "\u{0937}", "\u{200B}",
        "Ω", "ＡＢ", "\u{3000}", "\u{3099}", "\u{AD}",
    ]

    static func randomText(using generator: inout SeededGenerator, maxPieces: Int,
                           from pieces: [String] = pieces) -> String {
        let count = Int.random(in: 0...maxPieces, using: &generator)
        var text = ""
        for _ in 0..<count {
            text += pieces.randomElement(using: &generator) ?? ""
        }
        return text
    }
}

@Suite("Emoji written for the terminal UI")
struct UnjoinedEmojiTests {
    @Test("emoji joined by U+200D are written as their parts, measured the same; other joiners stay", arguments: [
        ("Family 👩‍👩‍👧!", "Family 👩👩👧!"), ("🏳️‍🌈", "🏳️🌈"), ("🧑🏽‍💻", "🧑🏽💻"),
        ("क्‍ष", "क्‍ष"), ("a\u{200D}b", "a\u{200D}b"), ("plain", "plain"),
    ])
    func unjoinedEmoji(text: String, expected: String) {
        let unjoined = TerminalText.unjoinedEmoji(text)
        #expect(unjoined.unicodeScalars.elementsEqual(expected.unicodeScalars))
        #expect(TerminalText.width(of: unjoined) == TerminalText.width(of: text))
    }
}


@Suite("TerminalText.wrapped: messages broken into lines of a width")
struct TerminalTextWrappingTests {
    @Test("lines break at spaces, a word wider than a line by characters, a wide character whole", arguments: [
        ("cannot read 'x' as a date", 12, ["cannot read", "'x' as a", "date"]),
        ("short", 40, ["short"]),
        ("", 10, [""]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("우유 사기 🥛 두 개", 5, ["우유", "사기", "🥛 두", "개"]),
        ("우유사기", 3, ["우", "유", "사", "기"]),
        ("a  b", 10, ["a  b"]),
        ("one two", 3, ["one", "two"]),
    ])
    func wraps(text: String, width: Int, lines: [String]) {
        let wrapped = TerminalText.wrapped(text, toWidth: width)
        #expect(wrapped == lines)
        #expect(wrapped.allSatisfy { TerminalText.width(of: $0) <= width }, "\(wrapped)")
        // Nothing but the spaces that broke a line is lost.
        #expect(wrapped.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }
}
