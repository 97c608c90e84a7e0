import Foundation

/// A JSON boolean or number as `JSONSerialization` hands it over, told apart reliably.
///
/// `JSONSerialization` gives both as `NSNumber`, and on Linux (swift-corelibs-foundation)
/// `value as? Bool` and `value is Bool` also succeed for the numbers 0 and 1 (and -0.0),
/// so `"imask": 0` would read as `false`. A real JSON `true`/`false` is the boolean
/// subclass (`__NSCFBoolean`, the class of `NSNumber(value: true)`) on Linux and macOS;
/// anything else is a number, whatever its value.
enum JSONScalar: Equatable {
    /// `true` or `false` as written in the JSON.
    case boolean(Bool)
    /// A number, kept as Foundation parsed it.
    case number(NSNumber)

    /// The class Foundation uses for JSON booleans.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// The scalar, or nil when `value` is neither a boolean nor a number (a string,
    /// null, an array or an object).
    init?(_ value: Any?) {
        guard let number = value as? NSNumber else { return nil }
        if ObjectIdentifier(type(of: number)) == JSONScalar.booleanClass {
            self = .boolean(number.boolValue)
        } else {
            self = .number(number)
        }
    }

    /// Whether `value` is JSON `null` as `JSONBytesParser` gives it (`NSNull`).
    ///
    /// `value is NSNull` asks the runtime to try bridging: for a `String` (most values) it
    /// first looks for a bridge to an Objective-C class, which cost 7 % of restoring an
    /// archive. The parser makes only `NSNull` itself, so the exact type is enough.
    static func isNull(_ value: Any) -> Bool {
        ObjectIdentifier(type(of: value)) == nullClass
    }

    private static let nullClass = ObjectIdentifier(NSNull.self)

    /// Whether `value` is a JSON `true` or `false` (not a number 0 or 1).
    static func isBoolean(_ value: Any?) -> Bool {
        if case .boolean? = JSONScalar(value) { return true }
        return false
    }

    /// The boolean, or nil for anything else, numbers included.
    static func boolean(_ value: Any?) -> Bool? {
        if case .boolean(let flag)? = JSONScalar(value) { return flag }
        return nil
    }

    /// The number, or nil for anything else, booleans included.
    static func number(_ value: Any?) -> NSNumber? {
        if case .number(let number)? = JSONScalar(value) { return number }
        return nil
    }

    /// The value as JSON text: `true`/`false`; integers as written (`0`, `1`, `123`,
    /// `12345678901234567890`); other numbers in the shortest form that reads back the
    /// same, without a trailing `.0` (`1.5`, `1000` for `1e3`, `-0` for `-0.0`).
    var text: String {
        switch self {
        case .boolean(let flag):
            return flag ? "true" : "false"
        case .number(let number):
            // Foundation keeps JSON integers as integer types ("q", "Q", "i", …) and
            // everything with a fraction or exponent as a double ("d").
            let type = String(cString: number.objCType)
            guard type == "d" || type == "f" else { return number.stringValue }
            let double = number.doubleValue
            let text = double.description
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
    }
}
