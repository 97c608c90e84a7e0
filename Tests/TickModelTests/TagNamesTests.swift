import Testing
import TickModel

@Suite("Tag names")
struct TagNamesTests {
    @Test("a tag is shown with #, in quotes when white space, # or a quote would blur where it ends", arguments: [
        ("garden", "#garden"), ("집안일", "#집안일"), ("garden work", "#\"garden work\""), ("a#b", "#\"a#b\""),
        ("say \"hi\"", "#\"say \\\"hi\\\"\""), ("back\\slash", "#\"back\\\\slash\""), ("tab\there", "#\"tab\there\""),
        // A quote or backslash followed by a combining mark is one Character: still escaped.
        ("say \"\u{301}", "#\"say \\\"\u{301}\""), ("a\\\u{301}", "#\"a\\\\\u{301}\""),
        // A tester: `a,b` was shown bare, and saving the UI's tags field made it two tags.
        ("a,b", "#\"a,b\""), ("밥,국", "#\"밥,국\""),
    ])
    func shown(tag: String, expected: String) throws {
        #expect(TagNames.shown(tag) == expected)
        #expect(try TagNames.parsedList(expected) == [tag])
    }

    @Test("a tag shown from its bytes is shown as from its string, or left to the string", arguments: [
        "garden", "a-b_c.d/e", "집안일", "garden work", "a#b", "say \"hi\"", "back\\slash", "tab\there", "", "~!", "a,b",
    ])
    func shownFromBytes(tag: String) {
        var bytes: [UInt8] = []
        var text = tag
        let isShown = text.withUTF8 { TagNames.appendShown(utf8: $0, to: &bytes) }
        if isShown {
            #expect(String(decoding: bytes, as: UTF8.self) == TagNames.shown(tag))
        } else {
            #expect(bytes.isEmpty)
        }
        #expect(isShown == ["garden", "a-b_c.d/e", "", "~!"].contains(tag))
    }

    @Test("a tag is cleaned once and for all: cleaning it again changes nothing (found by fuzz/apibody)", arguments: [
        (" # # L일", "L일"), ("##x", "x"), ("@#x", "x"), ("# @ garden work ", "garden work"), ("#food", "food"), ("a#b", "a#b"),
    ])
    func cleanedOnce(typed: String, expected: String) throws {
        let tag = try #require(TagNames.cleaned(typed))
        #expect(tag == expected)
        #expect(TagNames.cleaned(tag) == tag)
    }

    @Test("marks alone are blank", arguments: ["#", "# @", " ## "])
    func marksAlone(typed: String) {
        #expect(TagNames.cleaned(typed) == nil)
    }
}
