import Foundation
import TickModel

/// The text of a connection URL (`postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?…]`,
/// https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS) as
/// Tick shows it: never with its password.
public enum PostgresURL {
    /// Whether `text` starts like a PostgreSQL URL (`postgresql://` or `postgres://`).
    public static func hasScheme(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// `text` with the password of its user part and any `password=` query parameter
    /// replaced by `***`: `postgresql://ann:***@db/tick`.
    public static func redacted(_ text: String) -> String {
        var result = text
        for secret in passwords(in: text) where !secret.isEmpty {
            result = result.replacingEvery(secret, with: "***")
        }
        return result
    }

    /// The secrets written in `text`, as written (percent-encoded or not).
    static func passwords(in text: String) -> [String] {
        var found: [String] = []
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let (_, password) = userInfo.cut(atFirst: ":") { found.append(password) }
            }
        }
        if let question = text.firstIndex(of: "?") {
            // By bytes and scalars: a password may start with a combining mark, one
            // character with the `=` before it.
            for pair in text[text.index(after: question)...].split(separator: "&") where pair.utf8.starts(with: "password=".utf8) {
                found.append(String(String.UnicodeScalarView(pair.unicodeScalars.dropFirst("password=".utf8.count))))
            }
        }
        return found.flatMap { [$0, $0.removingPercentEncodingIfPossible] }
    }
}

extension String {
    /// Every occurrence of `target`'s bytes replaced (by bytes, not characters: a secret
    /// that starts with a combining mark is part of the character before it).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), needle = Array(target.utf8)
        guard !needle.isEmpty else { return self }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= needle.count, bytes[index..<index + needle.count].elementsEqual(needle) {
                result += replacement.utf8
                index += needle.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The text with `%XX` escapes decoded, or itself when they do not decode to UTF-8.
    fileprivate var removingPercentEncodingIfPossible: String {
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
               let high = PostgresHex.value(iterator[iterator.startIndex]),
               let low = PostgresHex.value(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? self
    }
}
