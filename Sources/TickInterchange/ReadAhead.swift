import Dispatch

/// The pieces a reader gives, each read on another thread while the caller saves the one
/// before: an import then uses two cores (a Tick archive's or an iCalendar file's reading
/// beside the saving).
///
/// Memory holds two pieces, the one given and the one read ahead. What reading throws is
/// thrown by `next()` in the order the reader gives it: the pieces before an error come
/// first. Once `next()` has given nil or thrown, it gives nil.
///
/// `@unchecked Sendable`: `read` and `ahead` are touched by one thread at a time. The
/// reading thread runs them between `group.enter()` and `group.leave()`; the caller's
/// thread reads `ahead` and starts the next read only after `group.wait()` returns, which
/// orders the reading thread's writes before it.
public final class ReadAhead<Piece>: @unchecked Sendable {
    private let read: () throws -> Piece?
    private let group = DispatchGroup()
    private var ahead: Result<Piece?, any Error> = .success(nil)
    private var isReading = false
    private var isOver = false

    /// Starts reading the first piece.
    /// - Parameter read: the next piece, nil after the last; called on other threads, one
    ///   call at a time, never after `stop()` returns.
    public init(_ read: @escaping () throws -> Piece?) {
        self.read = read
        readAhead()
    }

    /// The piece read ahead, once it is read; the read of the one after it starts before
    /// this returns.
    /// - Returns: nil after the last piece.
    /// - Throws: what `read` threw.
    public func next() throws -> Piece? {
        guard !isOver else { return nil }
        group.wait()
        isReading = false
        let piece = ahead
        ahead = .success(nil)
        if case .success(.some) = piece { readAhead() } else { isOver = true }
        return try piece.get()
    }

    /// Waits for the read in flight, if any; `next()` then gives nil. `read` is not called
    /// after this returns: an import that stopped early (an error in a piece it saved)
    /// leaves no thread reading its input.
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
            ahead = Result { try read() }
            group.leave()
        }
    }
}
