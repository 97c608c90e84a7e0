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

    /// Found by fuzzing (davrequest): libxml2 reads `<C:.alendr/>`, whose prefix is not declared
    /// and whose local part is not a name, as the local name `C:.alendr` in the default namespace,
    /// and the refusal of the MKCOL wrote it back as `<D:C:.alendr/>`, which is not XML. A
    /// document that is not namespace-well-formed is refused as a whole.
    @Test("an element whose prefix is not declared, or whose name is not a QName, is the client's fault",
          arguments: [
            #"<?xml version="1.0" encoding="utf-8" ?><mkcol xmlns="DAV:" xcoding="utl-e"><set><prop>rcetyp><colection/><C:.alendr/>></prop></set></mkcol>"#,
            #"<D:mkcol xmlns:D="DAV:"><D:set><D:prop><X:color/></D:prop></D:set></D:mkcol>"#,
            #"<D:mkcol xmlns:D="DAV:"><D:set><D:prop><a:b:c xmlns:a="urn:x"/></D:prop></D:set></D:mkcol>"#,
          ])
    func namespaceIllFormed(_ text: String) {
        do {
            _ = try DAVRequestBody.mkcol(Array(text.utf8))
            Issue.record("no error")
        } catch {
            #expect(error.status == 400)
            #expect(error.message.contains("not namespace-well-formed"), "\(error.message)")
            #expect((try? XMLTree.parse(Data(error.response.bodyText.utf8), what: "t")) != nil)
        }
    }

    /// A property in no namespace (`xmlns=""`) is a name like any other; a refusal naming it is
    /// well-formed XML that names it again (a prefix cannot be bound to the empty namespace).
    @Test func aPropertyInNoNamespaceIsWrittenBackWellFormed() throws {
        let text = #"<D:mkcol xmlns:D="DAV:"><D:set><D:prop><D:displayname>x</D:displayname><odd xmlns="">1</odd></D:prop></D:set></D:mkcol>"#
        let update = try #require(try DAVRequestBody.mkcol(Array(text.utf8)))
        let odd = XMLName("", "odd")
        #expect(update.set.map(\.name).contains(odd))
        let refusal = DAVFailure(403, nil, "refused", property: odd).mkcolResponse(set: update.set.map(\.name))
        let tree = try XMLTree.parse(Data(refusal.bodyText.utf8), what: "t")
        let named = tree.children.flatMap { $0.children }.flatMap { $0.children }.map(\.name)
        #expect(named.contains(odd), "\(refusal.bodyText)")
    }
}
