// libFuzzer target for the iCalendar reader (`ICalendarReader`: libical and Tick's VTODO
// mapping) and writer. Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against
// TickModel and TickInterchange. Besides "no crash", it checks a property: what was read,
// exported again (`ICalendarWriter`), imports to the same reminders (title, notes, dates,
// priority, completion, recurrence, alarms, tags, URL, parent).
import Foundation
@testable import TickModel
@testable import TickInterchange

let reader = ICalendarReader(now: Date(timeIntervalSince1970: 1_796_000_000), fileListName: "fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    guard let first = try? reader.read(input, source: "fuzz"), first.reminders.contains(where: { $0.occurrence == nil }) else { return 0 }
    let text = exported(first)
    let second: ImportBatch
    do {
        second = try reader.read(Data(text.utf8), source: "fuzz again")
    } catch {
        fatalError("iCalendar Tick read could not be read again once exported: \(error)\n\(text)")
    }
    if key(first) != key(second) {
        fatalError("round trip changed the reminders:\n\(key(first))\n\(key(second))\n\(text)")
    }
    return 0
}

/// The batch as one export: its lists, with every reminder in the list its name gives.
func exported(_ batch: ImportBatch) -> String {
    var lists = batch.lists
    if lists.isEmpty { lists.append(ReminderList(id: ReminderList.ID(rawValue: "L"), name: "fuzz", createdAt: Date(timeIntervalSince1970: 0))) }
    for name in batch.reminders.compactMap(\.listName) where !lists.contains(where: { ReminderList.nameKey($0.name) == ReminderList.nameKey(name) }) {
        lists.append(ReminderList(id: ReminderList.ID(rawValue: "L\(lists.count)"), name: name, createdAt: Date(timeIntervalSince1970: 1_796_000_000)))
    }
    let ids = Dictionary(lists.map { (ReminderList.nameKey($0.name), $0.id) }, uniquingKeysWith: { a, _ in a })
    let reminders = batch.reminders.filter { $0.occurrence == nil }.map { imported in
        var reminder = imported.reminder
        reminder.listID = imported.listName.flatMap { ids[ReminderList.nameKey($0)] } ?? lists.first?.id ?? ReminderList.ID(rawValue: "L")
        return reminder
    }
    return ICalendarWriter().write(lists: lists, reminders: reminders)
}

/// The reminders compared, list by list (by name), each list's in the file's order: an
/// export writes one VCALENDAR a list, so two calendars of one list around another's come
/// back together (found by fuzzing: the order across lists is not the round trip's to keep).
/// A reminder's list as the stores compare names (`ReminderList.nameKey`): calendars named
/// "Home" and "HomE" are one list.
func listKey(_ imported: ImportedReminder) -> String { ReminderList.nameKey(imported.listName ?? "") }

func key(_ batch: ImportBatch) -> [String] {
    let reminders = batch.reminders.filter { $0.occurrence == nil }.enumerated()
        .sorted { (listKey($0.element), $0.offset) < (listKey($1.element), $1.offset) }.map(\.element)
    return reminders.map {
        let r = $0.reminder
        return "\(listKey($0))|\(r.uid)|\(r.title)|\(r.notes)|\(String(describing: r.due))|\(String(describing: r.start))|\(r.priority)|"
            + "\(String(describing: r.completedAt))|\(String(describing: r.recurrence))|\(r.alarms)|\(r.tags)|\(r.url ?? "")|"
            + "\(String(describing: r.parentUID))"
    }
}
