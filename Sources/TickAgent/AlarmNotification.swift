import Foundation
import TickModel

/// One notification the agent delivers: a single reminder's alarm, or several alarms
/// of the same moment (or missed while the agent was not running) coalesced into one.
public struct AlarmNotification: Sendable, Equatable {
    /// One reminder in a notification, with the alarms of it that rang.
    public struct Item: Sendable, Equatable {
        /// The reminder as it was read when the alarm rang.
        public var reminder: Reminder
        /// The name of its list.
        public var listName: String?
        /// The alarms that rang (UIDs) and the instants they rang for.
        public var alarms: [(uid: String, fireDate: Date)]
        /// The occurrence the alarm belongs to (the due date, else the start date), so
        /// that "Done" completes this occurrence and no later one.
        public var occurrence: Due?

        /// The earliest of the instants the alarms rang for.
        public var fireDate: Date { alarms.map(\.fireDate).min() ?? Date.distantPast }

        public static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.reminder == rhs.reminder && lhs.listName == rhs.listName && lhs.occurrence == rhs.occurrence
                && lhs.alarms.map(\.uid) == rhs.alarms.map(\.uid) && lhs.alarms.map(\.fireDate) == rhs.alarms.map(\.fireDate)
        }
    }

    /// How urgent the notification is (freedesktop `urgency` hint: 0, 1, 2).
    public enum Urgency: UInt8, Sendable, Comparable {
        case low = 0, normal = 1, critical = 2
        public static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The reminders in it, earliest alarm first.
    public var items: [Item]
    /// The first line: the reminder's title, or `3 reminders` / `2 missed reminders`.
    public var summary: String
    /// The text under it: when it is due and in which list, or one line per reminder.
    public var body: String
    /// From the reminders' priorities (the highest wins).
    public var urgency: Urgency
    /// Whether the alarms rang while the agent was not running (delivered late).
    public var isMissed: Bool
}

/// What a user asked for by clicking a notification's button.
public enum NotificationAction: Sendable, Equatable {
    /// "Done": complete the occurrence the notification was about.
    case done(notificationID: UInt32)
    /// "Snooze 10 min": ring again later.
    case snooze(notificationID: UInt32)
}
