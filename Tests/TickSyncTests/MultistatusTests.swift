import Foundation
import Testing
@testable import TickSync

/// The WebDAV multistatus reader: namespaces by URI whatever the prefix, statuses, ETags
/// as received, and bad bodies refused with where, never a crash.
@Suite("WebDAV multistatus reader")
struct MultistatusTests {
    @Test("prefixes do not matter, namespace URIs do; ETags keep their quotes; 404 members are deletions")
    func namespacesAndStatuses() throws {
        let body = """
            <?xml version="1.0"?><x:multistatus xmlns:x="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
            <x:response><x:href>/a/b%20c.ics</x:href><x:propstat><x:prop><x:getetag>"e1"</x:getetag>
            <cal:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nEND:VCALENDAR]]></cal:calendar-data></x:prop>
            <x:status>HTTP/1.1 200 OK</x:status></x:propstat>
            <x:propstat><x:prop><x:displayname/></x:prop><x:status>HTTP/1.1 404 Not Found</x:status></x:propstat></x:response>
            <x:response><x:href>/a/gone.ics</x:href><x:status>HTTP/1.1 404 Not Found</x:status></x:response>
            <x:sync-token>token-2</x:sync-token></x:multistatus>
            """
        let status = try Multistatus.parse(Data(body.utf8), what: "test")
        #expect(status.syncToken == "token-2")
        #expect(status.resources.map(\.href) == ["/a/b%20c.ics", "/a/gone.ics"])
        #expect(status.resources[0].etag == "\"e1\"")
        #expect(status.resources[0].properties[XMLName(XMLName.caldav, "calendar-data")]?.text == "BEGIN:VCALENDAR\r\nEND:VCALENDAR")
        #expect(status.resources[0].properties[XMLName(XMLName.dav, "displayname")] == nil, "a 404 propstat is no value")
        #expect(status.resources[1].status == 404)
    }

    @Test("a body that is not UTF-8 is refused with the byte, not handed to the XML parser (it crashed on it)")
    func notUTF8() {
        var bytes = Array("<?xml version=\"1.0\"?><multistatus xmlns=\"DAV:\"><sta".utf8)
        let offset = bytes.count
        bytes += [0xFF, 0xFF] + Array("tus/></multistatus>".utf8)
        #expect(throws: SyncError.protocolError("test: the server's XML is not UTF-8 (byte \(offset))")) {
            try Multistatus.parse(Data(bytes), what: "test")
        }
    }

    @Test("a processing instruction (FoundationXML crashed on <?x?>) is refused wherever it is; the declaration is not one")
    func processingInstructions() throws {
        let crash = "<?x?>ml version=\"2.0\"?><D:multistatus xmlnD=\"ponse><D:us><//D:response></<"
        #expect(throws: SyncError.protocolError("t: the server's XML has a processing instruction at byte 0, which WebDAV does not use")) {
            try Multistatus.parse(Data(crash.utf8), what: "t")
        }
        // Found by fuzzing: a declaration that runs into the next processing instruction.
        let swallowed = "<?xml von=\"\"?n<v\" p><?x-l?>D\":<reus>"
        #expect(throws: SyncError.self) { try Multistatus.parse(Data(swallowed.utf8), what: "t") }
        let fine = "\u{FEFF}<?xml version=\"1.0\"?><!-- a comment --><multistatus xmlns=\"DAV:\"><response><href>/a</href><propstat><prop>"
            + "<getetag><![CDATA[\"x\"]]></getetag></prop></propstat></response></multistatus>"
        let status = try Multistatus.parse(Data(fine.utf8), what: "t")
        #expect(status.resources.first?.etag == "\"x\"")
        // Found by fuzzing: "<?" that libxml2 reads as a processing instruction where a scanner
        // would see a comment. Any "<?" after the declaration is refused.
        let inComment = "<?xml version=\"1.0\"?><D:C/<!-- <?a?> -->"
        #expect(throws: SyncError.protocolError("t: the server's XML has a processing instruction at byte 31, which WebDAV does not use")) {
            try Multistatus.parse(Data(inComment.utf8), what: "t")
        }
    }

    @Test("XML that is not well-formed, or not a multistatus, is an error naming where")
    func malformed() {
        #expect(throws: SyncError.self) { try Multistatus.parse(Data("<multistatus xmlns=\"DAV:\"><response>".utf8), what: "t") }
        #expect(throws: SyncError.protocolError("t: expected a DAV:multistatus, the server sent <html>")) {
            try Multistatus.parse(Data("<html><body>Login</body></html>".utf8), what: "t")
        }
        do {
            _ = try Multistatus.parse(Data("<a>\n<b></a>".utf8), what: "t")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("line 2"), "\(error)")
        }
    }

    @Test("Retry-After as seconds or an HTTP date; colors #RRGGBB and #RRGGBBAA")
    func headerValues() {
        #expect(DAVClient.retryAfter("120") == 120)
        #expect(DAVClient.retryAfter("soon") == nil)
        #expect(DAVClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT") == 0, "a date in the past is no wait")
        #expect(CalDAV.normalizedColor("#ff2968ff") == "#FF2968")
        #expect(CalDAV.normalizedColor("#FF2968") == "#FF2968")
        #expect(CalDAV.normalizedColor("red") == nil)
    }

    @Test("hrefs compare percent-decoded, with or without scheme, host and a trailing slash")
    func hrefs() {
        #expect(CalDAV.samePath("/a/b%20c/", "http://h:1/a/b c"))
        #expect(!CalDAV.samePath("/a/b", "/a/c"))
        // Foundation's decoding dropped a leading U+FEFF: two names read as one.
        #expect(!CalDAV.samePath("/cal/%EF%BB%BFx.ics", "/cal/x.ics"))
        #expect(CalDAV.samePath("/cal/%EF%BB%BFx.ics", "/cal/\u{FEFF}x.ics"))
        #expect(CalDAV.samePath("/cal/%E1%84%8E%E1%85%B5.ics", "/cal/%e1%84%8e%e1%85%b5.ics"))
    }
}
