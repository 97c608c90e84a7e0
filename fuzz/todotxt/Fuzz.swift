// libFuzzer target for the todo.txt parser (`TodoTxtParser`, `TodoTxtImport.plan`). Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against TickModel and TickInterchange.
// Besides "no crash", it checks a property: each reminder read, written back as a todo.txt
// line (`TodoTxtWriter`), reads again to the same title, completion, priority, due date,
// tags and list.
import Foundation
@testable import TickModel
@testable import TickInterchange

let now = Date(timeIntervalSince1970: 1_796_000_000)
let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    guard let items = try? TodoTxtParser.parse(input, source: "fuzz"),
          let first = try? TodoTxtImport.plan(items, now: now, timeZone: zone) else { return 0 }
    let text = first.map { TodoTxtWriter.line(for: $0.reminder, listName: $0.listName, timeZone: zone) }.joined(separator: "\n")
    let second: [ImportedReminder]
    do {
        second = try TodoTxtImport.plan(TodoTxtParser.parse(text, source: "fuzz again"), now: now, timeZone: zone)
    } catch {
        fatalError("todo.txt written back does not read again: \(error)\n\(text)")
    }
    if key(first) != key(second) {
        fatalError("round trip changed the reminders:\n\(key(first))\n\(key(second))\n\(text)")
    }
    return 0
}

func key(_ reminders: [ImportedReminder]) -> [String] {
    reminders.map {
        let r = $0.reminder
        return "\(r.title)|\(r.isCompleted)|\(r.priority)|\(String(describing: r.due))|\(r.tags.sorted())|\($0.listName ?? "")"
    }
}
