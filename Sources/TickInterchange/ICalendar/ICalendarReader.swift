import CICal
import Foundation
import TickModel

/// Reads iCalendar files (RFC 5545) into an `ImportBatch`: one list per VCALENDAR and
/// one reminder per VTODO, through libical.
///
/// libical unfolds and parses every line (`icalparser_get_line`, `icalparser_add_line`);
/// Tick only follows `BEGIN`/`END` to hand libical one component at a time, so a file of
/// 100,000 VTODOs never becomes one libical tree, and every error has its line.
///
/// - Lists: one per VCALENDAR, named by `X-WR-CALNAME`, else the file name without its
///   extension (VCALENDARs with the same name share a list); colored by
///   `X-APPLE-CALENDAR-COLOR`, else RFC 7986 `COLOR` (a hex color or a palette name).
///   Other calendar properties, and VTIMEZONEs whose `TZID` Foundation does not know,
///   are kept in the list's `iCalendarExtras`. A bare VTODO (no VCALENDAR) goes to the
///   list named after the file.
/// - Reminders: see `VTodoMapping` for the fields and `VTodoRecord` for what is kept
///   verbatim. Reminders of a list come in `X-APPLE-SORT-ORDER` order (those without it
///   keep their places). A VTODO with a `RECURRENCE-ID` (one changed occurrence of a
///   recurring to-do, RFC 5545 §3.8.4.4) is kept whole, verbatim, in the extras of the
///   VTODO with the same `UID` and no `RECURRENCE-ID`, in whichever VCALENDAR of the file
///   it is (the writer puts it back after it); without one in the file it comes out
///   marked (`ImportedReminder.occurrence`), for the importer to attach to the stored
///   series. Versions of one component with the same `UID` are weighed, never taken by
///   file order (`ICalendarResults`). A VTODO without `UID` gets a UID made from its
///   lines (`StableUID`), the same on every import.
/// - Skipped, with a count: VEVENT, VJOURNAL, VFREEBUSY and other components.
/// - Refused (`InterchangeError` with the line, nothing imported): bytes that are not
///   UTF-8, `END` that does not match its `BEGIN`, text outside any component, a file
///   that ends inside a component, a file with no component, a date outside the years
///   Tick holds (`VTodoReader.outOfRangeDate`).
/// - Warnings (import goes on): a line libical cannot read (the property is ignored,
///   except an empty value, which is silently the same as none, and kept when it is
///   text), a line without `:`, a line that breaks RFC 5545 §3.1 (repaired or ignored,
///   `ICalendarLineSyntax`), a second copy of a property allowed once, a component
///   nested in a VTODO, a `TZID` read as UTC or through the Windows zone table.
public struct ICalendarReader: Sendable {
    /// The import time: `createdAt` and `completedAt` of VTODOs that give no date.
    public var now: Date
    /// The list for VTODOs of a VCALENDAR without `X-WR-CALNAME`; nil for the caller's
    /// default list (reading standard input).
    public var fileListName: String?
    /// How many threads may read VTODOs at once (libical parses each on its own parser;
    /// the result does not depend on the number).
    public var workerCount: Int

    /// Creates a reader.
    /// - Parameters:
    ///   - now: the import time.
    ///   - fileListName: the file name without extension, or nil.
    ///   - workerCount: threads for reading VTODOs (1 reads on the calling thread only).
    public init(now: Date, fileListName: String?, workerCount: Int = 1) {
        self.now = now
        self.fileListName = fileListName
        self.workerCount = max(1, workerCount)
    }

    /// Reads a whole file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8; CRLF, LF or CR line ends).
    ///   - source: the file name for messages.
    /// - Returns: the lists and reminders, what was skipped, and warnings (each starting
    ///   with the line, like `line 12: …`).
    /// - Throws: `InterchangeError` for the first line that makes the file unreadable.
    /// - Complexity: O(n) in the size of the file; memory holds one component at a time
    ///   besides the reminders read so far.
    public func read(_ data: Data, source: String?) throws(InterchangeError) -> ImportBatch {
        var state = try ICalendarReadState(reader: self, source: source, expectedTodos: ICalendarReader.countOfTodos(in: data))
        let lines = try ICalendarLineSource(data, source: source)
        while let line = try lines.next() {
            try state.consume(line)
        }
        return try state.finish()
    }

    /// Reads a file a piece at a time, for an import that saves as it reads: the same
    /// lists and reminders as `read(_:source:)`, in pieces, unless the file needs to be
    /// read whole (`ICalendarPieces.NeedsWholeFile`).
    /// - Throws: `InterchangeError` for UTF-16 text or a NUL byte, or when libical cannot
    ///   be loaded.
    public func pieces(_ data: Data, source: String?) throws(InterchangeError) -> ICalendarPieces {
        try ICalendarPieces(reader: self, data: data, source: source)
    }

    /// `pieces(_:source:)` of a file given a piece at a time by `chunks` (nil at its end),
    /// so that only the lines not yet read are held. What `chunks` throws is thrown by
    /// `ICalendarPieces.next(upTo:)`.
    /// - Throws: `InterchangeError` for UTF-16 text, or when libical cannot be loaded.
    public func pieces(source: String?, chunks: @escaping () throws -> [UInt8]?) throws(InterchangeError) -> ICalendarPieces {
        try ICalendarPieces(reader: self, source: source, chunks: chunks)
    }

    /// How many lines of `data` begin with `BEGIN:VTODO` (as most files spell it; a hint).
    /// - Complexity: O(n) in the size of `data` (`memchr` from line to line).
    static func countOfTodos(in data: Data) -> Int {
        let begin = Array("BEGIN:VTODO".utf8)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var count = 0
            var offset = 0
            while offset < bytes.count {
                if bytes.count - offset >= begin.count, memcmp(base + offset, begin, begin.count) == 0 { count += 1 }
                guard let newline = memchr(base + offset, 0x0A, bytes.count - offset) else { break }
                offset = UnsafeRawPointer(newline) - base + 1
            }
            return count
        }
    }
}
