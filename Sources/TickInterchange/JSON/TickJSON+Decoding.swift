import Foundation
import TickModel

/// A whole Tick export (`tick export --format json`), read back for `tick import`.
public struct TickArchive: Sendable {
    /// The lists, in order.
    public var lists: [ReminderList]
    /// The reminders, in order, each with the name of its list.
    public var reminders: [ImportedReminder]
    /// Whether the archive says its reminders hold their audio VALARMs as alarms
    /// (`TickJSON.readsAudioAlarmsKey`): false for an archive of a Tick before 2026-12-06,
    /// whose kept lines may hold audio VALARMs that were no alarms there.
    public var readsAudioAlarms = false
}

extension TickJSON {
    /// The value of `"format"` in an export.
    public static let formatName = "tick"
    /// The archive version this build writes and reads.
    public static let archiveVersion: Int64 = 1
    /// The key, `true` in every archive this build writes, that says its reminders' audio
    /// VALARMs are alarms (`KeptAudioAlarms`): a restore reads those kept in an archive
    /// without it, as the store's upgrade reads an older database's. Older Ticks ignore the
    /// key. It must come before `"reminders"` for a streamed restore to see it in time.
    public static let readsAudioAlarmsKey = "readsAudioAlarms"

    /// The whole-database export: `{ "format": "tick", "version": 1, "exportedAt": …,
    /// "lists": [list…], "reminders": [reminder…] }` with the shapes of `object(for:)`; a
    /// repeating reminder with a history has one more member, `"completedOccurrences"`
    /// (`object(for:)` of each `CompletedOccurrence`, earliest due first). Readers before
    /// it ignore the member.
    ///
    /// Written pretty-printed, one reminder at a time into one buffer, so a backup of
    /// 100,000 reminders never holds them all as a JSON tree.
    /// - Complexity: O(n) in the size of the output.
    /// - Parameter completedOccurrences: the completed occurrences of reminders by UID.
    public static func archiveText(lists: [ReminderList], reminders: [Reminder], exportedAt: Date,
                                   completedOccurrences: [ReminderUID: [CompletedOccurrence]] = [:]) -> String {
        var out = ByteBuffer(capacity: 1_024 + reminders.count * 1_024)
        var writer = ArchiveWriter(lists: lists, exportedAt: exportedAt, into: &out)
        for reminder in reminders { writer.append(reminder, completedOccurrences: completedOccurrences[reminder.uid] ?? [], to: &out) }
        writer.end(into: &out)
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// An archive written a reminder at a time, as `archiveText(lists:reminders:exportedAt:)`
    /// writes it whole: `init` appends everything before the first reminder,
    /// `append(_:to:)` one reminder, `end(into:)` the rest. The caller may empty its
    /// buffer between calls (write it out), so an export of any size needs the memory
    /// of one reminder.
    public struct ArchiveWriter {
        private let names: [ReminderList.ID: String]
        private var reminderWriter = ReminderWriter()
        /// Reminders appended so far.
        public private(set) var count = 0

        /// Appends the archive's head and its lists to `out`.
        public init(lists: [ReminderList], exportedAt: Date, into out: inout ByteBuffer) {
            names = Dictionary(lists.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            out.append("{\n  \"format\": ")
            JSONText.quote(formatName, into: &out)
            out.append(contentsOf: Array(",\n  \"version\": \(archiveVersion),\n  \"\(readsAudioAlarmsKey)\": true,\n  \"exportedAt\": ".utf8))
            JSONText.quote(instant(exportedAt), into: &out)
            out.append(",\n  \"lists\": ")
            if lists.isEmpty {
                out.append("[]")
            } else {
                out.append(UInt8(ascii: "["))
                for (index, list) in lists.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONValue.newline(&out, 2)
                    var tree: [UInt8] = []
                    object(for: list).write(to: &tree, indent: 2)
                    out.append(contentsOf: tree)
                }
                JSONValue.newline(&out, 1)
                out.append(UInt8(ascii: "]"))
            }
            out.append(",\n  \"reminders\": ")
        }

        /// Appends the next reminder.
        /// - Complexity: O(n) in the size of the reminder.
        public mutating func append(_ reminder: Reminder, completedOccurrences: [CompletedOccurrence] = [],
                                    to out: inout ByteBuffer) {
            out.append(UInt8(ascii: count == 0 ? "[" : ","))
            JSONValue.newline(&out, 2)
            reminderWriter.append(archived: reminder, listName: names[reminder.listID], level: 2,
                                  completedOccurrences: completedOccurrences, to: &out)
            count += 1
        }

        /// The list of the reminder appended last, and its name.
        private var lastList: (id: ReminderList.ID, name: String?)?

        /// Appends the next reminder, read in place (a stored row): the bytes
        /// `append(_:to:)` appends for the `Reminder` it decodes to.
        /// - Parameter completedOccurrences: the reminder's completed occurrences, earliest
        ///   due first (`CompletionHistory.completedOccurrences(reminder:)`).
        /// - Complexity: O(n) in the size of the reminder.
        public mutating func append(archived reminder: some ArchivedReminder, completedOccurrences: [CompletedOccurrence] = [],
                                    to out: inout ByteBuffer) {
            let listID = reminder.listID(reusing: lastList?.id)
            let name: String?
            if let lastList, lastList.id == listID {
                name = lastList.name
            } else {
                name = names[listID]
                lastList = (listID, name)
            }
            out.append(UInt8(ascii: count == 0 ? "[" : ","))
            JSONValue.newline(&out, 2)
            reminderWriter.append(archived: reminder, listName: name, level: 2, completedOccurrences: completedOccurrences, to: &out)
            count += 1
        }

        /// Appends what closes the archive.
        public func end(into out: inout ByteBuffer) {
            if count == 0 {
                out.append("[]")
            } else {
                JSONValue.newline(&out, 1)
                out.append(UInt8(ascii: "]"))
            }
            out.append("\n}\n")
        }
    }

    /// Whether `data` looks like a Tick archive: a JSON object whose first key is
    /// `"format"` with the value `"tick"`, as `archiveText(…)` writes it. Reads only the
    /// first bytes, so guessing the format of a large file costs nothing.
    public static func isArchive(_ data: Data) -> Bool {
        let head = data.prefix(256).dropFirst(JSONBytesParser.byteOrderMarkLength(data))
            .filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        let expected = Array("{\"format\":\"\(formatName)\"".utf8)
        return head.starts(with: expected)
    }

    /// Reads an archive written by `archiveText(lists:reminders:exportedAt:)`.
    ///
    /// Lists and reminders are validated like user input (names and titles non-blank,
    /// colors, dates); the first bad value fails the whole archive.
    /// - Throws: `InterchangeError` naming the list or reminder (by index) and the key.
    public static func decodeArchive(_ data: Data, source: String?) throws(InterchangeError) -> TickArchive {
        let bytes = [UInt8](data)
        let parsed: Any
        do throws(JSONBytesParser.Failure) {
            parsed = try JSONBytesParser.document(bytes)
        } catch {
            // A top-level key given twice is said as the streamed reader says it.
            if let key = TickArchiveStream.repeatedTopLevelKey(in: bytes) { throw TickArchiveStream.repeated(key, source: source) }
            throw InterchangeError(kind: .malformed, source: source, message: "not valid JSON (\(error.message), at byte \(error.offset + 1))")
        }
        guard let root = parsed as? [String: Any] else {
            throw InterchangeError(kind: .malformed, source: source, message: "a Tick export is a JSON object")
        }
        guard root["format"] as? String == formatName else {
            throw InterchangeError(kind: .malformed, source: source, message: "not a Tick export (\"format\" is not \"tick\")")
        }
        let version = JSONScalar.number(root["version"])?.int64Value ?? 0
        guard version <= archiveVersion else {
            throw InterchangeError(kind: .malformed, source: source,
                                   message: "the export is version \(version); this Tick reads up to \(archiveVersion). Upgrade Tick")
        }
        var reader = ArchiveReader(source: source)
        let lists = try reader.lists(root["lists"])
        let reminders = try reader.reminders(root["reminders"], lists: lists)
        return TickArchive(lists: lists, reminders: reminders, readsAudioAlarms: JSONScalar.boolean(root[readsAudioAlarmsKey]) == true)
    }
}

/// Field-by-field reading of an archive with messages that say where.
struct ArchiveReader {
    let source: String?
    var place = ""
    /// The names of the archive's lists by ID.
    var listNames: [String: String] = [:]
    /// The index of the reminder that had each UID, and each number, read so far. UIDs are
    /// kept as 128-bit digests (`UIDDigest`), not strings: a streamed archive of a million
    /// reminders held a million UID strings here (about 100 bytes each with the table).
    private var seen: [UIDDigest: Int] = [:]
    private var numbers: [Int64: Int] = [:]
    /// Repeat rules checked with libical so far, and what each is stored as (nil: refused):
    /// an archive holds a few distinct rules many times. At most `checkedRulesLimit`.
    private var checkedRules: [String: RecurrenceRule?] = [:]
    private static let checkedRulesLimit = 1_024

