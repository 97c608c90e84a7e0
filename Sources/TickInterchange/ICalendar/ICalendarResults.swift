import TickModel

/// What a read collects across the VCALENDARs of a file: lists (merged by name),
/// reminders (one per UID), skipped components and warnings.
///
/// VTODOs that share a `UID` anywhere in the file (RFC 5545 §3.8.4.7, RFC 5546 §2.1.5):
/// - the VTODO without `RECURRENCE-ID` and those with one are one series: each changed
///   occurrence is kept with its series (`ICalendarOverrides`), in whichever VCALENDAR
///   it came; an occurrence whose series is not in the file comes out on its own
///   (`ImportedReminder.occurrence`), for the importer to attach to the stored series;
/// - several versions of one component (the series, or one occurrence): the one that
///   ranks highest (`ICalendarVersion`: `SUMMARY`, then `SEQUENCE`, then `LAST-MODIFIED`
///   or `DTSTAMP`) is imported, never by file order; each other one is named in a warning
///   (line, title);
/// - two to-dos that are plainly different (both with a `SUMMARY`, different titles, in
///   differently named lists) are both imported: the later one under a UID made from its
///   UID, list and title (the same on every import), with a warning.
struct ICalendarResults {
    let source: String?
    private var lists: [ReminderList] = []
    private var listIndex: [String: Int] = [:]
    private var reminders: [ImportedReminder] = []
    private var reminderIndex: [ReminderUID: Int] = [:]
    /// The version of each reminder, parallel to `reminders`.
    private var versions: [ICalendarVersion] = []
    /// Changed occurrences, in file order, attached to their series at the end.
    private var occurrences: [(reminder: ImportedReminder, version: ICalendarVersion)] = []
    private var skippedNames: [String] = []
    private var skippedCounts: [String: Int] = [:]
    private var warnings: [String] = []
    /// The warnings that say something was left out (`ImportBatch.losses`).
    private var losses: [String] = []
    private var missingUIDs = 0

    init(source: String?) { self.source = source }

    /// Adds a warning about `line` of the file; `isLoss` when it says something the file
    /// gave was left out (`ImportBatch.losses`).
    mutating func warn(_ line: Int, _ message: String, isLoss: Bool = false) {
        let warning = (source.map { $0 + " " } ?? "") + "line \(line): " + message
        warnings.append(warning)
        if isLoss { losses.append(warning) }
    }

    /// Counts a skipped component (`VEVENT`, …).
    mutating func skip(_ name: String) {
        if skippedCounts[name] == nil { skippedNames.append(name) }
        skippedCounts[name, default: 0] += 1
    }

    /// Notes a VTODO that had no `UID`.
    mutating func noteMissingUID() { missingUIDs += 1 }

