/// The value of an `If-Match` or `If-None-Match` header (RFC 9110 §13.1.1–2):
///
///     If-Match      = "*" / #entity-tag
///     If-None-Match = "*" / #entity-tag
///     entity-tag    = [ "W/" ] DQUOTE *etagc DQUOTE   ; etagc: no DQUOTE, no CTL, commas allowed
///
/// One reading for the JSON API and CalDAV, each answering a malformed header (400) or a
/// failed condition (412) in its own form.
enum EntityTagCondition: Equatable {
    /// `*`: any current representation.
    case any
    /// The entity tags as written, `W/` and quotes kept (`"a1"`, `W/"a1"`). A tag a client
    /// sent without quotes is taken as it stands, to be compared like the others.
    case tags([String])

    /// The condition of header `name` of `request`, nil when the request has none.
    /// - Throws: a message for a 400 when `*` stands in a list of tags (a tester: `If-Match:
    ///   "x", *` was taken as `*` and deleted what `"x"` no longer named) or a quote is not closed.
    static func header(_ name: String, of request: HTTPRequest) throws(Malformed) -> EntityTagCondition? {
        guard let value = request.header(name) else { return nil }
        let shown = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: "-")
        return try EntityTagCondition(value, header: shown)
    }

    /// Reads `value`, the value of header `header` (named in a message).
    /// - Complexity: O(n) in the length of `value`.
    init(_ value: String, header: String) throws(Malformed) {
        var tags: [String] = []
        var stars = 0
        let bytes = Array(value.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let start = index
            if bytes[index...].starts(with: Array("W/\"".utf8)) { index += 2 }
            if bytes[index] == UInt8(ascii: "\"") {
                guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "\"")) else {
                    throw Malformed(message: "\(header): the entity tag \(String(decoding: bytes[start...], as: UTF8.self)) has no closing quote (RFC 9110 §8.8.3)")
                }
                index = close + 1
            } else {
                while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: " "),
                      bytes[index] != UInt8(ascii: "\t") { index += 1 }
            }
            let tag = String(decoding: bytes[start..<index], as: UTF8.self)
            if tag == "*" { stars += 1 } else { tags.append(tag) }
        }
        if stars > 0 {
            // `*` alone: not among tags, nor twice (`*, *`, a tester).
            guard tags.isEmpty, stars == 1 else {
                throw Malformed(message: "\(header) is * alone or a list of entity tags (RFC 9110 §13.1.1), not both")
            }
            self = .any
        } else {
            self = .tags(tags)
        }
    }

    /// Whether `current` (a strong entity tag, quoted) passes as `If-Match` does: `*`, or a
    /// tag equal to it by strong comparison (RFC 9110 §8.8.3.2: a weak tag never matches).
    func matchesStrongly(_ current: String) -> Bool {
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains(current)
        }
    }

    /// Whether `current` is named as `If-None-Match` reads it: `*`, or a tag equal to it by
    /// weak comparison (RFC 9110 §13.1.2: `W/"a1"` names `"a1"`).
    func matchesWeakly(_ current: String) -> Bool {
        switch self {
        case .any: return true
        case .tags(let tags): return tags.contains { ($0.hasPrefix("W/") ? String($0.dropFirst(2)) : $0) == current }
        }
    }

    /// A header that is not RFC 9110 syntax; `message` says where and what.
    struct Malformed: Error {
        let message: String
    }
}