    /// A reader of the archive read from `source` (its name, for messages).
    init(source: String?) {
        self.source = source
    }

    func fail(_ message: String) -> InterchangeError {
        InterchangeError(kind: .malformed, source: source, message: "\(place): \(message)")
    }

    func validated(_ text: String, as kind: ModelError.NameKind) throws(InterchangeError) -> String {
        do {
            return try Names.validated(text, as: kind)
        } catch {
            throw fail(error.description)
        }
    }

    /// Numbers and positions stay far from Int64's limits, so that arithmetic on them
    /// (the next number, a position between two others) can never overflow.
    static let largestNumber: Int64 = 1 << 52
    static let largestPosition: Int64 = 1 << 52

    /// A whole number in `range`, or nil when the key is absent or null.
    func integer(_ object: some ArchiveObject, _ key: ArchiveKey, in range: ClosedRange<Int64>) throws(InterchangeError) -> Int64? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .number(let number) = value, let exact = Int64(exactly: number), range.contains(exact) else {
            throw fail("\"\(key.name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return exact
    }

    /// A JSON `true` or `false`, or nil when the key is absent or null. The numbers 0
    /// and 1 are not booleans (Foundation on Linux would let them pass as such).
    func boolean(_ object: some ArchiveObject, _ key: ArchiveKey) throws(InterchangeError) -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .boolean(let flag) = value else { throw fail("\"\(key.name)\" must be true or false") }
        return flag
    }

