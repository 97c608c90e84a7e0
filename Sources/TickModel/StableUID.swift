/// UIDs derived from content, for items that carry no identifier of their own (todo.txt
/// lines, Taskwarrior tasks without `uuid`, alarms stored without a UID): the same text
/// always gives the same UID, in every process and on every machine (unlike Swift's
/// `Hasher`, which is seeded per process).
public enum StableUID {
    /// A UUID-shaped string (`8-4-4-4-12` hex digits, version nibble 8 for "custom" per
    /// RFC 9562 §5.8) made of two 64-bit FNV-1a hashes of `text`'s UTF-8 bytes.
    public static func make(from text: String) -> String {
        var high: UInt64 = 0xCBF2_9CE4_8422_2325 // FNV-1a 64 offset basis
        var low: UInt64 = 0x8422_2325_CBF2_9CE4   // a second, different basis
        for byte in text.utf8 {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = low ^ (low >> 29)
        }
        high = (high & ~(0xF << 12)) | (0x8 << 12)             // version 8
        low = (low & ~(0x3 << 62)) | (0x2 << 62)               // RFC 9562 variant
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-"
            + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12)
    }
}
