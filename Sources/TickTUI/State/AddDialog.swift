import TickModel

/// The add dialog: a title field with the placeholder "Write your task.", a due field
/// that reads the command line's date phrases, and the list (←/→ pick another).
struct AddDialog: Hashable, Sendable {
    /// The fields, in Tab order.
    enum Field: Hashable, Sendable, CaseIterable { case title, due, list }

    /// The placeholder of the empty title field, as in the seed apps.
    static let titlePlaceholder = "Write your task."
    /// The placeholder of the empty due field.
    static let duePlaceholder = "none, or: tomorrow 9am, fri, dec 24"

    var title = TextField()
    var due = TextField()
    var field = Field.title
    /// The list the reminder goes to.
    var listID: ReminderList.ID
    /// Whether it starts flagged (added from the Flagged smart list).
    var isFlagged = false
    /// Why the last attempt to save was refused; the dialog stays open.
    var error: String?
}
