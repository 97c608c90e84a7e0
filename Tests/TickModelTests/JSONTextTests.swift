import Foundation
import Testing
import TickModel

@Suite("JSON string literals")
struct JSONTextTests {
    @Test("what JSON requires and what is unsafe to show is escaped; everything else is kept", arguments: [
        ("plain 한국어 🎉", "\"plain 한국어 🎉\""),
        ("a\"b\\c", "\"a\\\"b\\\\c\""),
        ("line\nfeed\rtab\t", "\"line\\nfeed\\rtab\\t\""),
        ("\u{0}\u{1B}[2J\u{7F}", "\"\\u0000\\u001b[2J\\u007f\""),
        ("c1 \u{85}\u{9B} end", "\"c1 \\u0085\\u009b end\""),
        ("sep \u{2028}\u{2029}", "\"sep \\u2028\\u2029\""),
        ("", "\"\""),
    ])
    func quoted(text: String, expected: String) throws {
        #expect(JSONText.quoted(text) == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data(expected.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
    }

    @Test("an escape is found wherever it falls in the eight-byte steps of the fast path")
    func escapesAtEveryOffset() {
        let specials: [(String, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1F}", "\\u001f"),
                                            ("\u{7F}", "\\u007f"), ("\u{85}", "\\u0085"), ("\u{2028}", "\\u2028"), ("é", "é"), ("~", "~")]
        for offset in 0..<20 {
            for (special, escaped) in specials {
                let prefix = String(repeating: "a", count: offset)
                let suffix = String(repeating: "z", count: 19 - offset)
                #expect(JSONText.quoted(prefix + special + suffix) == "\"" + prefix + escaped + suffix + "\"", "offset \(offset)")
            }
        }
    }
}

