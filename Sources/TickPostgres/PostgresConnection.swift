import CLibPQ
import Foundation

/// One connection to a PostgreSQL server through libpq.
///
/// Not Sendable: a libpq connection may be used by one thread at a time
/// (https://www.postgresql.org/docs/current/libpq-threading.html). Share connections
/// between threads through a `PostgresPool`, which hands each to one caller at a time.
/// The connection is closed (`PQfinish`) when the value is released.
///
/// Values travel as parameters (`$1`, `$2`), never inside the SQL text, and each result is
/// copied out and cleared at once. A statement that reads or changes rows (`SELECT`,
/// `INSERT`, `UPDATE`, `DELETE`, `WITH`) is prepared on the connection the first time it
/// runs there (`PQprepare`) and then only executed (`PQexecPrepared`): the server parses and
/// plans it once per connection, not once per request. Other statements (`BEGIN`, DDL) are
/// sent with `PQexecParams`.
public final class PostgresConnection {
    /// libpq's `PGconn *`.
    private let handle: OpaquePointer
    /// libpq's functions.
    private let pq: LibPQ
    /// The statements prepared in this connection's session: their names (`tick_1`, …) by
    /// their SQL text. Prepared statements outlive transactions, rolled back or not.
    private var prepared: [String: String] = [:]
    /// The `BEGIN …` of a transaction whose first statement has not been sent yet: it goes
    /// out with that statement in one round trip (`execute`, pipeline mode).
    var pendingBegin: String?
    /// How many statements `execute` ran on this connection (a statement sent with its
    /// transaction's `BEGIN` counts once), for callers that promise a number of them.
    public private(set) var statementsRun = 0
    /// The most statements kept prepared on one connection; a statement past them is sent
    /// with `PQexecParams` (Tick's statements are a few dozen fixed texts; this bounds what
    /// a text built at run time could make the server keep).
    public static let preparedLimit = 256

    /// Connects to the server a URL names and sets the session up for Tick: UTF-8,
    /// `TimeZone=UTC`, `DateStyle=ISO` (what `Date`'s text form expects), and server
    /// notices (`… already exists, skipping`) kept off standard error.
    ///
    /// - Parameter url: `postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?PARAM=VALUE…]`, or a
    ///   `key=value` connection string; libpq reads it (and the `PG…` environment
    ///   variables and `~/.pgpass` for what it leaves out).
    /// - Throws: `PostgresError.missingLibrary` when libpq cannot be loaded; `.badURL` when
    ///   libpq cannot read `url`; `.connection` with libpq's reason when the server cannot be
    ///   reached or refuses the login. No message holds the password.
    public init(url: String) throws(PostgresError) {
        let pq = try LibPQ.load()
        try PostgresConnection.checkSyntax(of: url, pq)
        guard let handle = PostgresConnection.connect(url, pq) else {
            throw PostgresError(.connection, message: "libpq could not allocate a connection")
        }
        guard pq.status(handle) == CONNECTION_OK else {
            let reason = PostgresConnection.message(of: handle, pq)
            pq.finish(handle)
            throw PostgresError(.connection, message: "cannot connect to PostgreSQL at \(PostgresURL.redacted(url)): "
                                + PostgresConnection.redacting(reason, from: url))
        }
        self.handle = handle
        self.pq = pq
        // A notice (NOTICE, WARNING) would otherwise be printed on standard error by libpq.
        _ = pq.setNoticeProcessor(handle, { _, _ in }, nil)
        guard pq.setClientEncoding(handle, "UTF8") == 0 else {
            let reason = PostgresConnection.message(of: handle, pq)
            throw PostgresError(.connection, message: "cannot set the client encoding to UTF-8: \(reason)")
        }
        try execute("SELECT set_config('TimeZone', 'UTC', false), set_config('DateStyle', 'ISO, YMD', false)")
    }

    deinit { pq.finish(handle) }

