/// Where Tick's byte writers append their output: a `[UInt8]`, or a `ByteBuffer` when the
/// appends are many and small (an export of 100,000 reminders makes about 40 a reminder,
/// and `Array.append(contentsOf:)` costs some 70 instructions a call before its copy).
///
/// The writers shared by both (JSON string literals, ISO 8601 dates and times) are generic
/// over it and `@inlinable`, so that each caller gets them specialized for its sink.
public protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends `bytes`, in order.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension ByteSink where Self: ~Copyable {
    /// Appends the UTF-8 of `text` (static text: no `String` to walk).
    @inlinable
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }
}

/// A growable run of bytes in memory of its own, appended to by pointer: one capacity check
/// and one copy an append (`ByteSink`). Not copyable: the memory is freed with it.
///
/// Growth doubles the capacity (amortized O(1) an appended byte).
public struct ByteBuffer: ~Copyable, ByteSink {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var used: Int
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes (at least 16).
    public init(capacity: Int = 4_096) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        used = 0
    }

    deinit {
        start.deallocate()
    }

    /// The number of bytes appended (and not removed).
    @inlinable
    public var count: Int { used }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(toAtLeast: used + 1) }
        start[used] = byte
        used += 1
    }

    @inlinable @inline(__always)
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let added = bytes.count
        if added > capacity - used { grow(toAtLeast: used + added) }
        let target = UnsafeMutableRawPointer(start + used)
        let from = UnsafeRawPointer(source)
        // Most appends are a few bytes (a key, a date, a short title): two overlapping
        // words copy them without a call to memcpy, which costs more than the copy.
        if added >= 8 && added <= 16 {
            let first = from.loadUnaligned(as: UInt64.self)
            let last = from.loadUnaligned(fromByteOffset: added - 8, as: UInt64.self)
            target.storeBytes(of: first, as: UInt64.self)
            target.storeBytes(of: last, toByteOffset: added - 8, as: UInt64.self)
        } else if added >= 4 && added < 8 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: added - 4, as: UInt32.self)
            target.storeBytes(of: first, as: UInt32.self)
            target.storeBytes(of: last, toByteOffset: added - 4, as: UInt32.self)
        } else if added < 4 {
            for index in 0..<added { target.storeBytes(of: from.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self) }
        } else {
            target.copyMemory(from: from, byteCount: added)
        }
        used += added
    }

    /// Appends `bytes`.
    @inlinable
    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// Makes room for at least `needed` bytes: twice the capacity, or `needed` if more.
    @usableFromInline
    mutating func grow(toAtLeast needed: Int) {
        let larger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: start, count: used)
        start.deallocate()
        start = moved
        capacity = larger
    }

    /// Forgets every byte, keeping the memory.
    public mutating func removeAll() {
        used = 0
    }

    /// Calls `body` with the bytes appended so far (valid only during the call).
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: start, count: used))
    }

    /// A copy of the bytes appended so far.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: used))
    }
}
