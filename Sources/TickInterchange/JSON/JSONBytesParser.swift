import Foundation

/// Reads one JSON value (RFC 8259) from UTF-8 bytes into the shapes `JSONSerialization`
/// gives: `[String: Any]`, `[Any]`, `String`, `NSNumber` (booleans as
/// `NSNumber(value: Bool)`, so that `JSONScalar` tells them from numbers), `NSNull`.
///
/// Every JSON document Tick reads from a file or the network goes through it: Tick archives
/// (whole and streamed), Taskwarrior exports, the bodies of `tick serve`'s API.
///
/// Why not `JSONSerialization`: it is not strict. On Linux it takes trailing commas
/// (`{"a": 1,}`, `[1,]`), which RFC 8259 §4–5 does not allow, so the same archive was read
/// whole and refused when streamed. And a Tick archive is read one reminder object at a
/// time (`TickArchiveStream`), where `JSONSerialization` costs several times more for each
/// small document (its set-up, then a second pass that turns its own tree into Foundation
/// objects). This grammar is RFC 8259's: no comments, no trailing commas, no control
/// characters or invalid UTF-8 in strings, no lone surrogates in `\u` escapes. A name given
/// twice in one object keeps its last value, as `JSONSerialization` does; a UTF-8 byte order
/// mark at the start of a whole text is skipped (`document(_:)`, §8.1).
public struct JSONBytesParser {
    /// Why the bytes are not one JSON value, and at which byte (0-based, in the bytes given).
    public struct Failure: Error, Sendable {
        public var message: String
        public var offset: Int
    }

    /// Containers nested deeper than this are refused, as `JSONSerialization` refuses them.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value of a whole JSON text (a file, a request body): `value(of:)` after a UTF-8
    /// byte order mark, when the text starts with one (RFC 8259 §8.1 lets a reader ignore
    /// it); offsets count from the first byte, the mark included.
    /// - Throws: `Failure` at the first byte that breaks the grammar.
    /// - Complexity: O(n) in the bytes.
    public static func document(_ bytes: [UInt8]) throws(Failure) -> Any {
        try parse(bytes[...], from: byteOrderMarkLength(bytes))
    }

    /// The value that `bytes` holds, with nothing but white space around it (a value inside
    /// a text: a byte order mark is not skipped).
    /// - Throws: `Failure` at the first byte that breaks the grammar.
    /// - Complexity: O(n) in the bytes.
    public static func value(of bytes: ArraySlice<UInt8>) throws(Failure) -> Any {
        try parse(bytes, from: 0)
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, from start: Int) throws(Failure) -> Any {
        try whole(bytes, from: start) { parser throws(Failure) in try parser.value() }
    }

