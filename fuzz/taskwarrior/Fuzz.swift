// libFuzzer target for the Taskwarrior JSON reader (`TaskwarriorReader`). Built by
// fuzz/run.sh with `swiftc -sanitize=fuzzer,address` against TickModel and TickInterchange.
// Besides "no crash", it checks a property: reading is deterministic, and every reminder
// read has a non-blank title and a list name that is nil or non-blank, as the importer
// promises its callers.
import Foundation
@testable import TickModel
@testable import TickInterchange

let reader = TaskwarriorReader(now: Date(timeIntervalSince1970: 1_796_000_000), timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    guard let batch = try? reader.read(input, source: "fuzz") else { return 0 }
    for imported in batch.reminders {
        if imported.reminder.title.allSatisfy(\.isWhitespace) {
            fatalError("a Taskwarrior task was read with a blank title")
        }
        if let list = imported.listName, list.allSatisfy(\.isWhitespace) {
            fatalError("a Taskwarrior task was read with a blank list name")
        }
    }
    guard let again = try? reader.read(input, source: "fuzz") else { fatalError("the second read of the same input failed") }
    if again.reminders.map(\.reminder) != batch.reminders.map(\.reminder) {
        fatalError("two reads of the same input differ")
    }
    return 0
}
