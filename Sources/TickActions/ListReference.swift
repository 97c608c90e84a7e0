import TickModel

/// How a front end names a list: by the name a user typed, or by the identifier of a
/// list it showed (which may have been deleted since).
public enum ListReference: Sendable, Hashable {
    /// By name, case and Unicode normalization ignored.
    case named(String)
    /// By identifier.
    case id(ReminderList.ID)
}
