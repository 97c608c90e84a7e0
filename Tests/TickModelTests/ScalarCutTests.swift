import Testing
import TickModel

@Suite("Text cut by Unicode scalars")
struct ScalarCutTests {
    @Test("a value shown in a message: whole up to the limit, else its first scalars and an ellipsis", arguments: [
        ("latin1", 40, "latin1"), ("abcd", 4, "abcd"), ("abcde", 4, "abcd…"), ("한국어입니다", 3, "한국어…"),
        ("e\u{301}e\u{301}", 3, "e\u{301}e…"), ("", 2, ""),
    ])
    func shown(text: String, limit: Int, expected: String) {
        #expect(text.shown(atMost: limit) == expected)
    }

    @Test("cut at the first separator and split at every one, scalar by scalar")
    func cutAndSplit() {
        #expect("key=\u{301}value".cut(atFirst: "=")! == ("key", "\u{301}value"))
        #expect("a;b;;c".split(atEvery: ";", omittingEmpty: true) == ["a", "b", "c"])
        #expect("a;b;c".split(atEvery: ";", maxSplits: 1, omittingEmpty: false) == ["a", "b;c"])
    }
}
