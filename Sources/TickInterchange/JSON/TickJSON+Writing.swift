import Foundation
import TickModel

extension TickJSON {
    /// Writes the JSON object of a reminder straight into bytes, pretty-printed or compact:
    /// the text `object(for:listName:)` gives when written at the same nesting level, without the
    /// `JSONValue` tree (about 30 strings and an array of members a reminder) that an
    /// export of 100,000 reminders would build and free again.
    ///
    /// The keys and their order are those of `object(for:listName:)`, which stays the
    /// definition of the shape; `ReminderJSONWriterTests` checks that the two agree.
    public struct ReminderWriter {
        /// The Foundation zones of the identifiers met so far: looking one up costs more
        /// than writing the rest of the reminder.
        private var zones: [String: TimeZone] = [:]
        /// What comes before each member's value at the nesting level written last.
        private var members = Members.compact

        /// A writer with no zones looked up yet.
        public init() {}

        /// Appends the object of `reminder` at nesting level `level` (its members one
        /// level deeper; nil: compact, on one line), as `object(for:listName:).write(to:indent:)`
        /// writes it with indent `level`.
        /// - Complexity: O(n) in the size of the reminder's text.
        public mutating func append(_ reminder: Reminder, listName: String?, level: Int?, to out: inout ByteBuffer) {
            appendFields(of: reminder, listName: listName, level: level, completedOccurrences: [], to: &out)
        }

        /// Appends the object of `reminder` read in place (a stored row), the bytes
        /// `append(_:listName:level:to:)` appends for the `Reminder` it decodes to; a Tick
        /// archive adds the reminder's `completedOccurrences` (`object(for:)` of each, earliest
        /// due first) as a last member, written only when there are some.
        /// - Complexity: O(n) in the size of the reminder's text.
        public mutating func append(archived reminder: some ArchivedReminder, listName: String?, level: Int?,
                                    completedOccurrences: [CompletedOccurrence] = [], to out: inout ByteBuffer) {
            appendFields(of: reminder, listName: listName, level: level, completedOccurrences: completedOccurrences, to: &out)
        }

        private mutating func appendFields(of reminder: some ArchivedReminder, listName: String?, level: Int?,
                                           completedOccurrences: [CompletedOccurrence], to out: inout ByteBuffer) {
            if members.level != level { members = level == nil ? Members.compact : Members(level: level) }
            let members = self.members
            out.append(UInt8(ascii: "{"))
            members.key(.number, &out)
            Self.appendInteger(reminder.number.rawValue, to: &out)
            members.key(.uid, &out)
            _ = reminder.quote(.uid, into: &out)
            members.key(.listID, &out)
            _ = reminder.quote(.listID, into: &out)
            members.key(.list, &out)
            Self.appendOptional(listName, to: &out)
            members.key(.title, &out)
            _ = reminder.quote(.title, into: &out)
            members.key(.notes, &out)
            _ = reminder.quote(.notes, into: &out)
            appendDue(reminder.due, keys: (.due, .dueKind, .dueTimeZone), members: members, to: &out)
            appendDue(reminder.start, keys: (.start, .startKind, .startTimeZone), members: members, to: &out)
            let priority = reminder.priority
            members.key(.priority, &out)
            switch priority.level {
            case .none: Self.append("\"none\"", to: &out)
            case .low: Self.append("\"low\"", to: &out)
            case .medium: Self.append("\"medium\"", to: &out)
            case .high: Self.append("\"high\"", to: &out)
            }
            members.key(.iCalendarPriority, &out)
            Self.appendInteger(Int64(priority.iCalendarValue), to: &out)
            members.key(.flagged, &out)
            Self.appendBool(reminder.isFlagged, to: &out)
            let completedAt = reminder.completedAtUTC
            members.key(.completed, &out)
            Self.appendBool(completedAt != nil, to: &out)
            members.key(.completedAt, &out)
            if let completedAt { completedAt.appendQuotedUTCISO8601(to: &out) } else { Self.append("null", to: &out) }
            members.key(.position, &out)
            Self.appendInteger(reminder.position, to: &out)
            members.key(.parentUID, &out)
            if !reminder.quote(.parentUID, into: &out) { Self.append("null", to: &out) }
            members.key(.tags, &out)
            let tagCount = reminder.tagCount
            if tagCount == 0 {
                Self.append("[]", to: &out)
            } else {
                out.append(UInt8(ascii: "["))
                for index in 0..<tagCount {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    JSONValue.newline(&out, level.map { $0 + 2 })
                    reminder.quoteTag(index, into: &out)
                }
                JSONValue.newline(&out, level.map { $0 + 1 })
                out.append(UInt8(ascii: "]"))
            }
            members.key(.url, &out)
            if !reminder.quote(.url, into: &out) { Self.append("null", to: &out) }
            members.key(.recurrence, &out)
            Self.appendOptional(reminder.recurrence?.rruleValue, to: &out)
            members.key(.repeatFrom, &out)
            switch reminder.recurrenceBasis {
            case .due: Self.append("\"due\"", to: &out)
            case .completion: Self.append("\"completion\"", to: &out)
            }
            members.key(.alarms, &out)
            let alarms = reminder.alarms
            if alarms.isEmpty {
                Self.append("[]", to: &out)
            } else {
                // Few reminders have alarms: they go through the tree.
                var tree: [UInt8] = []
                JSONValue.array(alarms.map(TickJSON.object(for:))).write(to: &tree, indent: level.map { $0 + 1 })
                out.append(contentsOf: tree)
            }
            members.key(.iCalendarExtras, &out)
            _ = reminder.quote(.iCalendarExtras, into: &out)
            members.key(.createdAt, &out)
            reminder.createdAtUTC.appendQuotedUTCISO8601(to: &out)
            members.key(.modifiedAt, &out)
            reminder.modifiedAtUTC.appendQuotedUTCISO8601(to: &out)
            if !completedOccurrences.isEmpty {
                // Only repeating reminders with a history have any: through the tree.
                members.key(.completedOccurrences, &out)
                var tree: [UInt8] = []
                JSONValue.array(completedOccurrences.map(TickJSON.object(for:))).write(to: &tree, indent: level.map { $0 + 1 })
                out.append(contentsOf: tree)
            }
            JSONValue.newline(&out, level)
            out.append(UInt8(ascii: "}"))
        }

