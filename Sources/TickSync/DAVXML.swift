import CXML2
import Foundation

/// An XML element name with its namespace, as WebDAV compares them (RFC 4918 §17: the
/// prefix means nothing, the namespace URI and the local name are the name).
public struct XMLName: Hashable, Sendable, CustomStringConvertible {
    public var namespace: String
    public var local: String
    public init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }
    public var description: String { "{\(namespace)}\(local)" }

    /// `DAV:` (RFC 4918).
    public static let dav = "DAV:"
    /// `urn:ietf:params:xml:ns:caldav` (RFC 4791).
    public static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// `http://calendarserver.org/ns/` (`getctag`).
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// `http://apple.com/ns/ical/` (`calendar-color`, `calendar-order`).
    public static let appleICal = "http://apple.com/ns/ical/"
    /// `urn:ietf:params:xml:ns:carddav` (RFC 6352: an `addressbook` is not a calendar).
    public static let cardDAV = "urn:ietf:params:xml:ns:carddav"

    package static func d(_ local: String) -> XMLName { XMLName(dav, local) }
    package static func c(_ local: String) -> XMLName { XMLName(caldav, local) }
}

/// A parsed XML element: its name, attributes, child elements and text, enough to read
/// a WebDAV multistatus. Built by `XMLTree.parse(_:)` with libxml2's pull parser
/// (namespaces resolved, nothing loaded from outside, no document type).
public final class XMLTree: @unchecked Sendable {
    public let name: XMLName
    public let attributes: [String: String]
    public internal(set) var children: [XMLTree] = []
    /// The element's own character data (CDATA included), as it came.
    public internal(set) var text = ""

    init(name: XMLName, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The first child named `name`.
    public func child(_ name: XMLName) -> XMLTree? { children.first { $0.name == name } }
    /// Every child named `name`.
    public func children(_ name: XMLName) -> [XMLTree] { children.filter { $0.name == name } }
    /// The text with surrounding white space removed.
    public var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Parses `data` as an XML document in UTF-8 (what WebDAV servers send; RFC 4918 §18)
    /// with libxml2's pull parser: namespaces resolved, nothing loaded from outside (no
    /// external entity or DTD, no network), and a document type declaration refused, so
    /// that no entity of the server's is ever expanded.
    /// - Throws: `SyncError.protocolError` naming the byte where the document is not UTF-8
    ///   or holds a processing instruction, or the line and column where it is not
    ///   well-formed; `SyncError.configuration` when libxml2 is not installed.
    /// - Complexity: O(n) in the size of `data`.
    public static func parse(_ data: Data, what: String) throws(SyncError) -> XMLTree {
        try parse(data, what: what, opening: nil)
    }

    /// `parse(_:what:)` with libxml2 opened once per process (`fileNames` nil) or from
    /// `fileNames` (the tests' missing library).
    static func parse(_ data: Data, what: String, opening fileNames: [String]?) throws(SyncError) -> XMLTree {
        if let offset = XMLTree.firstInvalidUTF8(data) {
            throw .protocolError("\(what): the server's XML is not UTF-8 (byte \(offset))")
        }
        // XML 1.0 §2.2 has no U+0000; libxml2 would take a NUL after the first `<` as UCS-4 or
        // UTF-16 and print its failed conversion on standard error.
        if let offset = data.firstIndex(of: 0) {
            throw .protocolError("\(what): the server's XML holds a NUL byte (byte \(offset - data.startIndex)), which XML does not allow")
        }
        if let offset = XMLTree.processingInstruction(in: data) {
            throw .protocolError("\(what): the server's XML has a processing instruction at byte \(offset), which WebDAV does not use")
        }
        guard !data.isEmpty else { throw .protocolError("\(what): the server sent no XML element") }
        guard data.count <= Int(Int32.max) else {
            throw .protocolError("\(what): the server's XML is over 2 GiB")
        }
        let xml: LibXML2
        do {
            xml = try fileNames.map { try LibXML2($0) } ?? LibXML2.load()
        } catch {
            throw .configuration("\(what): \(error)")
        }
        let parsed = data.withUnsafeBytes { bytes in
            Result { () throws(SyncError) -> XMLTree in
                // The reader parses `bytes` in place (no copy): it must not outlive this closure.
                guard let reader = xml.readerForMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                                                       Int32(bytes.count), nil, "UTF-8", XMLTree.readerOptions) else {
                    throw .protocolError("\(what): libxml2 could not start reading the server's XML")
                }
                defer { xml.freeReader(reader) }
                var builder = Reader(xml: xml, reader: reader, what: what)
                return try builder.tree(of: bytes)
            }
        }
        return try parsed.get()
    }

