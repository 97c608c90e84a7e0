import Foundation
import TickInterchange
import TickModel

/// A three-way merge of one iCalendar object (a VCALENDAR with one to-do and its
/// overrides) property by property, the way `tick sync` keeps both sides' edits.
///
/// The three versions are texts written by the same writer (Tick's), so that equal values
/// are equal text: `base` as last synced, `local` as Tick has it now, `server` as the
/// server has it now (read and written back by Tick). For each property name of the main
/// VTODO (all its lines together: several `CATEGORIES` or `RELATED-TO` are one value), and
/// for the VALARMs together: a side that left the base value as it was takes the other
/// side's; when both changed it to different values, the newer side wins and the value
/// that lost is reported. A whole override (a VTODO with `RECURRENCE-ID`, RFC 5545
/// §3.8.4.4) is one value. `DTSTAMP`, `LAST-MODIFIED` and `SEQUENCE` are stamps, not
/// values: the result carries the newer side's. VTIMEZONEs are the union of both sides.
/// A `COMPLETED` both sides set, at different moments, is no conflict (both completed the
/// to-do): the newer side's moment is kept without a report; nor is a `CREATED` both sides
/// gave, the earlier of which is kept. Nor is a repeating to-do both
/// sides completed onward: the side at the later occurrence gives its due and start dates
/// and rule (`furtherOccurrence`).
public enum ICalendarMerge {
    /// A value both sides changed: the one that lost.
    public struct Conflict: Sendable, Equatable {
        /// The property name (`SUMMARY`), `VALARM`, or `RECURRENCE-ID:…` for an override.
        public var property: String
        /// The content lines that lost, unfolded, joined by line breaks (empty: the
        /// property was removed on the losing side).
        public var lostValue: String
        /// Whether the local side lost (else the server's).
        public var localLost: Bool
    }

    /// Merges `local` and `server` against `base` (nil: no common ancestor, every
    /// difference is a conflict decided by `localIsNewer`).
    /// - Returns: the merged text (CRLF lines, folded at 75 octets) and the conflicts.
    public static func merge(base: String?, local: String, server: String, localIsNewer: Bool) -> (text: String, conflicts: [Conflict]) {
        let b = base.map(Component.parse)
        let l = Component.parse(local)
        var s = Component.parse(server)
        if let b { s = undoingAppliedCompletions(s, base: b) }
        var conflicts: [Conflict] = []

        // The winner's frame (VCALENDAR properties), then its components merged.
        var result = s
        result.children = []
        let keysL = l.todoKeys, keysS = s.todoKeys
        var keys: [String] = []
        for key in keysS + keysL where !keys.contains(key) { keys.append(key) }
        for key in keys {
            let bt = b?.todo(key), lt = l.todo(key), st = s.todo(key)
            if key == "" {
                guard let lt, let st else {
                    if let one = lt ?? st { result.children.append(one) }
                    continue
                }
                result.children.append(mergeTodo(base: bt, local: lt, server: st, localIsNewer: localIsNewer, conflicts: &conflicts))
                continue
            }
            // An override is a value that may be absent: with a base, its absence there is the
            // base's value (a phone that completed one occurrence added an override Tick never
            // had; with Tick's own unrelated edit it was "changed on both sides", and the
            // phone's completion lost, a tester). Only without a base is every difference a
            // conflict.
            let value = pick(base: b == nil ? nil : .some(bt?.text), local: .some(lt?.text), server: .some(st?.text),
                             localIsNewer: localIsNewer)
            if let lost = value.lost {
                conflicts.append(Conflict(property: "RECURRENCE-ID" + key, lostValue: (lost ?? nil) ?? "", localLost: value.localLost))
            }
            let chosen = value.chosen ?? nil
            if let chosen, let component = chosen == lt?.text ? lt : (chosen == st?.text ? st : nil) { result.children.append(component) }
        }
        if let b { rekeyAddedOverrides(&result, base: b, local: l, server: s) }
        // Time zones: the server's, then those only the local side has.
        var zones: [String: Component] = [:]
        var zoneOrder: [String] = []
        for component in s.children + l.children where component.name == "VTIMEZONE" {
            let id = component.value(of: "TZID") ?? ""
            if zones[id] == nil { zones[id] = component; zoneOrder.append(id) }
        }
        result.children = zoneOrder.compactMap { zones[$0] } + result.children
        for component in s.children where component.name != "VTIMEZONE" && component.name != "VTODO" {
            result.children.append(component)
        }
        return (result.text, conflicts)
    }

    /// A date or date-time line taken apart: its parameters as written (`;TZID=…`, "" for
    /// none), the 8 digits of its date, and what follows them (`T090000`, `T080000Z`, "").
    struct DateParts: Equatable {
        var parameters: String
        var date: String
        var rest: String

        init?(_ line: String) {
            guard let (head, value) = line.cut(atFirst: ":"), value.utf8.count >= 8,
                  value.utf8.prefix(8).allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            parameters = String(head.unicodeScalars.drop { $0 != ";" })
            date = String(value.prefix(8))
            rest = String(value.dropFirst(8)).uppercased()
        }

        /// The time of day and its form: the parameters (compared without case) and the rest.
        var form: String { parameters.uppercased() + ":" + rest }