    /// What `read` makes of `bytes` from `start`, with nothing but white space around it:
    /// the parser over the bytes, its failures thrown as they are.
    private static func whole<T>(_ bytes: ArraySlice<UInt8>, from start: Int,
                                 _ read: (inout JSONBytesParser) throws(Failure) -> T) throws(Failure) -> T {
        let result: Result<T, Failure> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONBytesParser(buffer)
            parser.index = start
            do throws(Failure) {
                parser.skipWhiteSpace()
                let value = try read(&parser)
                parser.skipWhiteSpace()
                guard parser.index == buffer.count else { throw parser.failure("more after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// 3 when `bytes` start with a UTF-8 byte order mark, else 0. RFC 8259 §8.1 lets a
    /// reader ignore one, and editors on some systems put it at the start of a file.
    public static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: index)
    }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> Any {
        guard index < bytes.count else { throw failure("the value is missing") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return try string()
        case UInt8(ascii: "t"): try word("true"); return NSNumber(value: true)
        case UInt8(ascii: "f"): try word("false"); return NSNumber(value: false)
        case UInt8(ascii: "n"): try word("null"); return NSNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func word(_ text: StaticString) throws(Failure) {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end") }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
            throw failure("unexpected character")
        }
        index += count
    }

    private mutating func object() throws(Failure) -> [String: Any] {
        // Room for a reminder's keys from the start: grown from empty, a dictionary of 22
        // keys is rehashed four times (a tenth of restoring an archive's reading).
        var object: [String: Any] = Dictionary(minimumCapacity: 24)
        try forEachMember { parser throws(Failure) in
            let keyStart = parser.index
            let key = try parser.string()
            try parser.colon()
            // RFC 8259 §4: with a name given twice, what a reader makes of it is unpredictable
            // (most keep the last, some the first): refused rather than guessed.
            if object.updateValue(try parser.value(), forKey: key) != nil { throw Self.repeated(key, at: keyStart) }
        }
        return object
    }

    /// Reads an object from its `{` to its `}`: `member` reads each member, from the
    /// opening quote of its name to the end of its value.
    private mutating func forEachMember(_ member: (inout JSONBytesParser) throws(Failure) -> Void) throws(Failure) {
        depth += 1
        guard depth <= JSONBytesParser.maximumDepth else { throw failure("nested too deeply") }
        index += 1
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            try member(&self)
            skipWhiteSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return
            } else {
                throw failure("expected , or }")
            }
        }
    }

    /// The `:` between a member's name and its value, with the white space around it.
    private mutating func colon() throws(Failure) {
        skipWhiteSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected :") }
        index += 1
        skipWhiteSpace()
    }

    /// The failure for member `key`, whose name starts at `offset`, given a second time.
    private static func repeated(_ key: String, at offset: Int) -> Failure {
        Failure(message: "the key \"\(key.prefix(60))\" is given twice in one object", offset: offset)
    }

    private mutating func array() throws(Failure) -> [Any] {
        depth += 1
        guard depth <= JSONBytesParser.maximumDepth else { throw failure("nested too deeply") }
        index += 1
        var array: [Any] = []
        skipWhiteSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return array
        }
        while true {
            skipWhiteSpace()
            array.append(try value())
            skipWhiteSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return array
            } else {
                throw failure("expected , or ]")
            }
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        var isASCII = true
        // The common case: no escapes; the bytes become the string as they are.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let valid = String(validating: text, as: UTF8.self) else {
                    index = start
                    throw failure("a string that is not UTF-8")
                }
                return valid
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character in a string") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        guard index < bytes.count else { throw failure("a string without its closing quote") }
        // With escapes: the bytes so far, then each escape decoded.
        var text: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let valid = String(validating: text, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
                return valid
            }
            if byte < 0x20 { throw failure("a control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw failure("a \\u escape of half a surrogate pair")
                    }
                    index += 2
                    let low = try hexQuad()
                    guard (0xDC00...0xDFFF).contains(low) else { throw failure("a \\u escape of half a surrogate pair") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw failure("a \\u escape of half a surrogate pair")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("a \\u escape that is no character") }
                text.append(contentsOf: Array(String(Character(unicode)).utf8))
            default:
                throw failure("an unknown escape in a string")
            }
        }
        throw failure("a string without its closing quote")
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> NSNumber {
        switch try numberValue() {
        case .integer(let integer): return NSNumber(value: integer)
        case .double(let double): return NSNumber(value: double)
        }
    }

    /// A number as read: an integer when it is written without a fraction or exponent and
    /// fits in 64 bits, else the double it rounds to (refused when not finite).
    private enum Number {
        case integer(Int64)
        case double(Double)
    }

    private mutating func numberValue() throws(Failure) -> Number {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw failure("a number needs digits")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw failure("a number needs digits after its point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { throw failure("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("a number out of range") }
        return .double(double)
    }
}

