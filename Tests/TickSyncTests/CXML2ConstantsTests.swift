import CXML2
import Foundation
import Testing
import TestSupport

/// CXML2 declares libxml2's reader node types and parser options by hand: its module does
/// not include libxml2's header (only pkg-config names the header's folder, and a target
/// with pkg-config links the library into `tick`; a Swift module of the header would also
/// clash with Foundation's ICU, which libxml2's header includes). Each value is checked here
/// against the installed header's text, so a wrong one fails a test rather than a parse:
/// XML_PARSE_NONET, for one, is what keeps a server's document off the network.
@Suite("CXML2's constants are libxml2's")
struct CXML2ConstantsTests {
    /// `NAME = VALUE` of the enums in libxml2's `parser.h` and `xmlreader.h`, where VALUE is
    /// a number or `1<<N`, found through pkg-config's include folder.
    static func headerValues() throws -> [String: Int32] {
        let flags = try ChildProcess.run("/usr/bin/pkg-config", ["--cflags-only-I", "libxml-2.0"]).output
        let folders = flags.split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
        var values: [String: Int32] = [:]
        for folder in folders {
            for header in ["libxml/parser.h", "libxml/xmlreader.h"] {
                guard let text = try? String(contentsOfFile: folder + "/" + header, encoding: .utf8) else { continue }
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    let name = parts[0].trimmingCharacters(in: .whitespaces)
                    guard name.hasPrefix("XML_PARSE_") || name.hasPrefix("XML_READER_TYPE_") else { continue }
                    let value = parts[1].prefix { $0 != "," && $0 != "/" }.filter { !$0.isWhitespace }
                    if value.hasPrefix("1<<"), let shift = Int32(value.dropFirst(3)) {
                        values[name] = 1 << shift
                    } else if let number = Int32(value) {
                        values[name] = number
                    }
                }
            }
        }
        return values
    }

    @Test("the parser options and node types Tick uses have the values of the installed libxml2's header")
    func constants() throws {
        let header = try Self.headerValues()
        try #require(header.count > 20, "libxml2's headers were not found (Debian libxml2-dev): \(header)")
        let declared: [(String, Int32)] = [
            ("XML_PARSE_NONET", TICK_XML_PARSE_NONET), ("XML_PARSE_NOERROR", TICK_XML_PARSE_NOERROR),
            ("XML_PARSE_NOWARNING", TICK_XML_PARSE_NOWARNING), ("XML_PARSE_IGNORE_ENC", TICK_XML_PARSE_IGNORE_ENC),
            ("XML_READER_TYPE_ELEMENT", TICK_XML_READER_TYPE_ELEMENT), ("XML_READER_TYPE_TEXT", TICK_XML_READER_TYPE_TEXT),
            ("XML_READER_TYPE_CDATA", TICK_XML_READER_TYPE_CDATA),
            ("XML_READER_TYPE_DOCUMENT_TYPE", TICK_XML_READER_TYPE_DOCUMENT_TYPE),
            ("XML_READER_TYPE_WHITESPACE", TICK_XML_READER_TYPE_WHITESPACE),
            ("XML_READER_TYPE_SIGNIFICANT_WHITESPACE", TICK_XML_READER_TYPE_SIGNIFICANT_WHITESPACE),
            ("XML_READER_TYPE_END_ELEMENT", TICK_XML_READER_TYPE_END_ELEMENT),
        ]
        for (name, value) in declared {
            #expect(header[name] == value, "\(name): CXML2 says \(value), libxml2's header \(header[name].map(String.init) ?? "nothing")")
        }
    }
}