        /// The line of property `name` with this line's parameters and time on `date`.
        func line(_ name: String, on date: String) -> String { name + parameters + ":" + date + rest }
    }

    /// Moves the overrides one side added (a phone completed occurrences: `RECURRENCE-ID` and
    /// `STATUS:COMPLETED`) to the series' new time when the other side changed only the time
    /// of day, the zone or the form (a date, a date-time) of the occurrences, on the same day:
    /// their `RECURRENCE-ID` (RFC 5545 §3.8.4.4: the instance's `DTSTART`, else its `DUE`, as
    /// Tick reads it) and their own `DTSTART` and `DUE`, where they were written as the base
    /// series' are, take the merged series' time and form on their own day. Without this the
    /// overrides named occurrences the series no longer had, and the phone's completions were
    /// lost on every device without a conflict (a tester: Tick moved the series from 09:00 to
    /// 10:00, or to the same wall clock in another zone, while the phone completed the 09:00
    /// occurrence, or two of them).
    ///
    /// A series moved to another day is left alone, with its overrides where they were: that
    /// is also what completing an occurrence does (the side that completed the same occurrence
    /// itself), and an override moved with it would complete a day nobody completed (a tester).
    static func rekeyAddedOverrides(_ result: inout Component, base: Component, local: Component, server: Component) {
        guard let baseMain = base.todo(""), let mergedIndex = result.children.firstIndex(where: {
            $0.name == "VTODO" && $0.value(of: "RECURRENCE-ID") == nil
        }) else { return }
        let mergedMain = result.children[mergedIndex]
        func single(_ todo: Component?, _ name: String) -> String? {
            guard let lines = todo?.lines(named: name), lines.count == 1 else { return nil }
            return lines[0]
        }
        // Per anchor (DTSTART, DUE): the base's line and the merged one, when only the time changed.
        var moves: [(name: String, base: String, baseParts: DateParts, merged: String, mergedParts: DateParts)] = []
        for name in ["DTSTART", "DUE"] {
            guard let before = single(baseMain, name), let after = single(mergedMain, name),
                  let b = DateParts(before), let m = DateParts(after), m.date == b.date, m.form != b.form else { continue }
            moves.append((name, before, b, after, m))
        }
        guard !moves.isEmpty else { return }
        /// `line` (of property `name`) moved as the anchor `move` moved, or nil when it is not
        /// an occurrence of the base series at its time: written in the same form on any day,
        /// or the current occurrence in another form (UTC for a zoned time).
        func moved(_ line: String, as name: String, by move: (name: String, base: String, baseParts: DateParts, merged: String,
                                                              mergedParts: DateParts)) -> String? {
            guard let parts = DateParts(line) else { return nil }
            if parts.form == move.baseParts.form { return move.mergedParts.line(name, on: parts.date) }
            if DateMeaning.meaning(of: line) == DateMeaning.meaning(of: move.base) { return name + move.merged.dropFirst(move.name.count) }
            // Another form of an instant at the base series' wall clock time on some day (UTC,
            // as Xandikos keeps a zoned RECURRENCE-ID: a tester's second completion was lost).
            if let day = DateMeaning.wallDay(of: line, atTimeOf: move.base), day >= move.baseParts.date {
                return move.mergedParts.line(name, on: day)
            }
            return nil
        }
        var keys = Set(result.todoKeys)
        for index in result.children.indices where result.children[index].name == "VTODO" {
            let override = result.children[index]
            guard override.value(of: "RECURRENCE-ID") != nil, case let key = Component.key(of: override), base.todo(key) == nil,
                  let ridLine = single(override, "RECURRENCE-ID"), !ridLine.uppercased().contains("RANGE=") else { continue }
            let adder: Component
            switch (local.todo(key) != nil, server.todo(key) != nil) {
            case (true, false): adder = local
            case (false, true): adder = server
            default: continue
            }
            for move in moves {
                // The side that added it left the series' time as the base had it.
                guard let adderLine = single(adder.todo(""), move.name),
                      DateMeaning.meaning(of: adderLine) == DateMeaning.meaning(of: move.base),
                      let newRID = moved(ridLine, as: "RECURRENCE-ID", by: move) else { continue }
                let newKey = Component.key(ofLine: newRID)
                guard newKey == key || !keys.contains(newKey) else { break }
                var changed = override
                // A due the override gives at its own start (a phone copies one into the other)
                // moves with the start when it is not on the series' due times itself (a tester:
                // the start moved to 09:00, the due stayed at 08:00, before the start).
                let ownStart = single(override, "DTSTART").flatMap { $0.cut(atFirst: ":")?.after }
                let startMove = moves.first { $0.name == "DTSTART" }
                changed.properties = changed.properties.map { line in
                    let property = Component.propertyName(line)
                    if property == "RECURRENCE-ID" { return newRID }
                    guard property == "DTSTART" || property == "DUE" else { return line }
                    if let own = moves.first(where: { $0.name == property }), let shifted = moved(line, as: property, by: own) { return shifted }
                    if property == "DUE", let startMove, let ownStart, line.cut(atFirst: ":")?.after == ownStart,
                       let start = single(override, "DTSTART"), let shifted = moved(start, as: "DTSTART", by: startMove) {
                        return "DUE" + shifted.dropFirst("DTSTART".count)
                    }
                    return line
                }
                result.children[index] = changed
                keys.remove(key)
                keys.insert(newKey)
                break
            }
        }
    }

