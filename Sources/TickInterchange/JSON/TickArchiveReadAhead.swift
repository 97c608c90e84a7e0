import Dispatch

/// The pieces of a `TickArchiveStream`, each read on another thread while the caller saves
/// the one before: a restore then uses two cores (reading a piece of 5,000 reminders costs
/// about a sixth of saving it, and was done in between).
///
/// Memory holds two pieces, the one given and the one read ahead. What reading throws is
/// thrown by `next()` in the order the archive gives it: the pieces before an error come
/// first. Once `next()` has given nil or thrown, it gives nil.
///
/// `@unchecked Sendable`: the stream and `ahead` are touched by one thread at a time. The
/// reading thread writes them between `group.enter()` and `group.leave()`; the caller's
/// thread reads and starts the next read only after `group.wait()` returns, which orders
/// the reading thread's writes before it.
public final class TickArchiveReadAhead: @unchecked Sendable {
    /// A piece of the archive and how far it had been read when the piece was.
    public struct Piece: Sendable {
        /// The next reminders, at most `pieceSize`, in the archive's order.
        public var reminders: [ImportedReminder]
        /// `TickArchiveStream.bytesRead` after them.
        public var bytesRead: Int
    }

    private var stream: TickArchiveStream
    private let pieceSize: Int
    private let group = DispatchGroup()
    private var ahead: Result<Piece?, any Error> = .success(nil)
    private var isReading = false
    private var isOver = false

    /// Starts reading the piece after those `stream` has given.
    /// - Parameters:
    ///   - stream: an archive whose `start()` has been called (and perhaps `next(upTo:)`);
    ///     it is read only here from now on.
    ///   - pieceSize: the most reminders a piece holds (at least 1).
    public init(_ stream: TickArchiveStream, pieceSize: Int) {
        precondition(pieceSize > 0, "at least one reminder a piece")
        self.stream = stream
        self.pieceSize = pieceSize
        readAhead()
    }

    /// The piece read ahead, once it is read; the read of the one after it starts before
    /// this returns.
    /// - Returns: nil after the last piece.
    /// - Throws: what `TickArchiveStream.next(upTo:)` throws.
    public func next() throws -> Piece? {
        guard !isOver else { return nil }
        group.wait()
        isReading = false
        let piece = ahead
        if case .success(.some) = piece { readAhead() } else { isOver = true }
        return try piece.get()
    }

    /// Waits for the read in flight, if any; `next()` then gives nil. The stream is not read
    /// after this returns: an import that stopped early (an error in a piece it saved) leaves no
    /// thread reading its input.
    public func stop() {
        if isReading {
            group.wait()
            isReading = false
        }
        isOver = true
    }

    private func readAhead() {
        precondition(!isReading, "one read at a time")
        isReading = true
        group.enter()
        DispatchQueue.global().async { [self] in
            ahead = Result { try stream.next(upTo: pieceSize).map { Piece(reminders: $0, bytesRead: stream.bytesRead) } }
            group.leave()
        }
    }
}
