/// The pieces of a `TickArchiveStream`, each read on another thread while the caller saves
/// the one before (`ReadAhead`): a restore then uses two cores (reading a piece of 5,000
/// reminders costs about a sixth of saving it, and was done in between).
public final class TickArchiveReadAhead: Sendable {
    /// A piece of the archive and how far it had been read when the piece was.
    public struct Piece: Sendable {
        /// The next reminders, at most `pieceSize`, in the archive's order.
        public var reminders: [ImportedReminder]
        /// `TickArchiveStream.bytesRead` after them.
        public var bytesRead: Int
    }

    private let pieces: ReadAhead<Piece>

    /// Starts reading the piece after those `stream` has given.
    /// - Parameters:
    ///   - stream: an archive whose `start()` has been called (and perhaps `next(upTo:)`);
    ///     it is read only here from now on.
    ///   - pieceSize: the most reminders a piece holds (at least 1).
    public init(_ stream: TickArchiveStream, pieceSize: Int) {
        precondition(pieceSize > 0, "at least one reminder a piece")
        var stream = stream
        pieces = ReadAhead { try stream.next(upTo: pieceSize).map { Piece(reminders: $0, bytesRead: stream.bytesRead) } }
    }

    /// The piece read ahead (`ReadAhead.next()`).
    /// - Throws: what `TickArchiveStream.next(upTo:)` throws.
    public func next() throws -> Piece? { try pieces.next() }

    /// Stops reading (`ReadAhead.stop()`).
    public func stop() { pieces.stop() }
}
