// libFuzzer target for the three-way merge of `tick sync` (`ICalendarMerge`), as the sync
// uses it: each side's to-do read by Tick's iCalendar reader and written again by Tick's
// writer (`CalendarObject.text(of:in:)`), as `SyncEngine.render` does with the server's
// item, Tick's reminder and the last synced copy; the merged text is then read again by
// the reader, as the sync reads it to save it. Built by fuzz/run.sh with
// `swiftc -sanitize=fuzzer,address` from ICalendarMerge.swift and CalendarObject.swift
// against the TickModel and TickInterchange libraries. The input is up to three iCalendar
// texts separated by NUL bytes: the base (absent when there are only two), the local side
// and the server's; its first byte says which side is newer. Besides "no crash" and "no
// hang", it checks:
// - the merged text is read again by the reader (the sync saves what it reads), and holds
//   a to-do of the same UID;
// - a side left as the base was takes the other side's values: with an unchanged local
//   side the server's (unless the server's own completion was taken back for the merge,
//   `undoingAppliedCompletions`), with an unchanged server side the local side's;
// - both sides alike: their values, and no conflict;
// - the merged text merged again with itself changes nothing.
import Foundation
import TickInterchange
import TickModel

let now = Date(timeIntervalSince1970: 1_796_000_000)
let list = ReminderList(id: ReminderList.ID(rawValue: "fuzz"), name: "Fuzz", position: 1, createdAt: now)

/// `text` read by Tick's reader and written again by its writer (the first reminder), or nil
/// when the reader refuses it or finds no to-do.
func rendered(_ text: String) -> (text: String, uid: ReminderUID)? {
    guard let batch = try? ICalendarReader(now: now, fileListName: nil).read(Data(text.utf8), source: "fuzz"),
          let first = batch.reminders.first(where: { $0.occurrence == nil })?.reminder else { return nil }
    return (CalendarObject.text(of: first, in: list), first.uid)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let localIsNewer = data[0] & 1 == 1
    let parts = Array(UnsafeBufferPointer(start: data + 1, count: size - 1)).split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    let texts: [String?] = parts.count == 3 ? parts : parts.count == 2 ? [nil] + parts : [nil, parts[0], parts[0]]
    var sides: [(text: String, uid: ReminderUID)?] = []
    for text in texts {
        guard let text else { sides.append(nil); continue }
        guard let side = rendered(text) else { return 0 }
        sides.append(side)
    }
    guard let local = sides[1], let server = sides[2] else { return 0 }
    // The sync merges the copies of one UID.
    guard local.uid == server.uid, sides[0].map({ $0.uid == local.uid }) ?? true else { return 0 }
    let base = sides[0]?.text

    let merged = ICalendarMerge.merge(base: base, local: local.text, server: server.text, localIsNewer: localIsNewer)
    guard let read = try? ICalendarReader(now: now, fileListName: nil).read(Data(merged.text.utf8), source: "merged") else {
        fatalError("the merged text is not read again:\n\(merged.text)")
    }
    guard read.reminders.contains(where: { $0.reminder.uid == local.uid }) else {
        fatalError("the merged text lost the to-do \(local.uid.rawValue):\n\(merged.text)")
    }

    let same = ICalendarMerge.merge(base: base, local: local.text, server: local.text, localIsNewer: localIsNewer)
    if !same.conflicts.isEmpty { fatalError("both sides alike, yet conflicts: \(same.conflicts)") }
    if !ICalendarMerge.sameValues(same.text, local.text) {
        fatalError("both sides alike, yet the merge changed their values:\n\(local.text)\n->\n\(same.text)")
    }

    if let base {
        let baseComponent = ICalendarMerge.Component.parse(base)
        let serverComponent = ICalendarMerge.Component.parse(server.text)
        if ICalendarMerge.undoingAppliedCompletions(serverComponent, base: baseComponent) == serverComponent {
            let taken = ICalendarMerge.merge(base: base, local: base, server: server.text, localIsNewer: localIsNewer)
            if !ICalendarMerge.sameValues(taken.text, server.text) {
                fatalError("an unchanged local side did not take the server's values:\n\(base)\n+\n\(server.text)\n->\n\(taken.text)")
            }
        }
        let kept = ICalendarMerge.merge(base: base, local: local.text, server: base, localIsNewer: localIsNewer)
        if !ICalendarMerge.sameValues(kept.text, local.text) {
            fatalError("an unchanged server side did not keep the local values:\n\(base)\n+\n\(local.text)\n->\n\(kept.text)")
        }
    }
    let again = ICalendarMerge.merge(base: merged.text, local: merged.text, server: merged.text, localIsNewer: localIsNewer)
    if !again.conflicts.isEmpty || !ICalendarMerge.sameValues(again.text, merged.text) {
        fatalError("the merged text merged with itself changed:\n\(merged.text)\n->\n\(again.text)")
    }
    return 0
}
