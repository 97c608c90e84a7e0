import CArgon2

/// Hashes and checks passwords with Argon2id (RFC 9106) through the reference library,
/// libargon2, in its encoded form: `$argon2id$v=19$m=19456,t=2,p=1$SALT$HASH` (salt and
/// hash in unpadded Base64), which carries its own parameters, so a hash made with
/// other parameters still verifies.
///
/// `standard` follows OWASP's Password Storage Cheat Sheet for Argon2id: 19 MiB of
/// memory, 2 passes, 1 lane; a 16-byte salt from the system's CSPRNG
/// (`SystemRandomNumberGenerator`: `getrandom(2)` on Linux) and a 32-byte hash. One hash
/// or check costs 19 MiB and tens of milliseconds of one core (a hash and a check took
/// 0.17–0.35 s together on a loaded 2-core machine): too much for every request of a
/// CalDAV client, which sends its credentials each time; a server must remember a
/// verified credential for a while rather than check it again.
public struct PasswordHasher: Sendable, Hashable {
    /// Passes over memory (t).
    public var iterations: UInt32
    /// Memory in KiB (m).
    public var memoryKiB: UInt32
    /// Lanes (p).
    public var parallelism: UInt32
    /// Salt bytes.
    public var saltLength: Int
    /// Hash bytes.
    public var hashLength: Int

    public init(iterations: UInt32, memoryKiB: UInt32, parallelism: UInt32, saltLength: Int = 16, hashLength: Int = 32) {
        self.iterations = iterations
        self.memoryKiB = memoryKiB
        self.parallelism = parallelism
        self.saltLength = saltLength
        self.hashLength = hashLength
    }

    /// t=2, m=19 MiB, p=1 (OWASP's first recommended Argon2id configuration).
    public static let standard = PasswordHasher(iterations: 2, memoryKiB: 19 * 1024, parallelism: 1)

    /// The encoded Argon2id hash of `password` (its UTF-8 bytes) with a fresh random salt.
    /// - Throws: `AccountError.missingLibrary` when libargon2 cannot be loaded;
    ///   `.hashingFailed` with libargon2's reason (out of memory, parameters it refuses).
    public func hash(_ password: String) throws(AccountError) -> String {
        let argon2 = try LibArgon2.load()
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let length = argon2.encodedLength(iterations, memoryKiB, parallelism, UInt32(saltLength), UInt32(hashLength), Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let bytes = Array(password.utf8)
        let status = bytes.withUnsafeBytes { passwordBuffer in
            salt.withUnsafeBytes { saltBuffer in
                argon2.hashEncoded(iterations, memoryKiB, parallelism,
                                      passwordBuffer.baseAddress, passwordBuffer.count,
                                      saltBuffer.baseAddress, saltBuffer.count, hashLength, &encoded, length)
            }
        }
        guard status == ARGON2_OK.rawValue else { throw .hashingFailed(PasswordHasher.reason(status, argon2)) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` is the one `encoded` was made from. libargon2 recomputes the
    /// hash with the parameters and salt in `encoded` and compares in constant time.
    /// An `encoded` text that is not an Argon2id hash is false, never a match.
    ///
    /// - Complexity: one Argon2id computation with `encoded`'s parameters.
    /// - Throws: `AccountError.missingLibrary` when libargon2 cannot be loaded (no
    ///   password can be checked then; a false answer would count as a wrong password).
    public func verify(_ password: String, against encoded: String) throws(AccountError) -> Bool {
        guard encoded.hasPrefix("$argon2id$") else { return false }
        let argon2 = try LibArgon2.load()
        let bytes = Array(password.utf8)
        let status = bytes.withUnsafeBytes { buffer in
            argon2.verify(encoded, buffer.baseAddress, buffer.count)
        }
        return status == ARGON2_OK.rawValue
    }

    private static func reason(_ status: Int32, _ argon2: LibArgon2) -> String {
        argon2.errorMessage(status).map { String(cString: $0) } ?? "error \(status)"
    }
}