        /// The `"due"`, `"dueKind"` and `"dueTimeZone"` members (or `start…`), as
        /// `dueFields(_:)` gives them.
        private mutating func appendDue(_ due: Due?, keys: (date: Member, kind: Member, zone: Member), members: Members,
                                        to out: inout ByteBuffer) {
            members.key(keys.date, &out)
            guard let due else {
                Self.append("null", to: &out)
                members.key(keys.kind, &out)
                Self.append("null", to: &out)
                members.key(keys.zone, &out)
                Self.append("null", to: &out)
                return
            }
            out.append(UInt8(ascii: "\""))
            let kind: StaticString
            var identifier: TimeZoneIdentifier?
            switch due {
            case .allDay:
                due.appendISO8601(to: &out)
                kind = "\"allDay\""
            case .floating:
                due.appendISO8601(to: &out)
                kind = "\"floating\""
            case .timed(_, let zone):
                due.appendISO8601(to: &out, zone: timeZone(zone))
                kind = "\"timed\""
                identifier = zone
            }
            out.append(UInt8(ascii: "\""))
            members.key(keys.kind, &out)
            Self.append(kind, to: &out)
            members.key(keys.zone, &out)
            Self.appendOptional(identifier?.rawValue, to: &out)
        }

        /// The Foundation zone of `identifier` (UTC when Foundation does not know it),
        /// looked up once per identifier.
        private mutating func timeZone(_ identifier: TimeZoneIdentifier) -> TimeZone {
            if let zone = zones[identifier.rawValue] { return zone }
            let zone = identifier.timeZone(or: .gmt)
            zones[identifier.rawValue] = zone
            return zone
        }

        /// The members of a reminder's object, in the order they are written (each one,
        /// for every reminder).
        enum Member: Int, CaseIterable {
            case number, uid, listID, list, title, notes, due, dueKind, dueTimeZone, start, startKind, startTimeZone
            case priority, iCalendarPriority, flagged, completed, completedAt, position, parentUID, tags, url
            case recurrence, repeatFrom, alarms, iCalendarExtras, createdAt, modifiedAt
            /// A Tick archive's only: written after the others when there are any.
            case completedOccurrences

            /// The member's key, as `object(for:listName:)` names it.
            var key: String {
                switch self {
                case .number: "number"
                case .uid: "uid"
                case .listID: "listID"
                case .list: "list"
                case .title: "title"
                case .notes: "notes"
                case .due: "due"
                case .dueKind: "dueKind"
                case .dueTimeZone: "dueTimeZone"
                case .start: "start"
                case .startKind: "startKind"
                case .startTimeZone: "startTimeZone"
                case .priority: "priority"
                case .iCalendarPriority: "iCalendarPriority"
                case .flagged: "flagged"
                case .completed: "completed"
                case .completedAt: "completedAt"
                case .position: "position"
                case .parentUID: "parentUID"
                case .tags: "tags"
                case .url: "url"
                case .recurrence: "recurrence"
                case .repeatFrom: "repeatFrom"
                case .alarms: "alarms"
                case .iCalendarExtras: "iCalendarExtras"
                case .createdAt: "createdAt"
                case .modifiedAt: "modifiedAt"
                case .completedOccurrences: "completedOccurrences"
                }
            }
        }

