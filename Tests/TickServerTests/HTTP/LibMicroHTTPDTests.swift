import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickServer

/// libmicrohttpd, opened when a server starts (dlopen) rather than linked.
@Suite("libmicrohttpd opened on demand")
struct LibMicroHTTPDTests {
    @Test("the library opens and its functions answer")
    func opens() throws {
        let library = try LibMicroHTTPD.load()
        let version = String(cString: try #require(library.version()))
        #expect(version.split(separator: ".").count >= 3 && version.first?.isNumber == true, "\(version)")
    }

    @Test("a missing libmicrohttpd is the server's error, naming the library and the Debian package")
    func missing() {
        #expect(throws: SharedLibraryError.self) { try LibMicroHTTPD(["libtick-missing-microhttpd.so.12"]) }
        do {
            _ = try HTTPServer.library(opening: ["libtick-missing-microhttpd.so.12"])
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix("this command needs libtick-missing-microhttpd.so.12, which could not be loaded ("),
                    "\(error)")
            #expect(error.message.hasSuffix("on Debian it comes with the package libmicrohttpd12"), "\(error)")
        }
    }

    @Test("a request carries the peer's address when the server records it, and none otherwise", arguments: [true, false])
    func clientAddress(records: Bool) throws {
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0)
        configuration.recordsClientAddress = records
        let server = try HTTPServer(configuration: configuration,
                                    handler: { HTTPResponse(status: 200, contentType: "text/plain", text: "[" + $0.clientAddress + "]") },
                                    tooLarge: { _ in HTTPResponse(status: 413) })
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        _ = connection.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = connection.read(timeout: 5).text
        #expect(answer.hasSuffix(records ? "[127.0.0.1]" : "[]"), "\(answer)")
    }
}
