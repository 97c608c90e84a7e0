extension ReminderList {
    /// The form list names are compared in by every store: trimmed and lower-cased; Swift's
    /// String equality then treats canonically equivalent text as equal (`Wörk` composed or
    /// decomposed, `WÖRK`). Two lists of one user never have the same key.
    public static func nameKey(_ name: String) -> String {
        name.trimmingWhiteSpace().lowercased()
    }
}