        /// What comes before each member's value at one nesting level, made once: the
        /// comma (but before the first member), the line break and indent, the quoted key
        /// and the colon. Written in one piece a member: five small appends a member cost
        /// more than a reminder's text.
        // @unchecked: nothing is written to a `Members` after its `init`.
        private final class Members: @unchecked Sendable {
            /// The prefixes of compact objects, made once for every writer: a page of the JSON
            /// API makes a writer per request, and making them was 1.5 % of its work.
            static let compact = Members(level: nil)

            /// The nesting level of the object (nil: compact, on one line).
            let level: Int?
            /// The bytes before every member's value, one after the other in `Member` order,
            /// and where each one starts (`Member.allCases.count + 1` offsets): one buffer
            /// that lives as long as the writer, so that writing a prefix retains nothing.
            private let bytes: UnsafeMutableBufferPointer<UInt8>
            private let starts: UnsafeMutableBufferPointer<Int>

            init(level: Int?) {
                self.level = level
                var all: [UInt8] = []
                var starts: [Int] = []
                for member in Member.allCases {
                    starts.append(all.count)
                    if member != .number { all.append(UInt8(ascii: ",")) }
                    if let level {
                        all.append(UInt8(ascii: "\n"))
                        all.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (level + 1) * 2))
                    }
                    // The keys are ASCII letters: nothing to escape.
                    all.append(contentsOf: "\"\(member.key)\":".utf8)
                    if level != nil { all.append(UInt8(ascii: " ")) }
                }
                starts.append(all.count)
                self.starts = .allocate(capacity: starts.count)
                _ = self.starts.initialize(from: starts)
                bytes = .allocate(capacity: all.count)
                _ = bytes.initialize(from: all)
            }

            deinit {
                bytes.deallocate()
                starts.deallocate()
            }

            /// Appends what comes before the value of `member`.
            func key(_ member: Member, _ out: inout ByteBuffer) {
                let start = starts[member.rawValue]
                out.append(bytes: UnsafeBufferPointer(start: bytes.baseAddress! + start, count: starts[member.rawValue + 1] - start))
            }
        }

        /// Appends the bytes of `text` (static text: no `String` to walk).
        static func append(_ text: StaticString, to out: inout ByteBuffer) {
            out.append(text)
        }

        static func appendOptional(_ text: String?, to out: inout ByteBuffer) {
            if let text { JSONText.quote(text, into: &out) } else { append("null", to: &out) }
        }

        static func appendBool(_ value: Bool, to out: inout ByteBuffer) {
            append(value ? "true" : "false", to: &out)
        }

        /// `instant(_:)`, quoted, or `null`.
        static func appendInstant(_ date: Date?, to out: inout ByteBuffer) {
            guard let date else {
                Self.append("null", to: &out)
                return
            }
            LocalDateTime(secondsSinceEpochAsUTC: Int(date.timeIntervalSince1970.rounded(.down))).appendQuotedUTCISO8601(to: &out)
        }

        /// `value` in decimal, as `String(value)` writes it.
        static func appendInteger(_ value: Int64, to out: inout ByteBuffer) {
            if value < 0 { out.append(UInt8(ascii: "-")) }
            var rest = value.magnitude
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                         UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { buffer in
                var start = buffer.count
                repeat {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                out.append(bytes: UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self) + start,
                                                      count: buffer.count - start))
            }
        }
    }
}

extension TickJSON {
    /// The JSON array of `reminders`, pretty-printed, as
    /// `JSONValue.array(reminders.map { object(for: $0, listName: …) }).serialized()` gives it.
    /// - Parameter listName: the name of a reminder's list, for `"list"`.
    /// - Complexity: O(n) in the size of the output.
    public static func arrayText(of reminders: [Reminder], listName: (Reminder) -> String?) -> String {
        guard !reminders.isEmpty else { return "[]" }
        var out = ByteBuffer(capacity: reminders.count * 1_024)
        var writer = ReminderWriter()
        out.append(UInt8(ascii: "["))
        for (index, reminder) in reminders.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, 1)
            writer.append(reminder, listName: listName(reminder), level: 1, to: &out)
        }
        JSONValue.newline(&out, 0)
        out.append(UInt8(ascii: "]"))
        return out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
}
