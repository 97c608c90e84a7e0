import Foundation
import Testing
import TickModel

@Suite("ReminderUID")
struct ReminderUIDTests {
    @Test("any text is a UID and comes back unchanged", arguments: [
        "0F5C8E2A-1B2C-4D3E-8F90-A1B2C3D4E5F6", "abc-123@example.com", "urn:uuid:1", "a, b; c\\n",
        "한글 uid", " spaced ", "", "x:y/z%",
    ])
    func roundTrip(text: String) {
        let uid = ReminderUID(text)
        #expect(uid.rawValue == text)
        #expect(uid.description == text)
        #expect(ReminderUID(rawValue: text) == uid)
        #expect("\(uid)" == text)
    }

    @Test("random() makes the form Tick has always made: an upper-case UUID string, fresh each time")
    func random() throws {
        let uid = ReminderUID.random()
        #expect(uid.rawValue.count == 36)
        let parsed = try #require(UUID(uuidString: uid.rawValue))
        #expect(parsed.uuidString == uid.rawValue)
        #expect(ReminderUID.random() != uid)
        let reminder = Reminder(listID: ReminderList.ID(rawValue: "L"), title: "t", createdAt: Date(timeIntervalSince1970: 0))
        #expect(UUID(uuidString: reminder.uid.rawValue)?.uuidString == reminder.uid.rawValue)
    }

    @Test("equal and hashed by the exact text: case and spaces count")
    func equality() {
        #expect(ReminderUID("abc") == ReminderUID("abc"))
        #expect(ReminderUID("abc") != ReminderUID("ABC"))
        #expect(ReminderUID("abc") != ReminderUID("abc "))
        #expect(Set([ReminderUID("a"), "a", "b"]).count == 2)
        let literal: ReminderUID = "u-\(7)"
        #expect(literal == ReminderUID("u-7"))
    }

    @Test("stable(from:) is the content-derived UID of StableUID")
    func stable() {
        #expect(ReminderUID.stable(from: "x").rawValue == StableUID.make(from: "x"))
        #expect(ReminderUID.stable(from: "x") == ReminderUID.stable(from: "x"))
        #expect(ReminderUID.stable(from: "x") != ReminderUID.stable(from: "y"))
    }

    @Test("Codable as a plain JSON string, both ways")
    func codable() throws {
        let encoded = try JSONEncoder().encode([ReminderUID("a\"b"), ReminderUID("한")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["a\"b","한"]"#)
        let decoded = try JSONDecoder().decode([ReminderUID].self, from: Data(#"["x y", ""]"#.utf8))
        #expect(decoded == [ReminderUID("x y"), ReminderUID("")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ReminderUID].self, from: Data("[1]".utf8)) }
    }
}