    /// XML_PARSE_NONET: nothing is fetched. Neither XML_PARSE_NOENT (entities stay
    /// unexpanded) nor XML_PARSE_DTDLOAD (no external DTD). No XML_PARSE_RECOVER: the
    /// first error ends the document. Errors are not printed (NOERROR, NOWARNING): the
    /// thrown error says where. XML_PARSE_IGNORE_ENC: the bytes are UTF-8 (checked before),
    /// whatever encoding the declaration names; otherwise libxml2 converts them from that
    /// encoding and prints its failures on standard error.
    private static let readerOptions = TICK_XML_PARSE_NONET | TICK_XML_PARSE_NOERROR | TICK_XML_PARSE_NOWARNING
        | TICK_XML_PARSE_IGNORE_ENC

    /// The offset of the first `<?` other than the XML declaration at the very start; nil
    /// when none. WebDAV bodies have no use for them (and FoundationXML, the parser before
    /// libxml2's reader, crashed on some: `<?x?>` was a null pointer read). The search is plain
    /// bytes, even inside comments and CDATA: libxml2's idea of where those are in a
    /// malformed document is not worth second-guessing (fuzzing found such a case), and
    /// servers escape `<` in text as `&lt;`.
    static func processingInstruction(in data: Data) -> Int? {
        let bytes = [UInt8](data)
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes[index...].starts(with: Array("<?xml".utf8)), index + 5 < bytes.count,
           [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index + 5]) {
            let declaration = index
            index += 5
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "?") && bytes[index + 1] == UInt8(ascii: ">")) {
                // A declaration holds no markup: one that does is not a declaration.
                if bytes[index] == UInt8(ascii: "<") { return declaration }
                index += 1
            }
            index += 2
        }
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") { return index }
            index += 1
        }
        return nil
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ data: Data) -> Int? {
        data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var offset = 0
            var scalarStart = 0
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    offset += UTF8.width(scalar)
                    scalarStart = offset
                case .emptyInput:
                    return nil
                case .error:
                    return scalarStart
                }
            }
        }
    }

    /// Builds the tree from libxml2's reader, one node at a time.
    private struct Reader {
        let xml: LibXML2
        let reader: OpaquePointer
        let what: String
        /// Element and namespace names, which the reader keeps interned in its dictionary
        /// (the same pointer for the same name): each is made a String once.
        private var names: [UnsafePointer<UInt8>: String] = [:]

        init(xml: LibXML2, reader: OpaquePointer, what: String) {
            self.xml = xml
            self.reader = reader
            self.what = what
        }

        mutating func tree(of bytes: UnsafeRawBufferPointer) throws(SyncError) -> XMLTree {
            var root: XMLTree?
            var stack: [XMLTree] = []
            while true {
                let step = xml.read(reader)
                if step == 0 { break }
                guard step == 1 else {
                    let line = Int(xml.lineNumber(reader)), column = Int(xml.columnNumber(reader))
                    // A listing cut short must never pass, or its missing members would look deleted;
                    // one that stops inside an element at the very end of the bytes says so.
                    if let open = stack.last, XMLTree.isEnd(of: bytes, line: line, column: column) {
                        throw .protocolError("\(what): the server's XML ends inside <\(open.name.local)> (line \(line)): the answer was cut short")
                    }
                    throw .protocolError("\(what): the server's XML is not well-formed at line \(line), column \(column)")
                }
                switch xml.nodeType(reader) {
                case TICK_XML_READER_TYPE_ELEMENT:
                    let node = XMLTree(name: XMLName(name(xml.namespaceURI(reader)), name(xml.localName(reader))),
                                       attributes: attributes())
                    // libxml2 reports a namespace error without stopping: a prefix never declared
                    // (or declared empty) leaves the element in no namespace, and a name that is
                    // not a QName (`C:.x`, `a:b:c`) is taken whole as the local name, in the default
                    // namespace. Such a name would be compared, and written back in an answer, as
                    // something it is not (fuzzing wrote `<D:C:.x/>`): the document is refused.
                    if node.name.local.utf8.contains(UInt8(ascii: ":"))
                        || (xml.prefix(reader) != nil && node.name.namespace.isEmpty) {
                        let shown = xml.qualifiedName(reader).map { String(cString: $0) } ?? node.name.local
                        throw .protocolError("\(what): the server's XML is not namespace-well-formed at line \(xml.lineNumber(reader)): "
                                             + "<\(shown)> has a prefix that is not declared or a name that is not a qualified name "
                                             + "(Namespaces in XML 1.0 §3, §4)")
                    }
                    if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
                    if xml.isEmptyElement(reader) == 0 { stack.append(node) }
                case TICK_XML_READER_TYPE_END_ELEMENT:
                    _ = stack.popLast()
                case TICK_XML_READER_TYPE_TEXT, TICK_XML_READER_TYPE_CDATA, TICK_XML_READER_TYPE_WHITESPACE,
                     TICK_XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
                    // The value belongs to the reader and changes with the next read: copied now.
                    if let open = stack.last, let value = xml.value(reader) { open.text += String(cString: value) }
                case TICK_XML_READER_TYPE_DOCUMENT_TYPE:
                    throw .protocolError("\(what): the server's XML has a document type declaration (line \(xml.lineNumber(reader))), "
                                         + "which WebDAV does not use")
                default:
                    break // comments; processing instructions were refused before
                }
            }
            guard let root else { throw .protocolError("\(what): the server sent no XML element") }
            return root
        }

        /// The attributes of the element the reader is on, by qualified name (`name`,
        /// `x:name`), without the namespace declarations; the reader is left on the element.
        private func attributes() -> [String: String] {
            var attributes: [String: String] = [:]
            while xml.moveToNextAttribute(reader) == 1 {
                guard xml.isNamespaceDeclaration(reader) != 1, let name = xml.qualifiedName(reader) else { continue }
                attributes[String(cString: name)] = xml.value(reader).map { String(cString: $0) } ?? ""
            }
            _ = xml.moveToElement(reader)
            return attributes
        }

        private mutating func name(_ text: UnsafePointer<UInt8>?) -> String {
            guard let text else { return "" }
            if let known = names[text] { return known }
            let made = String(cString: text)
            names[text] = made
            return made
        }
    }

    /// Whether `line` and `column` (libxml2's: from 1, columns in characters, only LF
    /// starting a line) are just past the last character of `bytes`, which are UTF-8.
    static func isEnd(of bytes: UnsafeRawBufferPointer, line: Int, column: Int) -> Bool {
        var lines = 1, characters = 0
        for byte in bytes {
            if byte == 0x0A {
                lines += 1
                characters = 0
            } else if byte & 0xC0 != 0x80 {
                characters += 1
            }
        }
        return line == lines && column == characters + 1
    }
}

