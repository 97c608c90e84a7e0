import Foundation
import TickModel
import Synchronization
import TickPostgres

/// How a sign-in ended.
public enum SignInOutcome: Sendable, Equatable {
    /// The password (or one of the user's app passwords) was right.
    case signedIn(UserRecord, device: String?)
    /// Wrong name or password; the two are not told apart.
    case refused
    /// Too many failures: refused without checking; try again after this many seconds.
    case throttled(retryAfter: Int)
}

extension Accounts {
    /// Checks a user name and a password or app password (HTTP Basic, the login form),
    /// throttled per name and per client address (`LoginThrottle`); never sleeps.
    ///
    /// A name with no user costs the same Argon2id work as a wrong password, so the time
    /// taken does not tell which names exist. A failure is recorded for the name as typed
    /// (lowercased, kept as a keyed digest) and the address; a success clears the name's
    /// failures for the name (`clearLoginFailures`), not for the addresses they came from.
    ///
    /// - Parameters:
    ///   - clientAddress: the address the request came from (`203.0.113.7`).
    ///   - now: the time of the request.
    /// - Throws: `AccountError.database`; `.missingLibrary` when libargon2 cannot be loaded.
    public func signIn(name: String, password: String, clientAddress: String, now: Date) throws(AccountError) -> SignInOutcome {
        let deadline = ContinuousClock.now + Accounts.signInWait
        return try turns.taking(name, before: deadline) { () throws(AccountError) -> SignInOutcome in
            let (decision, _) = try database { connection in
                try decidedRecords(name: name, password: password, clientAddress: clientAddress, now: now, on: connection)
            }
            if case .retryAfter(let seconds) = decision { return .throttled(retryAfter: seconds) }
            return try lockedAndCheckedSignIn(name: name, password: password, clientAddress: clientAddress, now: now,
                                              before: deadline).outcome
        }
    }

    /// A sign-in the throttle allowed on a first read, decided again and checked in one
    /// transaction that holds the name's advisory lock in the database (`lockSignIns`) from
    /// before the throttle's read to after the failure is recorded: sign-ins of one name are
    /// checked one after the other by every `tick serve` on the database, each deciding on the
    /// failures of those before it, so a burst gets the throttle's free checks and no more,
    /// however many processes share the database (a tester: each of two processes checked a
    /// burst's five). Nothing is counted before it is checked: a right password sent at once
    /// to several processes waits for the check before it instead of taking a failure's place
    /// (a tester: an earlier version recorded each try as failed before checking it, and right
    /// passwords were answered 429). The waits for the turn and for the lock end at `deadline`
    /// (`signInWait` after the sign-in began): then `AccountError.database` with a
    /// `PostgresError` 55P03, which a server answers 503 with `Retry-After` (a tester: with a
    /// process stopped while holding a name's lock, sign-ins of that name waited 10 s each, one
    /// after the other, and took every thread of the server).
    func lockedAndCheckedSignIn(name: String, password: String, clientAddress: String, now: Date,
                                before deadline: ContinuousClock.Instant) throws(AccountError) -> (outcome: SignInOutcome, proof: CredentialProof?) {
        try database { connection in
            try connection.transaction { connection -> (SignInOutcome, CredentialProof?) in
                try connection.lockSignIns(nameKey: name.lowercased(), before: deadline)
                turns.gotThrough(name)
                let (decision, records) = try decidedRecords(name: name, password: password, clientAddress: clientAddress, now: now,
                                                             on: connection)
                if case .retryAfter(let seconds) = decision { return (.throttled(retryAfter: seconds), nil) }
                return try checkedSignIn(name: name, password: password, clientAddress: clientAddress, now: now, records: records,
                                         on: connection)
            }
        }
    }

