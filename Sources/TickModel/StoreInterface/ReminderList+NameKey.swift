extension ReminderList {
    /// The form list names are compared in by every store: trimmed, one line (`Names.oneLine`:
    /// a name typed with a line break finds the list it named before names were one line) and
    /// lower-cased; Swift's String equality then treats canonically equivalent text as equal
    /// (`Wörk` composed or decomposed, `WÖRK`). Two lists of one user never have the same key.
    public static func nameKey(_ name: String) -> String {
        Names.oneLine(name.trimmingWhiteSpace()).lowercased()
    }
}
