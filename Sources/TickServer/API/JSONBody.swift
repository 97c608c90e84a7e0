import Foundation
import TickInterchange

/// A field of a JSON body: not there, `null`, or a value.
enum BodyField<Value> {
    case absent
    case null
    case value(Value)

    /// The value, or nil when absent or null.
    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the field was given (a value or null).
    var isGiven: Bool {
        if case .absent = self { return false }
        return true
    }
}

/// The JSON object of a request body, read field by field with errors that name the field.
struct JSONBody {
    let object: [String: Any]

    /// Reads the body of `request`: empty is `{}`; anything else must be a JSON object
    /// whose keys are all in `allowed`.
    /// - Throws: `Problem` 415 for another content type or a charset other than UTF-8, 400 for text that is not a JSON
    ///   object or for a key not in `allowed`.
    init(_ request: HTTPRequest, allowed: Set<String>) throws(Problem) {
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            object = [:]
            return
        }
        let type = request.header("content-type")?.split(atEvery: ";", maxSplits: 1, omittingEmpty: false).first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            throw Problem(status: 415, name: "unsupported-media-type", detail: "the body must be application/json")
        }
        if let charset = request.otherCharset {
            throw Problem(status: 415, name: "unsupported-media-type", detail: "the body must be UTF-8 JSON (RFC 8259 §8.1), not charset=\(charset)")
        }
        let parsed: Any
        do throws(JSONBytesParser.Failure) {
            parsed = try JSONBytesParser.document(request.body)
        } catch {
            throw .badRequest("the body is not valid JSON (RFC 8259): \(error.message), at byte \(error.offset + 1)")
        }
        guard let object = parsed as? [String: Any] else {
            throw .badRequest("the body is not a JSON object")
        }
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .badRequest(allowed.isEmpty ? "unknown field \"\(unknown)\"; this request takes no fields (send no body, or {})"
                              : "unknown field \"\(unknown)\"; the fields are: " + allowed.sorted().joined(separator: ", "))
        }
        self.object = object
    }

    /// A string field. With `allowsNull` false, `null` is refused like another wrong type:
    /// a field that `null` does not clear must not be taken as left out (every accessor).
    func string(_ key: String, allowsNull: Bool = true) throws(Problem) -> BodyField<String> {
        let value = try field(key, "a string", allowsNull) { $0 as? String }
        if case .value(let text) = value { try JSONBody.refuseNUL(text, key) }
        return value
    }

    /// Refuses text holding U+0000: C libraries end a string there (libical's iCalendar export
    /// dropped it, unseen), and no field of a reminder or list has a use for it.
    /// - Throws: `Problem` 422 naming the field.
    static func refuseNUL(_ text: String, _ key: String) throws(Problem) {
        guard text.utf8.contains(0) else { return }
        throw Problem.invalid("\"\(key)\" holds the character U+0000 (NUL), which Tick does not keep")
    }

    /// A boolean field (`true` or `false`, not a number).
    func bool(_ key: String, allowsNull: Bool = true) throws(Problem) -> BodyField<Bool> {
        try field(key, "true or false", allowsNull) { value in
            guard let number = value as? NSNumber, JSONBody.isBoolean(number) else { return nil }
            return number.boolValue
        }
    }

    /// A whole-number field.
    func int(_ key: String, allowsNull: Bool = true) throws(Problem) -> BodyField<Int> {
        try field(key, "a whole number", allowsNull) { value in
            guard let number = value as? NSNumber, !JSONBody.isBoolean(number) else { return nil }
            return Int(exactly: number.doubleValue)
        }
    }

    /// An array of strings.
    func strings(_ key: String, allowsNull: Bool = true) throws(Problem) -> BodyField<[String]> {
        let value = try field(key, "an array of strings", allowsNull) { value -> [String]? in
            guard let items = value as? [Any] else { return nil }
            var strings: [String] = []
            for item in items {
                guard let text = item as? String else { return nil }
                strings.append(text)
            }
            return strings
        }
        if case .value(let texts) = value { for text in texts { try JSONBody.refuseNUL(text, key) } }
        return value
    }

    /// A string or a number (a priority may be either), as text.
    func text(_ key: String, allowsNull: Bool = true) throws(Problem) -> BodyField<String> {
        try field(key, "a string or a number", allowsNull) { value in
            if let text = value as? String { return text }
            if let number = value as? NSNumber, !JSONBody.isBoolean(number), let whole = Int(exactly: number.doubleValue) {
                return String(whole)
            }
            return nil
        }
    }

    private func field<Value>(_ key: String, _ kind: String, _ allowsNull: Bool,
                              _ read: (Any) -> Value?) throws(Problem) -> BodyField<Value> {
        guard let raw = object[key] else { return .absent }
        if raw is NSNull {
            guard allowsNull else { throw .badRequest("\"\(key)\" must be \(kind), not null (null clears nothing here)") }
            return .null
        }
        guard let value = read(raw) else { throw .badRequest("\"\(key)\" must be \(kind)") }
        return .value(value)
    }

    /// Whether a number JSONSerialization gave is `true` or `false`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        // Foundation gives booleans the Objective-C type "c" (char); numbers are "i", "q", "d".
        String(cString: number.objCType) == "c"
    }
}