    /// Tags: an array of non-blank strings.
    func tags(_ object: some ArchiveObject) throws(InterchangeError) -> [String] {
        guard let value = object[.tags], !value.isNull else { return [] }
        guard case .other(let any) = value, let array = any as? [String] else { throw fail("\"tags\" must be an array of strings") }
        var tags: [String] = []
        for tag in array.map({ $0.trimmingWhiteSpace() }) where !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
        return tags
    }

    func string(_ object: some ArchiveObject, _ key: ArchiveKey) throws(InterchangeError) -> String {
        guard case .string(let value)? = object[key] else { throw fail("\"\(key.name)\" must be a string") }
        return value
    }

    func optionalString(_ object: some ArchiveObject, _ key: ArchiveKey) throws(InterchangeError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard case .string(let text) = value else { throw fail("\"\(key.name)\" must be a string or null") }
        return text
    }

    func instant(_ object: some ArchiveObject, _ key: ArchiveKey) throws(InterchangeError) -> Date? {
        guard let text = try optionalString(object, key) else { return nil }
        guard let instant = Due.instant(fromISO8601: text) else {
            throw fail("\"\(key.name)\" must be an ISO 8601 time with an offset, like 2026-12-01T08:00:00Z" + Due.iso8601Reason(text))
        }
        guard SupportedDates.contains(instant) else { throw fail("\"\(key.name)\" is outside the \(SupportedDates.description) that Tick holds") }
        return instant
    }

