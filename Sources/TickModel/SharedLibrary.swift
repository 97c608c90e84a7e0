#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A C library that Tick opens when a command first needs it (dlopen(3)), not one the
/// dynamic loader maps at every start.
///
/// Linking a library makes `ld.so` map it, and everything it depends on, before `main`:
/// libcurl brings 30 libraries (TLS, Kerberos, LDAP, SSH), libpq 20, libmicrohttpd and
/// libdbus a handful each, and `tick --version` spent 12 of its 14 ms there. Libraries only
/// some commands use (`tick sync`, `tick serve`, `tick agent`, the accounts of many users,
/// iCalendar files) are opened through this type instead, once per process, and stay open
/// until it exits. A missing library is an error of the command that needs it, saying
/// which Debian package brings it; every other command keeps working.
///
/// Functions are looked up by name with `dlsym(3)` and typed by the caller as a
/// `@convention(c)` function type that matches the library's header. Variadic C functions
/// (`curl_easy_setopt`, `MHD_start_daemon`) are not called through such a type: a shim
/// header calls them with their real prototype, given the looked-up address.
package struct SharedLibrary: @unchecked Sendable {
    /// The file name that was opened, such as `libcurl.so.4`.
    package let fileName: String
    private let handle: UnsafeMutableRawPointer
    private let debianPackage: String

    /// Opens the first of `fileNames` (sonames, searched the way `ld.so` searches) that
    /// loads, with every symbol bound at once (`RTLD_NOW`) and none made global
    /// (`RTLD_LOCAL`).
    ///
    /// - Throws: `SharedLibraryError` naming the library, what `dlerror(3)` said and the
    ///   Debian package that installs it.
    package init(_ fileNames: [String], debianPackage: String) throws(SharedLibraryError) {
        var failures: [String] = []
        for fileName in fileNames {
            if let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) {
                self.fileName = fileName
                self.handle = handle
                self.debianPackage = debianPackage
                return
            }
            failures.append(Self.lastError() ?? "\(fileName) could not be opened")
        }
        throw SharedLibraryError(library: fileNames.first ?? "", debianPackage: debianPackage,
                                 detail: failures.joined(separator: "; "))
    }

    /// The function `symbol` of this library as `Function`, a `@convention(c)` function
    /// type that must match the C prototype (nothing checks it: a wrong type is undefined
    /// behavior, as with a wrong prototype in C).
    ///
    /// - Throws: `SharedLibraryError` when the library has no such symbol (an older
    ///   version than the headers Tick was built with).
    package func function<Function>(_ symbol: String, as _: Function.Type = Function.self) throws(SharedLibraryError) -> Function {
        precondition(MemoryLayout<Function>.size == MemoryLayout<UnsafeRawPointer>.size,
                     "\(Function.self) is not a C function pointer type")
        return unsafeBitCast(try address(symbol), to: Function.self)
    }

    /// The address of `symbol` in this library, for a shim that calls it with its C
    /// prototype (a variadic function).
    ///
    /// - Throws: `SharedLibraryError` when the library has no such symbol.
    package func address(_ symbol: String) throws(SharedLibraryError) -> UnsafeMutableRawPointer {
        _ = dlerror()
        guard let address = dlsym(handle, symbol) else {
            throw SharedLibraryError(library: fileName, debianPackage: debianPackage,
                                     detail: Self.lastError() ?? "\(symbol) is missing")
        }
        return address
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }
}

/// A library a command needs could not be opened, or lacks a function Tick calls.
package struct SharedLibraryError: Error, CustomStringConvertible, Equatable {
    /// The library's file name, such as `libpq.so.5`.
    package let library: String
    /// The Debian package that installs it, such as `libpq5`.
    package let debianPackage: String
    /// What the loader said.
    package let detail: String

    package var description: String {
        "this command needs \(library), which could not be loaded (\(detail)); on Debian it comes with the package \(debianPackage)"
    }
}

extension Result where Failure == SharedLibraryError {
    /// The functions a library gave (`Success` is the table a module keeps for one
    /// library), for code that runs only after the module's `load()` reported a failure
    /// as an error; reached without that check, it stops the process with the error's text.
    package var loadedTable: Success {
        switch self {
        case .success(let table): return table
        case .failure(let error): fatalError(error.description)
        }
    }
}
