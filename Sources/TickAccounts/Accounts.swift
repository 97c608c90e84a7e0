import Foundation
import TickModel
import TickPostgres

/// The accounts of a multi-user Tick on PostgreSQL: users, their app passwords, sessions
/// and sign-in with throttling. Every operation is one transaction on a pooled
/// connection; the clock is passed in (`now`), never read here.
///
/// Passwords and app passwords are stored only as Argon2id hashes (`PasswordHasher`),
/// session tokens only as SHA-256 hashes; none is ever logged or put in an error.
public struct Accounts: Sendable {
    /// The database.
    public let pool: PostgresPool
    /// How passwords are hashed.
    public let hasher: PasswordHasher
    /// How sign-ins are throttled.
    public let throttle: LoginThrottle
    /// How long a session lasts, in seconds (30 days).
    public var sessionLifetime: TimeInterval = 30 * 86_400
    /// This process's turns for checking a name's passwords (shared by copies).
    let turns = SignInTurns()

    public init(pool: PostgresPool, hasher: PasswordHasher = .standard, throttle: LoginThrottle = .standard) {
        self.pool = pool
        self.hasher = hasher
        self.throttle = throttle
    }

    /// Brings the database's schema up to date (`PostgresSchema`); safe to run from
    /// several processes at once.
    /// - Returns: the schema steps applied now.
    /// - Throws: `AccountError.database`.
    @discardableResult
    public func migrate() throws(AccountError) -> [Int] {
        try database { connection in try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations) }
    }

    // MARK: Users

    /// Adds a user with a password.
    /// - Throws: `AccountError.invalidUserName`, `.invalidPassword`, `.userNameTaken`.
    public func addUser(named name: String, password: String, now: Date) throws(AccountError) -> UserRecord {
        let name = try AccountNames.userName(name)
        try AccountNames.checkPassword(password)
        let user = UserRecord(id: UserID(Secrets.identifier()), name: name, passwordHash: try hasher.hash(password), createdAt: now)
        do {
            try database { connection in
                try connection.transaction { connection in
                    if let existing = try connection.user(named: name) { throw AccountError.userNameTaken(existing.name) }
                    try connection.insertUser(user)
                }
            }
        } catch .database(let error) where error.isUniqueViolation {
            // Another process added the name between the check and the insert.
            throw .userNameTaken(name)
        }
        return user
    }

    /// Gives a user a new password and ends their sessions, in one transaction: a browser
    /// signed in with the old one must sign in again; Basic sign-ins with it fail from the
    /// next request on (`VerifiedCredentials` confirms the stored hash). App passwords stay.
    /// - Returns: the user, and how many sessions were ended.
    /// - Throws: `AccountError.userNotFound`, `.invalidPassword`.
    public func changePassword(of name: String, to password: String) throws(AccountError) -> (user: UserRecord, sessions: Int) {
        try AccountNames.checkPassword(password)
        let hash = try hasher.hash(password)
        return try database { connection in
            try connection.transaction { connection in
                guard let user = try connection.user(named: name), try connection.setPasswordHash(of: user.id, to: hash) else {
                    throw AccountError.userNotFound(name)
                }
                return (user, try connection.deleteSessions(of: user.id))
            }
        }
    }

    /// Every user with their app passwords (hashes included: callers show only names and dates).
    public func users() throws(AccountError) -> [(user: UserRecord, appPasswords: [AppPasswordRecord])] {
        try database { connection in
            try connection.transaction(.repeatableRead) { connection in
                let devices = Dictionary(grouping: try connection.appPasswords(of: nil), by: \.userID)
                return try connection.users().map { ($0, devices[$0.id] ?? []) }
            }
        }
    }

    /// Whether anyone can sign in yet (a new server has no user until `tick users add`).
    public func hasUsers() throws(AccountError) -> Bool {
        try database { connection in try connection.hasUsers() }
    }

    /// Removes a user; their app passwords and sessions stop working at once (same
    /// transaction). Their lists go with them, with every reminder in them (those shared
    /// with others too), so a user who owns a reminder or a shared list is removed only
    /// when `deletingTheirData` says so.
    /// - Throws: `AccountError.userNotFound`; `.userOwnsData` (what they own) when they own
    ///   something worth keeping (`UserData.isWorthKeeping`) and `deletingTheirData` is false.
    public func removeUser(named name: String, deletingTheirData: Bool = false) throws(AccountError) -> RemovedUser {
        try database { connection in
            try connection.transaction { connection in
                guard let user = try connection.user(named: name) else { throw AccountError.userNotFound(name) }
                if !deletingTheirData {
                    let data = try connection.ownedData(of: user.id)
                    if data.isWorthKeeping { throw AccountError.userOwnsData(user: user.name, data) }
                }
                guard let removed = try connection.deleteUser(id: user.id) else { throw AccountError.userNotFound(name) }
                return removed
            }
        }
    }

    // MARK: App passwords

    /// Makes a new app password for one device of a user. The password is returned once
    /// and stored only as its Argon2id hash.
    /// - Parameter replacing: whether an app password the device has already is replaced
    ///   (it stops working); else that is refused.
    /// - Throws: `AccountError.userNotFound`, `.invalidDeviceName`, `.deviceTaken`.
    public func addAppPassword(user name: String, device: String, replacing: Bool = false,
                               now: Date) throws(AccountError) -> (record: AppPasswordRecord, password: String) {
        let device = try AccountNames.deviceName(device)
        // The first group finds the row, so it must be new for this user: drawn again on
        // the (one in about 10^9) chance that it is not.
        let taken = try database { connection in
            try connection.user(named: name).map { user in Set(try connection.appPasswords(of: user.id).map(\.lookup)) } ?? []
        }
        var password = Secrets.appPassword()
        while let lookup = Secrets.appPasswordLookup(password), taken.contains(lookup) { password = Secrets.appPassword() }
        guard let lookup = Secrets.appPasswordLookup(password) else { preconditionFailure("an app password has its shape") }
        let hash = try hasher.hash(password)
        return try database { connection in
            try connection.transaction { connection in
                guard let user = try connection.user(named: name) else { throw AccountError.userNotFound(name) }
                if try connection.appPasswords(of: user.id).contains(where: { $0.device == device }) {
                    guard replacing else { throw AccountError.deviceTaken(user: user.name, device: device) }
                    _ = try connection.deleteAppPassword(of: user.id, device: device)
                    // A session does not say which password opened it: the user's end, so that
                    // none opened with the old one outlives it (a tester).
                    _ = try connection.deleteSessions(of: user.id)
                }
                let record = AppPasswordRecord(id: Secrets.identifier(), userID: user.id, device: device, lookup: lookup,
                                               passwordHash: hash, createdAt: now)
                try connection.insertAppPassword(record)
                return (record, password)
            }
        }
    }

    /// Revokes the app password of one device of a user, and ends the user's sessions: a
    /// session does not say which password opened it, and one opened with this one must not
    /// outlive it (a tester: a login-form session of a revoked app password lived 30 days).
    /// - Returns: false when the user had none for this device.
    /// - Throws: `AccountError.userNotFound`.
    public func removeAppPassword(user name: String, device: String) throws(AccountError) -> Bool {
        try database { connection in
            try connection.transaction { connection in
                guard let user = try connection.user(named: name) else { throw AccountError.userNotFound(name) }
                guard try connection.deleteAppPassword(of: user.id, device: device) else { return false }
                _ = try connection.deleteSessions(of: user.id)
                return true
            }
        }
    }

    // MARK: Sessions

    /// Starts a session for `user`: a new random token (returned once, stored hashed)
    /// valid for `sessionLifetime`. Expired sessions are swept at the same time.
    public func startSession(for user: UserID, now: Date) throws(AccountError) -> String {
        let token = Secrets.sessionToken()
        try database { connection in
            try connection.transaction { connection in
                _ = try connection.deleteExpiredSessions(now: now)
                try connection.insertSession(tokenHash: Secrets.tokenHash(token), user: user, createdAt: now,
                                             expiresAt: now.addingTimeInterval(sessionLifetime))
            }
        }
        return token
    }

    /// The user a session token belongs to, nil when it is unknown, ended or expired.
    public func sessionUser(token: String, now: Date) throws(AccountError) -> UserRecord? {
        try database { connection in try connection.sessionUser(tokenHash: Secrets.tokenHash(token), now: now) }
    }

    /// Ends a session (logout) at once. - Returns: false when there was none.
    public func endSession(token: String) throws(AccountError) -> Bool {
        try database { connection in try connection.deleteSession(tokenHash: Secrets.tokenHash(token)) }
    }

    /// Ends every session of a user (a password change, "log out everywhere").
    /// - Returns: how many.
    public func endSessions(of user: UserID) throws(AccountError) -> Int {
        try database { connection in try connection.deleteSessions(of: user) }
    }

    // MARK: Database

    /// Runs `body` on a pooled connection, turning database failures into
    /// `AccountError.database` and letting `AccountError`s through.
    func database<T>(_ body: (PostgresConnection) throws -> T) throws(AccountError) -> T {
        do {
            return try pool.withConnection(body)
        } catch let error as AccountError {
            throw error
        } catch let error as PostgresError {
            throw .database(error)
        } catch {
            throw .database(PostgresError(.connection, message: String(describing: error)))
        }
    }
}
