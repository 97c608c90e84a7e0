import Foundation
import TickModel

/// Writes one reminder as a VTODO (RFC 5545 §3.6.2): the lines of the fields Tick maps
/// (`VTodoLines`), the lines kept from an import (`iCalendarExtras`) and the kept
/// `RECURRENCE-ID` overrides after it.
///
/// A kept line of a mapped property (a "kept form": `URL;VALUE=URI:…`, `PRIORITY:0`,
/// `RRULE` with its parts in another order, an Apple VALARM, two `CATEGORIES` lines) is
/// written instead of Tick's own line while libical still reads it as what the reminder
/// says; once the user changes that field, Tick's line replaces it. So an export
/// changes only what was edited.
///
/// - `DTSTAMP` and `SEQUENCE` are written back as kept; when the reminder was modified
///   after the kept `DTSTAMP`, `DTSTAMP` becomes the modification time and a kept
///   `SEQUENCE` goes up by one. Without a kept `DTSTAMP`, it is the modification time.
/// - `X-APPLE-SORT-ORDER` is written at most once, with the value the list gives
///   (`ICalendarWriter`); none when it gives none.
/// - A kept `DURATION` is left out when the reminder has a due date (RFC 5545 allows
///   `DUE` or `DURATION`, not both).
struct VTodoWriter {
    let reminder: Reminder
    let extras: ICalendarExtras
    let zones: ICalendarTimeZones

    /// The lines, unfolded: the VTODO, then its kept overrides.
    /// - Parameter sortOrder: the `X-APPLE-SORT-ORDER` value to write, or nil for none.
    func lines(sortOrder: Int64?) -> [String] {
        var shadows: [String: String] = [:]
        var parents: [String] = []
        var categories: [String] = []
        var alarmBlocks: [(lines: [String], alarm: VTodoFields.AlarmFields)] = []
        var properties: [String] = []
        var blocks: [[String]] = []
        var overrides: [[String]] = []
        var dtstamp: String?
        var sequence: String?
        let single = VTodoLines.singleValuedSet
        for item in extras.items {
            switch item {
            case .property(let line):
                switch line.name {
                case "DTSTAMP": if dtstamp == nil { dtstamp = line.text }
                case "SEQUENCE": if sequence == nil { sequence = line.text }
                case "X-APPLE-SORT-ORDER": continue
                case "CATEGORIES": categories.append(line.text)
                case "RELATED-TO":
                    if VTodoRecord.isParentRelation(line.text) { parents.append(line.text) } else { properties.append(line.text) }
                case "DURATION" where reminder.due != nil: continue
                // Kept by a Tick before 2026-12-04 (`END;X=Y:…`): libical would read it as a delimiter.
                case "BEGIN", "END": continue
                case let name where single.contains(name) && shadows[name] == nil: shadows[name] = line.text
                default: properties.append(line.text)
                }
            case .component(let name, let lines):
                if name == "VTODO" {
                    overrides.append(lines)
                } else if let alarm = VTodoRecord.ringingAlarm(lines) {
                    alarmBlocks.append((lines, alarm))
                } else {
                    blocks.append(lines)
                }
            }
        }

        var out = ["BEGIN:VTODO"]
        for property in VTodoLines.Property.allCases {
            let name = property.rawValue
            // Most reminders keep no lines: no name to look up.
            let shadow = shadows.isEmpty ? nil : shadows[name]
            if property == .relatedTo {
                out.append(contentsOf: relationLines(parents))
            } else if let shadow, isConsistent(name, [shadow]) {
                out.append(shadow)
            } else if property == .completed, !reminder.isCompleted, let shadow {
                // A COMPLETED date an open to-do came with (its STATUS said open): kept as given.
                out.append(shadow)
            } else if let line = VTodoLines.line(property, of: reminder, zones: zones) {
                out.append(shadow.map { VTodoWriter.withKeptParameters(line, from: $0) } ?? line)
            }
            if property == .uid { out.append(contentsOf: stampLines(dtstamp: dtstamp, sequence: sequence)) }
        }
        out.append(contentsOf: categoryLines(categories))
        if let sortOrder { out.append("X-APPLE-SORT-ORDER:\(sortOrder)") }
        out.append(contentsOf: properties)
        out.append(contentsOf: alarmLines(alarmBlocks))
        for block in blocks { out.append(contentsOf: block) }
        out.append("END:VTODO")
        for block in overrides { out.append(contentsOf: block) }
        return out
    }

