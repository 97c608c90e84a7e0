// libFuzzer target for the streamed reader of Tick archives (`TickArchiveStream`, what
// `tick import` restores with). Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address`
// against TickModel and TickInterchange. Besides "no crash", it checks a property: the
// streamed reader, fed the input in pieces of a size the input's first byte picks and read a
// few reminders at a time, agrees with the whole-file reader (`TickJSON.decodeArchive`) — both
// refuse the input, or both read the same lists and the same reminders in the same order.
import Foundation
@testable import TickModel
@testable import TickInterchange

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let pieceSize = 1 + Int(bytes.first ?? 0) % 64
    let whole = Result { try TickJSON.decodeArchive(Data(bytes), source: "fuzz") }
    let streamed = Result { try readStreamed(bytes, pieceSize: pieceSize) }
    switch (whole, streamed) {
    case (.success(let archive), .success(let (lists, reminders))):
        if lists != archive.lists || reminders.map(key) != archive.reminders.map(key) {
            fatalError("the streamed reader read another archive than the whole-file reader (pieces of \(pieceSize) bytes)")
        }
    case (.success, .failure(let error)):
        fatalError("the streamed reader refused what the whole-file reader read (pieces of \(pieceSize) bytes): \(error)")
    case (.failure(let error), .success):
        fatalError("the streamed reader read what the whole-file reader refused (pieces of \(pieceSize) bytes): \(error)")
    case (.failure, .failure):
        break
    }
    return 0
}

/// The lists and every reminder of `bytes`, read by `TickArchiveStream` in pieces.
func readStreamed(_ bytes: [UInt8], pieceSize: Int) throws -> ([ReminderList], [ImportedReminder]) {
    var offset = 0
    var stream = TickArchiveStream(source: "fuzz") {
        guard offset < bytes.count else { return nil }
        let end = min(bytes.count, offset + pieceSize)
        defer { offset = end }
        return Array(bytes[offset..<end])
    }
    let lists = try stream.start()
    var reminders: [ImportedReminder] = []
    while let piece = try stream.next(upTo: 3) { reminders += piece }
    return (lists, reminders)
}

func key(_ imported: ImportedReminder) -> String {
    "\(imported.listName ?? "")|\(imported.reminder)|\(imported.completedOccurrences)"
}
