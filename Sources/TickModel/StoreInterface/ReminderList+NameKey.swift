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

    /// How near two list names are: 0 the same, 1 the same but for case (the rule before
    /// width was folded), 2 the same `nameKey` (width, compatibility forms), nil different.
    public static func closeness(_ a: String, _ b: String) -> Int? {
        if a == b { return 0 }
        if a.lowercased() == b.lowercased() { return 1 }
        return nameKey(a) == nameKey(b) ? 2 : nil
    }

    /// The list of `lists` named `name` (trimmed): the nearest by `closeness`, the first of
    /// the nearest, else nil.
    /// - Complexity: O(n) in the lists.
    public static func named(_ name: String, in lists: [ReminderList]) -> ReminderList? {
        let trimmed = Names.oneLine(name.trimmingWhiteSpace())
        // The common case without case mapping or NFKC: a name typed as it is spelled.
        if let exact = lists.first(where: { $0.name == trimmed }) { return exact }
        return lists.compactMap { list in closeness(list.name, trimmed).map { (list, $0) } }.min { $0.1 < $1.1 }?.0
    }
}
