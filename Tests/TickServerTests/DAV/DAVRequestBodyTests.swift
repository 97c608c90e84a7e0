import Foundation
import Testing
@testable import TickServer
import TickSync

/// Request bodies refused: the client's fault is a 400 saying where, the server's a 500.
@Suite struct DAVRequestBodyTests {
    @Test func aDocumentTypeIsTheClientsFault() {
        let body = Array("<!DOCTYPE p [<!ENTITY e \"x\">]><D:propfind xmlns:D=\"DAV:\"><D:prop>&e;</D:prop></D:propfind>".utf8)
        do {
            _ = try DAVRequestBody.propfind(body)
            Issue.record("no error")
        } catch {
            #expect(error.status == 400)
            #expect(error.message == "the request body: the XML has a document type declaration (line 1), which WebDAV does not use")
        }
    }

    @Test func aMissingLibraryIsTheServers() {
        let failure = DAVRequestBody.failure(.configuration("the request body: this command needs libxml2.so.2, …"))
        #expect(failure.status == 500)
        #expect(failure.message == "the request body: this command needs libxml2.so.2, …")
        #expect(DAVRequestBody.failure(.protocolError("t: the server's XML is not well-formed at line 1, column 2")).status == 400)
    }
}
