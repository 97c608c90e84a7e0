import Foundation
import TickActions
import TickModel
import TickTerminal
import TickStore
import TickInterchange

/// `tick edit N`: sets or clears any field of a reminder.
struct EditCommand: Command {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change any field of a reminder.",
        discussion: """
            Every field can be set and cleared: --due DATE / --no-due, --notes TEXT / --no-notes,
            --flag / --no-flag, --priority none, --tag TAG (adds) / --untag TAG / --no-tags …
            Moving to another list with --list puts the reminder at the end of that list.
            Repeat: --repeat RULE / --no-repeat, --repeat-from due|completion. Alarms: --alarm and
            --remind add one; --no-alarm removes them all (together with --alarm or --remind: replaces).
            """)

    static let arguments: [ArgumentDefinition] = [
        .positional("number", help: "The reminder's number."),
        .option("title", value: "text", help: "A new title."),
        .option("notes", short: "n", value: "text", help: "New notes (replacing the old ones)."),
        .flag("no-notes", help: "Clear the notes."),
        .option("due", short: "d", value: "date", help: "A new due date."),
        .flag("no-due", help: "Clear the due date."),
        .option("start", value: "date", help: "A new start date."),
        .flag("no-start", help: "Clear the start date."),
        .option("priority", short: "p", value: "level", help: "none, low, medium or high."),
        .flag("flag", short: "f", help: "Flag it."),
        .flag("no-flag", help: "Remove the flag."),
        .option("list", short: "l", value: "name", help: "Move it to the end of another list."),
        .option("tag", short: "t", value: "tag", repeating: true, help: "Add a tag."),
        .option("untag", value: "tag", repeating: true, help: "Remove a tag."),
        .flag("no-tags", help: "Remove every tag."),
        .option("url", value: "url", help: "A new link."),
        .flag("no-url", help: "Clear the link."),
        .option("parent", value: "number", help: "Make it a subtask of this reminder."),
        .flag("no-parent", help: "Make it a top-level reminder."),
        .flag("no-repeat", help: "Stop repeating."),
    ] + ScheduleOptions.arguments + [
        CommonOptions.json,
    ]

    let number: Reminder.Number
    let parsed: ParsedArguments
    let priority: Priority?
    let addedTags: [String]
    let removedTags: [String]
    let parent: Reminder.Number?
    let schedule: ScheduleOptions

    init(parsed: ParsedArguments) throws(CommandError) {
        number = try ValueReader.number(parsed.value("number") ?? "")
        self.parsed = parsed
        for (set, clear) in [("notes", "no-notes"), ("due", "no-due"), ("start", "no-start"), ("flag", "no-flag"),
                             ("url", "no-url"), ("parent", "no-parent")] where parsed.isPresent(set) && parsed.isPresent(clear) {
            throw .usage("--\(set) and --\(clear) contradict each other; give one")
        }
        priority = try parsed.value("priority").map(ValueReader.priority)
        addedTags = try ValueReader.tags(parsed.all("tag"))
        removedTags = try ValueReader.tags(parsed.all("untag"))
        parent = try parsed.value("parent").map { text throws(CommandError) in try ValueReader.number(text, option: "parent") }
        schedule = try ScheduleOptions(parsed: parsed)
        let changes = Self.arguments.map(\.key).filter { $0 != "number" && $0 != "json" && parsed.isPresent($0) }
        if changes.isEmpty {
            throw .usage("nothing to change; give at least one option such as --title, --due or --no-due\nSee 'tick edit --help'.")
        }
    }

    func run(in context: CommandContext) throws {
        let title = try parsed.value("title").map { text throws(CommandError) in try ValueReader.name(text, as: .reminderTitle) }
        let due = try parsed.value("due").map { text throws(CommandError) in try ValueReader.due(text, option: "due", context: context) }
        let start = try parsed.value("start").map { text throws(CommandError) in try ValueReader.due(text, option: "start", context: context) }
        let now = context.now
        let parsed = self.parsed
        let schedule = self.schedule
        let defaults = AlarmDefaultsReader(environment: context.environment)
        for warning in defaults.warnings { context.warn(warning) }
        var notes: [String] = []
        let (reminder, listName) = try context.store().write { db in
            var reminder = try db.existingReminder(number)
            if let title { reminder.title = title }
            if let notes = parsed.value("notes") { reminder.notes = notes }
            if parsed.has("no-notes") { reminder.notes = "" }
            if let due { reminder.due = due }
            if parsed.has("no-due") {
                try EditCommand.clearDue(of: &reminder, stopsRepeating: schedule.clearsRepeat, notes: &notes)
            }
            if let start { reminder.start = start }
            if parsed.has("no-start") { reminder.start = nil }
            if let priority { reminder.priority = priority }
            if parsed.has("flag") { reminder.isFlagged = true }
            if parsed.has("no-flag") { reminder.isFlagged = false }
            if parsed.has("no-tags") { reminder.tags = [] }
            for tag in addedTags where !reminder.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
                reminder.tags.append(tag)
            }
            reminder.tags.removeAll { tag in removedTags.contains { $0.lowercased() == tag.lowercased() } }
            if let url = parsed.value("url") { reminder.url = url.trimmingWhiteSpace().isEmpty ? nil : url.trimmingWhiteSpace() }
            if parsed.has("no-url") { reminder.url = nil }
            if let parent {
                let parentReminder = try db.existingReminder(parent)
                try EditCommand.checkNoCycle(child: reminder, parent: parentReminder, db: db)
                reminder.parentUID = parentReminder.uid
            }
            if parsed.has("no-parent") { reminder.parentUID = nil }
            var listName: String?
            if let name = parsed.value("list") {
                let list = try db.existingList(named: name)
                if reminder.listID != list.id {
                    let moved = try EditCommand.moveSubtasks(of: reminder, to: list.id, at: now, db: db, context: context)
                    if moved > 0 { notes.append("moved \(moved) subtask\(moved == 1 ? "" : "s") along to \(TerminalText.sanitized(list.name))") }
                }
                reminder.listID = list.id
                listName = list.name
            } else {
                listName = try db.list(id: reminder.listID)?.name
            }
            notes += try schedule.apply(to: &reminder, dueChanged: due != nil || start != nil, defaults: defaults, context: context)
            reminder.modifiedAt = now
            try db.update(reminder)
            return (try db.existingReminder(number), listName)
        }
        for note in notes { context.warn(note) }
        if parsed.has("json") {
            context.print(TickJSON.object(for: reminder, listName: listName).serialized())
            return
        }
        context.print("Updated \(reminder.number) \(reminder.title.quotedForMessage)")
    }

    /// `edit --no-due`: clears the due date by the model's rules
    /// (``Reminder/removeDue(stopsRepeating:)``), with a note when alarms went with it.
    /// - Throws: `CommandError.usage` for a repeating reminder without `--no-repeat`.
    static func clearDue(of reminder: inout Reminder, stopsRepeating: Bool, notes: inout [String]) throws(CommandError) {
        let removed: Int
        do {
            removed = try reminder.removeDue(stopsRepeating: stopsRepeating)
        } catch {
            throw .usage("a repeating reminder needs a due date; add --no-repeat to stop it repeating")
        }
        if removed > 0 {
            notes.append("removed \(removed) alarm\(removed == 1 ? "" : "s") relative to the due date; add one with --remind DATE")
        }
    }

    /// Moves every subtask of `parent` (and theirs, at any depth) that is in the
    /// parent's list to list `id`, at its end in their present order, as Apple Reminders
    /// moves a reminder with its subtasks. Subtasks kept in another list stay there.
    /// - Returns: how many were moved.
    /// - Complexity: one query per reminder in the subtree.
    static func moveSubtasks(of parent: Reminder, to id: ReminderList.ID, at now: Date, db: Database,
                             context: CommandContext) throws -> Int {
        var moved = 0
        var pending = [parent.uid]
        var seen: Set<String> = [parent.uid]
        while let uid = pending.popLast() {
            let filter = ReminderFilter(parentUID: uid, includesCompleted: true)
            for var child in try db.reminders(filter, now: now, timeZone: context.dateContext.timeZone)
            where seen.insert(child.uid).inserted {
                pending.append(child.uid)
                guard child.listID == parent.listID else { continue }
                child.listID = id
                child.modifiedAt = now
                try db.update(child)
                moved += 1
            }
        }
        return moved
    }

    /// Refuses a parent that is the reminder itself or one of its descendants.
    static func checkNoCycle(child: Reminder, parent: Reminder, db: Database) throws {
        var current: Reminder? = parent
        var seen = Set<String>()
        while let node = current, seen.insert(node.uid).inserted {
            if node.uid == child.uid {
                throw CommandError.runtime("\(parent.number) is \(child.number) itself or one of its subtasks; a reminder cannot be its own parent")
            }
            current = try node.parentUID.flatMap { try db.reminder(uid: $0) }
        }
    }
}