    /// Settings a connection takes unless its URL gives its own (libpq's defaults wait for
    /// ever): a server that does not answer fails the connection after 10 seconds, and one
    /// that stops answering is noticed within about a minute (TCP keepalives after 30 s idle,
    /// every 10 s, 3 times; data unacknowledged for 60 s, Linux's `TCP_USER_TIMEOUT`), so that a
    /// request of `tick serve` or a `tick users` command ends with an error instead of hanging
    /// (libpq's "Parameter Key Words"; connections over a Unix socket ignore the TCP ones).
    static let defaultSettings: [(keyword: String, value: String)] = [
        ("connect_timeout", "10"), ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
        ("keepalives_count", "3"), ("tcp_user_timeout", "60000"),
    ]

    /// `PQconnectdbParams` with `defaultSettings` and then `url` (expanded: its own settings
    /// come after the defaults, and win). libpq's `PGCONNECT_TIMEOUT`, when set, stands for the
    /// default timeout (a tester: the environment's was overridden).
    private static func connect(_ url: String, _ pq: LibPQ) -> OpaquePointer? {
        let fromEnvironment = getenv("PGCONNECT_TIMEOUT") != nil
        let pairs = defaultSettings.filter { !(fromEnvironment && $0.keyword == "connect_timeout") } + [("dbname", url)]
        let keywords = pairs.map { strdup($0.keyword) }, values = pairs.map { strdup($0.value) }
        defer { (keywords + values).forEach { free($0) } }
        let keywordPointers = keywords.map { UnsafePointer($0) } + [nil], valuePointers = values.map { UnsafePointer($0) } + [nil]
        return keywordPointers.withUnsafeBufferPointer { keywordBuffer in
            valuePointers.withUnsafeBufferPointer { valueBuffer in
                pq.connectdbParams(keywordBuffer.baseAddress, valueBuffer.baseAddress, 1)
            }
        }
    }

    /// Checks that libpq can read `url`, without connecting.
    /// - Throws: `PostgresError.missingLibrary` when libpq cannot be loaded; `.badURL` with
    ///   libpq's reason (the password left out).
    public static func checkSyntax(of url: String) throws(PostgresError) {
        try checkSyntax(of: url, LibPQ.load())
    }

    private static func checkSyntax(of url: String, _ pq: LibPQ) throws(PostgresError) {
        var reason: UnsafeMutablePointer<CChar>?
        guard let options = pq.conninfoParse(url, &reason) else {
            let text = reason.map { String(cString: $0) } ?? "out of memory"
            if let reason { pq.freemem(reason) }
            throw PostgresError(.badURL, message: "the database URL \(PostgresURL.redacted(url)) cannot be read: "
                                + redacting(text, from: url))
        }
        pq.conninfoFree(options)
    }

    /// The server's version number (`150018` for 15.18).
    public var serverVersion: Int { Int(pq.serverVersion(handle)) }

    /// Whether the connection is still usable (it was not lost).
    public var isUsable: Bool { pq.status(handle) == CONNECTION_OK }

    /// Whether the connection is outside any transaction block.
    public var isIdle: Bool { pq.transactionStatus(handle) == PQTRANS_IDLE }