    /// A due or start date: `key` (`due` or `start`) with its kind and zone keys.
    /// A date outside `SupportedDates` is refused, as `tick add` and the iCalendar reader
    /// refuse one (a tester: a due date of the year 1 was stored, then its own .ics export was
    /// refused; one in 9999 drifted a second at each round trip).
    func due(_ object: some ArchiveObject, _ key: ArchiveKey, kind kindKey: ArchiveKey, zone zoneKey: ArchiveKey) throws(InterchangeError) -> Due? {
        guard let due = try anyDue(object, key, kind: kindKey, zone: zoneKey) else { return nil }
        guard SupportedDates.contains(due) else { throw fail("\"\(key.name)\" is outside the \(SupportedDates.description) that Tick holds") }
        return due
    }

    private func anyDue(_ object: some ArchiveObject, _ key: ArchiveKey, kind kindKey: ArchiveKey, zone zoneKey: ArchiveKey) throws(InterchangeError) -> Due? {
        guard let text = try optionalString(object, key) else { return nil }
        let prefix = key.name
        let kind = try optionalString(object, kindKey)
        switch kind {
        case "allDay"?:
            guard let day = CalendarDay(text) else { throw fail("\"\(prefix)\" must be a date YYYY-MM-DD") }
            return .allDay(day)
        case "floating"?:
            // Checked by Tick's one ISO 8601 reader too, which refuses what names no time (a
            // floating :60: a leap second needs its UTC offset), saying why.
            let problem = Due.iso8601Problem(text)
            guard let local = LocalDateTime(text), problem == nil else {
                throw fail("\"\(prefix)\" must be YYYY-MM-DDTHH:MM:SS" + (problem.map { " (\($0))" } ?? ""))
            }
            return .floating(local)
        case "timed"?:
            guard let instant = Due.instant(fromISO8601: text) else {
                throw fail("\"\(prefix)\" must be ISO 8601 with an offset" + Due.iso8601Reason(text))
            }
            let zone = try optionalString(object, zoneKey) ?? "UTC"
            return .timed(instant, timeZone: TimeZoneIdentifier(zone))
        default:
            throw fail("\"\(prefix)Kind\" must be allDay, timed or floating")
        }
    }

    /// What an archive's list or reminder that is not a JSON object is told (named by its index:
    /// a tester got "reminders: must be an array of objects" for the one at 15,000).
    static let notAnObject = "must be an object"

    /// `value` as an array of objects; else the error naming the first item that is no
    /// object (`name[i]`), or the array (`name`) when `value` is none.
    private mutating func objects(_ value: Any?, named name: String) throws(InterchangeError) -> [[String: Any]] {
        if let array = value as? [[String: Any]] { return array }
        if let items = value as? [Any], let index = items.firstIndex(where: { !($0 is [String: Any]) }) {
            place = "\(name)[\(index)]"
            throw fail(ArchiveReader.notAnObject)
        }
        place = name
        throw fail("must be an array of objects")
    }