    /// The server's series as it was before a completion the server itself applied: a server
    /// that moves a repeating to-do on when a client adds a completed override (`tick serve`
    /// does, as Tick's import does) gives the series a later day at the same time, with the
    /// override. Merged as such with Tick's change of the series' time, the later day won as
    /// "completed onward" and Tick's time was lost without a word (a tester). The series' dates
    /// and rule are taken back to the base's when the server's differ from them only by a later
    /// day at the same time (and the rule by its `COUNT`), and the server added a completed
    /// override of an occurrence at or after the base's: the merged text's override then moves
    /// the series on again when Tick reads it, at the merged time.
    static func undoingAppliedCompletions(_ server: Component, base: Component) -> Component {
        guard let baseMain = base.todo(""), let serverMain = server.todo(""), !baseMain.lines(named: "RRULE").isEmpty else { return server }
        guard serverMain.ruleWithoutCount == baseMain.ruleWithoutCount else { return server }
        var laterDay: String?
        for name in ["DTSTART", "DUE"] {
            let before = baseMain.lines(named: name), after = serverMain.lines(named: name)
            guard before.count == after.count else { return server }
            guard let b = before.first.flatMap(DateParts.init), let a = after.first.flatMap(DateParts.init) else {
                guard before == after else { return server }
                continue
            }
            guard a.form == b.form, a.date >= b.date else { return server }
            if a.date > b.date { laterDay = b.date }
        }
        guard let baseDay = laterDay else { return server }
        let completedHere = server.children.contains { child in
            guard child.name == "VTODO", child.value(of: "RECURRENCE-ID") != nil, base.todo(Component.key(of: child)) == nil,
                  child.value(of: "STATUS")?.uppercased() == "COMPLETED",
                  let rid = child.lines(named: "RECURRENCE-ID").first.flatMap(DateParts.init) else { return false }
            return rid.date >= baseDay
        }
        guard completedHere, let index = server.children.firstIndex(where: { $0.name == "VTODO" && $0.value(of: "RECURRENCE-ID") == nil })
        else { return server }
        var undone = server
        undone.children[index].properties = serverMain.properties.map { line in
            switch Component.propertyName(line) {
            case "DTSTART": return baseMain.lines(named: "DTSTART").first ?? line
            case "DUE": return baseMain.lines(named: "DUE").first ?? line
            case "RRULE": return baseMain.lines(named: "RRULE").first ?? line
            default: return line
            }
        }
        return undone
    }

    /// `text` as one CalDAV resource: of the VCALENDAR's own properties only `VERSION`,
    /// `PRODID` and `CALSCALE` stay.
    public static func resource(_ text: String) -> String {
        var calendar = Component.parse(text)
        calendar.properties = calendar.properties.filter { ["VERSION", "PRODID", "CALSCALE"].contains(Component.propertyName($0)) }
        return calendar.text
    }

    /// What a client's resource holds around its to-do that Tick's writer does not write, and
    /// Tick keeps and writes back: the VCALENDAR's own lines (all but `VERSION`, `PRODID` and
    /// `METHOD`: a calendar's name or scale, an `X-` line; a tester: they were dropped when Tick
    /// wrote an unrelated edit), and the VTIMEZONEs of zones Foundation does not know (a zone
    /// the resource defines, as Outlook's: Tick's writer gives times in them by these, and
    /// writes them as they came; a tester: "My Office Zone", +05:30, became +0000).
    public struct Surroundings: Sendable {
        /// The VCALENDAR's own lines, unfolded.
        public var frame: [String] = []
        /// Each client-defined zone: its `TZID` and its component's unfolded lines.
        public var zones: [(tzid: String, lines: [String])] = []

        /// These zones, then those of `other` whose `TZID` none of these has.
        public func zones(adding other: Surroundings) -> [(tzid: String, lines: [String])] {
            zones + other.zones.filter { zone in !zones.contains { $0.tzid == zone.tzid } }
        }
    }

    /// The `Surroundings` of `text`, read in one pass over its lines (every item a sync fetches
    /// is read so: the to-dos themselves are not taken apart).
    public static func surroundings(of text: String) -> Surroundings {
        var found = Surroundings()
        var depth = 0
        var zone: (tzid: String?, lines: [String])?
        for line in ICalendarText.unfoldedLines(text) {
            // Only BEGIN and END are told inside a to-do: its lines are most of the text.
            let isBoundary = line.utf8.first.map { $0 | 0x20 == UInt8(ascii: "b") || $0 | 0x20 == UInt8(ascii: "e") } ?? false
            guard isBoundary || depth == 1 || zone != nil else { continue }
            let name = Component.propertyName(line)
            if name == "BEGIN" {
                depth += 1
                if zone != nil { zone?.lines.append(line) } else if depth == 2, line.uppercased() == "BEGIN:VTIMEZONE" { zone = (nil, [line]) }
            } else if name == "END" {
                if let open = zone {
                    zone?.lines.append(line)
                    if depth == 2 {
                        if let tzid = open.tzid, TimeZone(identifier: tzid) == nil { found.zones.append((tzid, open.lines + [line])) }
                        zone = nil
                    }
                }
                depth -= 1
            } else if zone != nil {
                zone?.lines.append(line)
                if depth == 2, name == "TZID" { zone?.tzid = line.cut(atFirst: ":")?.after }
            } else if depth == 1, !["VERSION", "PRODID", "METHOD"].contains(name) {
                found.frame.append(line)
            }
        }
        return found
    }

