import CArgon2
import Testing
@testable import TickAccounts

@Suite("libargon2, opened when a command first needs it")
struct LibArgon2Tests {
    @Test("libargon2 opens and its functions answer")
    func opens() throws {
        let argon2 = try LibArgon2.load()
        #expect(argon2.errorMessage(ARGON2_OK.rawValue).map { String(cString: $0) } == "OK")
        // The encoded length counts the terminating NUL.
        let encoded = try PasswordHasher.standard.hash("secret")
        #expect(argon2.encodedLength(2, 19 * 1024, 1, 16, 32, Argon2_id) == encoded.utf8.count + 1)
    }

    @Test("every function pointer has the prototype argon2.h declares")
    func prototypes() throws {
        // Compiles only when each field's type is the header's declaration as Swift imports
        // it (the test target links libargon2 for this; the tick executable does not).
        let linked = LibArgon2(hashEncoded: argon2id_hash_encoded, verify: argon2id_verify,
                               encodedLength: argon2_encodedlen, errorMessage: argon2_error_message)
        #expect(linked.encodedLength(1, 64, 1, 16, 32, Argon2_id) == (try LibArgon2.load()).encodedLength(1, 64, 1, 16, 32, Argon2_id))
    }

    @Test("a libargon2 that cannot be opened is an AccountError naming the library and its Debian package")
    func missing() {
        do {
            _ = try LibArgon2.open(["libargon2-absent.so.1"])
            Issue.record("a library that does not exist was opened")
        } catch {
            guard case .missingLibrary = error else { Issue.record("\(error)"); return }
            #expect(error.description.hasPrefix("this command needs libargon2-absent.so.1, which could not be loaded ("))
            #expect(error.description.hasSuffix("on Debian it comes with the package libargon2-1"))
        }
    }
}
