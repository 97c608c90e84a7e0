import Foundation
import Testing
@testable import TickModel

@Suite("Random identifiers in the form of a version 4 UUID")
struct RandomUUIDTests {
    @Test("the version and variant bits are set, the rest is the bits given, upper-case")
    func layout() {
        #expect(RandomUUID.string(high: 0, low: 0) == "00000000-0000-4000-8000-000000000000")
        #expect(RandomUUID.string(high: .max, low: .max) == "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
        #expect(RandomUUID.string(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89AB-4DEF-BEDC-BA9876543210")
    }

    @Test("Foundation reads each as the same UUID, and 10,000 are all different")
    func random() {
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let text = RandomUUID.string()
            #expect(UUID(uuidString: text)?.uuidString == text)
            let characters = Array(text)
            #expect(characters[14] == "4" && "89AB".contains(characters[19]))
            seen.insert(text)
        }
        #expect(seen.count == 10_000)
    }
}
