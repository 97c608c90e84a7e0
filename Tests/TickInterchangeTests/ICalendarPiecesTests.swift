import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// `ICalendarPieces`: an iCalendar file read a piece at a time gives what the whole read
/// gives (lists, reminders, warnings, skipped components, losses), in pieces that bring
/// each list before its first reminder, or says that the file must be read whole.
@Suite("An iCalendar file read in pieces")
struct ICalendarPiecesTests {
    /// What a read in pieces of `size` gave, put together, or why it stopped.
    enum Outcome {
        case read(pieces: [ImportBatch], end: ImportBatch)
        case needsWholeFile(String)
    }

    /// `text` read in pieces of `size` reminders, from its bytes in memory, or given
    /// `chunkSize` bytes at a time.
    static func readInPieces(_ text: String, name: String = "test.ics", size: Int, workers: Int = 1,
                             chunkSize: Int? = nil) throws -> Outcome {
        let stem = (name as NSString).deletingPathExtension
        let calendars = ICalendarReader(now: ICalendarFixture.now, fileListName: stem, workerCount: workers)
        let reader: ICalendarPieces
        if let chunkSize {
            var bytes = Array(text.utf8)[...]
            reader = try calendars.pieces(source: name) {
                guard !bytes.isEmpty else { return nil }
                defer { bytes = bytes.dropFirst(chunkSize) }
                return Array(bytes.prefix(chunkSize))
            }
        } else {
            reader = try calendars.pieces(Data(text.utf8), source: name)
        }
        var pieces: [ImportBatch] = []
        do {
            while let piece = try reader.next(upTo: size) { pieces.append(piece) }
        } catch let whole as ICalendarPieces.NeedsWholeFile {
            return .needsWholeFile(whole.reason)
        }
        return .read(pieces: pieces, end: try #require(reader.remainder))
    }

    /// A list as a file describes it (its id is new at every read).
    static func described(_ list: ReminderList) -> [String] {
        [list.name, list.color.hex, list.iCalendarExtras]
    }

    /// Reads `text` whole and in pieces of `size`; when the pieces read to the end, checks
    /// that they give the whole read's lists, reminders and the rest, each list in the piece
    /// of its first reminder. Returns why the file needed to be read whole, or nil.
    @discardableResult
    static func expectSameAsWhole(_ text: String, name: String = "test.ics", size: Int, chunkSize: Int? = nil,
                                  sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let whole = try ICalendarFixture.read(text, name: name)
        switch try readInPieces(text, name: name, size: size, chunkSize: chunkSize) {
        case .needsWholeFile(let reason):
            return reason
        case .read(let pieces, let end):
            #expect(pieces.allSatisfy { !$0.reminders.isEmpty && $0.reminders.count <= size }, sourceLocation: sourceLocation)
            #expect(pieces.dropLast().allSatisfy { $0.reminders.count == size }, sourceLocation: sourceLocation)
            #expect(pieces.flatMap(\.reminders) == whole.reminders, sourceLocation: sourceLocation)
            #expect(pieces.flatMap(\.lists).map(described) == whole.lists.map(described), sourceLocation: sourceLocation)
            for piece in pieces {
                for list in piece.lists {
                    #expect(piece.reminders.contains { $0.listName == list.name }, "\(list.name) came before its reminders",
                            sourceLocation: sourceLocation)
                }
            }
            #expect(end.warnings == whole.warnings, sourceLocation: sourceLocation)
            #expect(end.losses == whole.losses, sourceLocation: sourceLocation)
            #expect(end.skipped.map(\.what) == whole.skipped.map(\.what), sourceLocation: sourceLocation)
            #expect(end.skipped.map(\.count) == whole.skipped.map(\.count), sourceLocation: sourceLocation)
            #expect(end.reminders.isEmpty && end.lists.isEmpty, sourceLocation: sourceLocation)
            return nil
        }
    }

    static func todo(_ uid: String, _ lines: [String] = []) -> [String] {
        ["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Reminder \(uid)"] + lines + ["END:VTODO"]
    }

    /// Calendars of `count` to-dos each, named `Home`, `Work` …, with sort orders in file
    /// order, a skipped VEVENT, a line libical cannot read and a to-do without UID in each.
    static func calendars(_ count: Int, names: [String] = ["Home", "Work", "Errands"]) -> String {
        names.enumerated().map { index, name in
            var lines: [String] = []
            for number in 0..<count {
                lines += todo("\(name)-\(number)", ["X-APPLE-SORT-ORDER:\(number * 1024)", "DUE;VALUE=DATE:2026120\(number % 9 + 1)"])
            }
            lines += ["BEGIN:VEVENT", "UID:event-\(index)", "DTSTART:20261201T090000Z", "END:VEVENT"]
            lines += ["BEGIN:VTODO", "SUMMARY:No UID in \(name)", "PRIORITY:high", "END:VTODO"]
            return ICalendarFixture.calendar(lines, header: ["X-WR-CALNAME:\(name)", "X-APPLE-CALENDAR-COLOR:#34C759", "X-WR-CALDESC:\(name) things"])
        }.joined()
    }

