import TickModel

/// The editable fields of a reminder, as the add dialog and the detail view hold them.
struct ReminderDraft: Hashable, Sendable {
    var title: String
    var notes: String = ""
    var due: Due?
    var listID: ReminderList.ID
    var priority: Priority = .none
    var isFlagged = false
}
