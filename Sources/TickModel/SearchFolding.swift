import Foundation

/// The form text is searched in: both what is indexed and what is looked for are folded
/// the same way, so that a search finds text as people mean it.
///
/// Folding (schema version 9) is, in order: NFKD (Unicode UAX #15: compatibility forms
/// become plain letters, `ﬁ` → `fi`, fullwidth `Ａ` → `A`, and accented letters split
/// into a letter and its marks), Unicode full case folding (`Straße` → `strasse`, `ΟΔΟΣ`
/// → `οδοσ`), dropping the accents (the combining marks of the blocks that hold Latin,
/// Greek and Cyrillic diacritics, U+0300–036F, U+1AB0–1AFF, U+1DC0–1DFF, U+20D0–20FF,
/// U+FE20–FE2F: `Café` → `cafe`, `Résumé` → `resume`, `Tiếng Việt` → `tieng viet`),
/// a few letters that are written with a stroke or as a ligature and have no
/// decomposition (`ø` → `o`, `đ` → `d`, `ł` → `l`, `ħ` → `h`, `ŧ` → `t`, `ı` → `i`,
/// `æ` → `ae`, `œ` → `oe`), and NFC at the end. Marks that make a different letter in
/// other scripts are kept (Japanese `が` stays `が`, not `か`; Hebrew, Arabic and Indic
/// marks stay), and NFC puts back together what NFKD split and was not dropped: Korean
/// syllables are indexed as syllables, never as jamo. ASCII text is only lowercased,
/// without being decoded.
public enum SearchFolding {
    /// `text` folded for search.
    /// - Complexity: O(n) in the length of `text`.
    public static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        if text.unicodeScalars.allSatisfy(isFoldedAsItIs) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                scalars.append(0x41...0x5A ~= scalar.value ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar)
            }
            return String(scalars)
        }
        return foldedThroughUnicode(text)
    }

    /// `folded(_:)` of UTF-8 `bytes` whose scalars all fold as they are
    /// (`isFoldedAsItIs`), done on the bytes: ASCII letters lowercased, the rest copied.
    /// Nil for other text and for bytes that are not UTF-8 (fold those through `folded`).
    /// - Complexity: O(n) in the number of bytes.
    public static func foldedAsItIs(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): if !isFoldedAsItIs(scalar) { return nil }
                case .emptyInput: return bytes.map(lowercasedASCII)
                case .error: return nil
                }
            }
        }
        return bytes.map(lowercasedASCII)
    }

    private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether the fold leaves `scalar` as it is wherever it stands (an ASCII letter is only
    /// lowercased): ASCII, Hangul syllables (NFKD splits them into jamo and NFC puts them back),
    /// CJK unified ideographs, hiragana and katakana letters (a voiced kana splits and comes
    /// back whole), the emoji blocks (U+1F300–1FAFF), ZERO WIDTH JOINER and VARIATION
    /// SELECTOR-16, none of which has a compatibility decomposition, a case folding or a mark
    /// that is dropped. A text of these alone (most titles in Korean, Chinese, Japanese or with
    /// emoji) is folded without Foundation's normalization; `SearchFoldingTests` compares every
    /// scalar of these ranges with the full fold.
    static func isFoldedAsItIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x7F, 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0x1F300...0x1FAFF, 0x200D, 0xFE0F:
            return true
        default:
            return false
        }
    }

    /// The fold of the type's comment, step by step through Foundation's normalization.
    static func foldedThroughUnicode(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCompatibilityMapping.folding(options: .caseInsensitive, locale: nil)
        var scalars = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars {
            switch scalar.value {
            case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: continue
            case 0x00F8: scalars.append("o") // ø
            case 0x0111: scalars.append("d") // đ
            case 0x0142: scalars.append("l") // ł
            case 0x0127: scalars.append("h") // ħ
            case 0x0167: scalars.append("t") // ŧ
            case 0x0131: scalars.append("i") // ı
            case 0x00E6: scalars.append(contentsOf: "ae".unicodeScalars) // æ
            case 0x0153: scalars.append(contentsOf: "oe".unicodeScalars) // œ
            default: scalars.append(scalar)
            }
        }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// `tags` as a search reads them: each tag folded, one a line; nil for none.
    /// - Complexity: O(n) in the length of the tags.
    public static func foldedTags(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.map(folded).joined(separator: "\n")
    }
}