    mutating func lists(_ value: Any?) throws(InterchangeError) -> [ReminderList] {
        let array = try objects(value, named: "lists")
        var lists: [ReminderList] = []
        // Each list's id and name are its own (a tester: a second list of one id or name was
        // dropped without a word, and its reminders went to the first).
        var ids: [String: Int] = [:]
        var names: [String: Int] = [:]
        for (index, dictionary) in array.enumerated() {
            place = "lists[\(index)]"
            let object = ArchiveDictionary(dictionary)
            let name = try validated(try string(object, .name), as: .listName)
            guard let color = ListColor(parsing: try string(object, .color)) else { throw fail("\"color\" must be #RRGGBB") }
            let created = try instant(object, .createdAt) ?? Date(timeIntervalSince1970: 0)
            let id = try string(object, .id)
            if let first = ids[id] { throw fail("the id is the same as lists[\(first)]'s; each list needs its own") }
            ids[id] = index
            // Case aside, as Tick has always compared names: lists alike but for width, which
            // an older Tick made, are restored into one list (`BatchImporter`), not refused (a
            // tester: such a database's own archive could not be imported again).
            let nameKey = name.lowercased()
            if let first = names[nameKey] {
                throw fail("the name \"\(name)\" is lists[\(first)]'s too (names are compared ignoring case); each list needs its own")
            }
            names[nameKey] = index
            lists.append(ReminderList(id: .init(rawValue: id), name: name, color: color,
                                      position: index + 1, createdAt: created,
                                      modifiedAt: try instant(object, .modifiedAt) ?? created,
                                      iCalendarExtras: (try optionalString(object, .iCalendarExtras)) ?? ""))
        }
        return lists
    }

    mutating func reminders(_ value: Any?, lists: [ReminderList]) throws(InterchangeError) -> [ImportedReminder] {
        let array = try objects(value, named: "reminders")
        listNames = ArchiveReader.names(of: lists)
        var result: [ImportedReminder] = []
        for (index, object) in array.enumerated() {
            result.append(try reminder(ArchiveDictionary(object), index: index))
        }
        return result
    }

    /// The list names by list ID, for `reminder(_:index:)`.
    static func names(of lists: [ReminderList]) -> [String: String] {
        Dictionary(lists.map { ($0.id.rawValue, $0.name) }, uniquingKeysWith: { a, _ in a })
    }

