/// The order a listing is shown in when the user picks one (`--sort KEY [--reverse]`),
/// instead of the listing's own (manual for lists, due date for today and scheduled,
/// most recently completed first for completed).
///
/// Each key has one direction (below); `isReversed` turns the key around. Whatever the
/// key, reminders that tie on it stay in manual order (lists in their order, then each
/// list's order, then the reminder number), and reminders without a value for it (no due
/// date, no priority) come last, in manual order, in both directions: the convention of
/// Apple Reminders (undated last when sorted by due date) and of SQL's `NULLS LAST`.
public struct ReminderOrder: Hashable, Sendable {
    /// What reminders are sorted by.
    public enum Key: String, Hashable, Sendable, CaseIterable {
        /// Due date, earliest first (an all-day date at the start of its day, before timed
        /// ones at the same instant); no due date last.
        case due
        /// Priority, high first (high, medium, low); no priority last.
        case priority
        /// Title, A to Z, compared as search compares text (case and accents ignored).
        case title
        /// When the reminder was created, oldest first.
        case created
        /// Manual order: lists in their order, then each list's order.
        case manual

        /// What `--sort` help says of it.
        public var summary: String {
            switch self {
            case .due: return "due date, earliest first; undated last"
            case .priority: return "priority, high first; none last"
            case .title: return "title, A to Z (case and accents ignored)"
            case .created: return "creation date, oldest first"
            case .manual: return "lists in their order, then each list's order"
            }
        }
    }

    /// The key.
    public var key: Key
    /// Whether the key's direction is turned around (ties and missing values are not).
    public var isReversed: Bool

    /// An order by `key`, reversed or not.
    public init(_ key: Key, reversed: Bool = false) {
        self.key = key
        self.isReversed = reversed
    }
}
