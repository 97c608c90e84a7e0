import Foundation
import TickModel

/// The detail view: every editable field of one reminder.
struct DetailEditor: Hashable, Sendable {
    /// The fields, in the order shown and walked with Tab and ↑/↓.
    enum Field: Int, CaseIterable, Hashable, Sendable {
        case title, notes, due, start, repeats, list, priority, flag, tags, url

        /// The field's name on screen.
        var label: String {
            switch self {
            case .title: "Title"
            case .notes: "Notes"
            case .due: "Due"
            case .start: "Start"
            case .repeats: "Repeat"
            case .list: "List"
            case .priority: "Priority"
            case .flag: "Flagged"
            case .tags: "Tags"
            case .url: "URL"
            }
        }
    }

    /// The reminder as it was when the view opened.
    var original: Reminder
    var title: TextField
    /// The notes, which may hold several lines (Ctrl-J starts a new one).
    var notes: TextField
    /// The tags as one line (`#garden #"garden work"`, `TagNames.shownList`).
    var tags: TextField
    /// The text the tags field started with.
    var initialTagsText: String
    var due: TextField
    /// The text the due field started with; an untouched field keeps the original value
    /// exactly (a floating time stays floating).
    var initialDueText: String
    /// The start date, in the same words as the due date.
    var start: TextField
    /// The text the start field started with.
    var initialStartText: String
    /// The link (blank: none).
    var url: TextField
    /// Whether the reminder keeps repeating: a repeating reminder's rule can be stopped
    /// here (a new rule is `tick edit --repeat`'s), so that its due date can be cleared.
    var repeats: Bool
    var listID: ReminderList.ID
    var priority: Priority.Level
    var isFlagged: Bool
    var field = Field.title
    /// Why the last attempt to save was refused; the view stays open.
    var error: String?
    /// Set when another `tick` changed the reminder while the view was open: saving
    /// writes only the fields changed here, so the other changes are kept.
    var notice: String?
    /// The fields changed here that another `tick` changed too while the view was open, with
    /// the value it left (as shown): saving would replace it, so the first Enter says so and
    /// the second saves (a tester: the command line's new title was saved over, never shown).
    var overwrites: [Field: String] = [:]
    /// Whether the user was told of `overwrites` and pressed Enter again.
    var overwritesConfirmed = false

    /// The notice shown when the reminder changed while the view was open.
    static let changedElsewhereNotice = "Changed elsewhere while open: shown as it is now; Enter saves only your changes."
}

extension DetailEditor {
    /// The detail view of `reminder`, its due date written as text the grammar reads back.
    init(_ reminder: Reminder, context: DateContext) {
        let dueText = reminder.due.map { DetailEditor.editableText(for: $0, in: context.timeZone) } ?? ""
        let startText = reminder.start.map { DetailEditor.editableText(for: $0, in: context.timeZone) } ?? ""
        let tagsText = TagNames.shownList(reminder.tags)
        self.init(original: reminder, title: TextField(reminder.title), notes: TextField(reminder.notes),
                  tags: TextField(tagsText), initialTagsText: tagsText, due: TextField(dueText), initialDueText: dueText,
                  start: TextField(startText), initialStartText: startText, url: TextField(reminder.url ?? ""),
                  repeats: reminder.recurrence != nil, listID: reminder.listID,
                  priority: reminder.priority.level, isFlagged: reminder.isFlagged)
    }

