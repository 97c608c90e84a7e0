/// The rows a statement returned, copied out of libpq's result (which is cleared before
/// `execute` returns), in text format.
public struct PostgresRows: Sendable, RandomAccessCollection {
    /// The column names, in order.
    public let columns: [String]
    /// Each column's index by name, made once for every row's lookups.
    let indexByName: [String: Int]
    /// Every value, row by row; nil is SQL NULL.
    let values: [String?]
    /// Rows changed by an INSERT, UPDATE or DELETE (`PQcmdTuples`); 0 for other statements.
    public let affectedRows: Int
    /// The statement's SQL text, for errors.
    let sql: String

    init(columns: [String], values: [String?], affectedRows: Int, sql: String) {
        self.columns = columns
        self.values = values
        self.affectedRows = affectedRows
        self.sql = sql
        // A name given twice (two tables' `id`) finds its first column, as `firstIndex` would.
        indexByName = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { columns.isEmpty ? 0 : values.count / columns.count }

    public subscript(position: Int) -> PostgresRow {
        precondition(indices.contains(position), "row \(position) out of range")
        return PostgresRow(rows: self, index: position)
    }

    /// The index of a column by name; a missing column is a programmer error.
    func columnIndex(_ name: String) -> Int {
        guard let index = indexByName[name] else {
            preconditionFailure("no column \(name) in the result of: \(sql)")
        }
        return index
    }
}

/// One row of `PostgresRows`, read by column name with typed accessors that throw for a
/// value of the wrong shape (naming the row and column) instead of defaulting.
public struct PostgresRow: Sendable {
    let rows: PostgresRows
    /// The row's position in its result, from 0.
    public let index: Int

    /// The raw text of `column`, nil for NULL.
    public func text(_ column: String) -> String? {
        rows.values[index * rows.columns.count + rows.columnIndex(column)]
    }

    /// The raw text of the column at `position` (from 0, as in `PostgresRows.columns`), nil
    /// for NULL: for reading many rows by positions looked up once (`columnIndex`).
    func text(at position: Int) -> String? {
        rows.values[index * rows.columns.count + position]
    }

    /// The value of the column at `position` as `T`.
    /// - Throws: `PostgresError.unreadableValue` when it is NULL or cannot be read as `T`.
    func decode<T: PostgresDecodable>(at position: Int, as type: T.Type = T.self) throws(PostgresError) -> T {
        guard let value = try decodeIfPresent(at: position, as: type) else {
            throw PostgresError(.unreadableValue, message: "row \(index + 1): the column \(rows.columns[position]) is NULL", sql: rows.sql)
        }
        return value
    }

    /// The value of the column at `position` as `T`, nil for NULL.
    /// - Throws: `PostgresError.unreadableValue` when it cannot be read as `T`.
    func decodeIfPresent<T: PostgresDecodable>(at position: Int, as type: T.Type = T.self) throws(PostgresError) -> T? {
        guard let text = text(at: position) else { return nil }
        guard let value = T(postgresText: text) else {
            throw PostgresError(.unreadableValue, message: "row \(index + 1): the column \(rows.columns[position]) cannot be read as \(T.self)",
                                sql: rows.sql)
        }
        return value
    }

    /// The value of `column` as `T`.
    /// - Throws: `PostgresError.unreadableValue` when it is NULL or cannot be read as `T`.
    public func decode<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws(PostgresError) -> T {
        try decode(at: rows.columnIndex(column), as: type)
    }

    /// The value of `column` as `T`, nil for NULL.
    /// - Throws: `PostgresError.unreadableValue` when it cannot be read as `T`.
    public func decodeIfPresent<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws(PostgresError) -> T? {
        try decodeIfPresent(at: rows.columnIndex(column), as: type)
    }
}
