import Foundation

/// Random values from the system's CSPRNG (`SystemRandomNumberGenerator`: `getrandom(2)`
/// on Linux): identifiers, session tokens and app passwords.
public enum Secrets {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// 128 random bits as 32 lowercase hex digits: an opaque identifier.
    public static func identifier() -> String { hex(bytes(16)) }

    /// 256 random bits as 64 lowercase hex digits: a session token.
    public static func sessionToken() -> String { hex(bytes(32)) }

    /// The characters of app passwords: lowercase letters and digits without the ones
    /// easily confused when typed from another screen (0 o 1 l i).
    static let appPasswordAlphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    /// Groups of an app password, and characters per group.
    static let appPasswordGroups = 4, appPasswordGroupLength = 6

    /// A new app password, four groups of six (`k7dm2q-…`, about 119 random bits); its
    /// first group is its `lookup`.
    public static func appPassword() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<appPasswordGroups).map { _ in
            String((0..<appPasswordGroupLength).map { _ in appPasswordAlphabet[Int.random(in: 0..<appPasswordAlphabet.count, using: &generator)] })
        }.joined(separator: "-")
    }

    /// The lookup group of `password` when it has the shape of an app password, else nil.
    public static func appPasswordLookup(_ password: String) -> String? {
        let groups = password.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == appPasswordGroups,
              groups.allSatisfy({ $0.count == appPasswordGroupLength && $0.allSatisfy(appPasswordAlphabet.contains) }) else { return nil }
        return String(groups[0])
    }

    /// The SHA-256 of a session token's text, as stored in `sessions.token_hash`.
    public static func tokenHash(_ token: String) -> Data { Data(SHA256.digest(token.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