    /// Adds what one calendar gave. A calendar without a to-do (a file of events) makes no
    /// list: an import of someone's calendar by mistake leaves no empty list to delete.
    mutating func add(_ calendar: ICalendarCalendar.Outcome) {
        if let list = calendar.list, !calendar.reminders.isEmpty || !calendar.occurrences.isEmpty {
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
        // Room for the calendar's changed occurrences too: one whose series is not in the file
        // is appended at the end (`attachOccurrences`), and an array grown by one past its
        // capacity is copied into one twice its size (90 MB beside the 45 MB it left, at
        // 100,000 to-dos: the import's peak).
        let room = reminders.count + calendar.reminders.count + calendar.occurrences.count
        reminders.reserveCapacity(room)
        versions.reserveCapacity(room)
        reminderIndex.reserveCapacity(room)
        for (item, version) in calendar.reminders {
            add(item, version: version)
        }
        occurrences.append(contentsOf: calendar.occurrences)
    }

    private mutating func add(_ item: ImportedReminder, version: ICalendarVersion) {
        guard let index = reminderIndex[item.reminder.uid] else {
            reminderIndex[item.reminder.uid] = reminders.count
            reminders.append(item)
            versions.append(version)
            return
        }
        let earlier = reminders[index]
        let earlierVersion = versions[index]
        if earlierVersion.hasSummary, version.hasSummary, earlierVersion.title != version.title,
           let earlierList = earlier.listName, let list = item.listName, earlierList.lowercased() != list.lowercased() {
            var separate = item
            separate.reminder.uid = ReminderUID.stable(from: [item.reminder.uid.rawValue, list, version.title].joined(separator: "\n"))
            warn(version.line, "this VTODO ('\(version.title)', list '\(list)') has the UID of the different to-do at line "
                 + "\(earlierVersion.line) ('\(earlierVersion.title)', list '\(earlierList)'); both were imported, "
                 + "this one under the UID \(separate.reminder.uid)")
            if reminderIndex[separate.reminder.uid] == nil {
                reminderIndex[separate.reminder.uid] = reminders.count
                reminders.append(separate)
                versions.append(version)
            }
            return
        }
        if let reason = version.reasonToReplace(earlierVersion) {
            warn(earlierVersion.line, earlierVersion.lossMessage(to: version, reason: reason), isLoss: true)
            reminders[index] = item
            versions[index] = version
        } else {
            warn(version.line, version.lossMessage(to: earlierVersion, reason: ICalendarResults.reasonToKeep(earlierVersion, over: version)),
                 isLoss: true)
        }
    }

    /// Why `kept` stays against `other` when `other` does not replace it.
    private static func reasonToKeep(_ kept: ICalendarVersion, over other: ICalendarVersion) -> String {
        kept.reasonToReplace(other) ?? "it came first and neither SUMMARY, SEQUENCE, LAST-MODIFIED nor DTSTAMP tells the two apart"
    }

    /// Attaches each changed occurrence to its series; occurrences of one `RECURRENCE-ID`
    /// are weighed like other versions. Those without a series in the file come out
    /// on their own (the first of a UID; the others are kept in it).
    private mutating func attachOccurrences() {
        var winners: [String: Int] = [:]
        var chosen: [(reminder: ImportedReminder, version: ICalendarVersion)?] = []
        for (item, version) in occurrences {
            let key = item.reminder.uid.rawValue + "\n" + (item.occurrence?.recurrenceID ?? "")
            guard let index = winners[key], let earlier = chosen[index] else {
                winners[key] = chosen.count
                chosen.append((item, version))
                continue
            }
            if let reason = version.reasonToReplace(earlier.version) {
                warn(earlier.version.line, earlier.version.lossMessage(to: version, reason: reason, what: "changed occurrence"), isLoss: true)
                chosen[index] = (item, version)
            } else {
                warn(version.line, version.lossMessage(to: earlier.version, reason: ICalendarResults.reasonToKeep(earlier.version, over: version),
                                                       what: "changed occurrence"), isLoss: true)
            }
        }
        occurrences = []
        for case (var item, let version)? in chosen {
            guard let occurrence = item.occurrence else { continue }
            // An occurrence completed in its override (Thunderbird, eM Client: `STATUS:COMPLETED`
            // under a `RECURRENCE-ID`) is a completed occurrence of the series, for the
            // importer to move the series past (`ImportedReminder.completedOverrides`).
            var completed: [CompletedOccurrence] = []
            if let due = occurrence.due, let at = item.reminder.completedAt { completed.append(CompletedOccurrence(due: due, completedAt: at)) }
            if let index = reminderIndex[item.reminder.uid] {
                reminders[index].reminder.iCalendarExtras = ICalendarOverrides.attaching(occurrence.lines, to: reminders[index].reminder.iCalendarExtras)
                reminders[index].completedOverrides += completed
            } else {
                item.completedOverrides = completed
                reminderIndex[item.reminder.uid] = reminders.count
                reminders.append(item)
                versions.append(version)
            }
        }
    }

    /// The batch.
    mutating func batch() -> ImportBatch {
        attachOccurrences()
        var warnings = self.warnings
        if missingUIDs > 0 {
            warnings.append((source.map { $0 + ": " } ?? "") + "\(missingUIDs) VTODO\(missingUIDs == 1 ? " has" : "s have") no UID; "
                            + "Tick gave \(missingUIDs == 1 ? "it a UID" : "them UIDs") made from their content, "
                            + "the same on every import")
        }
        return ImportBatch(lists: lists, reminders: reminders,
                           skipped: skippedNames.map { ($0, skippedCounts[$0] ?? 0) }, warnings: warnings, losses: losses)
    }
}
