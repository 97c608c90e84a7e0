import CArgon2
import TickModel

/// The functions of libargon2 that `PasswordHasher` calls, looked up in the library when
/// a command first hashes or checks a password rather than mapped by the loader at every
/// start of `tick`.
///
/// Each type is the prototype in `argon2.h` as Swift imports it; none is variadic.
struct LibArgon2: @unchecked Sendable {
    // @unchecked: only immutable addresses of C functions, which libargon2 lets any
    // thread call at once (each call has its own memory).

    let hashEncoded: @convention(c) (_ tCost: UInt32, _ mCost: UInt32, _ parallelism: UInt32,
                                     _ pwd: UnsafeRawPointer?, _ pwdlen: Int, _ salt: UnsafeRawPointer?, _ saltlen: Int,
                                     _ hashlen: Int, _ encoded: UnsafeMutablePointer<CChar>?, _ encodedlen: Int) -> Int32
    let verify: @convention(c) (_ encoded: UnsafePointer<CChar>?, _ pwd: UnsafeRawPointer?, _ pwdlen: Int) -> Int32
    let encodedLength: @convention(c) (_ tCost: UInt32, _ mCost: UInt32, _ parallelism: UInt32, _ saltlen: UInt32,
                                       _ hashlen: UInt32, _ type: argon2_type) -> Int
    let errorMessage: @convention(c) (_ errorCode: Int32) -> UnsafePointer<CChar>?
}

extension LibArgon2 {
    /// libargon2's soname.
    static let fileNames = ["libargon2.so.1"]
    /// The Debian package that installs it.
    static let debianPackage = "libargon2-1"

    /// libargon2, opened by the first caller in the process; later callers get the same
    /// functions, or the same error.
    /// - Throws: `AccountError.missingLibrary` with `SharedLibraryError`'s text (which
    ///   library, what the loader said, which Debian package brings it).
    static func load() throws(AccountError) -> LibArgon2 {
        try shared.get()
    }

    private static let shared = Result { () throws(AccountError) in try open(fileNames) }

    /// Opens the first of `fileNames` that loads and looks up every function (the
    /// library's own name in production; another in tests, to see the error).
    /// - Throws: `AccountError.missingLibrary`.
    static func open(_ fileNames: [String]) throws(AccountError) -> LibArgon2 {
        do {
            let library = try SharedLibrary(fileNames, debianPackage: debianPackage)
            return LibArgon2(hashEncoded: try library.function("argon2id_hash_encoded"),
                             verify: try library.function("argon2id_verify"),
                             encodedLength: try library.function("argon2_encodedlen"),
                             errorMessage: try library.function("argon2_error_message"))
        } catch {
            throw .missingLibrary(String(describing: error))
        }
    }
}