    /// The throttle's word on a sign-in as `name` with `password` from `clientAddress` at
    /// `now`, and what the sign-in is decided on (`PostgresConnection.signInRecords`: the
    /// user, the app password of the password's lookup group, the failures the throttle
    /// weighs), read in one statement the same for every sign-in, remembered or not, right or
    /// wrong. The throttle is asked before any password is looked at, a remembered right one
    /// included: a throttled name or address is refused whatever the password, or the answers
    /// would tell a guesser when a guess is right; and past the throttle's free failures the
    /// account is not even looked up (a throttled answer does not tell whether the name
    /// exists), so a sign-in allowed past them (the wait is over) reads it in a second statement.
    func decidedRecords(name: String, password: String, clientAddress: String, now: Date,
                        on connection: PostgresConnection) throws -> (decision: ThrottleDecision, records: SignInRecords) {
        func read(gate: (name: Int, address: Int)) throws -> SignInRecords {
            try connection.signInRecords(userName: name, nameKey: name.lowercased(), clientAddress: clientAddress,
                                         since: now.addingTimeInterval(-throttle.window),
                                         appPasswordLookup: Secrets.appPasswordLookup(password), accountGate: gate)
        }
        let records = try read(gate: (throttle.freeFailuresPerUser, throttle.freeFailuresPerAddress))
        let decision = throttle.decision(userFailures: records.nameFailures, addressFailures: records.addressFailures, now: now)
        guard decision == .allowed, !records.accountRead else { return (decision, records) }
        return (decision, try read(gate: (.max, .max)))
    }

    /// `signIn` allowed by the throttle, decided on `records` (`decidedRecords`), with what the password was
    /// checked against when it was right: the stored Argon2id hash (the user's, or the app
    /// password's with its lookup group), so that `VerifiedCredentials` can later confirm it
    /// is still the stored one.
    /// Its failure or success is written on `connection`, in the caller's transaction.
    func checkedSignIn(name: String, password: String, clientAddress: String, now: Date,
                       records: SignInRecords, on connection: PostgresConnection) throws -> (outcome: SignInOutcome, proof: CredentialProof?) {
        precondition(records.accountRead, "a sign-in is checked only on records with the account")
        let key = name.lowercased()
        let (user, appPassword) = (records.user, records.appPassword)
        var device: String?
        var matched = false
        var proof: CredentialProof?
        // A password of an app password's shape is checked against the app password of its
        // lookup group, or a decoy when the user has none, before the user's own: a wrong one
        // then always costs two checks, and the time does not tell whether the user has an app
        // password of that group (t65: 55.8 against 27.5 ms).
        if Secrets.appPasswordLookup(password) != nil {
            if let appPassword, try hasher.verify(password, against: appPassword.passwordHash) {
                matched = true
                device = appPassword.device
                proof = CredentialProof(user: appPassword.userID, appPasswordLookup: appPassword.lookup, hash: appPassword.passwordHash)
            } else if appPassword == nil {
                _ = try hasher.verify(password, against: Accounts.decoyHash(for: hasher))
            }
        }
        if !matched {
            if let user {
                matched = try hasher.verify(password, against: user.passwordHash)
                proof = CredentialProof(user: user.id, appPasswordLookup: nil, hash: user.passwordHash)
            } else {
                _ = try hasher.verify(password, against: Accounts.decoyHash(for: hasher))
            }
        }

        guard matched, let user else {
            try connection.insertLoginFailure(userName: key, clientAddress: clientAddress, at: now)
            try connection.deleteLoginFailures(before: now.addingTimeInterval(-throttle.window))
            return (.refused, nil)
        }
        try connection.clearLoginFailures(userName: key)
        if let appPassword, device != nil { try connection.markAppPasswordUsed(id: appPassword.id, at: now) }
        return (.signedIn(user, device: device), proof)
    }

    /// A hash of a password nobody has, with `hasher`'s parameters, checked when the name
    /// is unknown so that the answer takes as long as for a known one.
    static func decoyHash(for hasher: PasswordHasher) -> String {
        decoys.withLock { cache in
            if let hash = cache[hasher] { return hash }
            let hash = (try? hasher.hash(Secrets.sessionToken())) ?? ""
            cache[hasher] = hash
            return hash
        }
    }

    private static let decoys = Mutex<[PasswordHasher: String]>([:])
}

