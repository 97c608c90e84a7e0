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
    /// not in file order, two VCALENDARs naming one list, a calendar named by
    /// `X-WR-CALNAME` after one named by the file, calendar properties or a kept VTIMEZONE
    /// after a calendar's first VTODO, a VTODO outside any VCALENDAR.
    /// Also any error: the whole read gives the one it gives first. (And read from pieces
    /// of the file: a NUL byte, no line feed in its first MiB.)
    public struct NeedsWholeFile: Error, CustomStringConvertible, Sendable {
        /// What in the file needs the whole of it.
        public let reason: String
        /// Whether it was an error (which the whole read says as it says it).
        public var isError = false
        public var description: String { "the file must be read whole: " + reason }
    }

    private var state: ICalendarReadState
    private let lines: ICalendarLineSource
    /// What the file gave besides reminders, once it is read to its end.
    private var end: ImportBatch?
    /// What reading the file's pieces threw (`init(reader:source:chunks:)`), thrown by `next`.
    private let readFailure: ReadFailure

    /// The error of a piece of the file that could not be read, kept for `next(upTo:)`.
    private final class ReadFailure {
        var error: (any Error)?
    }

    init(reader: ICalendarReader, data: Data, source: String?) throws(InterchangeError) {
        state = try ICalendarReadState(reader: reader, source: source, streams: true)
        lines = try ICalendarLineSource(data, source: source)
        readFailure = ReadFailure()
    }

    init(reader: ICalendarReader, source: String?, chunks: @escaping () throws -> [UInt8]?) throws(InterchangeError) {
        let failure = ReadFailure()
        state = try ICalendarReadState(reader: reader, source: source, streams: true)
        // A piece that cannot be read ends the file here; `next(upTo:)` then throws its error.
        lines = try ICalendarLineSource(source: source) {
            guard failure.error == nil else { return nil }
            do {
                return try chunks()
            } catch {
                failure.error = error
                return nil
            }
        }
        readFailure = failure
    }

    /// How many bytes of the file were read so far.
    public var bytesRead: Int { lines.bytesRead }

    /// What was skipped (`VEVENT` …) and the warnings of the whole file, in the form
    /// `ICalendarReader.read` gives them, once `next(upTo:)` gave nil; nil before.
    public var remainder: ImportBatch? { end }

    /// Throws what reading a piece of the file threw, or `NeedsWholeFile` for what the line
    /// source cannot read as the whole read does.
    private func checkLines() throws {
        if let error = readFailure.error { throw error }
        if lines.needsWholeFile { throw NeedsWholeFile(reason: "a NUL byte, or no line feed in the first MiB") }
    }

    /// The next reminders, at most `count` (at least 1), with the lists that first hold
    /// one of them; nil after the last.
    /// - Throws: `InterchangeError` as `ICalendarReader.read` does (for the first bad line
    ///   read so far), or `NeedsWholeFile`.
    public func next(upTo count: Int) throws -> ImportBatch? {
        precondition(count > 0, "at least one reminder a piece")
        while state.readyCount < count, end == nil {
            do {
                let line = try lines.next()
                try checkLines()
                if let line {
                    try state.consume(line)
                } else {
                    end = try state.finish()
                }
            } catch let error as InterchangeError {
                // The whole read may name another error first: a NUL byte wherever it is, or
                // one of a line further on (its VTODOs are read in bigger batches; a tester).
                try checkLines()
                throw NeedsWholeFile(reason: "an error, which the whole read says as it says it: " + error.description, isError: true)
            }
            if let reason = state.streamRefusal { throw NeedsWholeFile(reason: reason) }
        }
        guard state.readyCount > 0 else { return nil }
        let (lists, reminders) = state.takeReady(count)
        return ImportBatch(lists: lists, reminders: reminders)
    }
}
