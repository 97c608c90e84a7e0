import Foundation
import Testing
@testable import TickInterchange

/// JSON booleans and numbers as Foundation parses them: on Linux `as? Bool` accepts the
/// numbers 0 and 1, so the two must be told apart by class.
@Suite("JSON scalars")
struct JSONScalarTests {
    static func parsed(_ json: String) throws -> Any {
        let array = try #require(try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [Any])
        return try #require(array.first)
    }

    @Test("numbers keep their written value; only true and false are booleans", arguments: [
        ("0", "0", false), ("1", "1", false), ("-0.0", "-0", false), ("-0", "0", false),
        ("1.5", "1.5", false), ("123", "123", false), ("-7", "-7", false), ("1e3", "1000", false),
        ("12345678901234567890", "12345678901234567890", false),
        ("true", "true", true), ("false", "false", true),
    ])
    func scalar(json: String, text: String, isBoolean: Bool) throws {
        let value = try Self.parsed(json)
        let scalar = try #require(JSONScalar(value))
        #expect(scalar.text == text)
        #expect(JSONScalar.isBoolean(value) == isBoolean)
        #expect((JSONScalar.number(value) != nil) == !isBoolean)
        #expect((JSONScalar.boolean(value) != nil) == isBoolean)
    }

    @Test("strings, null, arrays and objects are no scalars", arguments: ["\"1\"", "null", "[1]", "{\"a\":true}"])
    func notScalar(json: String) throws {
        #expect(JSONScalar(try Self.parsed(json)) == nil)
    }
}
