import Foundation

extension Due {
    /// Reads an ISO 8601 date-time with a UTC offset, through Tick's one ISO 8601
    /// reader (the one `--due` uses): `2026-12-03T17:30:00+09:00`, `…+0900`, `…+09`,
    /// `…Z`, `2026-12-03 17:30Z`; seconds may be omitted, and fractions of a second are
    /// kept (`…T17:30:00.250Z`). Returns nil for anything else (no offset, a day that
    /// does not exist, the basic form `20261203T173000Z`).
    public static func instant(fromISO8601 text: String) -> Date? {
        ISODateTime.instant(text)
    }

    /// Why `instant(fromISO8601:)` reads nothing from `text` when it has the shape of an ISO
    /// 8601 date-time but names a day, time or offset that does not exist (`'10:30:60' is not
    /// a time of day (…)`), for a message that says what is wrong; nil otherwise.
    public static func iso8601Problem(_ text: String) -> String? {
        do throws(DateGrammarFailure) {
            _ = try ISODateTime.fields(text)
            return nil
        } catch {
            return error.reason
        }
    }

    /// `iso8601Problem(text)` in parentheses after a space, to end a message with; "" when
    /// there is none.
    public static func iso8601Reason(_ text: String) -> String {
        iso8601Problem(text).map { " (\($0))" } ?? ""
    }
}
