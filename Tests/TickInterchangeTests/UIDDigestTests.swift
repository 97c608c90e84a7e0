import Testing
@testable import TickInterchange

/// `UIDDigest`: how the archive reader remembers the UIDs it has read.
@Suite("UID digests")
struct UIDDigestTests {
    @Test("equal for the same UID, different for UIDs that differ in case, one character, or length")
    func digests() {
        let uid = "6F1C8E2A-1B3C-4D5E-8F90-A1B2C3D4E5F6"
        #expect(UIDDigest(uid) == UIDDigest(String(uid.utf8.map { Character(Unicode.Scalar($0)) })))
        let others = [uid.lowercased(), "6F1C8E2A-1B3C-4D5E-8F90-A1B2C3D4E5F7", uid + " ", "", "치과-1", "치과-2"]
        let digests = Set(([uid] + others).map(UIDDigest.init))
        #expect(digests.count == others.count + 1)
        // The two halves are not the same hash twice.
        #expect(UIDDigest(uid).high != UIDDigest(uid).low)
    }

    @Test("no two of 200,000 generated UIDs share a digest")
    func manyDistinct() {
        var seen = Set<UIDDigest>()
        for index in 0..<200_000 { seen.insert(UIDDigest("u\(index)")) }
        #expect(seen.count == 200_000)
    }
}