    @Test("calendars read in pieces of 1, 7, 64 and 5,000 give the whole read's lists, reminders, warnings and skipped")
    func sameAsWhole() throws {
        let text = Self.calendars(150)
        for size in [1, 7, 64, 5_000] {
            #expect(try Self.expectSameAsWhole(text, size: size) == nil)
        }
        // Its bytes given 1, 2, 5 and 4,096 at a time (line ends, folds and characters cut).
        for chunkSize in [1, 2, 5, 4_096] {
            #expect(try Self.expectSameAsWhole(text, size: 64, chunkSize: chunkSize) == nil)
        }
    }

    @Test("the same on four threads, with VTIMEZONEs Foundation knows before the to-dos, and a calendar without a name")
    func threadsAndZones() throws {
        let zone = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                    "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "END:VTIMEZONE"]
        var lines = zone
        for number in 0..<700 { lines += Self.todo("z\(number)", ["DUE;TZID=Europe/Berlin:20261203T090000"]) }
        let text = Self.calendars(300, names: ["First"]) + ICalendarFixture.calendar(lines)
        #expect(try Self.expectSameAsWhole(text, size: 333) == nil)
        guard case .read(let pieces, _) = try Self.readInPieces(text, size: 333, workers: 4) else {
            Issue.record("read whole on four threads")
            return
        }
        #expect(pieces.flatMap(\.reminders) == (try ICalendarFixture.read(text)).reminders)
        #expect(pieces.flatMap(\.lists).map(\.name) == ["First", "test"])
    }

    /// More VTODOs than a batch read at once (`ICalendarCalendar.streamingJobBatchSize`).
    static let manyTodos = (0..<ICalendarCalendar.streamingJobBatchSize + 10).flatMap { todo("many-\($0)") }

    @Test("what only the whole file settles makes it read whole, with the reason", arguments: [
        ("the UID a is given twice", ICalendarFixture.calendar(todo("a") + todo("b") + todo("a", ["SEQUENCE:2"]))),
        ("a changed occurrence (RECURRENCE-ID)",
         ICalendarFixture.calendar(todo("a", ["DUE:20261201T090000Z", "RRULE:FREQ=DAILY"])
                                   + todo("a", ["RECURRENCE-ID:20261202T090000Z", "DUE:20261202T100000Z"]))),
        // VTODOs are read a batch at a time: a zone or a property later in the batch is in time.
        ("a TZID defined later in the file", ICalendarFixture.calendar(todo("a", ["DUE;TZID=Mars/Olympus:20261201T090000"]) + manyTodos
            + ["BEGIN:VTIMEZONE", "TZID:Mars/Olympus", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0300",
               "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE"])),
        ("X-APPLE-SORT-ORDER not in file order",
         ICalendarFixture.calendar(todo("a", ["X-APPLE-SORT-ORDER:2048"]) + todo("b") + todo("c", ["X-APPLE-SORT-ORDER:1024"]))),
        ("a VCALENDAR named by X-WR-CALNAME after one named by the file",
         ICalendarFixture.calendar(todo("a")) + ICalendarFixture.calendar(todo("b"), header: ["X-WR-CALNAME:Home"])),
        ("two VCALENDARs name the list 'home'",
         ICalendarFixture.calendar(todo("a"), header: ["X-WR-CALNAME:Home"]) + ICalendarFixture.calendar(todo("b"), header: ["X-WR-CALNAME:home"])),
        ("calendar properties after its first VTODO", ICalendarFixture.calendar(todo("a") + manyTodos + ["X-WR-CALNAME:Late"])),
        ("a VTODO outside any VCALENDAR", (["BEGIN:VTODO", "UID:bare", "SUMMARY:Bare", "END:VTODO"]).joined(separator: "\r\n") + "\r\n"),
        ("a VTIMEZONE Tick keeps with its list",
         ICalendarFixture.calendar(["BEGIN:VTIMEZONE", "TZID:Mars/Olympus", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                                    "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE"]
                                   + todo("a", ["DUE;TZID=Mars/Olympus:20261201T090000"]))),
    ])
    func needsWholeFile(reason: String, text: String) throws {
        let given = try Self.expectSameAsWhole(text, size: 1)
        #expect(given == reason, "\(given ?? "read in pieces to the end")")
        // What the whole read makes of it is still read (these files import, read whole).
        #expect(!(try ICalendarFixture.read(text)).reminders.isEmpty)
    }

