import CCurl
import Foundation
import Testing
import TickModel
@testable import TickSync

/// libcurl, opened when the sync first needs it (dlopen) rather than linked.
@Suite("libcurl opened on demand")
struct LibCurlTests {
    @Test("the library opens and its functions answer")
    func opens() throws {
        let curl = try LibCurl.load()
        let version = try #require(curl.version())
        #expect(String(cString: version).hasPrefix("libcurl/"), "\(String(cString: version))")
        // A handle made, an option set through the variadic shim, and freed.
        let handle = try #require(curl.easyInit())
        defer { curl.easyCleanup(handle) }
        #expect(curl.setopt(handle, CURLOPT_URL, string: "http://127.0.0.1:1/") == CURLE_OK)
        var status = -1
        #expect(curl.getinfo(handle, CURLINFO_RESPONSE_CODE, long: &status) == CURLE_OK)
        #expect(status == 0, "no request was sent")
    }

    @Test("a missing libcurl is the sync's error, naming the library and the Debian package")
    func missing() {
        #expect(throws: SharedLibraryError.self) { try LibCurl(["libtick-missing-curl.so.4"]) }
        expectMissingLibrary("libtick-missing-curl.so.4", package: "libcurl4") { () throws(SyncError) in
            _ = try CurlConnection(opening: ["libtick-missing-curl.so.4"])
        }
    }
}

/// Expects `body` to throw `SyncError.configuration` saying that `library` could not be
/// loaded and that the Debian `package` brings it, after `prefix`.
func expectMissingLibrary(_ library: String, package: String, prefix: String = "", sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () throws(SyncError) -> Void) {
    do {
        try body()
        Issue.record("no error", sourceLocation: sourceLocation)
    } catch {
        guard case .configuration(let text) = error else {
            Issue.record("not a configuration error: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(text.hasPrefix("\(prefix)this command needs \(library), which could not be loaded ("), "\(text)",
                sourceLocation: sourceLocation)
        #expect(text.hasSuffix("on Debian it comes with the package \(package)"), "\(text)", sourceLocation: sourceLocation)
    }
}