    /// The server process's id, as `PostgresNotification.processID` reports a sender.
    public var backendProcessID: Int32 { pq.backendPID(handle) }

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
        let name = try preparedName(of: sql, parameterCount: Int32(copies.count))
        statementsRun += 1
        if let begin = pendingBegin {
            pendingBegin = nil
            return try executeAfter(begin, name: name, sql: sql, copies)
        }
        let result: OpaquePointer? = copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                if let name {
                    pq.execPrepared(handle, name, Int32(values.count), values.baseAddress, nil, nil, 0)
                } else {
                    pq.execParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
                }
            }
        }
        guard let result else {
            throw PostgresError(.connection, message: "PostgreSQL did not answer: " + PostgresConnection.message(of: handle, pq), sql: sql)
        }
        defer { pq.clear(result) }
        switch pq.resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return rows(of: result, sql: sql)
        default:
            throw error(from: result, sql: sql)
        }
    }

    /// Sends `begin` (a statement without parameters) and then the statement, prepared as
    /// `name` or `sql` as it is, in one round trip (libpq's pipeline mode, one sync point
    /// after both), and reads both answers.
    /// - Returns: the statement's rows.
    /// - Throws: `begin`'s error when it failed (the statement then did not run);
    ///   the statement's error; `.connection` when the connection failed.
    private func executeAfter(_ begin: String, name: String?, sql: String,
                              _ copies: [UnsafeMutablePointer<CChar>?]) throws(PostgresError) -> PostgresRows {
        guard pq.enterPipelineMode(handle) == 1 else {
            throw PostgresError(.connection, message: "PostgreSQL did not take a pipeline: " + PostgresConnection.message(of: handle, pq), sql: sql)
        }
        let sent = copies.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                guard pq.sendQueryParams(handle, begin, 0, nil, nil, nil, nil, 0) == 1 else { return false }
                let statement = if let name {
                    pq.sendQueryPrepared(handle, name, Int32(values.count), values.baseAddress, nil, nil, 0)
                } else {
                    pq.sendQueryParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
                }
                return statement == 1 && pq.pipelineSync(handle) == 1
            }
        }
        // Every answer is read, whatever happened, so that the connection leaves pipeline mode idle.
        var answers: [Result<PostgresRows, PostgresError>] = []
        var synced = false
        while sent, !synced, let result = pq.getResult(handle) {
            switch pq.resultStatus(result) {
            case PGRES_PIPELINE_SYNC: synced = true
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK: answers.append(.success(rows(of: result, sql: answers.isEmpty ? begin : sql)))
            case PGRES_PIPELINE_ABORTED: break
            default: answers.append(.failure(error(from: result, sql: answers.isEmpty ? begin : sql)))
            }
            pq.clear(result)
            // Each statement's answer ends with a null result; the sync point's does not.
            if !synced, pq.getResult(handle) != nil {
                break
            }
        }
        let message = PostgresConnection.message(of: handle, pq)
        guard sent, synced, pq.exitPipelineMode(handle) == 1 else {
            throw PostgresError(.connection, message: "PostgreSQL did not answer: " + message, sql: sql)
        }
        if case .failure(let error)? = answers.first(where: { if case .failure = $0 { true } else { false } }) { throw error }
        guard answers.count == 2, case .success(let rows) = answers[1] else {
            throw PostgresError(.connection, message: "PostgreSQL answered \(answers.count) of 2 statements", sql: sql)
        }
        return rows
    }

    /// `name` quoted as an SQL identifier by libpq (`PQescapeIdentifier`), for the few
    /// places SQL cannot take a parameter: `LISTEN`, `CREATE DATABASE`.
    /// - Throws: `PostgresError.badParameter` when libpq refuses it (a NUL, bad encoding).
    public func quotedIdentifier(_ name: String) throws(PostgresError) -> String {
        guard !name.utf8.contains(0), let quoted = pq.escapeIdentifier(handle, name, name.utf8.count) else {
            throw PostgresError(.badParameter, message: "the name cannot be used as an SQL identifier: " + PostgresConnection.message(of: handle, pq))
        }
        defer { pq.freemem(quoted) }
        return String(cString: quoted)
    }

    /// Forgets every statement prepared on the connection (`DEALLOCATE ALL`), as after the
    /// schema changed: a prepared `SELECT` whose result columns changed would be refused.
    /// - Throws: `PostgresError` when the server refuses.
    public func discardPreparedStatements() throws(PostgresError) {
        try execute("DEALLOCATE ALL")
        prepared.removeAll()
    }

    // MARK: - Internals

    /// The name `sql` is prepared under on this connection, preparing it now if it is a
    /// statement worth preparing and the connection has room; nil to send it unprepared.
    /// - Throws: `PostgresError` when the server refuses to prepare it (what executing it
    ///   would have answered: a syntax error, an aborted transaction).
    private func preparedName(of sql: String, parameterCount: Int32) throws(PostgresError) -> String? {
        if let name = prepared[sql] { return name }
        guard prepared.count < PostgresConnection.preparedLimit, PostgresConnection.isPreparable(sql) else { return nil }
        let name = "tick_\(prepared.count + 1)"
        guard let result = pq.prepare(handle, name, sql, parameterCount, nil) else {
            throw PostgresError(.connection, message: "PostgreSQL did not answer: " + PostgresConnection.message(of: handle, pq), sql: sql)
        }
        defer { pq.clear(result) }
        guard pq.resultStatus(result) == PGRES_COMMAND_OK else { throw error(from: result, sql: sql) }
        prepared[sql] = name
        return name
    }

    /// Whether `sql` reads or changes rows: its first word is `SELECT`, `INSERT`, `UPDATE`,
    /// `DELETE` or `WITH`, in any case, after any opening parentheses (`(SELECT …) UNION ALL
    /// (SELECT …)`); a transaction's `BEGIN`, `SET`, `LISTEN` and DDL are not prepared.
    static func isPreparable(_ sql: String) -> Bool {
        let word = sql.utf8.drop { $0 == 0x20 || $0 == UInt8(ascii: "(") || (0x09...0x0D).contains($0) }
            .prefix { (0x61...0x7A).contains($0 | 0x20) }
        return preparableWords.contains(String(decoding: word, as: UTF8.self).uppercased())
    }

    private static let preparableWords: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH"]

    /// libpq's socket, for waiting on notifications.
    var socket: Int32 { pq.socket(handle) }

    /// Reads what the server sent without blocking; false when the connection failed.
    func consumeInput() -> Bool { pq.consumeInput(handle) == 1 }

    /// Whether the server has not closed this idle connection: reads, without blocking,
    /// whatever waits on its socket (a closing server's error and the end of the stream come
    /// as two reads) until nothing does, at most four times.
    /// - Complexity: one `poll` for a connection with nothing waiting.
    func isStillOpen() -> Bool {
        for _ in 0..<4 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready == 0 || (ready < 0 && errno == EINTR) { return isUsable }
            guard ready > 0, consumeInput() else { return false }
        }
        return isUsable
    }

    /// The next notification libpq has read, if any.
    func nextNotification() -> PostgresNotification? {
        guard let notify = pq.notifies(handle) else { return nil }
        defer { pq.freemem(notify) }
        return PostgresNotification(channel: String(cString: notify.pointee.relname),
                                    payload: notify.pointee.extra.map { String(cString: $0) } ?? "",
                                    processID: notify.pointee.be_pid)
    }

    /// The connection's last error message, without its trailing newline.
    var lastMessage: String { PostgresConnection.message(of: handle, pq) }

    private static func message(of handle: OpaquePointer, _ pq: LibPQ) -> String {
        guard let text = pq.errorMessage(handle) else { return "unknown error" }
        var message = String(cString: text)
        while message.last?.isNewline == true { message.removeLast() }
        return message.isEmpty ? "unknown error" : message
    }

    /// `message` with any password written in `url` taken out (libpq quotes bad URL parts).
    private static func redacting(_ message: String, from url: String) -> String {
        var text = message
        for secret in PostgresURL.passwords(in: url) where !secret.isEmpty { text = text.replacingEvery(secret, with: "***") }
        return text
    }

    private func rows(of result: OpaquePointer, sql: String) -> PostgresRows {
        let rowCount = Int(pq.ntuples(result)), columnCount = Int(pq.nfields(result))
        let columns = (0..<columnCount).map { pq.fname(result, Int32($0)).map { String(cString: $0) } ?? "" }
        var values: [String?] = []
        values.reserveCapacity(rowCount * columnCount)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(columnCount) {
                guard pq.getisnull(result, row, column) == 0, let value = pq.getvalue(result, row, column) else {
                    values.append(nil)
                    continue
                }
                // The length libpq knows, not a scan for the terminating zero.
                let length = Int(pq.getlength(result, row, column))
                values.append(value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                    String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
                })
            }
        }
        let affected = pq.cmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return PostgresRows(columns: columns, values: values, affectedRows: affected, sql: sql)
    }

    private func error(from result: OpaquePointer, sql: String) -> PostgresError {
        func field(_ code: Int32) -> String? {
            pq.resultErrorField(result, code).map { String(cString: $0) }
        }
        guard let state = field(tick_pq_diag_sqlstate()) else {
            let kind: PostgresError.Kind = isUsable ? .server : .connection
            return PostgresError(kind, message: PostgresConnection.message(of: handle, pq), sql: sql)
        }
        return PostgresError(.server, message: field(tick_pq_diag_message()) ?? PostgresConnection.message(of: handle, pq),
                             sqlState: state, detail: field(tick_pq_diag_detail()),
                             constraint: field(tick_pq_diag_constraint()), sql: sql)
    }
}
