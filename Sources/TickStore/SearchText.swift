import CSQLite
import Foundation
import TickModel

/// Tick's search functions in SQLite, folding text as `SearchFolding` does (TickModel):
/// both what is indexed and what is looked for are folded the same way.
enum SearchText {
    /// `tags` (a `tags` column's JSON array) as the full-text index holds them: each tag
    /// folded, one a line; nil for none (or a column that is not an array of strings).
    /// - Complexity: O(n) in the length of `tags`.
    static func foldedTags(_ tags: String) -> String? {
        JSONColumns.tags(tags).flatMap(SearchFolding.foldedTags)
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
            if SearchText.resultFoldedAsItIs(context, count, values) { return }
            SearchText.result(context, count, values, SearchFolding.folded)
        }, nil, nil, nil)
        guard text == SQLITE_OK else { return text }
        return sqlite3_create_function_v2(handle, "tick_search_tags", 1, flags, nil, { context, count, values in
            SearchText.result(context, count, values, SearchText.foldedTags)
        }, nil, nil, nil)
    }

    /// Sets the result of `tick_search_text` from the argument's bytes when
    /// `SearchFolding.foldedAsItIs(_:)` folds them without a `String` (the search index of an
    /// import of 100,000 reminders is rebuilt through this).
    /// - Returns: false, having set nothing, when it cannot (or for an empty or NULL argument).
    private static func resultFoldedAsItIs(_ context: OpaquePointer?, _ count: Int32,
                                           _ values: UnsafeMutablePointer<OpaquePointer?>?) -> Bool {
        guard count == 1, let value = values?[0], sqlite3_value_type(value) == SQLITE_TEXT,
              let bytes = sqlite3_value_text(value), sqlite3_value_bytes(value) > 0,
              let folded = SearchFolding.foldedAsItIs(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
        else { return false }
        folded.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                tick_sqlite3_result_text_transient(context, characters.baseAddress, Int32(characters.count))
            }
        }
        return true
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
