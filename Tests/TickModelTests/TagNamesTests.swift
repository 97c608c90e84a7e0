import Testing
import TickModel

@Suite("Tag names")
struct TagNamesTests {
    @Test("a tag is shown with #, in quotes when white space, # or a quote would blur where it ends", arguments: [
        ("garden", "#garden"), ("집안일", "#집안일"), ("garden work", "#\"garden work\""), ("a#b", "#\"a#b\""),
        ("say \"hi\"", "#\"say \\\"hi\\\"\""), ("back\\slash", "#\"back\\\\slash\""), ("tab\there", "#\"tab\there\""),
    ])
    func shown(tag: String, expected: String) {
        #expect(TagNames.shown(tag) == expected)
    }
}
