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
    /// The warnings with their lines, as they were said; given in line order (`batch()`).
    private var warnings: [(line: Int, text: String)] = []
    /// The warnings that say something was left out (`ImportBatch.losses`).
    private var losses: [(line: Int, text: String)] = []
    private var missingUIDs = 0

    /// Whether reminders are handed out as they are read (`ICalendarPieces`), not held for
    /// the end: then `emit` takes them, and anything that only the whole file can settle
    /// (see `streamRefusal`) stops the streaming.
    let streams: Bool
    /// Why the file cannot be read a piece at a time, once something in it needs the whole
    /// file (a UID given twice, a changed occurrence, …); nil while it can.
    private(set) var streamRefusal: String?
    /// Reminders read and not yet taken (`takeReady`), in file order.
    private var ready: [ImportedReminder] = []
    /// Lists not yet taken, each with the index in `ready` of its first reminder.
    private var readyLists: [(list: ReminderList, firstReminder: Int)] = []
    /// Hashes of the UIDs handed out (8 bytes each, not the strings: a million must not be
    /// held). Two UIDs with one hash only make the file read whole, which is always right.
    private var emittedUIDs = Set<Int>()
    /// The names (lowercased) of the lists handed out.
    private var emittedListNames = Set<String>()
    /// Whether a list named by the file, not by its calendar, was handed out.
    private var emittedListNamedByFile = false

    init(source: String?, streams: Bool = false) {
        self.source = source
        self.streams = streams
    }

    /// Notes that the file must be read whole, and why (the first reason stays).
    mutating func refuseStreaming(_ reason: String) {
        if streamRefusal == nil { streamRefusal = reason }
    }

    /// Hands out a calendar's list, before its first reminder. Two calendars with one list
    /// name are merged into one list when read whole: not a piece at a time. A list named by
    /// the file is made when a reminder needs it, after every list a calendar names: one a
    /// calendar names after it would come before it only read whole (a tester).
    mutating func emit(list: ReminderList, isNamedByCalendar: Bool) {
        guard emittedListNames.insert(list.name.lowercased()).inserted else {
            return refuseStreaming("two VCALENDARs name the list '\(list.name)'")
        }
        if !isNamedByCalendar {
            emittedListNamedByFile = true
        } else if emittedListNamedByFile {
            return refuseStreaming("a VCALENDAR named by X-WR-CALNAME after one named by the file")
        }
        readyLists.append((list, ready.count))
    }

    /// Hands out a reminder. Versions of one UID are weighed when read whole: not a piece
    /// at a time.
    mutating func emit(_ item: ImportedReminder) {
        guard emittedUIDs.insert(item.reminder.uid.hashValue).inserted else {
            return refuseStreaming("the UID \(item.reminder.uid) is given twice")
        }
        ready.append(item)
    }

    /// How many reminders are ready.
    var readyCount: Int { ready.count }

    /// Takes the first `count` reminders ready (or all), with the lists whose first
    /// reminder is among them.
    mutating func takeReady(_ count: Int) -> (lists: [ReminderList], reminders: [ImportedReminder]) {
        let taken = min(count, ready.count)
        let reminders = Array(ready.prefix(taken))
        ready.removeFirst(taken)
        let lists = readyLists.prefix { $0.firstReminder < taken }.map(\.list)
        readyLists = readyLists.dropFirst(lists.count).map { ($0.list, $0.firstReminder - taken) }
        return (lists, reminders)
    }

    /// Adds a warning about `line` of the file; `isLoss` when it says something the file
    /// gave was left out (`ImportBatch.losses`).
    mutating func warn(_ line: Int, _ message: String, isLoss: Bool = false) {
        let warning = (source.map { $0 + " " } ?? "") + "line \(line): " + message
        warnings.append((line, warning))
        if isLoss { losses.append((line, warning)) }
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
        // In the file's order: a version that lost to a later one, a zone read at the end of
        // its calendar, are said when found, after lines further on (a tester: of 2,500
        // warnings, the 20 shown were not the file's first).
        func inLineOrder(_ said: [(line: Int, text: String)]) -> [String] {
            said.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.text)
        }
        var warnings = inLineOrder(self.warnings)
        if missingUIDs > 0 {
            warnings.append((source.map { $0 + ": " } ?? "") + "\(missingUIDs) VTODO\(missingUIDs == 1 ? " has" : "s have") no UID; "
                            + "Tick gave \(missingUIDs == 1 ? "it a UID" : "them UIDs") made from their content, "
                            + "the same on every import")
        }
        return ImportBatch(lists: lists, reminders: reminders,
                           skipped: skippedNames.map { ($0, skippedCounts[$0] ?? 0) }, warnings: warnings, losses: inLineOrder(losses))
    }
}
