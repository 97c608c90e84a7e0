import Foundation
import TickModel

/// The columns a listing of reminders shares between `tick list` and the terminal UI, so
/// that both give up the same cells first on a narrow terminal.
extension TextTable.Column {
    /// The title: it keeps a third of the line (4 to 16 cells) and gives up cells only
    /// after the other flexible columns are down to theirs.
    public static func reminderTitle(lineWidth: Int) -> TextTable.Column {
        TextTable.Column(minWidth: min(16, max(4, lineWidth / 3)), isFlexible: true)
    }

    /// Off a terminal (a pipe, a file) there is no width to fit: user text (a title, a list's
    /// name, a tag) is cut at this many cells, so that one long name does not pad every
    /// line to its width. Scripts that need the whole text use `--json`.
    public static let offTerminalTextWidth = 100

    /// A column of user text (a list's name, a tag) that gives up cells first on a narrow
    /// terminal, cut at `offTerminalTextWidth` when `lineWidth` is nil (off a terminal).
    public static func userText(_ header: String? = nil, minWidth: Int = 0, lineWidth: Int?) -> TextTable.Column {
        TextTable.Column(header, minWidth: minWidth, maxWidth: lineWidth == nil ? offTerminalTextWidth : nil, isFlexible: true)
    }

    /// The due date: at most 24 cells (`Tomorrow 9:00 AM`, `Dec 14, 2026 3:00 PM`). Not
    /// flexible: it is cut only once the title is down to its minimum, because a date
    /// cut in the middle says little.
    public static let reminderDue = TextTable.Column(maxWidth: 24)

    /// The repeat marker and rule (`↻ Every 3 days`): at most 44 cells (`↻ Every 3 days after
    /// completion`, `↻ Weekly on Monday, Wednesday and Friday`: a tester found such rules
    /// always shown as the marker alone, at 28, with room to spare), the first to give up
    /// cells; when it would be cut, the marker alone (`↻`).
    public static let reminderRepeat = TextTable.Column(minWidth: 1, maxWidth: 44, isFlexible: true, compactText: "↻")
}

extension Reminder {
    /// `↻ Every 3 days`: the repeat marker and the rule in words, as listings show it;
    /// nil for a reminder that does not repeat. User text is made safe for a terminal.
    public func repeatLabel(in zone: TimeZone) -> String? {
        recurrenceSummary(in: zone).map { "↻ " + TerminalText.sanitized($0) }
    }
}
