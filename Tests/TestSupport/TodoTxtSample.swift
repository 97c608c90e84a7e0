/// A todo.txt file whose every line Tick must write back as it came, in any time zone:
/// creation and completion days, priority letters `D`…`Z` (also as `pri:` on a finished
/// task) and lines without a creation date. Shared by the command and end-to-end tests.
public enum TodoTxtSample {
    public static let file = """
        (A) 2026-01-05 Call Mom @phone due:2026-01-09
        x 2026-01-07 2026-01-05 Filed taxes
        (D) 2026-03-01 Someday maybe
        (Z) Way later
        x 2026-02-28 Done without creation pri:Q
        Plain line

        """

    /// The lines of `file`, sorted.
    public static var sortedLines: [String] { file.split(separator: "\n").map(String.init).sorted() }

    /// The lines of a todo.txt export without the `uid:` word each ends with, in order.
    public static func linesWithoutUIDs(_ export: String) -> [String] {
        export.split(separator: "\n").map { line in
            String(line[..<(line.range(of: " uid:", options: .backwards)?.lowerBound ?? line.endIndex)])
        }
    }
}