    /// Reads `reminders[index]`; a reminder's UID and number are checked against those
    /// read before it (each must be its own).
    mutating func reminder(_ object: some ArchiveObject, index: Int) throws(InterchangeError) -> ImportedReminder {
        place = "reminders[\(index)]"
        let uid = try string(object, .uid)
        guard !uid.isBlank else { throw fail("\"uid\" is empty") }
        let digest = UIDDigest(uid)
        if let first = seen[digest] { throw fail("the uid is the same as reminders[\(first)]'s; each reminder needs its own") }
        seen[digest] = index
        let number = try integer(object, .number, in: 0...ArchiveReader.largestNumber) ?? 0
        if number != 0 {
            if let first = numbers[number] { throw fail("number \(number) is also reminders[\(first)]'s") }
            numbers[number] = index
        }
        let position = try integer(object, .position, in: -ArchiveReader.largestPosition...ArchiveReader.largestPosition) ?? 0
        let title = try validated(try string(object, .title), as: .reminderTitle)
        let listID = try string(object, .listID)
        var listName = listNames[listID]
        if listName == nil, let name = try optionalString(object, .list) {
            // Read as a list's own name is (trimmed, not blank): " Home" is the list "Home".
            listName = try validated(name, as: .listName)
        }
        let created = try instant(object, .createdAt) ?? Date(timeIntervalSince1970: 0)
        // "priority" is checked whenever it is given (a tester: "urgent" was imported as nothing
        // at all, being read only without "iCalendarPriority"). The exact iCalendar value is
        // kept while it is of the level "priority" names; a level edited by hand wins over it.
        let level = try optionalString(object, .priority).map { name throws(InterchangeError) -> Priority.Level in
            guard let level = Priority.Level(rawValue: name.lowercased()) else {
                throw fail("\"priority\" must be none, low, medium or high")
            }
            return level
        }
        var priority = Priority(level ?? .none)
        if let value = try integer(object, .iCalendarPriority, in: 0...9) {
            let exact = Priority(iCalendarValue: Int(value))
            if level == nil || exact.level == level { priority = exact }
        }
        var completedAt = try instant(object, .completedAt)
        if completedAt == nil, try boolean(object, .completed) == true {
            // Completed without a time: keep it completed, at its last change.
            let modified = try instant(object, .modifiedAt)
            let created = try instant(object, .createdAt)
            completedAt = modified ?? created ?? Date(timeIntervalSince1970: 0)
        }
        let parentUID = try optionalString(object, .parentUID)
        // A reminder is not its own subtask (Tick never writes that; it was made top-level
        // without a word).
        if parentUID == uid { throw fail("\"parentUID\" is the reminder's own uid; a reminder cannot be its own subtask") }
        var alarms: [Alarm] = []
        for alarm in object.alarmObjects {
            let uid = (try optionalString(alarm, .uid)) ?? RandomUUID.string()
            let silenced = try boolean(alarm, .silenced) ?? false
            // `firedAt` is null on a silenced alarm since Tick writes `silencedAt` (older
            // archives give the time in `firedAt`); without either, the reminder's time.
            var fired = try instant(alarm, .firedAt)
            if silenced, fired == nil {
                let marked = try instant(alarm, .silencedAt)
                let modified = try instant(object, .modifiedAt)
                fired = marked ?? modified ?? Date(timeIntervalSince1970: 0)
            }
            if let at = try instant(alarm, .at) {
                alarms.append(Alarm(uid: uid, trigger: .absolute(at), firedAt: fired, isSnooze: try boolean(alarm, .snooze) ?? false,
                                    isSilenced: silenced))
            } else if let text = try optionalString(alarm, .trigger), let offset = Alarm.offset(fromDuration: text) {
                // Days and weeks are nominal; a day or more written as hours is exact.
                alarms.append(Alarm(uid: uid, trigger: .relative(seconds: offset.seconds,
                                                                 toStart: (try optionalString(alarm, .related)) == "start"),
                                    firedAt: fired, isExactOffset: offset.isExact, isSilenced: silenced))
            } else {
                throw fail("an alarm needs \"at\" or a \"trigger\" duration like -PT10M")
            }
        }
        // Read in the order the fields are listed below, so that the first bad one is named.
        let notes = (try optionalString(object, .notes)) ?? ""
        let dueDate = try due(object, .due, kind: .dueKind, zone: .dueTimeZone)
        let startDate = try due(object, .start, kind: .startKind, zone: .startTimeZone)
        let isFlagged = try boolean(object, .flagged) ?? false
        let tagList = try tags(object)
        let url = try optionalString(object, .url)
        // Held without `RRULE:` (the writer puts it before the value: a tester's archive rule
        // `RRULE:FREQ=DAILY` was written `RRULE:RRULE:FREQ=DAILY`, which no reader takes).
        var recurrence = try optionalString(object, .recurrence).map { RecurrenceRule(rruleValue: Recurrence.stripped($0)) }
        // A rule iCalendar cannot carry would be written into an export that loses it when read
        // back (a tester: FREQ=SECONDLY;BYWEEKNO=99;FOO=BAR): refused, as `--repeat` and the
        // iCalendar reader refuse it. One Tick reads (white space around a part, an X- part, as
        // an older `--repeat` kept them) is written as Tick writes it: the same rule.
        if let given = recurrence {
            let text = given.rruleValue
            let stored: RecurrenceRule?
            if let checked = checkedRules[text] {
                stored = checked
            } else {
                if ICalendarComponentParser.readsRecurrence(text) {
                    stored = given
                } else if let rule = given.rule, ICalendarComponentParser.readsRecurrence(rule.rruleValue) {
                    stored = RecurrenceRule(rule)
                } else {
                    stored = nil
                }
                if checkedRules.count < Self.checkedRulesLimit { checkedRules[text] = stored }
            }
            guard let stored else {
                throw fail("\"recurrence\": '\(text)' is not a repeat rule iCalendar can hold (RFC 5545 §3.3.10: NAME=VALUE parts such as FREQ=WEEKLY;BYDAY=MO)")
            }
            recurrence = stored
        }
        let extras = (try optionalString(object, .iCalendarExtras)) ?? ""
        // Kept lines hold dates too (EXDATE, RDATE, an override's): one outside the years Tick
        // holds is refused as the iCalendar reader refuses it, else the export of what was
        // imported could not be read back (a tester: EXDATE;VALUE=DATE:99991231).
        if !extras.isEmpty, let refusal = VTodoReader.outOfRangeDate(
            [ICalendarContentLine(text: "BEGIN:VTODO")] + extras.split(separator: "\n").map { ICalendarContentLine(text: String($0)) }) {
            throw fail("\"iCalendarExtras\": \(refusal.message)")
        }
        let modified = try instant(object, .modifiedAt)
        let basis = (try optionalString(object, .repeatFrom)).flatMap(RecurrenceBasis.init(rawValue:)) ?? .due
        let history = try completedOccurrences(object)
        let reminder = Reminder(
            uid: ReminderUID(uid), number: .init(number), listID: .init(rawValue: listID), title: title, notes: notes,
            due: dueDate, start: startDate, priority: priority, isFlagged: isFlagged, completedAt: completedAt, position: position,
            parentUID: parentUID.map(ReminderUID.init(_:)), tags: tagList, url: url, recurrence: recurrence,
            alarms: alarms, iCalendarExtras: extras, createdAt: created, modifiedAt: modified ?? created, recurrenceBasis: basis)
        var imported = ImportedReminder(listName: listName, reminder: reminder, lineNumber: index + 1,
                                        hasPosition: object.hasNumber(.position), statesModification: modified != nil)
        imported.completedOccurrences = history
        return imported
    }

