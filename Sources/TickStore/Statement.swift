import CSQLite
import Foundation

/// A value bound to a `?` parameter of a statement.
public enum SQLValue: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// `.text` for a value, `.null` for nil.
    public static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
}

/// A prepared statement (https://sqlite.org/c3ref/stmt.html). Not Sendable: it belongs
/// to the `Database` that prepared it and lives only inside a `read`/`write` closure.
public final class Statement {
    let handle: OpaquePointer
    let sql: String
    unowned let database: Database
    /// The UTF-8 bytes of the text values bound last, one after another. SQLite reads
    /// them in place (`SQLITE_STATIC`), so they live until the next `bind(_:)` or the
    /// end of the statement: one allocation per bind instead of one per value.
    private var textBytes: UnsafeMutableRawBufferPointer?

    /// Prepares `sql`; `persistent` tells SQLite the statement will be kept and reused
    /// (https://sqlite.org/c3ref/c_prepare_normalize.html#sqlitepreparepersistent).
    init(database: Database, sql: String, persistent: Bool) throws(StoreError) {
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = sqlite3_prepare_v3(database.handle, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw StoreError(code: code, connection: database.handle, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
        textBytes?.deallocate()
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    /// - Throws: `StoreError` when a value cannot be bound.
    /// - Complexity: O(n) in the number of values and the bytes of their text.
    func bind(_ values: [SQLValue]) throws(StoreError) {
        sqlite3_reset(handle)
        // After this SQLite holds no pointer into the previous text bytes.
        sqlite3_clear_bindings(handle)
        textBytes?.deallocate()
        textBytes = nil
        var byteCount = 0
        var hasText = false
        for case .text(let text) in values {
            byteCount += text.utf8.count
            hasText = true
        }
        // One byte more: "" (also the last value) must bind a non-NULL pointer inside the
        // buffer, or SQLite would bind NULL.
        let bytes = hasText ? UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount + 1, alignment: 1)
                            : UnsafeMutableRawBufferPointer(start: nil, count: 0)
        if hasText { textBytes = bytes }
        var offset = 0
        for (position, value) in values.enumerated() {
            let index = Int32(position + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .real(let v): code = sqlite3_bind_double(handle, index, v)
            case .text(var v):
                // withUTF8 lends the string's own bytes (no C string copy).
                let count = v.withUTF8 { buffer in
                    if !buffer.isEmpty {
                        UnsafeMutableRawBufferPointer(rebasing: bytes[offset..<(offset + buffer.count)])
                            .copyMemory(from: UnsafeRawBufferPointer(buffer))
                    }
                    return buffer.count
                }
                let start = (bytes.baseAddress.unsafelyUnwrapped + offset).bindMemory(to: CChar.self, capacity: max(count, 1))
                // A nil destructor is SQLITE_STATIC: SQLite reads the bytes where they are.
                code = sqlite3_bind_text(handle, index, start, Int32(count), nil)
                offset += count
            }
            guard code == SQLITE_OK else { throw StoreError(code: code, connection: database.handle, sql: sql) }
        }
    }

    /// Steps once. Returns true when a row is available, false when done.
    /// - Throws: `StoreError` on any SQLite failure (busy, constraint, corrupt …).
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = StoreError(code: code, connection: database.handle, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// The integer in column `index` (0-based) of the current row.
    func int(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    /// The real in column `index` (0-based) of the current row.
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// The value in column `index` of the current row, of the type SQLite stored (a blob as
    /// its bytes read as UTF-8 text).
    func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .integer(int(index))
        case SQLITE_FLOAT: .real(double(index))
        default: .text(text(index))
        }
    }

    /// Whether column `index` of the current row is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

    /// The text in column `index` of the current row; "" for NULL.
    func text(_ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the UTF-8 bytes of column `index` (empty for NULL), without
    /// making a String: the fast path for values parsed on every row (dates).
    func withBytes<T>(_ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        guard let bytes = sqlite3_column_text(handle, index) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))))
    }

    /// The text in column `index`, or nil for NULL.
    func optionalText(_ index: Int32) -> String? {
        isNull(index) ? nil : text(index)
    }

    /// The text in column `index` ("" for NULL), or `previous` itself when it holds the
    /// same text: a value that repeats from row to row (a list's ID in a listing) is
    /// then shared instead of allocated and validated again.
    /// - Complexity: O(n) in the length of the text.
    func text(_ index: Int32, reusing previous: String?) -> String {
        guard var previous else { return text(index) }
        let isSame = withBytes(index) { bytes in
            previous.withUTF8 { known in Statement.equal(known, bytes) }
        }
        return isSame ? previous : text(index)
    }

    /// Whether column `index` holds exactly the ASCII text `expected` (false for NULL),
    /// compared on its bytes without making a String.
    func isText(_ index: Int32, equalTo expected: StaticString) -> Bool {
        withBytes(index) { bytes in
            Statement.equal(bytes, UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount))
        }
    }

    /// Whether column `index` holds exactly `expected` (false for NULL unless `expected`
    /// is empty), compared on its bytes without making a String.
    func isText(_ index: Int32, equalTo expected: String) -> Bool {
        var expected = expected
        return expected.withUTF8 { known in withBytes(index) { Statement.equal(known, $0) } }
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true } // both empty
        return memcmp(first, second, a.count) == 0
    }
}
