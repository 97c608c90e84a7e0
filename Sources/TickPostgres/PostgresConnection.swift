import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq.
///
/// Not Sendable: a libpq connection may be used by one thread at a time
/// (https://www.postgresql.org/docs/current/libpq-threading.html). Share connections
/// between threads through a `PostgresPool`, which hands each to one caller at a time.
/// The connection is closed (`PQfinish`) when the value is released.
///
/// Every statement is sent with `PQexecParams`: values travel as parameters (`$1`, `$2`),
/// never inside the SQL text, and each result is copied out and cleared at once.
public final class PostgresConnection {
    /// libpq's `PGconn *`.
    private let handle: OpaquePointer

    /// Connects to the server a URL names and sets the session up for Tick: UTF-8,
    /// `TimeZone=UTC`, `DateStyle=ISO` (what `Date`'s text form expects), and server
    /// notices (`… already exists, skipping`) kept off standard error.
    ///
    /// - Parameter url: `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?PARAM=VALUE…]`, or a
    ///   `key=value` connection string; libpq reads it (and the `PG…` environment
    ///   variables and `~/.pgpass` for what it leaves out).
    /// - Throws: `PostgresError.badURL` when libpq cannot read `url`; `.connection` with
    ///   libpq's reason when the server cannot be reached or refuses the login. Neither
    ///   message holds the password.
    public init(url: String) throws(PostgresError) {
        try PostgresConnection.checkSyntax(of: url)
        guard let handle = PQconnectdb(url) else {
            throw PostgresError(.connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = PostgresConnection.message(of: handle)
            PQfinish(handle)
            throw PostgresError(.connection, message: "cannot connect to PostgreSQL at \(PostgresURL.redacted(url)): "
                                + PostgresConnection.redacting(reason, from: url))
        }
        self.handle = handle
        // A notice (NOTICE, WARNING) would otherwise be printed on standard error by libpq.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        guard PQsetClientEncoding(handle, "UTF8") == 0 else {
            let reason = PostgresConnection.message(of: handle)
            throw PostgresError(.connection, message: "cannot set the client encoding to UTF-8: \(reason)")
        }
        try execute("SELECT set_config('TimeZone', 'UTC', false), set_config('DateStyle', 'ISO, YMD', false)")
    }

    deinit { PQfinish(handle) }

    /// Checks that libpq can read `url`, without connecting.
    /// - Throws: `PostgresError.badURL` with libpq's reason (the password left out).
    public static func checkSyntax(of url: String) throws(PostgresError) {
        var reason: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &reason) else {
            let text = reason.map { String(cString: $0) } ?? "out of memory"
            if let reason { PQfreemem(reason) }
            throw PostgresError(.badURL, message: "the database URL \(PostgresURL.redacted(url)) cannot be read: "
                                + redacting(text, from: url))
        }
        PQconninfoFree(options)
    }

    /// The server's version number (`150018` for 15.18).
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// Whether the connection is still usable (it was not lost).
    public var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether the connection is outside any transaction block.
    public var isIdle: Bool { PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// The server process's id, as `PostgresNotification.processID` reports a sender.
    public var backendProcessID: Int32 { PQbackendPID(handle) }

    /// Runs one statement with `parameters` bound to `$1`, `$2`, … in text format.
    ///
    /// - Parameters:
    ///   - sql: one SQL statement; placeholders `$1` … for every value that comes from
    ///     outside the program.
    ///   - parameters: the values (`String`, integers, `Bool`, `Double`, `Date`, `Data`,
    ///     or optionals of them; nil is NULL).
    /// - Returns: the rows (empty for a statement that returns none).
    /// - Throws: `PostgresError.badParameter` for a text value holding a NUL character
    ///   (nothing is sent); `.server` with the SQLSTATE when the server refuses;
    ///   `.connection` when the connection is lost.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [any PostgresEncodable] = []) throws(PostgresError) -> PostgresRows {
        var texts: [String?] = []
        texts.reserveCapacity(parameters.count)
        for (index, parameter) in parameters.enumerated() {
            let text = parameter.postgresText
            if let text, text.utf8.contains(0) {
                throw PostgresError(.badParameter, message: "parameter $\(index + 1) holds a NUL character, which PostgreSQL text cannot hold",
                                    sql: sql)
            }
            texts.append(text)
        }
        // libpq needs C strings that live until PQexecParams returns.
        let copies: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let result: OpaquePointer? = copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                PQexecParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
            }
        }
        guard let result else {
            throw PostgresError(.connection, message: "PostgreSQL did not answer: " + PostgresConnection.message(of: handle), sql: sql)
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PostgresConnection.rows(of: result, sql: sql)
        default:
            throw error(from: result, sql: sql)
        }
    }

    /// `name` quoted as an SQL identifier by libpq (`PQescapeIdentifier`), for the few
    /// places SQL cannot take a parameter: `LISTEN`, `CREATE DATABASE`.
    /// - Throws: `PostgresError.badParameter` when libpq refuses it (a NUL, bad encoding).
    public func quotedIdentifier(_ name: String) throws(PostgresError) -> String {
        guard !name.utf8.contains(0), let quoted = PQescapeIdentifier(handle, name, name.utf8.count) else {
            throw PostgresError(.badParameter, message: "the name cannot be used as an SQL identifier: " + PostgresConnection.message(of: handle))
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }

    // MARK: - Internals

    /// libpq's socket, for waiting on notifications.
    var socket: Int32 { PQsocket(handle) }

    /// Reads what the server sent without blocking; false when the connection failed.
    func consumeInput() -> Bool { PQconsumeInput(handle) == 1 }

    /// The next notification libpq has read, if any.
    func nextNotification() -> PostgresNotification? {
        guard let notify = PQnotifies(handle) else { return nil }
        defer { PQfreemem(notify) }
        return PostgresNotification(channel: String(cString: notify.pointee.relname),
                                    payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
                                    processID: notify.pointee.be_pid)
    }

    /// The connection's last error message, without its trailing newline.
    var lastMessage: String { PostgresConnection.message(of: handle) }

    private static func message(of handle: OpaquePointer) -> String {
        guard let text = PQerrorMessage(handle) else { return "unknown error" }
        var message = String(cString: text)
        while message.last?.isNewline == true { message.removeLast() }
        return message.isEmpty ? "unknown error" : message
    }

    /// `message` with any password written in `url` taken out (libpq quotes bad URL parts).
    private static func redacting(_ message: String, from url: String) -> String {
        var text = message
        for secret in PostgresURL.passwords(in: url) where !secret.isEmpty && text.contains(secret) {
            text = text.components(separatedBy: secret).joined(separator: "***")
        }
        return text
    }

    private static func rows(of result: OpaquePointer, sql: String) -> PostgresRows {
        let rowCount = Int(PQntuples(result)), columnCount = Int(PQnfields(result))
        let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        var values: [String?] = []
        values.reserveCapacity(rowCount * columnCount)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(columnCount) {
                values.append(PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
            }
        }
        let affected = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return PostgresRows(columns: columns, values: values, affectedRows: affected, sql: sql)
    }

    private func error(from result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        guard let state = field(tick_pq_diag_sqlstate()) else {
            let kind: PostgresError.Kind = isUsable ? .server : .connection
            return PostgresError(kind, message: PostgresConnection.message(of: handle), sql: sql)
        }
        return PostgresError(.server, message: field(tick_pq_diag_message()) ?? PostgresConnection.message(of: handle),
                             sqlState: state, detail: field(tick_pq_diag_detail()),
                             constraint: field(tick_pq_diag_constraint()), sql: sql)
    }
}