    /// The view moved onto `current`, the reminder as another `tick` left it: the fields
    /// the user has not touched show the stored values, the ones they edited keep what
    /// they typed or chose, and the view notes that the reminder changed.
    mutating func rebase(onto current: Reminder, context: DateContext) {
        var fresh = DetailEditor(current, context: context)
        fresh.overwrites = overwrites
        fresh.overwritesConfirmed = overwritesConfirmed
        func both(_ field: Field, edited: Bool, changed: Bool, now: @autoclosure () -> String) {
            if edited && changed { fresh.overwrites[field] = now() }
        }
        both(.title, edited: title.text != original.title, changed: current.title != original.title, now: current.title)
        both(.notes, edited: notes.text != original.notes, changed: current.notes != original.notes, now: current.notes)
        both(.tags, edited: tags.text != initialTagsText, changed: current.tags != original.tags, now: fresh.initialTagsText)
        both(.due, edited: due.text != initialDueText, changed: current.due != original.due, now: fresh.initialDueText)
        both(.start, edited: start.text != initialStartText, changed: current.start != original.start, now: fresh.initialStartText)
        both(.url, edited: url.text != (original.url ?? ""), changed: current.url != original.url, now: current.url ?? "")
        both(.list, edited: listID != original.listID, changed: current.listID != original.listID, now: "another list")
        both(.priority, edited: priority != original.priority.level, changed: current.priority.level != original.priority.level,
             now: "\(current.priority.level)")
        both(.flag, edited: isFlagged != original.isFlagged, changed: current.isFlagged != original.isFlagged,
             now: current.isFlagged ? "flagged" : "not flagged")
        if title.text != original.title { fresh.title = title }
        if notes.text != original.notes { fresh.notes = notes }
        if tags.text != initialTagsText { fresh.tags = tags }
        if due.text != initialDueText { fresh.due = due }
        if start.text != initialStartText { fresh.start = start }
        if url.text != (original.url ?? "") { fresh.url = url }
        if repeats != (original.recurrence != nil), current.recurrence != nil { fresh.repeats = repeats }
        if listID != original.listID { fresh.listID = listID }
        if priority != original.priority.level { fresh.priority = priority }
        if isFlagged != original.isFlagged { fresh.isFlagged = isFlagged }
        fresh.field = field
        fresh.error = error
        fresh.notice = DetailEditor.changedElsewhereNotice
        if !fresh.overwrites.isEmpty {
            fresh.notice = "Changed elsewhere while open: \(fresh.overwritesText) there; Enter asks before saving yours over it, Esc keeps it."
        }
        self = fresh
    }

    /// The fields in `overwrites` given back the values stored now (another `tick`'s), the
    /// others left as typed; `overwrites` is then empty.
    mutating func keepOverwrittenValues() {
        for field in overwrites.keys {
            switch field {
            case .title: title = TextField(original.title)
            case .notes: notes = TextField(original.notes)
            case .tags: tags = TextField(initialTagsText)
            case .due: due = TextField(initialDueText)
            case .start: start = TextField(initialStartText)
            case .url: url = TextField(original.url ?? "")
            case .list: listID = original.listID
            case .priority: priority = original.priority.level
            case .flag: isFlagged = original.isFlagged
            case .repeats: repeats = original.recurrence != nil
            }
        }
        overwrites = [:]
        overwritesConfirmed = false
    }

    /// The fields in `overwrites` and their values there: `Title is now “CLI title”`.
    var overwritesText: String {
        Field.allCases.compactMap { field -> String? in
            guard let value = overwrites[field] else { return nil }
            let shown = value.count > 40 ? String(value.prefix(39)) + "…" : value
            return "\(field.label) is now “\(shown.isEmpty ? "none" : shown)”"
        }.joined(separator: ", ")
    }

    /// `2026-12-03` for all-day dates, `2026-12-03 17:30` for times (on the wall clock
    /// of `zone` for timed values): forms ``DateGrammar`` reads back to the same value.
    static func editableText(for due: Due, in zone: TimeZone) -> String {
        func text(_ local: LocalDateTime) -> String {
            let minutes = (local.hour < 10 ? "0" : "") + "\(local.hour):" + (local.minute < 10 ? "0" : "") + "\(local.minute)"
            let seconds = local.second == 0 ? "" : ":" + (local.second < 10 ? "0" : "") + "\(local.second)"
            return "\(local.day) \(minutes)\(seconds)"
        }
        switch due {
        case .allDay(let day): return day.description
        case .floating(let local): return text(local)
        case .timed(let instant, _): return text(LocalDateTime(instant, in: zone))
        }
    }
}
