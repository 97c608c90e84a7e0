import Foundation

/// An iCalendar file read a piece at a time (`ICalendarReader.pieces(_:source:)`): the
/// reminders of its VTODOs handed out in file order as they are read, each calendar's
/// list before its first reminder, so that an import saves them as it reads and memory
/// holds a piece, not the file's reminders.
///
/// It gives what `ICalendarReader.read(_:source:)` gives, the same lists and reminders in
/// the same order with the same warnings, for the files where reading on cannot change
/// what was handed out. When the file turns out to need the whole of it (see
/// `NeedsWholeFile`), `next(upTo:)` throws that, and the caller reads it whole.
///
/// Not Sendable: one thread at a time (`ReadAhead` hands it from one to the next).
public final class ICalendarPieces {
    /// Says that the file must be read whole (`ICalendarReader.read`), and why: two VTODOs
    /// with one UID (versions are weighed), a changed occurrence (`RECURRENCE-ID`: its
    /// series may be anywhere), a `TZID` no zone read so far defines, `X-APPLE-SORT-ORDER`
    /// not in file order, two VCALENDARs naming one list, calendar properties or a kept
    /// VTIMEZONE after a calendar's first VTODO, a VTODO outside any VCALENDAR.
    public struct NeedsWholeFile: Error, CustomStringConvertible, Sendable {
        /// What in the file needs the whole of it.
        public let reason: String
        public var description: String { "the file must be read whole: " + reason }
    }

    private var state: ICalendarReadState
    private let lines: ICalendarLineSource
    /// What the file gave besides reminders, once it is read to its end.
    private var end: ImportBatch?

    init(reader: ICalendarReader, data: Data, source: String?) throws(InterchangeError) {
        state = try ICalendarReadState(reader: reader, source: source, streams: true)
        lines = try ICalendarLineSource(data, source: source)
    }

    /// How many bytes of the file were read so far.
    public var bytesRead: Int { lines.bytesRead }

    /// What was skipped (`VEVENT` …) and the warnings of the whole file, in the form
    /// `ICalendarReader.read` gives them, once `next(upTo:)` gave nil; nil before.
    public var remainder: ImportBatch? { end }

    /// The next reminders, at most `count` (at least 1), with the lists that first hold
    /// one of them; nil after the last.
    /// - Throws: `InterchangeError` as `ICalendarReader.read` does (for the first bad line
    ///   read so far), or `NeedsWholeFile`.
    public func next(upTo count: Int) throws -> ImportBatch? {
        precondition(count > 0, "at least one reminder a piece")
        while state.readyCount < count, end == nil {
            if let line = try lines.next() {
                try state.consume(line)
            } else {
                end = try state.finish()
            }
            if let reason = state.streamRefusal { throw NeedsWholeFile(reason: reason) }
        }
        guard state.readyCount > 0 else { return nil }
        let (lists, reminders) = state.takeReady(count)
        return ImportBatch(lists: lists, reminders: reminders)
    }
}
