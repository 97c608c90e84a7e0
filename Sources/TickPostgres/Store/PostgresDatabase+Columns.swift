import Foundation
import TickModel

/// How the model's values are written in Tick's PostgreSQL columns: the same text forms as
/// the SQLite store where the model has one, JSON (`jsonb`) for tags and alarms, and
/// instants truncated to the millisecond, as SQLite keeps them, so that a reminder reads
/// back equal from either store.
enum ReminderColumns {
    /// The columns a reminder is read from, in the order `decode` expects nothing of (rows
    /// are read by column name).
    static let names = """
        number, uid, list_id, title, notes, due, due_time_zone, start, start_time_zone, priority, flagged,
        completed_at, position, parent_uid, tags, url, recurrence, recurrence_basis, alarms, ical_extras,
        created_at, modified_at
        """

    /// `names` with each column prefixed by `r.`, for queries that join another table.
    static let qualifiedNames = names.split(separator: ",").map { "r." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        .joined(separator: ", ")

    /// The values of every column but `owner` and `number`, in the order of `names` less `number`.
    static func values(_ reminder: Reminder) -> [any PostgresEncodable] {
        let due = columns(reminder.due), start = columns(reminder.start)
        return [reminder.uid.rawValue, reminder.listID.rawValue, reminder.title, reminder.notes, due.text, due.zone,
                start.text, start.zone, reminder.priority.iCalendarValue, reminder.isFlagged,
                reminder.completedAt.map(PostgresDatabase.stored), reminder.position, reminder.parentUID?.rawValue,
                tagsJSON(reminder.tags), reminder.url, reminder.recurrence?.rruleValue, reminder.recurrenceBasis.rawValue,
                alarmsJSON(reminder.alarms), reminder.iCalendarExtras,
                PostgresDatabase.stored(reminder.createdAt), PostgresDatabase.stored(reminder.modifiedAt)]
    }

    /// The search columns' values (`search_title`, `search_notes`, `search_tags`): the
    /// title, the notes and the tags, one a line, folded by `SearchFolding`.
    static func searchValues(_ reminder: Reminder) -> [any PostgresEncodable] {
        [SearchFolding.folded(reminder.title), SearchFolding.folded(reminder.notes), SearchFolding.foldedTags(reminder.tags) ?? ""]
    }

    /// Where each column of `names` is in a result: looked up once for all its rows, not by
    /// name for every value (a dictionary lookup of each of 22 names in every row was a tenth
    /// of the CPU of a page on `tick serve --database`).
    struct Positions {
        let number, uid, listID, title, notes, due, dueTimeZone, start, startTimeZone, priority, flagged, completedAt,
            position, parentUID, tags, url, recurrence, recurrenceBasis, alarms, iCalendarExtras, createdAt, modifiedAt: Int

        /// The positions in `rows`, which must hold every column of `names`.
        init(_ rows: PostgresRows) {
            number = rows.columnIndex("number"); uid = rows.columnIndex("uid"); listID = rows.columnIndex("list_id")
            title = rows.columnIndex("title"); notes = rows.columnIndex("notes"); due = rows.columnIndex("due")
            dueTimeZone = rows.columnIndex("due_time_zone"); start = rows.columnIndex("start")
            startTimeZone = rows.columnIndex("start_time_zone"); priority = rows.columnIndex("priority")
            flagged = rows.columnIndex("flagged"); completedAt = rows.columnIndex("completed_at")
            position = rows.columnIndex("position"); parentUID = rows.columnIndex("parent_uid"); tags = rows.columnIndex("tags")
            url = rows.columnIndex("url"); recurrence = rows.columnIndex("recurrence")
            recurrenceBasis = rows.columnIndex("recurrence_basis"); alarms = rows.columnIndex("alarms")
            iCalendarExtras = rows.columnIndex("ical_extras"); createdAt = rows.columnIndex("created_at")
            modifiedAt = rows.columnIndex("modified_at")
        }
    }

    /// Every row of `rows`, a result of `names`, as a reminder (`decode(_:at:)`).
    static func decodeAll(_ rows: PostgresRows) throws(PostgresError) -> [Reminder] {
        guard !rows.isEmpty else { return [] }
        let positions = Positions(rows)
        var reminders: [Reminder] = []
        reminders.reserveCapacity(rows.count)
        for row in rows { reminders.append(try decode(row, at: positions)) }
        return reminders
    }

    /// The reminder of one row of `names`, its columns at `positions` (looked up once for
    /// the result: `Positions(rows)`).
    /// - Throws: `PostgresError.unreadableValue` naming the reminder and the column when a
    ///   value cannot be read; nothing is defaulted.
    static func decode(_ row: PostgresRow, at positions: Positions) throws(PostgresError) -> Reminder {
        let number: Int64 = try row.decode(at: positions.number)
        func unreadable(_ column: String, _ why: String) -> PostgresError {
            PostgresError(.unreadableValue, message: "reminder #\(number): the column \(column) is \(why)")
        }
        func date(_ column: Int, zoneColumn: Int) throws(PostgresError) -> Due? {
            guard let text = row.text(at: column) else { return nil }
            guard let due = due(text, zone: row.text(at: zoneColumn)) else {
                throw unreadable(row.rows.columns[column],
                                 "not a date YYYY-MM-DD, YYYY-MM-DDTHH:MM:SS or YYYY-MM-DDTHH:MM:SSZ with its zone")
            }
            return due
        }
        let uid = ReminderUID(try row.decode(at: positions.uid, as: String.self))
        guard let tags = tags(try row.decode(at: positions.tags)) else { throw unreadable("tags", "not a JSON array of strings") }
        guard let alarms = alarms(try row.decode(at: positions.alarms)) else { throw unreadable("alarms", "not a JSON array of alarms") }
        guard let basis = RecurrenceBasis(rawValue: try row.decode(at: positions.recurrenceBasis)) else {
            throw unreadable("recurrence_basis", "neither due nor completion")
        }
        return Reminder(uid: uid, number: .init(number), listID: .init(rawValue: try row.decode(at: positions.listID)),
                        title: try row.decode(at: positions.title), notes: try row.decode(at: positions.notes),
                        due: try date(positions.due, zoneColumn: positions.dueTimeZone),
                        start: try date(positions.start, zoneColumn: positions.startTimeZone),
                        priority: Priority(iCalendarValue: try row.decode(at: positions.priority)),
                        isFlagged: try row.decode(at: positions.flagged),
                        completedAt: try row.decodeIfPresent(at: positions.completedAt), position: try row.decode(at: positions.position),
                        parentUID: row.text(at: positions.parentUID).map(ReminderUID.init(_:)), tags: tags,
                        url: row.text(at: positions.url),
                        recurrence: row.text(at: positions.recurrence).map(RecurrenceRule.init(rruleValue:)), alarms: alarms,
                        iCalendarExtras: try row.decode(at: positions.iCalendarExtras), createdAt: try row.decode(at: positions.createdAt),
                        modifiedAt: try row.decode(at: positions.modifiedAt), recurrenceBasis: basis)
    }

    // MARK: Dates

    /// `(text, zone)` of a due or start date: all-day `YYYY-MM-DD`, floating
    /// `YYYY-MM-DDTHH:MM:SS`, timed `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds) with its zone.
    static func columns(_ due: Due?) -> (text: String?, zone: String?) {
        switch due {
        case nil: return (nil, nil)
        case .allDay(let day): return (day.description, nil)
        case .floating(let local): return (local.description, nil)
        case .timed(let instant, let zone):
            let local = LocalDateTime(secondsSinceEpochAsUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
            return (local.description + "Z", zone.rawValue)
        }
    }

    /// The date `columns` wrote; nil for text in none of its forms or a timed date without zone.
    static func due(_ text: String, zone: String?) -> Due? {
        switch text.utf8.count {
        case 10: return CalendarDay(text).map(Due.allDay)
        case 19: return LocalDateTime(text).map(Due.floating)
        case 20 where text.hasSuffix("Z"):
            guard let zone, let local = LocalDateTime(text.dropLast()) else { return nil }
            return .timed(Date(timeIntervalSince1970: TimeInterval(local.secondsSinceEpochAsUTC)), timeZone: TimeZoneIdentifier(zone))
        default: return nil
        }
    }

    // MARK: JSON

    static func tagsJSON(_ tags: [String]) -> String {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (index, tag) in tags.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.quote(tag, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    static func tags(_ json: String) -> [String]? {
        // Most reminders have none: not worth a trip through JSONSerialization.
        if json == "[]" { return [] }
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] else { return nil }
        let strings = array.compactMap { $0 as? String }
        return strings.count == array.count ? strings : nil
    }

    /// Alarms as a JSON array of objects: `uid`; `offset` (seconds) with `start` (true when
    /// relative to the start date), or `at` (milliseconds since 1970); `fired` (milliseconds)
    /// once delivered; `snooze`, `exact`, `silenced` when true.
    static func alarmsJSON(_ alarms: [Alarm]) -> String {
        let objects: [[String: Any]] = alarms.map { alarm in
            var object: [String: Any] = ["uid": alarm.uid]
            switch alarm.trigger {
            case .relative(let seconds, let toStart):
                object["offset"] = seconds
                object["start"] = toStart
            case .absolute(let date):
                object["at"] = milliseconds(date)
            }
            if let fired = alarm.firedAt { object["fired"] = milliseconds(fired) }
            if alarm.isSnooze { object["snooze"] = true }
            if alarm.isExactOffset { object["exact"] = true }
            if alarm.isSilenced { object["silenced"] = true }
            return object
        }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func alarms(_ json: String) -> [Alarm]? {
        if json == "[]" { return [] }
        guard let array = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return nil }
        var alarms: [Alarm] = []
        for object in array {
            guard let uid = object["uid"] as? String else { return nil }
            let trigger: Alarm.Trigger
            if let at = object["at"] as? NSNumber {
                trigger = .absolute(date(milliseconds: at.int64Value))
            } else if let offset = object["offset"] as? NSNumber, let seconds = Int(exactly: offset.doubleValue) {
                trigger = .relative(seconds: seconds, toStart: (object["start"] as? Bool) ?? false)
            } else {
                return nil
            }
            alarms.append(Alarm(uid: uid, trigger: trigger, firedAt: (object["fired"] as? NSNumber).map { date(milliseconds: $0.int64Value) },
                                isSnooze: (object["snooze"] as? Bool) ?? false, isExactOffset: (object["exact"] as? Bool) ?? false,
                                isSilenced: (object["silenced"] as? Bool) ?? false))
        }
        return alarms
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    private static func date(milliseconds: Int64) -> Date {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(milliseconds - seconds * 1000) / 1000)
    }
}

extension PostgresDatabase {
    /// `date` truncated to the millisecond, as the SQLite store keeps instants.
    static func stored(_ date: Date) -> Date {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        let seconds = (milliseconds / 1000).rounded(.down)
        return Date(timeIntervalSince1970: seconds + (milliseconds - seconds * 1000) / 1000)
    }
}