    /// `text` with the VCALENDAR property lines of `frame` that it does not have by name
    /// (`Surroundings.frame`), after its own (a tester: a phone's `X-WR-CALNAME` and `CALSCALE` were
    /// dropped when Tick wrote an unrelated edit).
    public static func withFrame(_ text: String, _ frame: [String]) -> String {
        guard !frame.isEmpty else { return text }
        var calendar = Component.parse(text)
        guard calendar.name == "VCALENDAR" else { return text }
        let names = Set(calendar.properties.map(Component.propertyName))
        let added = frame.filter { !names.contains(Component.propertyName($0)) }
        guard !added.isEmpty else { return text }
        calendar.properties += added
        return calendar.text
    }

    /// Written by each writer for itself, never merged: the newer side's. (`X-APPLE-SORT-ORDER`
    /// is merged like any property: a move on one side is kept.)
    static let stamps: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"]

    /// Whether two texts hold the same to-dos with the same values (stamps and time zone
    /// definitions aside; dates compared by what they mean, `DateMeaning`; properties in any order).
    public static func sameValues(_ a: String, _ b: String) -> Bool {
        func values(_ text: String) -> [String] {
            let calendar = Component.parse(text)
            return calendar.children.filter { $0.name == "VTODO" }.map { todo in
                var copy = todo
                // In no order: RFC 5545 gives the order of a component's properties, and of its
                // components, no meaning (the merge writes the server's names first, then the
                // local side's; a server may give an alarm's lines back in another order).
                copy.properties = todo.properties.filter { !stamps.contains(Component.propertyName($0)) }.map { line in
                    DateMeaning.names.contains(Component.propertyName(line)) ? DateMeaning.meaning(of: line) : line
                }.sorted()
                copy.children = []
                return copy.text + todo.children.map(\.alarmKey).sorted().joined(separator: "\n")
            }
        }
        return values(a) == values(b)
    }

    static func mergeTodo(base: Component?, local: Component, server: Component, localIsNewer: Bool,
                          conflicts: inout [Conflict]) -> Component {
        var names: [String] = []
        for name in server.propertyNames + local.propertyNames where !names.contains(name) && !stamps.contains(name) {
            names.append(name)
        }
        var merged = Component(name: "VTODO", properties: [], children: [])
        let further = furtherOccurrence(base: base, local: local, server: server)
        for name in names {
            if let further, ["DUE", "DTSTART", "RRULE"].contains(name) {
                // Both sides completed occurrences of the repeating to-do: the side that got
                // further holds both sides' completions (a tester: the newer side's earlier
                // occurrence won, and the other side's completion was reported lost).
                merged.properties += (further == .local ? local : server).lines(named: name)
                continue
            }
            if name == "CATEGORIES", let base, let tags = mergeCategories(base: base.lines(named: name), local: local.lines(named: name),
                                                                       server: server.lines(named: name)) {
                merged.properties += tags
                continue
            }
            var value = pick(base: base.map { $0.lines(named: name) }, local: local.lines(named: name),
                             server: server.lines(named: name), localIsNewer: localIsNewer)
            if DateMeaning.names.contains(name) {
                value = pickDates(base: base?.lines(named: name), local: local.lines(named: name), server: server.lines(named: name),
                                  localIsNewer: localIsNewer)
            }
            if name == "COMPLETED", value.lost != nil, !local.lines(named: name).isEmpty, !server.lines(named: name).isEmpty {
                // Completed on both sides, at different moments: the same change (the to-do is
                // done), not a conflict. The newer side's moment is kept, as for any value.
                value.lost = nil
            }
            if name == "X-APPLE-SORT-ORDER", value.lost != nil {
                // A place in the list both sides gave (the same file imported on two machines
                // gives each its own values): the newer side's, as for any value, but no value of
                // the user's is lost (a tester: one conflict a reminder, after CREATED's).
                value.lost = nil
            }
            if name == "CREATED", value.lost != nil, let mine = local.lines(named: name).first,
               let theirs = server.lines(named: name).first {
                // Made on both sides (the same file imported on two machines: a todo.txt
                // line's UID is its text's): the earlier creation is when it was made, and no
                // value of the user's is lost (a tester: one conflict a reminder, and the
                // later time won). Tick writes CREATED in UTC, so the text orders as time does.
                value.chosen = [min(mine, theirs)]
                value.lost = nil
            }
            if let lost = value.lost {
                conflicts.append(Conflict(property: name, lostValue: (lost ?? []).joined(separator: "\n"), localLost: value.localLost))
            }
            merged.properties += value.chosen ?? []
        }
        let newer = localIsNewer ? local : server
        let older = localIsNewer ? server : local
        for name in ["DTSTAMP", "LAST-MODIFIED", "SEQUENCE"] {
            let lines = newer.lines(named: name)
            merged.properties += lines.isEmpty ? older.lines(named: name) : lines
        }
        // The VALARMs as a set, in no order: RFC 5545 gives the order of components no meaning,
        // and Tick writes a to-do's alarms in another order than an older Tick did (a tester: a
        // phone's change to one alarm after the upgrade was lost to a "changed on both sides").
        // Other components inside the to-do (not RFC 5545's, but a client's own: kept verbatim,
        // as its unknown lines are) are one value, after the alarms (found by fuzzing: the merge
        // dropped them, and Tick's write of the merged text took them off the server).
        func others(_ todo: Component) -> [String] { todo.children.filter { $0.name != "VALARM" }.map(\.text) }
        let otherValue = pick(base: base.map(others), local: others(local), server: others(server), localIsNewer: localIsNewer)
        if let lost = otherValue.lost {
            conflicts.append(Conflict(property: "components", lostValue: (lost ?? []).joined(), localLost: otherValue.localLost))
        }
        let otherChosen = otherValue.chosen ?? []
        let otherComponents = (server.children + local.children).filter { $0.name != "VALARM" }
        func keepingOthers(_ alarms: [Component]) -> [Component] {
            var pool = otherComponents
            return alarms + otherChosen.compactMap { text in
                guard let index = pool.firstIndex(where: { $0.text == text }) else { return nil }
                return pool.remove(at: index)
            }
        }
        if let base {
            merged.children = keepingOthers(mergeAlarms(base: base, local: local, server: server, localIsNewer: localIsNewer,
                                                        conflicts: &conflicts))
            return merged
        }
        let alarms = pick(base: nil, local: local.alarmKeys.sorted(), server: server.alarmKeys.sorted(), localIsNewer: localIsNewer)
        if let lost = alarms.lost {
            let pool = server.children + local.children
            let texts = (lost ?? []).compactMap { key in pool.first { $0.alarmKey == key }?.text }
            conflicts.append(Conflict(property: "VALARM", lostValue: texts.joined(separator: "\n"), localLost: alarms.localLost))
        }
        let chosen = alarms.chosen ?? []
        // The chosen side's own components in its own order (local first when it won: Tick's
        // text as written).
        let pool = chosen == local.alarmKeys.sorted() ? local.children + server.children : server.children + local.children
        let order = chosen == local.alarmKeys.sorted() ? local.alarmKeys : chosen == server.alarmKeys.sorted() ? server.alarmKeys : chosen
        // Each key takes its own component: two alarms alike are two (found by fuzzing: the
        // second was the first again).
        var remaining = pool
        merged.children = keepingOthers(order.compactMap { key in
            remaining.firstIndex { $0.alarmKey == key }.map { remaining.remove(at: $0) }
        })
        return merged
    }

