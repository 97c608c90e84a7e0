// libFuzzer target for the Tick JSON archive reader (`TickJSON.decodeArchive`). Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against TickModel and TickInterchange.
// Besides "no crash", it checks a property: an archive that reads, exported again
// (`TickJSON.archiveText`), reads to the same lists and reminders (with their completed
// occurrences), each instant to the whole second the archive writes (rounded down,
// `TickJSON.instant`): a fraction of a second read is kept by the reader and not written.
import Foundation
@testable import TickModel
@testable import TickInterchange

let exportedAt = Date(timeIntervalSince1970: 1_796_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    guard let first = try? TickJSON.decodeArchive(input, source: "fuzz") else { return 0 }
    let text = exported(first)
    let second: TickArchive
    do {
        second = try TickJSON.decodeArchive(Data(text.utf8), source: "fuzz again")
    } catch {
        fatalError("an archive Tick read could not be read again once exported: \(error)\n\(text)")
    }
    if second.lists.prefix(first.lists.count).map(wholeSeconds) != first.lists.map(wholeSeconds) || key(second) != key(first) {
        fatalError("round trip changed the archive:\n\(text)\n\(exported(second))")
    }
    return 0
}

/// `archive` exported again, each reminder in the list its name gives (made when the
/// archive has no list of that name, as the import would make it; names compared as the
/// stores compare them, `ReminderList.nameKey`).
func exported(_ archive: TickArchive) -> String {
    var lists = archive.lists
    for name in archive.reminders.compactMap(\.listName) where !lists.contains(where: { ReminderList.nameKey($0.name) == ReminderList.nameKey(name) }) {
        lists.append(ReminderList(id: ReminderList.ID(rawValue: "made\(lists.count)"), name: name, createdAt: exportedAt))
    }
    let ids = Dictionary(lists.map { (ReminderList.nameKey($0.name), $0.id) }, uniquingKeysWith: { a, _ in a })
    let reminders = archive.reminders.map { imported in
        var reminder = imported.reminder
        if let name = imported.listName, let id = ids[ReminderList.nameKey(name)] { reminder.listID = id }
        return reminder
    }
    let histories = Dictionary(archive.reminders.map { ($0.reminder.uid, $0.completedOccurrences) }, uniquingKeysWith: { a, _ in a })
    return TickJSON.archiveText(lists: lists, reminders: reminders, exportedAt: exportedAt, completedOccurrences: histories)
}

func key(_ archive: TickArchive) -> [String] {
    // The list is compared by name as the stores compare names (`ReminderList.nameKey`: a
    // reminder naming "Home" goes into the archive's "HomE"): the reminder's own `listID` is
    // whatever the file gave.
    archive.reminders.map { imported in
        var reminder = imported.reminder
        reminder.listID = ImportedReminder.placeholderListID
        return "\(ReminderList.nameKey(imported.listName ?? ""))|\(wholeSeconds(reminder))|\(wholeSeconds(imported.completedOccurrences))"
    }
}

/// `value` written out field by field, each `Date` in it as its whole seconds since 1970
/// rounded down, as the archive writes an instant. (`Date`'s own description rounds: an
/// instant of the year 264 with a third of a second read as 01:00:01 and, exported as
/// 01:00:00, read back as 01:00:00, a difference the archive cannot hold.)
func wholeSeconds(_ value: Any) -> String {
    if let date = value as? Date { return "@\(Int64(date.timeIntervalSince1970.rounded(.down)))" }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty { return String(reflecting: value) }
    let fields = mirror.children.map { "\($0.label ?? "_"): \(wholeSeconds($0.value))" }
    return "\(mirror.subjectType)(\(fields.joined(separator: ", ")))"
}
