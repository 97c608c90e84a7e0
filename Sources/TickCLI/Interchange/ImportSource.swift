import Foundation

/// Reads what `tick import` is given: a regular file, standard input (`-`), a pipe, a
/// FIFO, a process substitution (`<(…)`, a `/dev/fd/N` path), `/dev/stdin`, a character
/// device: anything `open(2)` and `read(2)` accept.
///
/// The bytes are read until end of file, never sized beforehand (a pipe reports a size of
/// 0 and cannot be mapped), and a failure names its real cause, the `strerror(3)` text of
/// the `errno` that `open(2)` or `read(2)` set ("No such file or directory", "Permission
/// denied", "Is a directory"), so no cause is guessed.
enum ImportSource {
    /// The bytes at `path`, or of standard input when `path` is `-`.
    ///
    /// - Returns: everything up to end of file (possibly nothing).
    /// - Throws: `CommandError.runtime` with `strerror(errno)` (no path: the caller says
    ///   which file it was).
    /// - Complexity: O(n) in the bytes read; 64 KiB is read at a time.
    static func read(_ path: String) throws(CommandError) -> Data {
        if path == "-" { return try readToEnd(STDIN_FILENO) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandError.runtime(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return try readToEnd(descriptor)
    }

    private static func readToEnd(_ descriptor: Int32) throws(CommandError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                // EINTR: a signal arrived before any byte did; the read is simply retried.
                throw CommandError.runtime(String(cString: strerror(errno)))
            }
        }
    }
}
