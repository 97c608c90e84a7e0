import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import TickModel
@testable import TickSync

/// The XML reader of WebDAV bodies on libxml2's pull parser, opened when the first body
/// is read: what the tree keeps, what it refuses, and where it says a document went wrong.
@Suite("XML reader (libxml2)")
struct DAVXMLTests {
    private func parse(_ text: String) throws(SyncError) -> XMLTree { try XMLTree.parse(Data(text.utf8), what: "t") }

    /// XML 1.0 §2.2: no escape can carry a C0 control (but tab, line feed, carriage
    /// return), U+FFFE or U+FFFF; they are given as U+FFFD, and the text reads back.
    @Test("escaped text: the five markup characters escaped, characters XML cannot hold replaced by U+FFFD")
    func escapedReplacesWhatXMLCannotHold() throws {
        #expect(DAVBody.escaped("plain ✓ 한국어") == "plain ✓ 한국어")
        #expect(DAVBody.escaped("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
        #expect(DAVBody.escaped("tab\tline\nreturn\r") == "tab\tline\nreturn\r")
        #expect(DAVBody.escaped("x\u{1}y\u{1F}z\u{FFFE}\u{FFFF}\u{FFFD}\u{EFBF}") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}\u{FFFD}\u{FFFD}\u{EFBF}")
        #expect(DAVBody.escaped("\u{0}<") == "\u{FFFD}&lt;")
    }

    @Test("libxml2 opens and reads names by namespace URI, qualified attributes, text, CDATA and white space as they came")
    func reads() throws {
        _ = try LibXML2.load()
        let root = try parse("""
            <?xml version="1.0" encoding="utf-8"?>
            <D:prop xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns="http://apple.com/ns/ical/">
             <C:comp name="VTODO" C:x="a&amp;b&#233;" xml:lang="en"/><calendar-color> #FF0000 </calendar-color>
             <C:calendar-data>a &lt; b<![CDATA[<c>&amp;]]>d</C:calendar-data><D:empty></D:empty></D:prop>
            """)
        #expect(root.name == XMLName.d("prop"))
        #expect(root.children.map(\.name) == [.c("comp"), XMLName(XMLName.appleICal, "calendar-color"), .c("calendar-data"), .d("empty")])
        #expect(root.attributes.isEmpty, "namespace declarations are no attributes: \(root.attributes)")
        let comp = try #require(root.child(.c("comp")))
        #expect(comp.attributes == ["name": "VTODO", "C:x": "a&bé", "xml:lang": "en"])
        #expect(comp.children.isEmpty && comp.text.isEmpty)
        #expect(root.child(XMLName(XMLName.appleICal, "calendar-color"))?.text == " #FF0000 ")
        #expect(root.child(.c("calendar-data"))?.text == "a < b<c>&amp;d")
        #expect(root.text == "\n \n ", "the white space between children is the parent's text")
        #expect(root.child(.d("empty"))?.text == "")
    }

    @Test("a document type declaration is refused before anything of it is used: no entity expanded, no file read")
    func documentType() {
        let refusal = SyncError.protocolError("t: the server's XML has a document type declaration (line 1), which WebDAV does not use")
        let laughs = "<!DOCTYPE m [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + "<multistatus xmlns=\"DAV:\"><sync-token>&b;</sync-token></multistatus>"
        #expect(throws: refusal) { try parse(laughs) }
        let external = "<!DOCTYPE m [<!ENTITY passwd SYSTEM \"file:///etc/passwd\">]><multistatus xmlns=\"DAV:\">&passwd;</multistatus>"
        #expect(throws: refusal) { try parse(external) }
        #expect(throws: refusal) { try parse("<!DOCTYPE m SYSTEM \"http://127.0.0.1:1/m.dtd\"><m/>") }
    }

