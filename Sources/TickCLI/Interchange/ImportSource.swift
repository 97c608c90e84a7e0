import Foundation

/// What `tick import` reads, a piece at a time: a regular file, standard input (`-`), a
/// pipe, a FIFO, a process substitution (`<(…)`, a `/dev/fd/N` path), `/dev/stdin`, a
/// character device: anything `open(2)` and `read(2)` accept; or bytes already in memory
/// (tests).
///
/// The bytes are read until end of file, never sized beforehand (a pipe reports a size of
/// 0 and cannot be mapped), and a failure names its real cause, the `strerror(3)` text of
/// the `errno` that `open(2)` or `read(2)` set ("No such file or directory", "Permission
/// denied", "Is a directory"), so no cause is guessed.
///
/// Not Sendable: one command reads it on one thread.
public final class ImportSource {
    /// The file read, or nil for bytes in memory; closed at the end or on `deinit`.
    private var descriptor: Int32?
    private let ownsDescriptor: Bool
    /// The bytes in memory not yet handed out.
    private var data: Data
    /// All the bytes in memory, for `rewind()`.
    private let allData: Data
    private let pieceSize: Int
    /// Bytes read ahead by `peek(_:)`, handed out first.
    private var readAhead: [UInt8] = []
    /// The size of the whole input when it is known beforehand (a regular file, bytes in
    /// memory), for the time left of a long import; nil for a pipe or a terminal.
    public private(set) var byteCount: Int?

    /// The bytes at `path`, or of standard input when `path` is `-`, read 1 MiB at a time.
    /// - Throws: `CommandError.runtime` with `strerror(errno)` (no path: the caller says
    ///   which file it was).
    public init(path: String) throws(CommandError) {
        data = Data()
        allData = Data()
        pieceSize = 1 << 20
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw CommandError.runtime(String(cString: strerror(errno))) }
        descriptor = opened
        ownsDescriptor = true
        var status = stat()
        if fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG { byteCount = Int(status.st_size) }
    }

    /// `data`, handed out `pieceSize` bytes at a time.
    public init(data: Data, pieceSize: Int = 1 << 20) {
        precondition(pieceSize > 0, "a piece holds at least one byte")
        self.data = data
        allData = data
        self.pieceSize = pieceSize
        byteCount = data.count
        descriptor = nil
        ownsDescriptor = false
    }

    deinit { close() }

    private func close() {
        if let descriptor, ownsDescriptor { Glibc.close(descriptor) }
        descriptor = nil
    }

    /// The next bytes, up to the piece size (or what `peek(_:)` read ahead); nil at end of file.
    /// - Throws: `CommandError.runtime` with `strerror(errno)`.
    public func next() throws(CommandError) -> [UInt8]? {
        if !readAhead.isEmpty {
            defer { readAhead = [] }
            return readAhead
        }
        return try nextPiece()
    }

    /// The first `count` bytes not yet read (fewer at end of file), which `next()` still gives.
    /// - Throws: `CommandError.runtime` with `strerror(errno)`.
    public func peek(_ count: Int) throws(CommandError) -> Data {
        while readAhead.count < count, let piece = try nextPiece() { readAhead.append(contentsOf: piece) }
        return Data(readAhead.prefix(count))
    }

    private func nextPiece() throws(CommandError) -> [UInt8]? {
        guard let descriptor else {
            guard !data.isEmpty else { return nil }
            let piece = [UInt8](data.prefix(pieceSize))
            data.removeFirst(piece.count)
            return piece
        }
        var piece = [UInt8](repeating: 0, count: pieceSize)
        while true {
            let count = piece.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                piece.removeSubrange(count...)
                return piece
            } else if count == 0 {
                // A regular file stays open for `rewind()`.
                if byteCount == nil { close() }
                return nil
            } else if errno != EINTR {
                // EINTR: a signal arrived before any byte did; the read is simply retried.
                throw CommandError.runtime(String(cString: strerror(errno)))
            }
        }
    }

    /// Goes back to the first byte of a regular file (the one opened, even if its path now
    /// names another file or none) or of the bytes in memory, to read them again.
    /// - Throws: `CommandError.runtime` with `strerror(errno)`; for standard input, a pipe or
    ///   a terminal, which cannot be read again.
    public func rewind() throws(CommandError) {
        // Only a regular file or bytes in memory have a size; a regular file stays open.
        guard byteCount != nil else { throw CommandError.runtime("the input cannot be read again") }
        readAhead = []
        guard let descriptor else {
            data = allData
            return
        }
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw CommandError.runtime(String(cString: strerror(errno))) }
    }

    /// Everything not yet read, up to end of file (possibly nothing).
    /// - Throws: `CommandError.runtime` with `strerror(errno)`.
    /// - Complexity: O(n) in the bytes read.
    public func readToEnd() throws(CommandError) -> Data {
        var all = Data()
        while let piece = try next() { all.append(contentsOf: piece) }
        return all
    }
}
