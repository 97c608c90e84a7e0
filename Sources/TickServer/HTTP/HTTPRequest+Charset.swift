import Foundation
import TickModel

extension HTTPRequest {
    /// The `charset` parameter of the `Content-Type` header, lower-cased and unquoted
    /// (RFC 9110 §8.3.1: `type/subtype; charset=value` or `charset="value"`), nil when the
    /// header or the parameter is absent.
    var contentTypeCharset: String? {
        guard let type = header("content-type") else { return nil }
        for parameter in type.split(atEvery: ";", omittingEmpty: true).dropFirst() {
            let pair = parameter.split(atEvery: "=", maxSplits: 1, omittingEmpty: false)
            guard pair.count == 2, pair[0].trimmingOptionalWhitespace().lowercased() == "charset" else { continue }
            var value = pair[1].trimmingOptionalWhitespace()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return value.lowercased()
        }
        return nil
    }

    /// Whether the body is declared in a charset other than UTF-8 (or US-ASCII, a part
    /// of it): JSON (RFC 8259 §8.1) and iCalendar (RFC 5545 §3.1.4) are UTF-8, and Tick
    /// reads no other (a tester: `charset=latin1` was read as UTF-8 without a word).
    /// - Returns: the charset given (its first 40 characters, for a message), when it is another.
    var otherCharset: String? {
        guard let charset = contentTypeCharset, !["utf-8", "utf8", "us-ascii"].contains(charset) else { return nil }
        return charset.shown(atMost: 40)
    }
}