/// Writes WebDAV request bodies. Text is escaped for XML; element names come from Tick's
/// own code only.
package enum DAVBody {
    static let prefixes: [String: String] = [
        XMLName.dav: "D", XMLName.caldav: "C", XMLName.calendarServer: "CS", XMLName.appleICal: "I",
    ]

    static func qualified(_ name: XMLName) -> String { "\(prefixes[name.namespace] ?? "D"):\(name.local)" }

    static var namespaceDeclarations: String {
        prefixes.sorted { $0.value < $1.value }.map { "xmlns:\($0.value)=\"\($0.key)\"" }.joined(separator: " ")
    }

    /// `<D:propfind>` asking for `props`.
    static func propfind(_ props: [XMLName]) -> Data {
        let inner = props.map { "<\(qualified($0))/>" }.joined()
        return document("<D:propfind \(namespaceDeclarations)><D:prop>\(inner)</D:prop></D:propfind>")
    }

    /// RFC 6578 §3.2 `sync-collection` with `sync-level` 1 and no `limit` (Xandikos 0.2
    /// truncates silently when given one).
    static func syncCollection(token: String?, props: [XMLName]) -> Data {
        let inner = props.map { "<\(qualified($0))/>" }.joined()
        return document("<D:sync-collection \(namespaceDeclarations)><D:sync-token>\(escaped(token ?? ""))</D:sync-token>"
                        + "<D:sync-level>1</D:sync-level><D:prop>\(inner)</D:prop></D:sync-collection>")
    }

    /// RFC 4791 §7.9 `calendar-multiget` for `hrefs` (paths as the server gave them).
    static func multiget(hrefs: [String]) -> Data {
        let list = hrefs.map { "<D:href>\(escaped($0))</D:href>" }.joined()
        return document("<C:calendar-multiget \(namespaceDeclarations)><D:prop><D:getetag/><C:calendar-data/></D:prop>"
                        + "\(list)</C:calendar-multiget>")
    }

    /// RFC 4791 §7.8 `calendar-query` for every VTODO of a collection, with its ETag and data.
    static func todoQuery() -> Data {
        document("<C:calendar-query \(namespaceDeclarations)><D:prop><D:getetag/><C:calendar-data/></D:prop>"
                 + "<C:filter><C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VTODO\"/></C:comp-filter></C:filter>"
                 + "</C:calendar-query>")
    }

    /// RFC 4791 §7.8 `calendar-query` for the VTODOs whose `UID` holds `uid` (§9.7.5
    /// `text-match`, a substring, `i;octet`: case kept), with their ETags and data.
    static func todoQuery(uid: String) -> Data {
        document("<C:calendar-query \(namespaceDeclarations)><D:prop><D:getetag/><C:calendar-data/></D:prop>"
                 + "<C:filter><C:comp-filter name=\"VCALENDAR\"><C:comp-filter name=\"VTODO\">"
                 + "<C:prop-filter name=\"UID\"><C:text-match collation=\"i;octet\">\(escaped(uid))</C:text-match></C:prop-filter>"
                 + "</C:comp-filter></C:comp-filter></C:filter></C:calendar-query>")
    }

    /// RFC 4791 §5.3.1 `mkcalendar` for a to-do list with a name and a color.
    static func mkcalendar(displayName: String, color: String?) -> Data {
        var props = "<D:displayname>\(escaped(displayName))</D:displayname>"
        if let color { props += "<I:calendar-color>\(escaped(color))</I:calendar-color>" }
        props += "<C:supported-calendar-component-set><C:comp name=\"VTODO\"/></C:supported-calendar-component-set>"
        return document("<C:mkcalendar \(namespaceDeclarations)><D:set><D:prop>\(props)</D:prop></D:set></C:mkcalendar>")
    }

    /// RFC 4918 §9.2 `propertyupdate` setting text properties.
    static func proppatch(_ values: [(XMLName, String)]) -> Data {
        let props = values.map { "<\(qualified($0.0))>\(escaped($0.1))</\(qualified($0.0))>" }.joined()
        return document("<D:propertyupdate \(namespaceDeclarations)><D:set><D:prop>\(props)</D:prop></D:set></D:propertyupdate>")
    }

    static func document(_ body: String) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body).utf8)
    }

    /// `text` as XML character data or an attribute value: `&`, `<`, `>` and `"` escaped, and
    /// each character XML 1.0 does not allow (§2.2 `Char`: a C0 control other than tab, line
    /// feed and carriage return; U+FFFE, U+FFFF) replaced by U+FFFD, since no escape can carry
    /// it. A tester: a title holding U+FFFF (or a list name holding U+0001) made every
    /// PROPFIND and REPORT of the list not well-formed, and clients failed on the whole list.
    package static func escaped(_ text: String) -> String {
        // Most text (ETags, hrefs, most of a to-do) needs no change: no copy then.
        var clean = true
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): clean = false
            case 0x09, 0x0A, 0x0D: break
            case ..<0x20: clean = false
            // U+FFFE, U+FFFF (EF BF BE, EF BF BF); each pattern its own `where` (with one, a lone
            // 0xBE byte, as in many Hangul syllables, took the copying path for nothing).
            case 0xBE where previous == (0xEF, 0xBF), 0xBF where previous == (0xEF, 0xBF): clean = false
            default: break
            }
            if !clean { break }
            previous = (previous.1, byte)
        }
        guard !clean else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out.unicodeScalars.append("\u{FFFD}")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
