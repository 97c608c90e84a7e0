import Synchronization

/// Who a request comes from, for `RequestDispatcher`'s turns, on a server that signs users
/// in: the user its credential signed in before (learned by `note(_:signedInAs:)` when it
/// did), else its peer's address.
///
/// Keyed by the credential alone (`HTTPRequest.clientKey(sessionCookie:)`), a user with a
/// password, two app passwords and a session had four turns to another user's one, and a
/// client sending a made-up credential with every request had a turn for each of them, each
/// a cheap 401. Now one user's requests take one turn whatever they sign in with, and the
/// requests whose credential has not signed anyone in (wrong, made up, or new: a credential's
/// first request) take their address's.
///
/// Holds at most `capacity` credentials (as the keys of `HTTPRequest.credentialKey`, hashes
/// with the process's random seed: no secret), the first learned going first; one forgotten
/// is learned again at its next sign-in. A credential that stops signing in (a password
/// changed, an app password or session revoked) keeps its user's turn until then, and is
/// refused by the sign-in as before: the turn only orders requests.
public final class SignedInClients: Sendable {
    private struct State {
        /// The user's key of each credential's.
        var users: [Int: Int] = [:]
        /// The credentials in the order learned (`head`: the oldest still held).
        var order: [Int] = []
        var head = 0
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let sessionCookie: String

    /// - Parameters:
    ///   - sessionCookie: the name of the server's session cookie.
    ///   - capacity: the most credentials held (at least 1).
    public init(sessionCookie: String, capacity: Int = 10_000) {
        self.sessionCookie = sessionCookie
        self.capacity = max(1, capacity)
    }

    /// The key of `request`'s turns: its user's when its credential signed one in, else its
    /// address's (`HTTPRequest.addressKey`).
    /// - Complexity: O(1) beyond reading the credential (a Basic value is decoded).
    public func key(of request: HTTPRequest) -> Int {
        if let credential = request.credentialKey(sessionCookie: sessionCookie),
           let user = state.withLock({ $0.users[credential] }) {
            return user
        }
        return request.addressKey
    }

    /// Notes that `request`'s credential signed in `user` (an id that names one user of the
    /// server); nothing for a request without one.
    public func note(_ request: HTTPRequest, signedInAs user: String) {
        guard let credential = request.credentialKey(sessionCookie: sessionCookie) else { return }
        var hasher = Hasher()
        hasher.combine("user")
        hasher.combine(user)
        let key = hasher.finalize()
        state.withLock { state in
            guard state.users.updateValue(key, forKey: credential) == nil else { return }
            state.order.append(credential)
            if state.users.count > capacity {
                state.users[state.order[state.head]] = nil
                state.head += 1
            }
            // The credentials forgotten are dropped from `order` now and then, not one by one.
            if state.head >= 64, state.head * 2 >= state.order.count {
                state.order.removeFirst(state.head)
                state.head = 0
            }
        }
    }

    /// How many credentials are held (for tests).
    var count: Int { state.withLock { $0.users.count } }
}