/// Turns for checking the passwords of one user name in one process (one `Accounts` and its
/// copies): a sign-in that checks a password (Argon2id, tens of milliseconds) reads the throttle,
/// checks and records while no other sign-in of that name does here, so that a phone's requests
/// sent at once with a credential not yet remembered cost one check, not one each (the others
/// find it remembered), and guesses sent at once are answered as if sent one after the other (a
/// tester: 30 guesses at once got 8 checked instead of the 5 free ones), holding one pooled
/// connection at a time; across processes the database's lock of the name does the same
/// (`Accounts.lockedAndCheckedSignIn`). Each name has a lock of its own while sign-ins of it
/// are under way (a tester: with 64 locks shared by hash, a user whose name shared one with a
/// name whose sign-ins were stuck was refused too).
final class SignInTurns: Sendable {
    private final class Turn: Sendable {
        let lock = NSLock()
    }

    /// The turns in use, by name (lowercased), with how many sign-ins hold or wait for each.
    private let turns = Mutex<[String: (turn: Turn, users: Int)]>([:])
    /// Names whose last sign-in here could not get the database's lock of the name in time
    /// (`lockSignIns`): until one gets it (`gotThrough`), a sign-in of such a name that finds
    /// another in the turn waits at most `stuckWait` when it is the only one waiting, else it is
    /// answered busy at once (testers: with a process stopped while holding a name's lock, 20
    /// sign-ins of that name took all four threads of another server, 2 s at a time, and other
    /// users waited 8 s; each waiting 0.15 s, 120 of them held others up 5.7 s). The mark goes
    /// as soon as one gets the lock, before its check, and by itself `stuckFor` after it was
    /// made (a sign-in still waiting then makes it again when its wait ends): a burst sent once
    /// the lock is free again queues as usual, but for those that come while the first is on its
    /// way to the lock within that time (testers: with the mark kept to the end of that check, 29
    /// of 30 were 503; with no end but a sign-in getting the lock, 16 of 30 sent 3 s after).
    private let stuck = Mutex<[String: ContinuousClock.Instant]>([:])
    static let stuckWait: Duration = .milliseconds(150)
    static let stuckFor: Duration = .seconds(2)

    /// Takes the mark of `stuck` off `name`: one of its sign-ins got the database's lock.
    func gotThrough(_ name: String) {
        let key = name.lowercased()
        _ = stuck.withLock { $0.removeValue(forKey: key) }
    }

    /// Runs `body` in the turn of `name` (any case), waited for until `deadline`.
    /// - Throws: what `body` throws; `AccountError.database` with `PostgresConnection.signInsBusy`
    ///   when the turn does not come by `deadline`, or within `stuckWait` for a stuck name.
    func taking<T>(_ name: String, before deadline: ContinuousClock.Instant,
                   _ body: () throws(AccountError) -> T) throws(AccountError) -> T {
        let key = name.lowercased()
        // The turn, and how many other sign-ins of the name hold or wait for it.
        let (turn, others) = turns.withLock { turns -> (Turn, Int) in
            let entry = turns[key] ?? (Turn(), 0)
            turns[key] = (entry.turn, entry.users + 1)
            return (entry.turn, entry.users)
        }
        defer {
            turns.withLock { turns in
                guard let entry = turns[key] else { return }
                turns[key] = entry.users > 1 ? (entry.turn, entry.users - 1) : nil
            }
        }
        if !turn.lock.try() {
            let isStuck = stuck.withLock { names in names[key].map { ContinuousClock.now - $0 < SignInTurns.stuckFor } ?? false }
            guard !isStuck || others <= 1 else { throw .database(PostgresConnection.signInsBusy) }
            let until = isStuck ? min(deadline, ContinuousClock.now + SignInTurns.stuckWait) : deadline
            let seconds = (until - ContinuousClock.now).seconds
            guard seconds > 0, turn.lock.lock(before: Date(timeIntervalSinceNow: seconds)) else {
                throw .database(PostgresConnection.signInsBusy)
            }
        }
        defer { turn.lock.unlock() }
        do {
            let value = try body()
            gotThrough(key)
            return value
        } catch {
            if case .database(let failure) = error, failure.isLockNotAvailable {
                stuck.withLock { names in
                    if names.count >= 10_000 { names.removeAll() }
                    names[key] = ContinuousClock.now
                }
            }
            throw error
        }
    }
}

extension Accounts {
    /// The longest a sign-in waits for other sign-ins of its name (its turn in this process,
    /// then the name's lock in the database) before it is answered busy: a check takes tens of
    /// milliseconds, so only a process stopped or stuck while checking makes anyone wait that long.
    static let signInWait: Duration = .seconds(2)
}
