import Foundation
import Synchronization
import TickModel
import TickPostgres

/// What a right password was checked against: the stored Argon2id hash of the user's
/// password, or of one of their app passwords (found by its lookup group).
struct CredentialProof: Sendable, Equatable {
    var user: UserID
    var appPasswordLookup: String?
    var hash: String
}

/// Credentials that passed an Argon2id check, remembered for a while so that a client that
/// signs in on every request (HTTP Basic) costs one Argon2id check per credential and
/// `lifetime`, not one per request (19 MiB and tens of milliseconds each).
///
/// A credential is kept only as a keyed SHA-256 of the name and password (the key random
/// per process, so the digests are worthless elsewhere), with the stored hash it matched.
/// Every use confirms in the database that the user and that stored hash are still there:
/// a removed user, a changed password or a replaced app password is refused from the next
/// request on, as without the cache. Nothing is written to the database or a log.
public final class VerifiedCredentials: Sendable {
    private struct Entry {
        var proof: CredentialProof
        var verifiedAt: Date
    }

    /// How long a credential is trusted without another Argon2id check.
    public let lifetime: TimeInterval
    /// The most credentials remembered; past it, all are forgotten.
    public let capacity: Int
    private let key = Secrets.bytes(32)
    private let entries = Mutex<[[UInt8]: Entry]>([:])

    /// An empty cache.
    public init(lifetime: TimeInterval = 600, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// How many credentials are remembered now.
    public var count: Int { entries.withLock { $0.count } }

    /// The key of a name and password: SHA-256 of the process key, the name, NUL, the password.
    private func digest(name: String, password: String) -> [UInt8] {
        SHA256.digest(key + Array(name.utf8) + [0] + Array(password.utf8))
    }

    func proof(name: String, password: String, now: Date) -> CredentialProof? {
        let digest = digest(name: name, password: password)
        return entries.withLock { entries in
            guard let entry = entries[digest] else { return nil }
            guard now.timeIntervalSince(entry.verifiedAt) < lifetime, now >= entry.verifiedAt else {
                entries[digest] = nil
                return nil
            }
            return entry.proof
        }
    }

    func remember(_ proof: CredentialProof, name: String, password: String, now: Date) {
        let digest = digest(name: name, password: password)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll() }
            entries[digest] = Entry(proof: proof, verifiedAt: now)
        }
    }

    func forget(name: String, password: String) {
        let digest = digest(name: name, password: password)
        _ = entries.withLock { $0.removeValue(forKey: digest) }
    }
}

extension Accounts {
    /// `signIn(name:password:clientAddress:now:)` that remembers right credentials in
    /// `verified`: a credential seen within its lifetime is confirmed by reading the user
    /// and the stored hash it matched (no Argon2id check), and checked in full again when
    /// that hash is gone or changed. The throttle is asked first either way: a remembered
    /// credential of a throttled name or address is refused (429) like any other, so that
    /// a guesser cannot tell a right guess by its answer while a phone keeps it remembered.
    /// - Throws: `AccountError.database`; `.missingLibrary` when libargon2 cannot be loaded.
    public func signIn(name: String, password: String, clientAddress: String, now: Date,
                       remembering verified: VerifiedCredentials) throws(AccountError) -> SignInOutcome {
        // The same statement for a remembered credential and any other, read before anything
        // is decided, so that a throttled right password costs what a wrong one does.
        func read(_ proof: CredentialProof?) throws(AccountError) -> (SignInOutcome?, SignInRecords) {
            try database { connection -> (SignInOutcome?, SignInRecords) in
                let (decision, records) = try decidedRecords(name: name, password: password, clientAddress: clientAddress, now: now,
                                                             on: connection)
                if case .retryAfter(let seconds) = decision { return (.throttled(retryAfter: seconds), records) }
                guard let proof else { return (nil, records) }
                guard let outcome = Accounts.confirmed(proof, name: name, by: records) else {
                    verified.forget(name: name, password: password)
                    return (nil, records)
                }
                // A success clears the name's failures, as a checked one does (a tester: after a
                // remembered success one mistake was throttled); written only when there are some.
                if !records.nameFailures.isEmpty { try connection.clearLoginFailures(userName: name.lowercased()) }
                return (outcome, records)
            }
        }
        if let proof = verified.proof(name: name, password: password, now: now), case (let outcome?, _) = try read(proof) {
            return outcome
        }
        // A password to check: in the name's turn (`SignInTurns`), read again, since the sign-in
        // before may have recorded a failure, or checked and remembered this very credential.
        let deadline = ContinuousClock.now + Accounts.signInWait
        return try turns.taking(name, before: deadline) { () throws(AccountError) -> SignInOutcome in
            let (outcome, _) = try read(verified.proof(name: name, password: password, now: now))
            if let outcome { return outcome }
            let (checked, proof) = try lockedAndCheckedSignIn(name: name, password: password, clientAddress: clientAddress, now: now,
                                                              before: deadline)
            if let proof { verified.remember(proof, name: name, password: password, now: now) }
            return checked
        }
    }

    /// Whether `name` and `password`, remembered in `verified` (checked within its lifetime),
    /// still sign in the user `id`: the user and the stored hash they matched are still there.
    /// Nothing is checked with Argon2id, throttled or recorded: a credential not remembered
    /// (forgotten, expired) answers false, and its client signs in again in full. For what
    /// a sign-in opened and keeps open (an event stream).
    /// - Throws: `AccountError.database`.
    public func stillSignsIn(_ id: UserID, name: String, password: String, now: Date,
                             remembering verified: VerifiedCredentials) throws(AccountError) -> Bool {
        guard let proof = verified.proof(name: name, password: password, now: now), proof.user == id else { return false }
        return try database { connection in try Accounts.confirmed(proof, name: name, on: connection) } != nil
    }

    /// The sign-in `proof` still gives as `name`: its user, when their stored hash (or that
    /// of its app password) is still the one it matched; nil when it is gone or changed.
    private static func confirmed(_ proof: CredentialProof, name: String, on connection: PostgresConnection) throws -> SignInOutcome? {
        // No failure is wanted here: none is after the far future.
        let records = try connection.signInRecords(userName: name, nameKey: name.lowercased(), clientAddress: "", since: .distantFuture,
                                                   appPasswordLookup: proof.appPasswordLookup)
        return confirmed(proof, name: name, by: records)
    }

    /// The sign-in `proof` gives as `name` by what `signInRecords` read (its failures not
    /// looked at): the user of the name is still the proof's, with the hash it matched.
    private static func confirmed(_ proof: CredentialProof, name: String, by records: SignInRecords) -> SignInOutcome? {
        guard let user = records.user, user.id == proof.user, user.name.lowercased() == name.lowercased() else { return nil }
        guard let lookup = proof.appPasswordLookup else {
            return user.passwordHash == proof.hash ? .signedIn(user, device: nil) : nil
        }
        guard let appPassword = records.appPassword, appPassword.lookup == lookup, appPassword.passwordHash == proof.hash else { return nil }
        return .signedIn(user, device: appPassword.device)
    }
}
