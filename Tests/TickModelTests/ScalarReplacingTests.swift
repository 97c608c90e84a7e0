import Foundation
import Testing
import TickModel

@Suite("Replacing scalars (escapes)")
struct ScalarReplacingTests {
    @Test("a scalar followed by a combining mark is still replaced; String's own replacing compares characters and misses it")
    func combiningMarks() {
        let text = "a\"\u{301}b<\u{20DD}"
        #expect(text.replacingScalars(["\"": "\"\"", "<": "&lt;"]) == "a\"\"\u{301}b&lt;\u{20DD}")
        #expect(text.replacingOccurrences(of: "\"", with: "\"\"") == text, "if Foundation starts comparing scalars, this helper can go")
    }

    @Test("text without a scalar to replace comes back unchanged; several replacements apply in one pass", arguments: [
        ("", ""), ("plain 한글", "plain 한글"), ("\\%_", "\\\\\\%\\_"), ("100% of_it", "100\\% of\\_it"),
    ])
    func passes(text: String, expected: String) {
        #expect(text.replacingScalars(["\\": "\\\\", "%": "\\%", "_": "\\_"]) == expected)
    }
}
