import Foundation

extension Due {
    /// Reads an ISO 8601 date-time with a zone designator, as `iso8601` writes timed
    /// values: `2026-12-03T17:30:00+09:00`, `…+0900`, `…Z`; seconds may be omitted.
    /// Returns nil for anything else (no designator, a day that does not exist).
    public static func instant(fromISO8601 text: String) -> Date? {
        var body = Substring(text)
        let offset: Int
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            offset = 0
            body = body.dropLast()
        } else {
            guard let signIndex = body.lastIndex(where: { $0 == "+" || $0 == "-" }),
                  body.distance(from: body.startIndex, to: signIndex) >= 16 else { return nil }
            let digits = body[body.index(after: signIndex)...].filter { $0 != ":" }
            guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
                  hours <= 23, minutes <= 59 else { return nil }
            offset = (body[signIndex] == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60)
            body = body[..<signIndex]
        }
        guard let local = LocalDateTime(body) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC - offset))
    }
}