    /// Parameters a kept line keeps when Tick writes a new value: all but those Tick
    /// sets itself (`VALUE`, `TZID`, `RELTYPE`, `RELATED`) and those that describe the
    /// old value (`ALTREP`, another representation of it; `ENCODING`).
    static let parametersOfTheValue: Set<String> = ["VALUE", "TZID", "RELTYPE", "RELATED", "ALTREP", "ENCODING"]

    /// Tick's `line` for an edited field with the parameters of the line it replaces
    /// (`SUMMARY;LANGUAGE=ko;X-LANG=ko:…` keeps `LANGUAGE` and `X-LANG` when the title
    /// changes), but for `parametersOfTheValue` and those Tick's line has.
    static func withKeptParameters(_ line: String, from kept: String) -> String {
        let keptParameters = ICalendarLineSyntax.parameters(kept)
        guard !keptParameters.isEmpty else { return line }
        let own = Set(ICalendarLineSyntax.parameters(line).map(\.name))
        let added = keptParameters.filter { !own.contains($0.name) && !parametersOfTheValue.contains($0.name) }
        guard !added.isEmpty, let split = line.firstIndex(where: { $0 == ";" || $0 == ":" }) else { return line }
        return line[..<split] + added.map { ";" + $0.text }.joined() + line[split...]
    }

    private func isConsistent(_ name: String, _ lines: [String]) -> Bool {
        VTodoRecord.isConsistent(name, lines, with: reminder, zones: zones)
    }

    /// `DTSTAMP` and `SEQUENCE`, kept or renewed after an edit.
    private func stampLines(dtstamp: String?, sequence: String?) -> [String] {
        let modified = ICalendarText.utc(reminder.modifiedAt)
        guard let dtstamp else { return (modified.map { ["DTSTAMP:" + $0] } ?? []) + (sequence.map { [$0] } ?? []) }
        let stamp = VTodoWriter.utcBasicInstant(dtstamp, name: "DTSTAMP")
            ?? VTodoRecord.shadowFields([dtstamp])?.dtstamp?.utcInstant(zones)
        guard let stamp, reminder.modifiedAt.wholeSecondsSince1970 > stamp.timeIntervalSince1970,
              let modified else {
            return [dtstamp] + (sequence.map { [$0] } ?? [])
        }
        var lines = ["DTSTAMP:" + modified]
        if let sequence {
            let value = sequence.split(separator: ":").last.flatMap { Int($0.trimmingWhiteSpace()) } ?? 0
            lines.append("SEQUENCE:\(value + 1)")
        }
        return lines
    }

