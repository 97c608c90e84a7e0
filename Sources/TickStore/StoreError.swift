import CSQLite
import Glibc

/// Why the store could not do what was asked. The one public error type of TickStore.
///
/// Carries the SQLite extended result code and the SQL text when SQLite reported the
/// failure, never the values bound to it (they may be the user's titles and notes).
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broad reason, for callers that react differently (e.g. exit codes).
    public enum Kind: Equatable, Sendable {
        /// The file exists but is not an SQLite database, or is an SQLite database that
        /// another program owns.
        case notATickDatabase
        /// The database was written by a newer Tick (its schema version is higher).
        case newerSchema(found: Int, supported: Int)
        /// SQLite found the file damaged (SQLITE_CORRUPT, SQLITE_NOTADB in a used file).
        case damaged
        /// Another process held the database locked for longer than the busy timeout.
        case busy
        /// A rule of the schema refused the change (unique name, foreign key, check).
        case constraint
        /// The file or its folder could not be created, opened, read or written.
        case io
        /// The disk (or the file-size limit) has no room for what had to be written
        /// (SQLITE_FULL, ENOSPC, EFBIG). Nothing of the failed change was kept.
        case diskFull
        /// What was asked for is not in the database (a reminder or list by its key).
        case notFound
        /// A stored value cannot be read back: `table`, the row (`number 12`,
        /// `id '…'`) and the column say where. Nothing is defaulted and nothing is
        /// written over it; the row stays as it is until it is repaired by hand.
        case unreadableValue(table: String, row: String, column: String)
        /// Any other SQLite failure.
        case sqlite
    }

    /// The broad reason.
    public var kind: Kind
    /// What failed, in words a user can act on.
    public var message: String
    /// The SQLite extended result code, when SQLite reported the failure
    /// (https://sqlite.org/rescode.html).
    public var extendedCode: Int32?
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(kind: Kind, message: String, extendedCode: Int32? = nil, sql: String? = nil) {
        self.kind = kind
        self.message = message
        self.extendedCode = extendedCode
        self.sql = sql
    }

    /// Builds an error from an SQLite result code and the connection's last message.
    init(code: Int32, connection: OpaquePointer?, sql: String?) {
        let primary = code & 0xFF
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        let kind: Kind
        switch primary {
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .busy
        case SQLITE_CONSTRAINT: kind = .constraint
        case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .damaged
        case SQLITE_FULL: kind = .diskFull
        case SQLITE_IOERR where StoreError.isOutOfSpace(connection):
            kind = .diskFull
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: kind = .io
        default: kind = .sqlite
        }
        var message = text
        if kind == .diskFull {
            let limited = connection.map { sqlite3_system_errno($0) == EFBIG } ?? false
            message = limited ? "the file-size limit (ulimit -f) is reached (\(text))" : "the disk is full (\(text))"
        }
        self.init(kind: kind, message: message, extendedCode: code, sql: sql)
    }

    /// Whether an I/O error was the disk running out of room. SQLite reports a write
    /// that found no space as SQLITE_FULL, but a failed `ftruncate`/`fallocate` of its
    /// shared-memory or journal file as an SQLITE_IOERR_* whose errno is ENOSPC or
    /// EFBIG (the file-size limit) (https://sqlite.org/rescode.html#ioerr).
    static func isOutOfSpace(_ connection: OpaquePointer?) -> Bool {
        guard let connection else { return false }
        let error = sqlite3_system_errno(connection)
        return error == ENOSPC || error == EFBIG || error == EDQUOT
    }

    /// A value of `column` in `table` at `row` that cannot be read back.
    /// - Parameters:
    ///   - row: which row, by its key (`number 12`, `id '…'`); never user text.
    ///   - reason: what is wrong with the value, without the value itself when it may
    ///     be the user's text.
    static func unreadable(table: String, row: String, column: String, _ reason: String) -> StoreError {
        StoreError(kind: .unreadableValue(table: table, row: row, column: column),
                   message: "\(table) \(row): the column \(column) cannot be read (\(reason)); the row was left as it is")
    }

    public var description: String {
        var text = message
        if let extendedCode { text += " (SQLite code \(extendedCode))" }
        return text
    }
}
