import Testing
import TickInterchange

@Suite("JSONValue serialization")
struct JSONValueTests {
    @Test("strings are escaped per RFC 8259, plus DEL, C1 and U+2028/2029", arguments: [
        ("plain", "\"plain\""),
        ("우유 🥛", "\"우유 🥛\""),
        ("q\"b\\s/", "\"q\\\"b\\\\s/\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("\u{0}\u{1B}\u{7F}", "\"\\u0000\\u001b\\u007f\""),
        ("c1\u{9B}x", "\"c1\\u009bx\""),
        ("ls\u{2028}ps\u{2029}", "\"ls\\u2028ps\\u2029\""),
        ("e\u{301}", "\"e\u{301}\""),
    ])
    func strings(text: String, expected: String) {
        #expect(JSONValue.string(text).serialized() == expected)
    }

    @Test("objects keep key order; pretty and compact forms")
    func layout() {
        let value = JSONValue.object([("b", .int(-2)), ("a", .array([.null, .bool(true), .array([]), .object([])]))])
        #expect(value.serialized(pretty: false) == "{\"b\":-2,\"a\":[null,true,[],{}]}")
        #expect(value.serialized() == "{\n  \"b\": -2,\n  \"a\": [\n    null,\n    true,\n    [],\n    {}\n  ]\n}")
    }
}