    /// The VALARMs of a to-do merged one by one over the base's: an alarm is known by its
    /// `UID` (RFC 9074 §4; Tick and Apple give one), else by its content. One added on either
    /// side is kept, one removed on either side goes, one changed on one side is that side's;
    /// one changed differently on both is a conflict, the newer side's kept (a tester: an alarm
    /// added in Tick and another added on the phone were "changed on both sides", and Tick's
    /// was lost). In the local side's order, then the server's additions.
    static func mergeAlarms(base: Component, local: Component, server: Component, localIsNewer: Bool,
                            conflicts: inout [Conflict]) -> [Component] {
        // An alarm given twice under one UID (or twice alike without one) is two alarms: the
        // second is known as the UID's second (found by fuzzing: one of them was dropped).
        func ownIDs(_ todo: Component) -> [(id: String, alarm: Component)] {
            var seen: [String: Int] = [:]
            return todo.children.filter { $0.name == "VALARM" }.map { alarm in
                let id = alarm.value(of: "UID").map { "uid:" + $0 } ?? "key:" + alarm.alarmKey
                seen[id, default: 0] += 1
                return (seen[id] == 1 ? id : id + "#\(seen[id] ?? 0)", alarm)
            }
        }
        let b = ownIDs(base)
        /// A side's alarms, one that the base does not know by its UID but holds alike under
        /// another UID (and that side no longer has that one) taken for the base's: Tick gives
        /// every alarm a new UID when they are replaced whole (`--no-alarm --alarm …`), and a
        /// phone's removal of one of the unchanged ones came back (a tester).
        func alarms(_ todo: Component) -> [(id: String, alarm: Component)] {
            let own = ownIDs(todo)
            let ids = Set(own.map(\.id))
            var taken = Set<String>()
            return own.map { entry in
                guard !b.contains(where: { $0.id == entry.id }),
                      let same = b.first(where: { !ids.contains($0.id) && !taken.contains($0.id) && $0.alarm.contentKey == entry.alarm.contentKey })
                else { return entry }
                taken.insert(same.id)
                return (same.id, entry.alarm)
            }
        }
        let l = alarms(local), s = alarms(server)
        func find(_ list: [(id: String, alarm: Component)], _ id: String) -> Component? { list.first { $0.id == id }?.alarm }
        var ids: [String] = []
        for (id, _) in l + s where !ids.contains(id) { ids.append(id) }
        var result: [Component] = []
        for id in ids {
            let mine = find(l, id), theirs = find(s, id)
            let value = pick(base: .some(find(b, id)?.contentKey), local: .some(mine?.contentKey), server: .some(theirs?.contentKey),
                             localIsNewer: localIsNewer)
            if let lost = value.lost, let text = (lost ?? nil) == mine?.contentKey ? mine?.text : theirs?.text {
                conflicts.append(Conflict(property: "VALARM", lostValue: text, localLost: value.localLost))
            }
            guard let chosen = value.chosen ?? nil else { continue }
            if let mine, let theirs, mine.contentKey == chosen, theirs.contentKey == chosen, mine.text != theirs.text {
                // The same alarm under another UID on one side (given a new one there): that
                // side's, the change (found by fuzzing: the server's new UID was written back
                // over, to the client that gave it).
                result.append(theirs.text != find(b, id)?.text ? theirs : mine)
            } else if let alarm = mine?.contentKey == chosen ? mine : theirs {
                result.append(alarm)
            }
        }
        return result
    }

