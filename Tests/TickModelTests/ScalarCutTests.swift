import Testing
@testable import TickModel

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

    @Test("an ASCII separator cuts as scalar by scalar: marks joined to it, Korean, emoji, empty pieces, substrings, every limit")
    func asciiSeparatorsAsScalars() {
        let texts = ["", "=", "==", "a=b", "=a=", "key=\u{301}value", "\u{301}=\u{301}", "한=글=", "🇰🇷=👩‍👩‍👧;x", "a;;b;", ";;", "e\u{301}=;=e",
                     "no separator", "x=\u{200D}=y", "\r\n=\r\n"]
        for whole in texts {
            for text in [Substring(whole), whole.dropFirst(), whole.dropLast()] {
                for separator: Unicode.Scalar in ["=", ";", ":"] {
                    let reference = text.splitScalarByScalar(atEvery: separator, maxSplits: 1, omittingEmpty: false)
                    let cut = text.cut(atFirst: separator)
                    #expect(cut.map { [$0.before, $0.after] } ?? [String(text)] == reference, "\(text.debugDescription) \(separator)")
                    for maxSplits in [0, 1, 2, .max] {
                        for omittingEmpty in [false, true] {
                            #expect(text.split(atEvery: separator, maxSplits: maxSplits, omittingEmpty: omittingEmpty)
                                    == text.splitScalarByScalar(atEvery: separator, maxSplits: maxSplits, omittingEmpty: omittingEmpty),
                                    "\(text.debugDescription) \(separator) \(maxSplits) \(omittingEmpty)")
                        }
                    }
                }
            }
        }
        #expect("a\u{301}é".cut(atFirst: "\u{301}")! == ("a", "é"))
        #expect("a\u{301}b\u{301}c".split(atEvery: "\u{301}", omittingEmpty: false) == ["a", "b", "c"])
    }
}
