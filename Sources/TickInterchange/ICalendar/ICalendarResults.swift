import TickModel

/// What a read collects across the VCALENDARs of a file: lists (merged by name),
/// reminders (one per UID, the last one wins), skipped components and warnings.
struct ICalendarResults {
    let source: String?
    private var lists: [ReminderList] = []
    private var listIndex: [String: Int] = [:]
    private var reminders: [ImportedReminder] = []
    private var reminderIndex: [String: Int] = [:]
    private var skippedNames: [String] = []
    private var skippedCounts: [String: Int] = [:]
    private var warnings: [String] = []
    private var missingUIDs = 0

    init(source: String?) { self.source = source }

    /// Adds a warning about `line` of the file.
    mutating func warn(_ line: Int, _ message: String) {
        warnings.append((source.map { $0 + " " } ?? "") + "line \(line): " + message)
    }

    /// Counts a skipped component (`VEVENT`, …).
    mutating func skip(_ name: String) {
        if skippedCounts[name] == nil { skippedNames.append(name) }
        skippedCounts[name, default: 0] += 1
    }

    /// Notes a VTODO that had no `UID`.
    mutating func noteMissingUID() { missingUIDs += 1 }

    /// Adds what one calendar gave.
    mutating func add(_ calendar: (list: ReminderList?, reminders: [ImportedReminder])) {
        if let list = calendar.list {
            let key = list.name.lowercased()
            if let index = listIndex[key] {
                var merged = lists[index]
                merged.iCalendarExtras = ICalendarExtras(merged.iCalendarExtras)
                    .merging(ICalendarExtras(list.iCalendarExtras)).text
                lists[index] = merged
            } else {
                listIndex[key] = lists.count
                lists.append(list)
            }
        }
        // Growing a dictionary of 100,000 UIDs step by step hashes each one again at every step.
        reminders.reserveCapacity(reminders.count + calendar.reminders.count)
        reminderIndex.reserveCapacity(reminders.count + calendar.reminders.count)
        for item in calendar.reminders {
            if let index = reminderIndex[item.reminder.uid] {
                warn(item.lineNumber, "a VTODO with the same UID came earlier in the file; this one replaces it")
                reminders[index] = item
            } else {
                reminderIndex[item.reminder.uid] = reminders.count
                reminders.append(item)
            }
        }
    }

    /// The batch.
    func batch() -> ImportBatch {
        var warnings = self.warnings
        if missingUIDs > 0 {
            warnings.append((source.map { $0 + ": " } ?? "") + "\(missingUIDs) VTODO\(missingUIDs == 1 ? " has" : "s have") no UID; "
                            + "Tick gave \(missingUIDs == 1 ? "it a UID" : "them UIDs") made from their content, "
                            + "the same on every import")
        }
        return ImportBatch(lists: lists, reminders: reminders,
                           skipped: skippedNames.map { ($0, skippedCounts[$0] ?? 0) }, warnings: warnings)
    }
}