    /// The `CATEGORIES` of a to-do merged tag by tag over the base's: a tag added on either
    /// side is kept, one removed on either side goes, no conflict (a tester: a tag added in
    /// Tick and another added on the phone were "changed on both sides", and Tick's was lost).
    /// One line, the local side's tags first; a side's own lines when they hold the result.
    /// Nil when a line has parameters (`LANGUAGE`): merged as one value then.
    static func mergeCategories(base: [String], local: [String], server: [String]) -> [String]? {
        // Tags compare with case ignored, as Tick compares them (a tester: "PhoneTag" added here and
        // "phonetag" there were both kept); the first spelling met is kept.
        func key(_ tag: String) -> String { tag.lowercased() }
        func tags(_ lines: [String]) -> [String]? {
            var found: [String] = []
            var keys = Set<String>()
            for line in lines {
                guard let (head, value) = line.cut(atFirst: ":"), !head.contains(";") else { return nil }
                for tag in splitUnescaped(value) where !tag.isEmpty && keys.insert(key(tag)).inserted { found.append(tag) }
            }
            return found
        }
        // A side that left the lines as the base had them takes the other side's, as written
        // (found by fuzzing: the server's lines were replaced by Tick's unchanged ones).
        if local == base { return server }
        if server == base { return local }
        guard let b = tags(base), let l = tags(local), let s = tags(server) else { return nil }
        let baseKeys = Set(b.map(key)), localKeys = Set(l.map(key)), serverKeys = Set(s.map(key))
        var result: [String] = []
        var resultKeys = Set<String>()
        for tag in l + s where !resultKeys.contains(key(tag)) {
            let inBase = baseKeys.contains(key(tag)), inLocal = localKeys.contains(key(tag)), inServer = serverKeys.contains(key(tag))
            // Present unless one side removed it: kept on both, or added by one.
            if (inLocal && inServer) || (!inBase && (inLocal || inServer)) {
                result.append(tag)
                resultKeys.insert(key(tag))
            }
        }
        // A side's own lines when they hold the result's tags, in whatever order (found by
        // fuzzing: the server's two lines became one of Tick's, in another order).
        if resultKeys == localKeys { return local }
        if resultKeys == serverKeys { return server }
        return result.isEmpty ? [] : ["CATEGORIES:" + result.joined(separator: ",")]
    }

