import Foundation

/// Where a command writes: standard output or error, or a buffer in tests.
public protocol OutputSink: AnyObject {
    /// Writes `text` as UTF-8, unchanged.
    func write(_ text: String)
    /// Writes `bytes` (UTF-8 text) unchanged: a long listing built in one buffer.
    func write(bytes: [UInt8])
    /// Writes `bytes` (UTF-8 text) unchanged, from memory the caller owns: an export's chunks.
    func write(borrowing bytes: UnsafeBufferPointer<UInt8>)
    /// Writes out what is buffered (a long-running command's lines must not wait).
    func flush()
}

extension OutputSink {
    /// Nothing is buffered by default.
    public func flush() {}

    /// Writes the bytes as a `String` by default.
    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Writes a copy of the bytes by default.
    public func write(borrowing bytes: UnsafeBufferPointer<UInt8>) { write(bytes: Array(bytes)) }
}

/// Collects everything written, for tests and for the executable to flush at once.
public final class BufferedOutput: OutputSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
}

/// Writes to a file descriptor through a buffer, flushing when it is large and on `flush()`.
public final class FileDescriptorOutput: OutputSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write (a full disk, an I/O error), nil while every
    /// write succeeded. A closed pipe (EPIPE) is not a failure: the reader left.
    public private(set) var failure: Int32?

    /// - Parameter descriptor: an open file descriptor (1 for standard output, 2 for error).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(64 * 1024)
    }

    deinit { flush() }

    public func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 64 * 1024 { flush() }
    }

    /// Writes what is buffered, then `bytes` straight from the caller's array (one
    /// write(2) for a whole listing, without copying it into the buffer).
    public func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(borrowing: $0) }
    }

    /// `write(bytes:)` from the caller's memory: a large run in one write(2), not copied.
    public func write(borrowing bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        guard bytes.count >= 64 * 1024 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 64 * 1024 { flush() }
            return
        }
        flush()
        write(all: bytes)
    }

    /// Writes what is buffered. A closed pipe (EPIPE) drops the rest silently, as `cat` does.
    public func flush() {
        buffer.withUnsafeBufferPointer { write(all: $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte of `bytes`, retrying short and interrupted writes.
    private func write(all bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno != EPIPE, failure == nil { failure = errno }
                break
            }
            offset += written
        }
    }
}
