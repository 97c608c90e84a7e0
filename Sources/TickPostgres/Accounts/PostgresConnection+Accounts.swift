import Foundation
import TickModel

/// Typed access to the account tables (schema step 1, `PostgresSchema`). No rules here:
/// names, passwords and throttling are TickAccounts' business.
extension PostgresConnection {
    // MARK: Users

    /// Inserts a user.
    /// - Throws: `PostgresError` with `isUniqueViolation` when the name is taken.
    public func insertUser(_ user: UserRecord) throws(PostgresError) {
        try execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ($1, $2, $3, $4)",
                    [user.id.rawValue, user.name, user.passwordHash, user.createdAt])
    }

    /// The user named `name`, compared regardless of case.
    public func user(named name: String) throws(PostgresError) -> UserRecord? {
        try execute("SELECT id, name, password_hash, created_at FROM users WHERE lower(name) = lower($1)", [name])
            .first.map(PostgresConnection.user(from:))
    }

    /// Gives the user `id` a new password hash; false when there is no such user.
    public func setPasswordHash(of id: UserID, to hash: String) throws(PostgresError) -> Bool {
        try execute("UPDATE users SET password_hash = $2 WHERE id = $1", [id.rawValue, hash]).affectedRows > 0
    }

    /// The user with id `id`.
    public func user(id: UserID) throws(PostgresError) -> UserRecord? {
        try execute("SELECT id, name, password_hash, created_at FROM users WHERE id = $1", [id.rawValue])
            .first.map(PostgresConnection.user(from:))
    }

    /// Every user, by name.
    /// - Complexity: O(users).
    public func users() throws(PostgresError) -> [UserRecord] {
        try execute("SELECT id, name, password_hash, created_at FROM users ORDER BY lower(name), name")
            .map(PostgresConnection.user(from:))
    }

    /// Whether the database has any user.
    public func hasUsers() throws(PostgresError) -> Bool {
        try execute("SELECT EXISTS (SELECT 1 FROM users) AS any").first?.decode("any", as: Bool.self) ?? false
    }

    /// Deletes a user with their app passwords and sessions, and with their lists and the
    /// reminders in them (those shared with others too: `ON DELETE CASCADE`).
    /// - Returns: what was deleted, nil when there was no such user.
    public func deleteUser(id: UserID) throws(PostgresError) -> RemovedUser? {
        guard let user = try user(id: id) else { return nil }
        let counts = try execute("""
            SELECT (SELECT count(*) FROM app_passwords WHERE user_id = $1) AS app_passwords,
                   (SELECT count(*) FROM sessions WHERE user_id = $1) AS sessions
            """, [id.rawValue])
        let data = try ownedData(of: id)
        try execute("DELETE FROM users WHERE id = $1", [id.rawValue])
        let row = counts[0]
        return RemovedUser(user: user, appPasswords: try row.decode("app_passwords"), sessions: try row.decode("sessions"),
                           data: data)
    }

    /// What `id` owns: their lists, the reminders in them, and the other users those
    /// lists are shared with.
    public func ownedData(of id: UserID) throws(PostgresError) -> UserData {
        let row = try execute("""
            SELECT (SELECT count(*) FROM lists WHERE owner = $1) AS lists,
                   (SELECT count(*) FROM reminders WHERE owner = $1) AS reminders,
                   (SELECT string_agg(name, E'\\n' ORDER BY name) FROM users WHERE id <> $1 AND id IN
                        (SELECT m.user_id FROM list_members m JOIN lists l ON l.id = m.list_id WHERE l.owner = $1)) AS members
            """, [id.rawValue])[0]
        let members = try row.decodeIfPresent("members", as: String.self)
        return UserData(lists: try row.decode("lists"), reminders: try row.decode("reminders"),
                        members: members.map { $0.split(separator: "\n").map(String.init) } ?? [])
    }

    private static func user(from row: PostgresRow) throws(PostgresError) -> UserRecord {
        UserRecord(id: UserID(try row.decode("id")), name: try row.decode("name"),
                   passwordHash: try row.decode("password_hash"), createdAt: try row.decode("created_at"))
    }

    // MARK: App passwords

    /// Inserts an app password.
    /// - Throws: `PostgresError` with `isUniqueViolation` when the user has one for this
    ///   device (constraint `app_passwords_user_id_device_key`) or with this lookup.
    public func insertAppPassword(_ record: AppPasswordRecord) throws(PostgresError) {
        try execute("""
            INSERT INTO app_passwords (id, user_id, device, lookup, password_hash, created_at, last_used_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, [record.id, record.userID.rawValue, record.device, record.lookup, record.passwordHash,
                  record.createdAt, record.lastUsedAt])
    }

    /// The app passwords of `user`, by device; every user's when nil.
    public func appPasswords(of user: UserID?) throws(PostgresError) -> [AppPasswordRecord] {
        let columns = "id, user_id, device, lookup, password_hash, created_at, last_used_at"
        let rows = if let user {
            try execute("SELECT \(columns) FROM app_passwords WHERE user_id = $1 ORDER BY device", [user.rawValue])
        } else {
            try execute("SELECT \(columns) FROM app_passwords ORDER BY user_id, device")
        }
        return try rows.map(PostgresConnection.appPassword(from:))
    }

    /// Deletes the app password of `user` for `device`; false when there was none.
    public func deleteAppPassword(of user: UserID, device: String) throws(PostgresError) -> Bool {
        try execute("DELETE FROM app_passwords WHERE user_id = $1 AND device = $2", [user.rawValue, device]).affectedRows > 0
    }

    /// Records that an app password signed in at `date`.
    public func markAppPasswordUsed(id: String, at date: Date) throws(PostgresError) {
        try execute("UPDATE app_passwords SET last_used_at = $2 WHERE id = $1", [id, date])
    }

    private static func appPassword(from row: PostgresRow) throws(PostgresError) -> AppPasswordRecord {
        AppPasswordRecord(id: try row.decode("id"), userID: UserID(try row.decode("user_id")), device: try row.decode("device"),
                          lookup: try row.decode("lookup"), passwordHash: try row.decode("password_hash"),
                          createdAt: try row.decode("created_at"), lastUsedAt: try row.decodeIfPresent("last_used_at"))
    }

    // MARK: Sessions

    /// Inserts a session under the hash of its token.
    public func insertSession(tokenHash: Data, user: UserID, createdAt: Date, expiresAt: Date) throws(PostgresError) {
        try execute("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                    [tokenHash, user.rawValue, createdAt, expiresAt])
    }

    /// The user of the session with this token hash, when it has not expired at `now`.
    public func sessionUser(tokenHash: Data, now: Date) throws(PostgresError) -> UserRecord? {
        try execute("""
            SELECT u.id, u.name, u.password_hash, u.created_at
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.expires_at > $2
            """, [tokenHash, now]).first.map(PostgresConnection.user(from:))
    }

    /// Deletes the session with this token hash; false when there was none.
    public func deleteSession(tokenHash: Data) throws(PostgresError) -> Bool {
        try execute("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]).affectedRows > 0
    }

    /// Deletes every session of `user`. - Returns: how many.
    public func deleteSessions(of user: UserID) throws(PostgresError) -> Int {
        try execute("DELETE FROM sessions WHERE user_id = $1", [user.rawValue]).affectedRows
    }

    /// Deletes the sessions expired at `now`. - Returns: how many.
    public func deleteExpiredSessions(now: Date) throws(PostgresError) -> Int {
        try execute("DELETE FROM sessions WHERE expires_at <= $1", [now]).affectedRows
    }

    // MARK: Sign-ins

    /// The statement of `signInRecords` ($1 the name, $2 its key, $3 the address, $4 since,
    /// $5 the lookup group, $6 and $7 the gate). OFFSET 0 keeps each subquery whole: the
    /// failures are read once, and the account's lateral subquery is not pulled up, so that
    /// its gate is a one-time filter before any scan (a plan test checks it).
    static let signInRecordsStatement = """
        SELECT f.name_failures, f.address_failures, account.*
        FROM (SELECT ARRAY(SELECT l.failed_at FROM login_failures l
                       WHERE l.user_name = login_name_digest($2) AND NOT l.cleared AND l.failed_at > $4 ORDER BY l.failed_at)
                     AS name_failures,
                 ARRAY(SELECT l.failed_at FROM login_failures l WHERE l.client_address = $3 AND l.failed_at > $4
                       ORDER BY l.failed_at) AS address_failures
              OFFSET 0) f
        LEFT JOIN LATERAL (
            SELECT u.id, u.name, u.password_hash, u.created_at, a.id AS app_id, a.device AS app_device,
                a.password_hash AS app_password_hash, a.created_at AS app_created_at, a.last_used_at AS app_last_used_at
            FROM users u LEFT JOIN app_passwords a ON a.user_id = u.id AND a.lookup = $5
            WHERE cardinality(f.name_failures) < $6::int AND cardinality(f.address_failures) < $7::int AND lower(u.name) = lower($1)
            OFFSET 0) account ON true
        """

    /// What a sign-in as `userName` with a password whose app-password lookup group is
    /// `appPasswordLookup` is decided on, read in one statement, the same for every sign-in
    /// (a request signed in with HTTP Basic pays one round trip for it, not four): the failed
    /// sign-ins the throttle weighs, oldest first, after `since` (those of `nameKey`, the name
    /// lowercased and kept as its digest, but those a success cleared (`clearLoginFailures`);
    /// and those from `clientAddress`, cleared ones included: a success of one name does not
    /// take back the address's tries); then, only while the name has fewer than
    /// `accountGate.name` of them and the address fewer than `accountGate.address`, the user of
    /// that name, compared regardless of case as `user(named:)` does, and their app password
    /// of that lookup group.
    ///
    /// One statement whatever the sign-in, so that a throttled right password costs what a
    /// throttled wrong one does (a tester timed the two paths apart when they differed); and
    /// past the gate (the throttle's free failures) no account is looked up at all, so that
    /// a throttled answer does not tell whether the name exists (a tester timed that too:
    /// 5–7 µs). PostgreSQL runs the account's part behind a one-time filter on the counts.
    /// - Returns: the records; `accountRead` false when the gate kept the account unread.
    /// - Throws: `PostgresError`.
    public func signInRecords(userName: String, nameKey: String, clientAddress: String, since: Date, appPasswordLookup: String?,
                              accountGate: (name: Int, address: Int) = (.max, .max)) throws(PostgresError) -> SignInRecords {
        let gate = (name: min(accountGate.name, Int(Int32.max)), address: min(accountGate.address, Int(Int32.max)))
        let rows = try execute(PostgresConnection.signInRecordsStatement,
                               [userName, nameKey, clientAddress, since, appPasswordLookup, gate.name, gate.address])
        guard let row = rows.first else {
            throw PostgresError(.unreadableValue, message: "the sign-in's statement returned no row")
        }
        func dates(_ column: String) throws(PostgresError) -> [Date] {
            guard let elements = PostgresArray.elements(try row.decode(column, as: String.self)) else {
                throw PostgresError(.unreadableValue, message: "the column \(column) is not an array")
            }
            var dates: [Date] = []
            for element in elements {
                guard let element, let date = Date(postgresText: element) else {
                    throw PostgresError(.unreadableValue, message: "the column \(column) holds a value that is not a time")
                }
                dates.append(date)
            }
            return dates
        }
        let user = row.text("id") == nil ? nil : try PostgresConnection.user(from: row)
        var appPassword: AppPasswordRecord?
        if let user, let appPasswordLookup, let id = row.text("app_id") {
            appPassword = AppPasswordRecord(id: id, userID: user.id, device: try row.decode("app_device"), lookup: appPasswordLookup,
                                            passwordHash: try row.decode("app_password_hash"), createdAt: try row.decode("app_created_at"),
                                            lastUsedAt: try row.decodeIfPresent("app_last_used_at"))
        }
        let nameFailures = try dates("name_failures"), addressFailures = try dates("address_failures")
        return SignInRecords(user: user, appPassword: appPassword, nameFailures: nameFailures, addressFailures: addressFailures,
                             accountRead: nameFailures.count < gate.name && addressFailures.count < gate.address)
    }

    // MARK: Login failures

    /// Records a failed sign-in: the name as typed is kept only as its keyed digest
    /// (`login_name_digest`, schema step 16).
    public func insertLoginFailure(userName: String, clientAddress: String, at date: Date) throws(PostgresError) {
        try execute("INSERT INTO login_failures (user_name, client_address, failed_at) VALUES (login_name_digest($1), $2, $3)",
                    [userName, clientAddress, date])
    }

    /// Waits for and takes, until the transaction ends, the advisory lock of sign-ins as
    /// `nameKey` (the name lowercased): what another process decides and records for that
    /// name (`signInRecords`, the check, `insertLoginFailure`) waits for this one's commit. The
    /// key is `hashtext` of the name's digest in a class of its own (the two-integer form; the
    /// migrations' lock is a one-integer key); two names of one hash wait for each other now
    /// and then, nothing more. The wait ends at `deadline` (`lock_timeout`, for this
    /// transaction): a process stopped while it holds the lock costs a sign-in of that name
    /// the time to its deadline, never a request that hangs.
    /// - Throws: `PostgresError` 55P03 (`isLockNotAvailable`) when the deadline passes first.
    /// - Precondition: inside `transaction`.
    public func lockSignIns(nameKey: String, before deadline: ContinuousClock.Instant) throws(PostgresError) {
        let milliseconds = (deadline - ContinuousClock.now).milliseconds
        guard milliseconds >= 1 else { throw PostgresConnection.signInsBusy }
        try execute("SET LOCAL lock_timeout = \(milliseconds)")
        do {
            try execute("SELECT pg_advisory_xact_lock(\(PostgresConnection.signInNameLockClass), hashtext(login_name_digest($1)))",
                        [nameKey])
        } catch where error.isLockNotAvailable {
            throw PostgresConnection.signInsBusy
        }
    }

    /// The error of a sign-in that could not wait its turn: another one of the name held it too long.
    public static let signInsBusy = PostgresError(.server, message: "another sign-in of this name is taking too long",
                                                  sqlState: "55P03")

    /// The first key of `lockSignIns`'s advisory locks ("tk" and 1).
    static let signInNameLockClass: Int32 = 0x746B_0001

    /// After a successful sign-in as `userName` (any case): the name's failures no longer
    /// count for the name (the person who mistyped, or waited out a guesser, has got in),
    /// while they still count for the addresses they came from: a guesser who makes a few
    /// tries between the owner's sign-ins is still held up by their address's count.
    public func clearLoginFailures(userName: String) throws(PostgresError) {
        try execute("UPDATE login_failures SET cleared = true WHERE user_name = login_name_digest($1) AND NOT cleared", [userName])
    }

    /// Forgets the failed sign-ins at or before `date` (older than any throttling window).
    public func deleteLoginFailures(before date: Date) throws(PostgresError) {
        try execute("DELETE FROM login_failures WHERE failed_at <= $1", [date])
    }
}