    /// The instant of `NAME:YYYYMMDDTHHMMSSZ` read directly (the form nearly every file
    /// uses), or nil for any other form (then libical reads it).
    static func utcBasicInstant(_ line: String, name: String) -> Date? {
        guard line.hasPrefix(name + ":"), line.hasSuffix("Z") else { return nil }
        let value = line.utf8.dropFirst(name.utf8.count + 1).dropLast()
        guard value.count == 15, let local = LocalDateTime(Substring(value)) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC))
    }

    /// The parent `RELATED-TO`: the kept lines while the first still names the parent,
    /// else Tick's line followed by any further kept parent lines.
    private func relationLines(_ parents: [String]) -> [String] {
        guard let first = parents.first else {
            return VTodoLines.line(.relatedTo, of: reminder, zones: zones).map { [$0] } ?? []
        }
        if isConsistent("RELATED-TO", [first]) { return parents }
        return (VTodoLines.line(.relatedTo, of: reminder, zones: zones).map { [$0] } ?? []) + parents.dropFirst()
    }

    /// Kept `CATEGORIES` lines whose values are all still tags, then one line with the
    /// tags they do not cover, so that the tags read back in the reminder's order.
    ///
    /// A reader takes the tags line after line, each once (`VTodoMapping`): a kept line is
    /// written while what it adds is the reminder's next tags, in order; the tags left go
    /// on one line of Tick's. (Found by fuzz/icalendar: kept lines written in the order they
    /// came, which was not the tags' order, read back with the tags in another order.)
    /// - Complexity: O(k² · t) for k kept lines and t tags; k is one or two in practice.
    private func categoryLines(_ kept: [String]) -> [String] {
        var candidates: [(line: String, values: [String])] = []
        for line in kept {
            guard let fields = VTodoRecord.shadowFields([line]),
                  VTodoMapping.isConsistent("CATEGORIES", shadow: fields, with: reminder, zones: zones) else { continue }
            candidates.append((line, fields.categories.map(ICalendarText.trimmed).filter { !$0.isEmpty }))
        }
        var lines: [String] = []
        var seen = Set<String>()
        var next = 0
        while next < reminder.tags.count {
            // What each unused kept line would add after the tags written so far.
            let found = candidates.indices.lazy.compactMap { index -> (Int, [String])? in
                var added: [String] = []
                var local = seen
                for value in candidates[index].values where local.insert(value).inserted { added.append(value) }
                guard !added.isEmpty, reminder.tags[next...].starts(with: added) else { return nil }
                return (index, added)
            }.first
            guard let (index, added) = found else { break }
            lines.append(candidates[index].line)
            seen.formUnion(added)
            next += added.count
            candidates.remove(at: index)
        }
        if let rest = VTodoLines.categories(Array(reminder.tags[next...])) { lines.append(rest) }
        return lines
    }

    /// Kept display and audio VALARMs whose alarm the reminder still has (by UID; one whose
    /// alarm moved is written with the new `TRIGGER`), then Tick's VALARM for each alarm not
    /// covered. A kept VALARM whose alarm has fired (or was re-armed)
    /// since is written with its `ACKNOWLEDGED` (RFC 9074 §6) set to match, so that its
    /// other lines (`X-WR-ALARMUID`, `DESCRIPTION` …) are not lost when an alarm rings.
    /// A kept VALARM without a `UID` is written with one when a reader would otherwise
    /// number it into another alarm's UID (`VTodoMapping.alarms`).
    /// - Complexity: O(n + k) for n alarms and k kept VALARMs (alarms are found by UID,
    ///   not searched).
    private func alarmLines(_ kept: [(lines: [String], alarm: VTodoFields.AlarmFields)]) -> [String] {
        // Each alarm's kept block (by the alarm's index), then the alarms in the reminder's
        // order: a kept block or Tick's own lines, so that a reader meets them in that order.
        var blocks: [Int: (lines: [String], isAnonymous: Bool)] = [:]
        var written = Set<Int>()
        var anonymous = 0
        // The indices of the reminder's alarms by UID, in order; those written are passed over.
        var byUID: [String: [Int]] = [:]
        for (index, alarm) in reminder.alarms.enumerated() { byUID[alarm.uid, default: []].append(index) }
        for block in kept {
            let read = VTodoMapping.alarm(block.alarm, reminderUID: reminder.uid, anonymous: &anonymous, zones: zones)
            let candidates = (byUID[read.uid] ?? []).lazy.filter { !written.contains($0) }
            guard let index = candidates.first(where: { VTodoWriter.same(reminder.alarms[$0], read) })
                ?? candidates.first(where: { VTodoWriter.same(reminder.alarms[$0], read, ignoringFired: true) })
                ?? candidates.first(where: { reminder.alarms[$0].isSnooze == read.isSnooze })
            else { continue }
            let alarm = reminder.alarms[index]
            var lines = block.lines
            if !VTodoWriter.same(alarm, read, ignoringFired: true) {
                // The same alarm moved (an absolute one when a repeating reminder goes on to its
                // next occurrence, an edit that kept its UID): its own lines with Tick's TRIGGER,
                // so that Apple's `X-WR-ALARMUID`, an audio alarm's `ACTION` and sound and the
                // other lines stay (a tester: `tick done` turned a phone's audio alarm into a
                // display one without its sound).
                guard let moved = VTodoWriter.retriggering(lines, as: alarm, of: reminder) else { continue }
                lines = moved
            }
            written.insert(index)
            if !VTodoWriter.same(alarm, read) { lines = VTodoWriter.acknowledging(lines, as: alarm) }
            blocks[index] = (lines, block.alarm.uid == nil)
        }
        // A reader numbers the VALARMs without a UID it meets: when a kept block left out (its
        // alarm edited) was one of them, those after it would be read under another alarm's UID.
        var lines: [String] = []
        var unnamed = 0
        for (index, alarm) in reminder.alarms.enumerated() {
            guard var block = blocks[index] else {
                lines.append(contentsOf: VTodoLines.alarm(alarm, of: reminder))
                continue
            }
            if block.isAnonymous {
                if VTodoMapping.anonymousAlarmUID(of: reminder.uid, number: unnamed + 1) == alarm.uid {
                    unnamed += 1
                } else {
                    block.lines.insert("UID:" + ICalendarText.escaped(alarm.uid), at: 1)
                }
            }
            lines.append(contentsOf: block.lines)
        }
        return lines
    }

    /// Whether two alarms are the same, instants compared to the second, a fired one
    /// silenced in both or in neither; with `ignoringFired`, whether they are the same alarm
    /// whatever their fired state.
    static func same(_ a: Alarm, _ b: Alarm, ignoringFired: Bool = false) -> Bool {
        guard a.uid == b.uid, a.isSnooze == b.isSnooze else { return false }
        switch (a.firedAt, b.firedAt) {
        case _ where ignoringFired: break
        case (nil, nil): break
        case (let x?, let y?): guard x.isInSameSecond(as: y), a.isSilenced == b.isSilenced else { return false }
        default: return false
        }
        switch (a.trigger, b.trigger) {
        case (.relative(let s1, let t1), .relative(let s2, let t2)): return s1 == s2 && t1 == t2
        case (.absolute(let d1), .absolute(let d2)): return d1.isInSameSecond(as: d2)
        default: return false
        }
    }

    /// A kept VALARM's lines with its own `TRIGGER` lines replaced by the one Tick writes for
    /// `alarm` (`VTodoLines.alarm`), placed where the first was; nil when Tick writes none (an
    /// instant iCalendar cannot hold) or the block has none at its top level.
    static func retriggering(_ block: [String], as alarm: Alarm, of reminder: Reminder) -> [String]? {
        guard let trigger = VTodoLines.alarm(alarm, of: reminder).first(where: { ICalendarContentLine(text: $0).name == "TRIGGER" })
        else { return nil }
        var lines: [String] = []
        var depth = 0
        var placed = false
        for line in block {
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil { depth += 1 }
            if content.endName != nil { depth -= 1 }
            if depth == 1, content.name == "TRIGGER" {
                if !placed { lines.append(trigger) }
                placed = true
                continue
            }
            lines.append(line)
        }
        return placed ? lines : nil
    }

    /// A kept VALARM's lines with its own `ACKNOWLEDGED` lines replaced by the one Tick
    /// writes for `alarm` (none while it is pending; `VTodoLines.acknowledgedLine`), placed
    /// before its `END:VALARM`. Lines of nested components are left alone.
    static func acknowledging(_ block: [String], as alarm: Alarm) -> [String] {
        var lines: [String] = []
        var depth = 0
        for line in block {
            let content = ICalendarContentLine(text: line)
            if content.beginName != nil { depth += 1 }
            if content.endName != nil {
                if depth == 1, let acknowledged = VTodoLines.acknowledgedLine(alarm) { lines.append(acknowledged) }
                depth -= 1
            } else if depth == 1, content.name == "ACKNOWLEDGED" {
                continue
            }
            lines.append(line)
        }
        return lines
    }
}
