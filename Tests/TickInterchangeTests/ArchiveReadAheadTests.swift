import Foundation
import Synchronization
import Testing
@testable import TickInterchange

/// `TickArchiveReadAhead`: the pieces of an archive read on another thread come in the
/// archive's order, then its error, then nothing.
@Suite("An archive's pieces read ahead")
struct ArchiveReadAheadTests {
    /// How many times a stream's input was asked for bytes (from any thread).
    final class Reads: Sendable {
        let count = Mutex(0)
    }

    /// A stream over an archive of `count` reminders whose last is `last`, given to the
    /// reader 64 bytes at a time (counted in `reads`), started.
    static func stream(count: Int, last: String? = nil) throws -> (TickArchiveStream, size: Int, reads: Reads) {
        var items = (0..<count).map { #"{"uid": "u\#($0)", "listID": "L", "title": "Reminder \#($0)"}"# }
        if let last { items[count - 1] = last }
        let text = ##"{"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Home", "color": "#007AFF"}], "reminders": ["##
            + items.joined(separator: ", ") + "]}"
        let bytes = Array(text.utf8)
        let reads = Reads()
        var stream = TickArchiveStream(source: "a.json") {
            let offset = reads.count.withLock { count in
                defer { count += 1 }
                return count * 64
            }
            return offset < bytes.count ? Array(bytes[offset..<min(offset + 64, bytes.count)]) : nil
        }
        _ = try stream.start()
        return (stream, bytes.count, reads)
    }

    @Test("every piece after the first, in order, sizes and bytes read as the stream gives them; then nil, and nil again")
    func piecesInOrder() throws {
        var (stream, size, _) = try Self.stream(count: 23)
        let first = try #require(try stream.next(upTo: 5))
        let pieces = TickArchiveReadAhead(stream, pieceSize: 5)
        var read: [TickArchiveReadAhead.Piece] = []
        while let piece = try pieces.next() { read.append(piece) }
        #expect(read.map(\.reminders.count) == [5, 5, 5, 3])
        let uids = (first + read.flatMap(\.reminders)).map(\.reminder.uid.rawValue)
        #expect(uids == (0..<23).map { "u\($0)" })
        let offsets = read.map(\.bytesRead)
        #expect(offsets == offsets.sorted() && Set(offsets).count == offsets.count, "\(offsets)")
        #expect(offsets.last == size, "the archive's end read with its last piece")
        #expect(try pieces.next() == nil)
    }

    @Test("a bad reminder: the pieces before it, then its error naming it, then nil")
    func errorAfterPieces() throws {
        var (stream, _, _) = try Self.stream(count: 12, last: #"{"uid": "u11", "listID": "L", "title": "  "}"#)
        _ = try stream.next(upTo: 4)
        let pieces = TickArchiveReadAhead(stream, pieceSize: 4)
        #expect(try pieces.next()?.reminders.map(\.reminder.uid.rawValue) == ["u4", "u5", "u6", "u7"])
        let error = #expect(throws: InterchangeError.self) { try pieces.next() }
        #expect(error?.description.contains("reminders[11]") == true, "\(String(describing: error))")
        #expect(try pieces.next() == nil)
    }

    @Test("an archive whose reminders all came in the first piece: nil at once")
    func nothingAhead() throws {
        var (stream, _, _) = try Self.stream(count: 3)
        #expect(try stream.next(upTo: 5)?.count == 3)
        let pieces = TickArchiveReadAhead(stream, pieceSize: 5)
        #expect(try pieces.next() == nil)
        #expect(try pieces.next() == nil)
    }

    @Test("stopped after its first piece: the read in flight is waited for, then nil; the input is read no further")
    func stopped() throws {
        var (stream, _, reads) = try Self.stream(count: 300)
        _ = try stream.next(upTo: 5)
        let pieces = TickArchiveReadAhead(stream, pieceSize: 5)
        #expect(try pieces.next()?.reminders.count == 5)
        pieces.stop()
        let readsAtStop = reads.count.withLock { $0 }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(reads.count.withLock { $0 } == readsAtStop, "no read after stop()")
        #expect(try pieces.next() == nil)
        pieces.stop()
    }
}