    /// `value` split at commas that no backslash escapes (RFC 5545 §3.3.11), each piece as written.
    static func splitUnescaped(_ value: String) -> [String] {
        var pieces: [String] = [""]
        var escaped = false
        for character in value {
            if escaped {
                pieces[pieces.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                pieces[pieces.count - 1].append(character)
                escaped = true
            } else if character == "," {
                pieces.append("")
            } else {
                pieces[pieces.count - 1].append(character)
            }
        }
        return pieces
    }

    /// Which side of a repeating to-do got to the later occurrence, when both moved it on
    /// from `base` the way completing does: the same rule on all three (its `COUNT` aside,
    /// which completing counts down), and the due date (else the start) of both sides later
    /// than the base's, written alike (the same parameters, so the values compare as text,
    /// RFC 5545 §3.3.5) and different. Nil otherwise: the values are merged one by one.
    static func furtherOccurrence(base: Component?, local: Component, server: Component) -> Side? {
        guard let base else { return nil }
        let baseRule = base.ruleWithoutCount
        guard !baseRule.isEmpty, local.ruleWithoutCount == baseRule, server.ruleWithoutCount == baseRule else { return nil }
        let name = base.lines(named: "DUE").isEmpty ? "DTSTART" : "DUE"
        func anchor(_ todo: Component) -> (parameters: String, value: String)? {
            let lines = todo.lines(named: name)
            guard lines.count == 1, let (parameters, value) = lines[0].cut(atFirst: ":") else { return nil }
            return (parameters.uppercased(), value)
        }
        guard let b = anchor(base), let l = anchor(local), let s = anchor(server),
              l.parameters == b.parameters, s.parameters == b.parameters,
              l.value.count == b.value.count, s.value.count == b.value.count,
              l.value > b.value, s.value > b.value, l.value != s.value,
              // Completing moves to another day at the same time: a side that changed the time
              // changed the series, which is merged as any change (a tester: Tick's 10:00 was
              // taken for an occurrence "completed onward", and lost to the server's later day).
              l.value.dropFirst(8) == b.value.dropFirst(8), s.value.dropFirst(8) == b.value.dropFirst(8) else { return nil }
        return l.value > s.value ? .local : .server
    }

    /// One side of a merge.
    enum Side { case local, server }

    /// `pick` for a date property's lines, compared by what they mean (`DateMeaning`): a
    /// server may give a date back in another form than Tick wrote it (Radicale writes
    /// `DUE;TZID=GMT:20261218T150000` as `DUE:20261218T150000Z`), which is no change of the
    /// server's; compared as text, every later change on the phone made the due date
    /// "changed on both sides" and Tick's own change of it was lost (a tester). The lines
    /// kept are the local side's when it means the value chosen (Tick's form, nothing to
    /// store again), else the server's.
    static func pickDates(base: [String]?, local: [String], server: [String], localIsNewer: Bool)
        -> (chosen: [String]?, lost: [String]??, localLost: Bool) {
        let l = DateMeaning.of(local), s = DateMeaning.of(server)
        let meaning = pick(base: base.map(DateMeaning.of), local: l, server: s, localIsNewer: localIsNewer)
        let chosen = meaning.chosen == l ? local : server
        guard meaning.lost != nil else { return (chosen, nil, false) }
        return (chosen, .some(meaning.localLost ? local : server), meaning.localLost)
    }

    /// What a date or date-time property's lines mean, whatever their form (RFC 5545
    /// §3.3.4–3.3.5): a date (`VALUE=DATE`), a floating date-time (no zone), or an instant (UTC
    /// as `…Z`, or a wall clock in a `TZID` Foundation knows, taken as the instant it names).
    /// A line this does not read (a list of values, a zone no one knows) means its own text.
    enum DateMeaning {
        /// The properties compared this way: one value each, and what a server rewrites.
        static let names: Set<String> = ["DUE", "DTSTART", "COMPLETED"]

        static func of(_ lines: [String]) -> [String] { lines.map(meaning) }

        /// The day (`YYYYMMDD`) on which the instant `line` names is the wall clock time of
        /// `anchor` in `anchor`'s zone (a `TZID` Foundation knows, or UTC), or nil: when either
        /// is not an instant, or the times differ.
        static func wallDay(of line: String, atTimeOf anchor: String) -> String? {
            let meaning = meaning(of: line)
            guard meaning.hasPrefix("instant "), let seconds = Int64(meaning.dropFirst("instant ".count)),
                  let anchorParts = DateParts(anchor), anchorParts.rest.utf8.count >= 7 else { return nil }
            let zone: TimeZone
            if anchorParts.rest.hasSuffix("Z") {
                zone = .gmt
            } else if let tzid = zoneAndValue(of: anchor)?.zone, let known = TimeZone(identifier: tzid) {
                zone = known
            } else {
                return nil
            }
            let wall = LocalDateTime(Date(timeIntervalSince1970: TimeInterval(seconds)), in: zone)
            let time = String(format: "T%02d%02d%02d", wall.hour, wall.minute, wall.second)
            guard anchorParts.rest.hasPrefix(time) else { return nil }
            return String(format: "%04d%02d%02d", wall.day.year, wall.day.month, wall.day.day)
        }


        /// A property line's `TZID` parameter (unquoted) and its value, split at the first colon
        /// outside a quoted parameter value; nil without a colon.
        static func zoneAndValue(of line: String) -> (zone: String?, value: String)? {
            let scalars = Array(line.unicodeScalars)
            var quoted = false
            var colon: Int?
            for (index, scalar) in scalars.enumerated() {
                if scalar == "\"" { quoted.toggle() } else if scalar == ":" && !quoted { colon = index; break }
            }
            guard let colon else { return nil }
            let value = String(String.UnicodeScalarView(scalars[(colon + 1)...]))
            var zone: String?
            quoted = false
            var parameters: [String] = [""]
            for scalar in scalars[..<colon] {
                if scalar == "\"" { quoted.toggle() }
                if scalar == ";" && !quoted { parameters.append("") } else { parameters[parameters.count - 1].unicodeScalars.append(scalar) }
            }
            for parameter in parameters.dropFirst() {
                guard let (key, rest) = parameter.cut(atFirst: "="), key.uppercased() == "TZID" else { continue }
                zone = rest.count >= 2 && rest.hasPrefix("\"") && rest.hasSuffix("\"") ? String(rest.dropFirst().dropLast()) : rest
            }
            return (zone, value)
        }

        static func meaning(of line: String) -> String {
            guard let (zone, rawValue) = zoneAndValue(of: line) else { return line }
            let value = rawValue.uppercased()
            // Read as the reader reads them (`CalendarDay`, `LocalDateTime`, `instant(in:)`: a
            // wall clock in a gap goes on by the offset before it, RFC 5545 §3.3.5).
            if value.utf8.count == 8, let day = CalendarDay(value) { return "date \(day)" }
            let isUTC = value.hasSuffix("Z")
            let wallClock = isUTC ? value.dropLast() : Substring(value)
            guard wallClock.utf8.count == 15, let local = LocalDateTime(wallClock) else { return line }
            let timeZone: TimeZone
            if isUTC {
                timeZone = .gmt
            } else if let zone {
                guard let known = TimeZone(identifier: zone) else { return line }
                timeZone = known
            } else {
                return "floating \(local)"
            }
            return "instant \(Int64(local.instant(in: timeZone).timeIntervalSince1970))"
        }
    }

    /// The three-way rule for one value. `lost` is set (to the losing value, nil for
    /// "absent") only when both sides changed the value differently.
    static func pick<T: Equatable>(base: T?, local: T?, server: T?, localIsNewer: Bool)
        -> (chosen: T?, lost: T??, localLost: Bool) {
        if local == server { return (local, nil, false) }
        if let base {
            if local == base { return (server, nil, false) }
            if server == base { return (local, nil, false) }
        }
        return localIsNewer ? (local, .some(server), false) : (server, .some(local), true)
    }

    /// One iCalendar component: its name, its property lines (unfolded) and children.
    struct Component: Equatable {
        var name: String
        var properties: [String]
        var children: [Component]

        static func parse(_ text: String) -> Component {
            let lines = ICalendarText.unfoldedLines(text)
            var stack = [Component(name: "", properties: [], children: [])]
            for line in lines {
                let upper = line.uppercased()
                if upper.hasPrefix("BEGIN:") {
                    stack.append(Component(name: String(upper.dropFirst(6)), properties: [], children: []))
                } else if upper.hasPrefix("END:"), stack.count > 1 {
                    let done = stack.removeLast()
                    stack[stack.count - 1].children.append(done)
                } else {
                    stack[stack.count - 1].properties.append(line)
                }
            }
            while stack.count > 1 {
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
            }
            return stack[0].children.first { $0.name == "VCALENDAR" } ?? stack[0]
        }

        static func propertyName(_ line: String) -> String {
            // By scalars: a value may start with a combining mark, one character with the colon.
            String(String.UnicodeScalarView(line.unicodeScalars.prefix { $0 != ";" && $0 != ":" })).uppercased()
        }

        var propertyNames: [String] {
            var names: [String] = []
            for line in properties {
                let name = Component.propertyName(line)
                if !names.contains(name) { names.append(name) }
            }
            return names
        }

        func lines(named name: String) -> [String] { properties.filter { Component.propertyName($0) == name } }

        func value(of name: String) -> String? {
            lines(named: name).first.flatMap { line in line.cut(atFirst: ":")?.after }
        }

        /// The key of a VTODO: "" for the main one, its `RECURRENCE-ID` line after the name
        /// (parameters and value: `;TZID=Europe/Paris:20261210T090000`) for an override. The
        /// parameters are part of it: two overrides of one value in different zones are two
        /// (found by fuzzing the merge: one of them was dropped).
        static func key(of todo: Component) -> String {
            todo.lines(named: "RECURRENCE-ID").first.map(key(ofLine:)) ?? ""
        }

        /// The key of a `RECURRENCE-ID` line (`key(of:)`).
        static func key(ofLine line: String) -> String { String(line.unicodeScalars.dropFirst("RECURRENCE-ID".count)) }

        /// The `RRULE` lines without their `COUNT`, which completing an occurrence counts down:
        /// the same rule whether or not a side completed occurrences.
        var ruleWithoutCount: [String] {
            lines(named: "RRULE").map { line in
                line.split(atEvery: ";", omittingEmpty: false).filter { !$0.uppercased().hasPrefix("COUNT=") }.joined(separator: ";")
            }
        }

        /// The key of each VTODO (`key(of:)`).
        var todoKeys: [String] {
            children.filter { $0.name == "VTODO" }.map(Component.key(of:))
        }

        func todo(_ key: String) -> Component? {
            children.first { $0.name == "VTODO" && Component.key(of: $0) == key }
        }

        /// Each VALARM as a key that does not depend on the order of its lines: servers give a
        /// component's properties back in an order of their own (Radicale and Xandikos sort
        /// them), and a VALARM compared as text changed "on both sides" whenever the other side
        /// changed anything else, so Tick's alarm edit was lost (a tester).
        var alarmKeys: [String] { children.filter { $0.name == "VALARM" }.map(\.alarmKey) }

        /// The component's lines, its own sorted and its children's keys after them, sorted.
        var alarmKey: String {
            ([name] + properties.sorted() + children.map(\.alarmKey).sorted()).joined(separator: "\n")
        }

        /// `alarmKey` without the component's `UID`: what an alarm says, whatever it is called.
        var contentKey: String {
            ([name] + properties.filter { Component.propertyName($0) != "UID" }.sorted() + children.map(\.alarmKey).sorted())
                .joined(separator: "\n")
        }

        /// The component as iCalendar text, CRLF line ends, folded at 75 octets
        /// (`ICalendarText.appendFolded`, the writer's own folding).
        var text: String {
            var out: [UInt8] = []
            write(into: &out)
            return String(decoding: out, as: UTF8.self)
        }

        func write(into out: inout [UInt8]) {
            ICalendarText.appendFolded("BEGIN:\(name)", to: &out)
            for line in properties { ICalendarText.appendFolded(line, to: &out) }
            for child in children { child.write(into: &out) }
            ICalendarText.appendFolded("END:\(name)", to: &out)
        }
    }
}
