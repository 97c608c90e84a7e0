import Foundation
import TickModel

/// A JSON value whose objects keep their keys in the order written, so `--json` output
/// is stable and readable (RFC 8259).
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `.string` for a value, `.null` for nil.
    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// The text, pretty-printed with two-space indents when `pretty`, else on one line.
    /// - Complexity: O(n) in the size of the output, written as bytes (no String appends).
    public func serialized(pretty: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: pretty ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    /// The text as UTF-8 bytes, as `serialized(pretty:)` writes it, without making a
    /// `String` of it first (an HTTP body is bytes).
    /// - Complexity: O(n) in the size of the output.
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1_024)
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    /// Appends the text at nesting level `indent` (nil: compact).
    func write(to out: inout [UInt8], indent: Int?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .string(let value): JSONText.quote(value, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent.map { $0 + 1 })
                JSONText.quote(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, indent: indent.map { $0 + 1 })
            }
            JSONValue.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indent of up to 8 levels (16 spaces): `newline` appends a
    /// prefix of it in one piece.
    private static let lineBreakAndIndent: StaticString = "\n                "

    static func newline<Sink: ByteSink & ~Copyable>(_ out: inout Sink, _ indent: Int?) {
        guard let indent else { return }
        if indent <= 8 {
            out.append(bytes: UnsafeBufferPointer(start: lineBreakAndIndent.utf8Start, count: 1 + indent * 2))
            return
        }
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * 2) { out.append(UInt8(ascii: " ")) }
    }
}
