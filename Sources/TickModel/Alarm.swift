import Foundation

/// When a reminder alerts the user: an iCalendar `VALARM` with a `TRIGGER`
/// (RFC 5545 §3.6.6, §3.8.6.3).
public struct Alarm: Hashable, Sendable {
    /// What the trigger is measured from.
    public enum Trigger: Hashable, Sendable {
        /// `seconds` after (negative: before) the due date (`RELATED=END` on a VTODO) or
        /// the start date (`RELATED=START`, the iCalendar default).
        case relative(seconds: Int, toStart: Bool)
        /// An absolute instant (`TRIGGER;VALUE=DATE-TIME`).
        case absolute(Date)
    }

    /// The `UID` of the VALARM when it had one, else a fresh UUID string.
    public var uid: String
    public var trigger: Trigger
    /// When it was delivered; nil while pending.
    public var firedAt: Date?

    public init(uid: String = UUID().uuidString, trigger: Trigger, firedAt: Date? = nil) {
        self.uid = uid
        self.trigger = trigger
        self.firedAt = firedAt
    }
}
