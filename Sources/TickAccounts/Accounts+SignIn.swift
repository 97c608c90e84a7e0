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
        let records = try database { connection in try signInRecords(name: name, password: password, clientAddress: clientAddress,
                                                                      now: now, on: connection) }
        return try checkedSignIn(name: name, password: password, clientAddress: clientAddress, now: now, records: records).outcome
    }

    /// What every sign-in as `name` with `password` from `clientAddress` at `now` is decided
    /// on, in one statement the same for all (`PostgresConnection.signInRecords`): the user,
    /// the app password of the password's lookup group, the failures the throttle weighs.
    func signInRecords(name: String, password: String, clientAddress: String, now: Date,
                       on connection: PostgresConnection) throws -> SignInRecords {
        try connection.signInRecords(userName: name, nameKey: name.lowercased(), clientAddress: clientAddress,
                                     since: now.addingTimeInterval(-throttle.window),
                                     appPasswordLookup: Secrets.appPasswordLookup(password))
    }

    /// The throttle's word on a sign-in at `now` with these `records`. Asked before any
    /// password is looked at, a remembered right one included: a throttled name or address
    /// is refused whatever the password, or the answers would tell a guesser when a guess is right.
    func throttleDecision(_ records: SignInRecords, now: Date) -> ThrottleDecision {
        throttle.decision(userFailures: records.nameFailures, addressFailures: records.addressFailures, now: now)
    }

    /// `signIn`, decided on `records` (read for this sign-in), with what the password was
    /// checked against when it was right: the stored Argon2id hash (the user's, or the app
    /// password's with its lookup group), so that `VerifiedCredentials` can later confirm it
    /// is still the stored one.
    func checkedSignIn(name: String, password: String, clientAddress: String, now: Date,
                       records: SignInRecords) throws(AccountError) -> (outcome: SignInOutcome, proof: CredentialProof?) {
        let key = name.lowercased()
        if case .retryAfter(let seconds) = throttleDecision(records, now: now) { return (.throttled(retryAfter: seconds), nil) }
        let (user, appPassword) = (records.user, records.appPassword)
        var device: String?
        var matched = false
        var proof: CredentialProof?
        if let appPassword, try hasher.verify(password, against: appPassword.passwordHash) {
            matched = true
            device = appPassword.device
            proof = CredentialProof(user: appPassword.userID, appPasswordLookup: appPassword.lookup, hash: appPassword.passwordHash)
        } else if let user {
            matched = try hasher.verify(password, against: user.passwordHash)
            proof = CredentialProof(user: user.id, appPasswordLookup: nil, hash: user.passwordHash)
        } else {
            _ = try hasher.verify(password, against: Accounts.decoyHash(for: hasher))
        }

        let outcome = try database { connection in
            try connection.transaction { connection in
                guard matched, let user else {
                    try connection.insertLoginFailure(userName: key, clientAddress: clientAddress, at: now)
                    try connection.deleteLoginFailures(before: now.addingTimeInterval(-throttle.window))
                    return SignInOutcome.refused
                }
                try connection.clearLoginFailures(userName: key)
                if let appPassword, device != nil { try connection.markAppPasswordUsed(id: appPassword.id, at: now) }
                return .signedIn(user, device: device)
            }
        }
        guard case .signedIn = outcome else { return (outcome, nil) }
        return (outcome, proof)
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
