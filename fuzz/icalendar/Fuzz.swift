// libFuzzer target for the iCalendar reader (`ICalendarReader`: libical and Tick's VTODO
// mapping) and writer. Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against
// TickModel and TickInterchange. Besides "no crash", it checks two properties: what was
// read, exported again (`ICalendarWriter`), imports to the same reminders (title, notes,
// dates, priority, completion, recurrence, alarms, tags, URL, parent); and the file read in
// pieces (`ICalendarPieces`, as `tick import` saves it) gives what the whole read gives (the
// same lists, reminders, warnings and skipped components, or the same error), from its
// bytes in memory and given 7 bytes at a time, unless it says the file must be read whole.
import Foundation
@testable import TickModel
@testable import TickInterchange

let reader = ICalendarReader(now: Date(timeIntervalSince1970: 1_796_000_000), fileListName: "fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    let whole = Result { () throws(InterchangeError) in try reader.read(input, source: "fuzz") }
    checkPieces(input, whole: whole, chunkSize: nil)
    checkPieces(input, whole: whole, chunkSize: 7)
    guard let first = try? whole.get(), first.reminders.contains(where: { $0.occurrence == nil }) else { return 0 }
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

/// Reads `input` in pieces of 2 (from its bytes in memory, or given `chunkSize` bytes at a
/// time) and stops the run unless they agree with `whole`.
func checkPieces(_ input: Data, whole: Result<ImportBatch, InterchangeError>, chunkSize: Int?) {
    var reminders: [ImportedReminder] = []
    var lists: [[String]] = []
    let end: ImportBatch
    do {
        var bytes = [UInt8](input)[...]
        let pieces = try chunkSize.map { size in
            try reader.pieces(source: "fuzz") {
                guard !bytes.isEmpty else { return nil }
                defer { bytes = bytes.dropFirst(size) }
                return Array(bytes.prefix(size))
            }
        } ?? reader.pieces(input, source: "fuzz")
        while let piece = try pieces.next(upTo: 2) {
            reminders += piece.reminders
            lists += piece.lists.map { [$0.name, $0.color.hex, $0.iCalendarExtras] }
        }
        guard let remainder = pieces.remainder else { fatalError("pieces read to the end without a remainder") }
        end = remainder
    } catch is ICalendarPieces.NeedsWholeFile {
        return
    } catch {
        guard case .failure(let expected) = whole, let error = error as? InterchangeError, error == expected else {
            fatalError("read in pieces: \(error); read whole: \(whole)")
        }
        return
    }
    guard case .success(let batch) = whole else { fatalError("read in pieces to the end; read whole: \(whole)") }
    if reminders != batch.reminders || lists != batch.lists.map({ [$0.name, $0.color.hex, $0.iCalendarExtras] })
        || end.warnings != batch.warnings || end.losses != batch.losses
        || end.skipped.map({ "\($0.what) \($0.count)" }) != batch.skipped.map({ "\($0.what) \($0.count)" }) {
        fatalError("read in pieces, not what the whole read gives:\n\(reminders)\n\(batch.reminders)\n\(lists)\n\(end.warnings)\n\(batch.warnings)")
    }
}
