import Foundation
import Testing
@testable import TickSync

/// What `tick sync` says a server's refusal was (`CalDAV.preconditionName`, the reason of a
/// refused PUT and of an HTTP error).
@Suite("A server's DAV error body, in words")
struct CalDAVRefusalTests {
    /// A tester (t56): `tick serve`'s 409 without a condition said "(responsedescription)".
    @Test("the condition's name, the server's words for a person, or both", arguments: [
        (#"<D:error xmlns:D="DAV:"><D:responsedescription>the parent is in another list</D:responsedescription></D:error>"#,
         "the parent is in another list"),
        (#"<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:no-uid-conflict><D:href>/a.ics</D:href></C:no-uid-conflict><D:responsedescription>  the UID\#n   is taken </D:responsedescription></D:error>"#, "no-uid-conflict: the UID is taken"),
        (#"<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns"><s:exception>Sabre\DAV\Exception\Conflict</s:exception><s:message>Parent node does not exist</s:message></d:error>"#,
         "Parent node does not exist"),
        (#"<D:error xmlns:D="DAV:"><D:lock-token-submitted/></D:error>"#, "lock-token-submitted"),
    ] as [(String, String)])
    func reason(body: String, expected: String) {
        #expect(CalDAV.preconditionName(Data(body.utf8)) == expected)
    }

    @Test("no DAV error body: no reason")
    func none() {
        #expect(CalDAV.preconditionName(Data()) == nil)
        #expect(CalDAV.preconditionName(Data("<html>Conflict</html>".utf8)) == nil)
        #expect(CalDAV.preconditionName(Data(#"<D:error xmlns:D="DAV:"/>"#.utf8)) == nil)
    }
}
