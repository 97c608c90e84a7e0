import Foundation

/// A named, colored list holding reminders, as in Apple Reminders.
public struct ReminderList: Hashable, Sendable, Identifiable {
    /// A list's identifier: a UUID string when created by Tick.
    public struct ID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A fresh random identifier.
        public static func make() -> ID { ID(rawValue: RandomUUID.string()) }
        public var description: String { rawValue }
    }

    /// The name of the list a fresh database starts with.
    public static let defaultName = "Reminders"

    public var id: ID
    /// The name: non-blank and trimmed (see `Names.validated`).
    public var name: String
    public var color: ListColor
    /// The place among lists, ascending.
    public var position: Int
    public var createdAt: Date
    public var modifiedAt: Date
    /// Calendar-level iCalendar properties Tick does not model (`X-WR-…` and the like),
    /// as unfolded content lines separated by `\n`, written back on export; empty when none.
    public var iCalendarExtras: String

    /// Creates a list; `name` must already be validated.
    public init(id: ID = .make(), name: String, color: ListColor = .defaultColor, position: Int = 0,
                createdAt: Date, modifiedAt: Date? = nil, iCalendarExtras: String = "") {
        self.id = id
        self.name = name
        self.color = color
        self.position = position
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
        self.iCalendarExtras = iCalendarExtras
    }
}
