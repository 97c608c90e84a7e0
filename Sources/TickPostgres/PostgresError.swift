/// Why a PostgreSQL operation failed: the one public error type of TickPostgres.
///
/// It carries the server's SQLSTATE and primary message and the SQL text of the
/// statement, never the values bound to it and never a password: a connection URL is
/// shown only through `PostgresURL.redacted(_:)`.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: Sendable, Equatable {
        /// libpq could not be loaded (`SharedLibraryError`'s text: which library, and the
        /// Debian package that brings it).
        case missingLibrary
        /// The connection URL cannot be read (libpq's `PQconninfoParse` refused it).
        case badURL
        /// No connection could be made, or it was lost.
        case connection
        /// The server refused a statement; `sqlState` says why.
        case server
        /// A parameter PostgreSQL cannot take in text form (a NUL character).
        case badParameter
        /// A value in a result cannot be read as the type asked for.
        case unreadableValue
        /// No pooled connection became free in time.
        case poolTimeout
        /// The database was migrated by a newer Tick, or a shipped migration was changed.
        case schemaMismatch
        /// What a statement needs is not there for the user (a reminder to move, a first list).
        case notFound
    }

    public var kind: Kind
    /// The five-character SQLSTATE (`23505` unique violation, `40001` serialization
    /// failure, `42P01` undefined table; PostgreSQL manual, Appendix A), for `.server`.
    public var sqlState: String?
    /// The message: the server's primary message, or Tick's words.
    public var message: String
    /// The server's detail line, when it sent one. Not part of `description`: it may
    /// quote stored values (`Key (name)=(ann) already exists`).
    public var detail: String?
    /// The constraint a statement violated, when the server names one.
    public var constraint: String?
    /// The statement's SQL text (placeholders, not values), when one was running.
    public var sql: String?

    public init(_ kind: Kind, message: String, sqlState: String? = nil, detail: String? = nil,
                constraint: String? = nil, sql: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.constraint = constraint
        self.sql = sql
    }

    public var description: String {
        var text = message
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let sql { text += " in: " + sql.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ") }
        return text
    }

    /// Whether the statement lost a race with another transaction and may be retried
    /// (40001 serialization failure, 40P01 deadlock).
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// Whether a unique constraint refused the row (23505).
    public var isUniqueViolation: Bool { sqlState == "23505" }

    /// Whether a lock was not had in time (55P03 `lock_not_available`: `lock_timeout`, or
    /// Tick's own bounded wait for a lock): the request may be tried again shortly.
    public var isLockNotAvailable: Bool { sqlState == "55P03" }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
