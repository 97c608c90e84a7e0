import CSQLite
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
enum SearchText {
    /// `text` folded for search.
    /// - Complexity: O(n) in the length of `text`.
    static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
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

    /// `tags` (a `tags` column's JSON array) as the full-text index holds them: each tag
    /// folded, one a line; nil for none (or a column that is not an array of strings).
    /// - Complexity: O(n) in the length of `tags`.
    static func foldedTags(_ tags: String) -> String? {
        guard let tags = JSONColumns.tags(tags), !tags.isEmpty else { return nil }
        return tags.map(folded).joined(separator: "\n")
    }

    /// Registers Tick's search functions on a connection: `tick_search_text(x)`,
    /// `folded(x)` for text, and `tick_search_tags(tags)`, `foldedTags(tags)`; NULL for
    /// NULL. The search index's triggers, its view and the indexes of folded tags and
    /// titles call them (schema versions 5 and 9), so every connection registers them
    /// before anything else (https://sqlite.org/c3ref/create_function.html). They are
    /// deterministic and innocuous, as an index on an expression requires.
    /// - Returns: the SQLite result code (of the first that failed).
    static func register(on handle: OpaquePointer) -> Int32 {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let text = sqlite3_create_function_v2(handle, "tick_search_text", 1, flags, nil, { context, count, values in
            SearchText.result(context, count, values, SearchText.folded)
        }, nil, nil, nil)
        guard text == SQLITE_OK else { return text }
        return sqlite3_create_function_v2(handle, "tick_search_tags", 1, flags, nil, { context, count, values in
            SearchText.result(context, count, values, SearchText.foldedTags)
        }, nil, nil, nil)
    }

    /// Sets the result of a call of one of the functions: `transform` of its one text
    /// argument, NULL for NULL (or when `transform` gives nil).
    private static func result(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
                               _ transform: (String) -> String?) {
        guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
              let bytes = sqlite3_value_text(value) else {
            sqlite3_result_null(context)
            return
        }
        let length = Int(sqlite3_value_bytes(value))
        guard var result = transform(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)) else {
            sqlite3_result_null(context)
            return
        }
        result.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                tick_sqlite3_result_text_transient(context, characters.baseAddress, Int32(characters.count))
            }
        }
    }
}
