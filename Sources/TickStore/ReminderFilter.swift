import Foundation
import TickModel

/// Which reminders a listing shows. Every condition set must hold.
public struct ReminderFilter: Sendable, Equatable {
    /// Only this list.
    public var listID: ReminderList.ID?
    /// Only this smart list (its own rules for completion and order apply).
    public var smartList: SmartList?
    /// Only reminders with this tag (ASCII case ignored).
    public var tag: String?
    /// Only reminders whose title or notes contain every word of this text (case ignored).
    public var text: String?
    /// Only direct subtasks of the reminder with this UID.
    public var parentUID: ReminderUID?
    /// Include completed reminders (ignored by smart lists, which decide themselves).
    public var includesCompleted: Bool
    /// At most this many reminders.
    public var limit: Int?

    public init(listID: ReminderList.ID? = nil, smartList: SmartList? = nil, tag: String? = nil,
                text: String? = nil, parentUID: ReminderUID? = nil, includesCompleted: Bool = false, limit: Int? = nil) {
        self.listID = listID
        self.smartList = smartList
        self.tag = tag
        self.text = text
        self.parentUID = parentUID
        self.includesCompleted = includesCompleted
        self.limit = limit
    }
}