/// A member's value as a reader of known members takes it (`JSONBytesParser.members`),
/// without the boxes of `value(of:)`'s shapes for the common scalars.
enum JSONField {
    /// `null`.
    case null
    /// A string.
    case string(String)
    /// A number, as the `doubleValue` of the `NSNumber` `value(of:)` gives for it.
    case number(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// An array or an object, in `value(of:)`'s shapes.
    case other(Any)

    /// The field of a value in `value(of:)`'s shapes.
    init(_ value: Any) {
        if JSONScalar.isNull(value) {
            self = .null
        } else if let text = value as? String {
            self = .string(text)
        } else if let scalar = JSONScalar(value) {
            switch scalar {
            case .boolean(let flag): self = .boolean(flag)
            case .number(let number): self = .number(number.doubleValue)
            }
        } else {
            self = .other(value)
        }
    }
}

extension JSONBytesParser {
    /// Reads the JSON object that `bytes` holds (nothing but white space around it), keeping
    /// the members whose names `slot` numbers: member `name` goes to `fields[slot(name)]`;
    /// the others are read and dropped. `fields` must come with nil in every slot. A name
    /// without escapes is handed to `slot` as its UTF-8 bytes, not made a `String`.
    ///
    /// The grammar, the failures and their offsets are those of `value(of:)` on the same
    /// bytes (one parser: this is its `object()` with the members kept by number instead of
    /// in a dictionary), a name given twice included, whether kept or not.
    /// - Returns: false, reading nothing more, when the value is not an object.
    /// - Throws: `Failure` at the first byte that breaks the grammar.
    /// - Complexity: O(n) in the bytes.
    static func members(of bytes: ArraySlice<UInt8>, into fields: inout [JSONField?],
                        slot: (UnsafeBufferPointer<UInt8>) -> Int?) throws(Failure) -> Bool {
        try whole(bytes, from: 0) { parser throws(Failure) in
            // Not an object: nothing more is read (the caller says so in its own words).
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "{") else {
                parser.index = parser.bytes.count
                return false
            }
            try parser.members(into: &fields, slot: slot)
            return true
        }
    }

    /// `object()`, its members put in `fields` by `slot` (the others dropped).
    private mutating func members(into fields: inout [JSONField?], slot: (UnsafeBufferPointer<UInt8>) -> Int?) throws(Failure) {
        var others: Set<String> = []
        try forEachMember { parser throws(Failure) in
            let keyStart = parser.index
            let bytes = parser.bytes
            // A plain name (ASCII letters, no escape, as every name of an archive is) is
            // looked up by its bytes; any other is read as `object()` reads it.
            var plainEnd = keyStart + 1
            while plainEnd < bytes.count, bytes[plainEnd] != UInt8(ascii: "\""), bytes[plainEnd] != UInt8(ascii: "\\"),
                  bytes[plainEnd] >= 0x20, bytes[plainEnd] < 0x80 { plainEnd += 1 }
            var key: String?
            let keySlot: Int?
            if plainEnd < bytes.count, bytes[plainEnd] == UInt8(ascii: "\"") {
                let name = UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<plainEnd])
                keySlot = slot(name)
                if keySlot == nil { key = String(decoding: name, as: UTF8.self) }
                parser.index = plainEnd + 1
            } else {
                let text = try parser.string()
                key = text
                keySlot = text.utf8.withContiguousStorageIfAvailable(slot) ?? nil
            }
            try parser.colon()
            let field = try parser.field()
            let repeated: Bool
            if let keySlot {
                repeated = fields[keySlot] != nil
                fields[keySlot] = field
            } else {
                repeated = !others.insert(key ?? "").inserted
            }
            if repeated {
                throw Self.repeated(key ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[(keyStart + 1)..<plainEnd]), as: UTF8.self),
                                    at: keyStart)
            }
        }
    }

    /// `value()` as a `JSONField`: strings, numbers, booleans and null without a box.
    private mutating func field() throws(Failure) -> JSONField {
        guard index < bytes.count else { throw failure("the value is missing") }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .boolean(true)
        case UInt8(ascii: "f"): try word("false"); return .boolean(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch try numberValue() {
            case .integer(let integer): return .number(Double(integer))
            case .double(let double): return .number(double)
            }
        default: return .other(try value())
        }
    }
}
