import Foundation
import Testing
@testable import TickAccounts

@Suite("Argon2id password hashes and SHA-256")
struct PasswordHasherTests {
    /// Cheap parameters for the tests that do not check the standard ones.
    static let fast = PasswordHasher(iterations: 1, memoryKiB: 64, parallelism: 1)

    @Test("the standard hash is an Argon2id encoded string with OWASP's parameters, a 16-byte salt and a 32-byte hash")
    func encodedShape() throws {
        let encoded = try PasswordHasher.standard.hash("correct horse battery staple")
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        #expect(parts.count == 6)
        #expect(parts[1] == "argon2id")
        #expect(parts[2] == "v=19")
        #expect(parts[3] == "m=19456,t=2,p=1")
        // Unpadded Base64: 16 bytes → 22 characters, 32 bytes → 43.
        #expect(parts[4].count == 22)
        #expect(parts[5].count == 43)
        let base64 = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        #expect(parts[4].allSatisfy(base64.contains) && parts[5].allSatisfy(base64.contains))
        #expect(!encoded.contains("correct horse"))
        #expect(try PasswordHasher.standard.verify("correct horse battery staple", against: encoded))
    }

    @Test("the right password verifies; a wrong one, a near one and the empty one do not")
    func verify() throws {
        let hasher = Self.fast
        let encoded = try hasher.hash("Pässwörd 🎉")
        #expect(try hasher.verify("Pässwörd 🎉", against: encoded))
        #expect(try !hasher.verify("Pässwörd 🎉 ", against: encoded))
        #expect(try !hasher.verify("Passwörd 🎉", against: encoded))
        #expect(try !hasher.verify("", against: encoded))
    }

    @Test("a hash verifies under any hasher: the parameters travel in the encoded string")
    func parametersInHash() throws {
        let encoded = try Self.fast.hash("secret")
        #expect(try PasswordHasher.standard.verify("secret", against: encoded))
    }

    @Test("two hashes of one password differ (fresh salts) and both verify")
    func saltsDiffer() throws {
        let first = try Self.fast.hash("same"), second = try Self.fast.hash("same")
        #expect(first != second)
        #expect(first.split(separator: "$")[3] != second.split(separator: "$")[3])
        #expect(try Self.fast.verify("same", against: first) && Self.fast.verify("same", against: second))
    }

    @Test("text that is not an Argon2id hash never matches", arguments: [
        "", "secret", "$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaA", "$argon2id$v=19$m=64,t=1,p=1$!!$??", "$2y$10$abcdefghijklmnopqrstuv",
    ])
    func notAHash(text: String) throws {
        #expect(try !Self.fast.verify("secret", against: text))
    }

    @Test("SHA-256 gives FIPS 180-4's digests", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
        (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (String(repeating: "x", count: 56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
    ])
    func sha256(message: String, digest: String) {
        #expect(Secrets.hex(SHA256.digest(message.utf8)) == digest)
    }

    @Test("app passwords have four groups of six from the alphabet, and their lookup is the first group")
    func appPasswords() {
        let password = Secrets.appPassword()
        #expect(password.count == 27)
        #expect(Secrets.appPasswordLookup(password) == String(password.prefix(6)))
        #expect(Secrets.appPassword() != password)
        #expect(Secrets.appPasswordLookup("abcdef-ghjkmn-pqrstu-vwxyz2") == "abcdef")
        #expect(Secrets.appPasswordLookup("abcdef-ghjkmn-pqrstu") == nil)
        #expect(Secrets.appPasswordLookup("abcde0-ghjkmn-pqrstu-vwxyz2") == nil)
        #expect(Secrets.appPasswordLookup("my own password") == nil)
        #expect(Secrets.identifier().count == 32)
        #expect(Secrets.sessionToken().count == 64)
    }
}
