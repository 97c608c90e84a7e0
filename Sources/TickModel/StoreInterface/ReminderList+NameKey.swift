import Foundation

extension ReminderList {
    /// The form list names are compared in by every store: trimmed, one line (`Names.oneLine`:
    /// a name typed with a line break finds the list it named before names were one line),
    /// in Unicode's compatibility composition (NFKC, UAX #15: a fullwidth `ＣＨＯＲＥＳ`, as
    /// an input method in full-width mode types it, is `CHORES`; a tester made both lists)
    /// and lower-cased. Swift's String equality then treats canonically equivalent text as
    /// equal (`Wörk` composed or decomposed, `WÖRK`). Two lists of one user never have the
    /// same key (lists made before width was folded may: `named(_:in:)` prefers the exact name).
    public static func nameKey(_ name: String) -> String {
        let lower = Names.oneLine(name.trimmingWhiteSpace()).precomposedStringWithCompatibilityMapping.lowercased()
        // Greek final sigma is a sigma (Unicode's case folding): `ΟΔΟΣ` lower-cases to `οδοσ`,
        // `οδος` ends in ς (a tester made both).
        guard lower.unicodeScalars.contains("\u{03C2}") else { return lower }
        return String(String.UnicodeScalarView(lower.unicodeScalars.map { $0 == "\u{03C2}" ? "\u{03C3}" : $0 }))
    }

    /// The list of `lists` named `name`: the one whose name is `name` itself (trimmed), else
    /// the first whose name is the same but for case (the rule before width was folded), else
    /// the first whose `nameKey` is `name`'s, else nil.
    /// - Complexity: O(n) in the lists.
    public static func named(_ name: String, in lists: [ReminderList]) -> ReminderList? {
        let trimmed = Names.oneLine(name.trimmingWhiteSpace())
        if let exact = lists.first(where: { $0.name == trimmed }) { return exact }
        let lower = trimmed.lowercased()
        if let sameButCase = lists.first(where: { $0.name.lowercased() == lower }) { return sameButCase }
        let key = nameKey(name)
        return lists.first { nameKey($0.name) == key }
    }
}