    @Test("a VTIMEZONE or X-WR-CALNAME after a to-do but within its batch is in time: read in pieces, as read whole")
    func laterInTheBatch() throws {
        let zone = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                    "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"]
        let text = ICalendarFixture.calendar(Self.todo("a", ["DUE;TZID=Europe/Berlin:20261201T090000"]) + zone + ["X-WR-CALNAME:Late"])
        #expect(try Self.expectSameAsWhole(text, size: 1) == nil)
        #expect(try ICalendarFixture.read(text).lists.map(\.name) == ["Late"])
    }

    @Test("lines given a few bytes at a time read as the whole file's: folds, CRLF, a byte order mark, a character cut, no last line end")
    func linesInChunks() throws {
        let folded = "BEGIN:VCALENDAR\r\nX-WR-CALNAME:집\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:a long title that is \r\n  folded 두부 and\n\tagain\r\n"
            + "DESCRIPTION:notes \r\n\r\n \r\nEND:VTODO\r\nEND:VCALENDAR"
        for text in [folded, "\u{FEFF}" + folded, folded + "\r\n\r\n"] {
            let whole = try ICalendarLineSource(Data(text.utf8), source: "t.ics")
            var expected: [ICalendarContentLine] = []
            while let line = try whole.next() { expected.append(line) }
            for chunkSize in [1, 2, 3, 7] {
                var bytes = Array(text.utf8)[...]
                let source = try ICalendarLineSource(source: "t.ics") {
                    guard !bytes.isEmpty else { return nil }
                    defer { bytes = bytes.dropFirst(chunkSize) }
                    return Array(bytes.prefix(chunkSize))
                }
                var lines: [ICalendarContentLine] = []
                while let line = try source.next() { lines.append(line) }
                #expect(lines.map(\.text) == expected.map(\.text))
                #expect(lines.map(\.lineNumber) == expected.map(\.lineNumber))
                #expect(source.bytesRead == Array(text.utf8).count - (text.hasPrefix("\u{FEFF}") ? 3 : 0))
                #expect(!source.needsWholeFile)
            }
        }
    }

    @Test("given in pieces, a NUL byte, or line ends that are CR alone, make the file read whole; the whole read says what it says")
    func chunksNeedingTheWholeFile() throws {
        let lines = Self.todo("a") + Self.todo("b")
        let nul = ICalendarFixture.calendar(lines).replacingOccurrences(of: "SUMMARY:Reminder b", with: "SUMMARY:Reminder \u{0}b")
        let crOnly = ICalendarFixture.calendar(lines).replacingOccurrences(of: "\r\n", with: "\r")
        let reason = "a NUL byte, or no line feed in the first MiB"
        guard case .needsWholeFile(reason) = try Self.readInPieces(nul, size: 1, chunkSize: 16) else {
            Issue.record("a NUL byte read in pieces")
            return
        }
        #expect(throws: InterchangeError.self) { try ICalendarFixture.read(nul) }
        #expect(try Self.expectSameAsWhole(crOnly + String(repeating: " ", count: 1 << 20), size: 1, chunkSize: 4_096) == reason)
        #expect(try ICalendarFixture.read(crOnly).reminders.count == 2)
        // A file whose end comes before its first line feed is read as the whole read reads it.
        #expect(try Self.expectSameAsWhole(crOnly, size: 1, chunkSize: 16) == nil)
    }

    @Test("an error is thrown at its line after the pieces read before it, as the whole read throws it")
    func errorAfterPieces() throws {
        let text = ICalendarFixture.calendar((0..<600).flatMap { Self.todo("e\($0)") } + ["BEGIN:VTODO", "UID:x", "END:VEVENT"])
        let expected = #expect(throws: InterchangeError.self) { try ICalendarFixture.read(text) }
        #expect(expected?.line == 3 + 600 * 4 + 3)
        let reader = try ICalendarReader(now: ICalendarFixture.now, fileListName: "test", workerCount: 1).pieces(Data(text.utf8), source: "test.ics")
        var count = 0
        // The whole read says the error it meets first (a tester: VTODOs read in smaller
        // batches met an error of an earlier line first): the pieces send the file there.
        let error = #expect(throws: ICalendarPieces.NeedsWholeFile.self) {
            while let piece = try reader.next(upTo: 100) { count += piece.reminders.count }
        }
        // VTODOs are read in batches (ICalendarCalendar.streamingJobBatchSize): some pieces came first.
        #expect(count > 0 && count < 600)
        #expect(error?.reason.hasSuffix(expected?.description ?? "-") == true, "\(String(describing: error))")
    }

    @Test("every corpus file reads in pieces as it reads whole, or is read whole for a reason", .enabled(if: Fixture.needsCorpus()),
          arguments: ICalendarCorpusTests.files)
    func corpus(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let text = try ICalendarCorpusTests.text(path)
        let reason = try Self.expectSameAsWhole(text, name: name, size: 1)
        // Files of changed occurrences, a VTODO outside any VCALENDAR or a zone Tick keeps are read whole.
        if let reason {
            #expect(["a changed occurrence (RECURRENCE-ID)", "a VTODO outside any VCALENDAR", ICalendarCalendar.keptZoneRefusal,
                     "a TZID defined later in the file"].contains(reason), "\(name): \(reason)")
        }
    }
}
