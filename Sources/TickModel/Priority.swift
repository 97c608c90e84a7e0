/// How important a reminder is, kept as the iCalendar `PRIORITY` value
/// (RFC 5545 §3.8.1.9): 0 undefined, 1 highest … 9 lowest.
///
/// Apple Reminders and Tick show four levels; values an import brings (say `3`) are kept
/// as they are and read as their level (1–4 high, 5 medium, 6–9 low), so an export gives
/// back the original number until the user changes the priority.
public struct Priority: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The four levels a user sees.
    public enum Level: String, Sendable, CaseIterable, Comparable {
        case none, low, medium, high

        private var rank: Int {
            switch self {
            case .none: return 0
            case .low: return 1
            case .medium: return 2
            case .high: return 3
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// The iCalendar value, 0...9.
    public let iCalendarValue: Int

    /// No priority (iCalendar 0).
    public static let none = Priority(iCalendarValue: 0)
    /// Low (iCalendar 9).
    public static let low = Priority(iCalendarValue: 9)
    /// Medium (iCalendar 5).
    public static let medium = Priority(iCalendarValue: 5)
    /// High (iCalendar 1).
    public static let high = Priority(iCalendarValue: 1)

    /// Wraps an iCalendar value; values outside 0...9 are clamped into it.
    public init(iCalendarValue value: Int) {
        self.iCalendarValue = min(max(value, 0), 9)
    }

    /// The canonical priority of a level (high 1, medium 5, low 9, none 0).
    public init(_ level: Level) {
        switch level {
        case .none: self = .none
        case .low: self = .low
        case .medium: self = .medium
        case .high: self = .high
        }
    }

    /// Parses a level name (`none`, `low`, `medium`, `high`, also `l`, `m`, `h`, `med`)
    /// or an iCalendar number `0`...`9`. Returns nil for anything else.
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "none", "0": self = .none
        case "low", "l": self = .low
        case "medium", "med", "m": self = .medium
        case "high", "h": self = .high
        default:
            guard let value = Int(text), (0...9).contains(value) else { return nil }
            self.init(iCalendarValue: value)
        }
    }

    /// The level this value is read as: 1–4 high, 5 medium, 6–9 low, 0 none.
    public var level: Level {
        switch iCalendarValue {
        case 1...4: return .high
        case 5: return .medium
        case 6...9: return .low
        default: return .none
        }
    }

    /// The level name.
    public var description: String { level.rawValue }

    /// Orders by importance: none < low < medium < high.
    public static func < (lhs: Priority, rhs: Priority) -> Bool {
        if lhs.level != rhs.level { return lhs.level < rhs.level }
        // Within a level, a smaller non-zero iCalendar number is more important.
        return lhs.iCalendarValue > rhs.iCalendarValue
    }
}