    /// A reminder's `"completedOccurrences"`: each a due date (`"due"`, `"dueKind"`,
    /// `"dueTimeZone"`, as the reminder's own) and `"completedAt"`, both required; an
    /// occurrence given twice (the same stored due text) counts once, the first.
    /// - Throws: `InterchangeError` naming the occurrence (`reminders[3].completedOccurrences[1]`).
    mutating func completedOccurrences(_ object: some ArchiveObject) throws(InterchangeError) -> [CompletedOccurrence] {
        guard let objects = object.completedOccurrenceObjects else { throw fail("\"completedOccurrences\" must be an array of objects") }
        guard !objects.isEmpty else { return [] }
        let reminderPlace = place
        defer { place = reminderPlace }
        var result: [CompletedOccurrence] = []
        // The store names an occurrence by its due text: a day, a wall clock, or a UTC second.
        func name(_ due: Due) -> String {
            switch due {
            case .allDay(let day): "d" + day.description
            case .floating(let local): "f" + local.description
            case .timed(let instant, _): "t" + String(Int64(instant.timeIntervalSince1970.rounded(.down)))
            }
        }
        var seen: Set<String> = []
        for (index, occurrence) in objects.enumerated() {
            place = "\(reminderPlace).completedOccurrences[\(index)]"
            guard let due = try due(occurrence, .due, kind: .dueKind, zone: .dueTimeZone) else { throw fail("\"due\" is needed") }
            guard let completed = try instant(occurrence, .completedAt) else { throw fail("\"completedAt\" is needed") }
            guard seen.insert(name(due)).inserted else { continue }
            result.append(CompletedOccurrence(due: due, completedAt: completed))
        }
        return result
    }
}

/// A UID as 128 bits: two SipHash digests (Swift's `Hasher`, keyed at random per process)
/// of its UTF-8 bytes, each after its own prefix byte. Two different UIDs get the same
/// digest with a chance of about n² / 2¹²⁹ among n UIDs (10⁻²⁷ for a million), far below
/// the chance of a memory error; a digest takes 16 bytes where the UID's string took 36 or
/// more on the heap besides its own 16.
struct UIDDigest: Hashable {
    let high: Int
    let low: Int

    init(_ uid: String) {
        var uid = uid
        (high, low) = uid.withUTF8 { bytes in
            var first = Hasher(), second = Hasher()
            first.combine(UInt8(1))
            second.combine(UInt8(2))
            first.combine(bytes: UnsafeRawBufferPointer(bytes))
            second.combine(bytes: UnsafeRawBufferPointer(bytes))
            return (first.finalize(), second.finalize())
        }
    }
}
