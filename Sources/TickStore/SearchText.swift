import CSQLite
import Foundation

/// The form text is searched in: both what is indexed and what is looked for are folded
/// the same way, so that a search finds text as people mean it.
///
/// Folding is Unicode full case folding (`Straße` → `strasse`, `ΟΔΟΣ` → `οδοσ`) followed
/// by NFKC normalization (Unicode UAX #15: NFC and NFD `Café` alike, `ﬁ` → `fi`,
/// fullwidth `Ａ` → `a`). ASCII text is only lowercased, without being decoded.
enum SearchText {
    /// `text` folded for search.
    /// - Complexity: O(n) in the length of `text`.
    static func folded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: .caseInsensitive, locale: nil).precomposedStringWithCompatibilityMapping
    }

    /// The SQL function `tick_search_text(x)`: `folded(x)` for text, NULL for NULL. The
    /// search index's triggers and view call it (schema version 5), so every connection
    /// registers it before anything else (https://sqlite.org/c3ref/create_function.html).
    /// - Returns: the SQLite result code.
    static func register(on handle: OpaquePointer) -> Int32 {
        sqlite3_create_function_v2(handle, "tick_search_text", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                   nil, { context, count, values in
            guard count == 1, let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL,
                  let bytes = sqlite3_value_text(value) else {
                sqlite3_result_null(context)
                return
            }
            let length = Int(sqlite3_value_bytes(value))
            let text = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
            var folded = SearchText.folded(text)
            folded.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    tick_sqlite3_result_text_transient(context, characters.baseAddress, Int32(characters.count))
                }
            }
        }, nil, nil, nil)
    }
}
