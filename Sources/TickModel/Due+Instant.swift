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
}
