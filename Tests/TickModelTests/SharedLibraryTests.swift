import Testing
@testable import TickModel

@Suite("SharedLibrary: a C library opened when a command first needs it")
struct SharedLibraryTests {
    @Test("a library that loads gives its functions typed as C function pointers")
    func opensAndCalls() throws {
        let libc = try SharedLibrary(["libc.so.6"], debianPackage: "libc6")
        #expect(libc.fileName == "libc.so.6")
        let strlen = try libc.function("strlen", as: (@convention(c) (UnsafePointer<CChar>?) -> Int).self)
        #expect("reminder".withCString { strlen($0) } == 8)
    }

    @Test("the first file name that loads is the one opened")
    func firstThatLoads() throws {
        let libc = try SharedLibrary(["libtick-absent.so.9", "libc.so.6"], debianPackage: "libc6")
        #expect(libc.fileName == "libc.so.6")
    }

    @Test("a library that is not installed is an error naming it and its Debian package")
    func missingLibrary() {
        #expect {
            _ = try SharedLibrary(["libtick-absent.so.9"], debianPackage: "tick-absent9")
        } throws: { error in
            let error = error as? SharedLibraryError
            let text = error?.description ?? ""
            return error?.library == "libtick-absent.so.9" && error?.debianPackage == "tick-absent9"
                && text.contains("libtick-absent.so.9") && text.contains("package tick-absent9")
        }
    }

    @Test("a function the library lacks is an error naming the symbol")
    func missingSymbol() throws {
        let libc = try SharedLibrary(["libc.so.6"], debianPackage: "libc6")
        #expect {
            _ = try libc.function("tick_no_such_function", as: (@convention(c) () -> Void).self)
        } throws: { error in
            (error as? SharedLibraryError)?.detail.contains("tick_no_such_function") == true
        }
    }
}