    @Test("the bytes are read as UTF-8 whatever encoding the declaration names, and libxml2 prints nothing on standard error")
    func declaredEncodingIgnored() throws {
        var trees: [XMLTree] = []
        let printed = try DAVXMLTests.standardError {
            for encoding in ["ISO-2022-JP", "EBCDIC-US", "UTF-32", "UTF-16"] {
                trees.append(try parse("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><a>é$B</a>"))
            }
        }
        #expect(trees.map(\.text) == Array(repeating: "é$B", count: 4))
        #expect(!printed.contains("encoding error") && !printed.contains("I/O error"), "\(printed)")
    }

    @Test("a NUL byte is refused at its offset before libxml2 reads anything (it took \"<\\0\\0\\0\" for UCS-4 and printed on standard error)")
    func nulByte() throws {
        var errors: [SyncError?] = []
        let printed = try DAVXMLTests.standardError {
            for bytes in [Data([0x3C, 0, 0, 0, 0, 0, 0, 0x3C, 0x61, 0x74, 0x75, 0x3E]), Data("<a>xy\u{0}</a>".utf8)] {
                do {
                    _ = try XMLTree.parse(bytes, what: "t")
                    errors.append(nil)
                } catch {
                    errors.append(error as? SyncError)
                }
            }
        }
        #expect(errors == [.protocolError("t: the server's XML holds a NUL byte (byte 1), which XML does not allow"),
                           .protocolError("t: the server's XML holds a NUL byte (byte 5), which XML does not allow")])
        #expect(!printed.contains("encoding error"), "\(printed)")
    }

    /// What is written on file descriptor 2 while `body` runs (other tests running at the
    /// same time may add theirs: check only for what `body` alone would print; an `#expect`
    /// inside would report there, unseen).
    static func standardError(_ body: () throws -> Void) throws -> String {
        let folder = TemporaryFolder()
        let path = folder.file("stderr")
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        let saved = dup(2)
        dup2(file, 2)
        defer {
            dup2(saved, 2)
            close(saved)
            close(file)
        }
        try body()
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test("an entity that is not XML's own is not well-formed, at its line and column")
    func undefinedEntity() {
        #expect(throws: SyncError.protocolError("t: the server's XML is not well-formed at line 2, column 8")) {
            try parse("<a>\n<b>x&e;</b></a>")
        }
    }

    @Test("errors give libxml2's line and column (in characters); the end of a document cut short inside an element says so")
    func positions() {
        #expect(throws: SyncError.protocolError("t: the server's XML is not well-formed at line 2, column 8")) {
            try parse("<a>\n<b></a>")
        }
        #expect(throws: SyncError.protocolError("t: the server's XML is not well-formed at line 1, column 10")) {
            try parse("<b>éé</a>")
        }
        #expect(throws: SyncError.protocolError("t: the server's XML ends inside <response> (line 1): the answer was cut short")) {
            try parse("<multistatus xmlns=\"DAV:\"><response>")
        }
        // libxml2 counts lines by LF alone (a CR is a character of the line).
        #expect(throws: SyncError.protocolError("t: the server's XML ends inside <href> (line 3): the answer was cut short")) {
            try parse("<multistatus xmlns=\"DAV:\">\r\n<response>\n\r<href>/cal/é")
        }
        // Content after the root element is not a document cut short.
        #expect(throws: SyncError.protocolError("t: the server's XML is not well-formed at line 1, column 8")) {
            try parse("<a></a><b/>")
        }
        #expect(throws: SyncError.protocolError("t: the server sent no XML element")) { try parse("") }
        #expect(throws: SyncError.protocolError("t: the server's XML is not well-formed at line 1, column 14")) {
            try parse("<!-- only -->")
        }
    }

    @Test("a missing libxml2 is the reader's error, naming the library and the Debian package")
    func missing() {
        #expect(throws: SharedLibraryError.self) { try LibXML2(["libtick-missing-xml2.so.2"]) }
        expectMissingLibrary("libtick-missing-xml2.so.2", package: "libxml2", prefix: "t: ") { () throws(SyncError) in
            _ = try XMLTree.parse(Data("<a/>".utf8), what: "t", opening: ["libtick-missing-xml2.so.2"])
        }
    }
}
