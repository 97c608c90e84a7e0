import CSQLite

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
        /// Any other SQLite failure.
        case sqlite
    }

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
        case SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM: kind = .io
        default: kind = .sqlite
        }
        self.init(kind: kind, message: text, extendedCode: code, sql: sql)
    }

    public var description: String {
        var text = message
        if let extendedCode { text += " (SQLite code \(extendedCode))" }
        return text
    }
}
