/// Random identifiers in the form of a version 4 UUID (RFC 9562 §5.4), upper-case as
/// Foundation's `UUID().uuidString` writes them: `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
///
/// Made from the system's random number generator (`getrandom(2)` on Linux): Foundation's
/// `UUID()` on Linux opens, reads and closes `/dev/urandom` for every identifier, which an
/// import of 100,000 reminders paid 100,000 times.
public enum RandomUUID {
    /// A new random identifier (122 random bits).
    public static func string() -> String {
        var generator = SystemRandomNumberGenerator()
        return string(high: generator.next(), low: generator.next())
    }

    /// The identifier of these 128 bits, with the version (4) and variant (`10`) bits set.
    static func string(high: UInt64, low: UInt64) -> String {
        let high = high & ~0xF000 | 0x4000
        let low = low & ~(0xC000 << 48) | (0x8000 << 48)
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, word) in [high, low].enumerated() {
            for nibble in 0..<16 {
                let position = index * 16 + nibble
                if position == 8 || position == 12 || position == 16 || position == 20 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(digits[Int(word >> UInt64(60 - nibble * 4) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
