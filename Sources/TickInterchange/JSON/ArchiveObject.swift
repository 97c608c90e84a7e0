import Foundation

/// The member names `ArchiveReader` reads in a Tick archive's lists, reminders and alarms
/// (the shapes of `TickJSON.object(for:)`), each a case named as the member is; the raw
/// value is its place in `ArchiveFields`.
enum ArchiveKey: Int, CaseIterable {
    case uid, number, position, title, listID, list, createdAt, modifiedAt, priority, iCalendarPriority
    case completedAt, completed, parentUID, alarms, notes, due, dueKind, dueTimeZone, start, startKind
    case startTimeZone, flagged, tags, url, recurrence, iCalendarExtras, repeatFrom, completedOccurrences
    case silenced, firedAt, silencedAt, at, snooze, trigger, related
    case name, color, id

    /// The member's name.
    var name: String { ArchiveKey.names[rawValue] }

    /// The place (raw value) of the member named by the UTF-8 bytes `name`, nil for a member
    /// the reader does not read: compared with the names of the same length only, without
    /// hashing or making a `String`.
    static func slot(ofName name: UnsafeBufferPointer<UInt8>) -> Int? {
        let table = byLength
        guard name.count < table.count else { return nil }
        for (bytes, key) in table[name.count] where bytes.elementsEqual(name) { return key }
        return nil
    }

    private static let names = allCases.map { String(describing: $0) }
    /// The names' bytes with their raw values, by the names' lengths.
    private static let byLength: [[(bytes: [UInt8], key: Int)]] = {
        var table = Array(repeating: [(bytes: [UInt8], key: Int)](), count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for key in allCases { table[key.name.utf8.count].append((Array(key.name.utf8), key.rawValue)) }
        return table
    }()
}

/// A JSON object of an archive as `ArchiveReader` reads it: the value of each member it
/// knows (nil when absent).
protocol ArchiveObject {
    subscript(key: ArchiveKey) -> JSONField? { get }
}

extension ArchiveObject {
    /// Whether member `key` is a number (a reminder's `position`: whether the archive
    /// placed it).
    func hasNumber(_ key: ArchiveKey) -> Bool {
        if case .number? = self[key] { return true }
        return false
    }

    /// The objects of the `alarms` array; none when it is absent or anything but an array
    /// of objects.
    var alarmObjects: [ArchiveDictionary] {
        guard case .other(let value)? = self[.alarms], let objects = value as? [[String: Any]] else { return [] }
        return objects.map(ArchiveDictionary.init)
    }

    /// The objects of the `completedOccurrences` array: none when it is absent or null, nil
    /// when it is anything but an array of objects.
    var completedOccurrenceObjects: [ArchiveDictionary]? {
        guard let value = self[.completedOccurrences], !value.isNull else { return [] }
        guard case .other(let any) = value, let objects = any as? [[String: Any]] else { return nil }
        return objects.map(ArchiveDictionary.init)
    }
}

/// An object as `JSONBytesParser.value(of:)` gives it: a whole archive read at once, and
/// the alarms of a reminder.
struct ArchiveDictionary: ArchiveObject {
    let object: [String: Any]

    init(_ object: [String: Any]) {
        self.object = object
    }

    subscript(key: ArchiveKey) -> JSONField? {
        object[key.name].map(JSONField.init)
    }
}

/// A reminder's object read member by member (`JSONBytesParser.members`): what a streamed
/// archive reads, without a dictionary a reminder.
struct ArchiveFields: ArchiveObject {
    private var fields: [JSONField?]

    /// Reads the object `bytes` holds.
    /// - Returns: nil when the value is not an object.
    /// - Throws: what `JSONBytesParser.value(of:)` throws for the same bytes.
    init?(_ bytes: ArraySlice<UInt8>) throws(JSONBytesParser.Failure) {
        fields = Array(repeating: nil, count: ArchiveKey.allCases.count)
        guard try JSONBytesParser.members(of: bytes, into: &fields, slot: ArchiveKey.slot(ofName:)) else { return nil }
    }

    subscript(key: ArchiveKey) -> JSONField? {
        fields[key.rawValue]
    }
}

extension JSONField {
    /// Whether it is `null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
