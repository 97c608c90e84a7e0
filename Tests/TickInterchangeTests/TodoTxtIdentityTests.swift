import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Which reminder a todo.txt line stands for: its `uid:` word, else its text.
@Suite("todo.txt identity")
struct TodoTxtIdentityTests {
    @Test("the last uid: word of the trailing run is the UID and leaves the text; one inside the sentence stays", arguments: [
        ("Call Mom uid:abc", "abc", "Call Mom"),
        ("Call Mom +Family uid:abc due:2026-01-02", "abc", "Call Mom +Family due:2026-01-02"),
        ("see uid:old uid:new", "new", "see uid:old"),
        ("ask uid:7 about it", nil, "ask uid:7 about it"),
        ("uid:abc", "abc", ""),
        ("+Errands @car uid:abc", "abc", "+Errands @car"),
        ("a uid:urn%3Ax%20y%25", "urn:x y%", "a"),
    ] as [(String, String?, String)])
    func split(_ description: String, _ uid: String?, _ rest: String) {
        let result = TodoTxtIdentity.split(description)
        #expect(result.uid == uid)
        #expect(result.description == rest)
    }

    @Test("any UID is written as one key:value word that reads back as itself",
          arguments: ["plain-1", "urn:uuid:1", "a b\tc", "//x", "100%", "한글 uid", "x:y:z"])
    func escapedWord(uid: String) throws {
        let word = TodoTxtIdentity.word(for: ReminderUID(uid))
        #expect(!word.unicodeScalars.contains { TodoTxtToken.isWhiteSpace($0) })
        let token = TodoTxtToken(word[...])
        guard case .keyValue(let key, _) = token.kind else {
            Issue.record("\(word) is not a key:value word")
            return
        }
        #expect(key == "uid")
        #expect(TodoTxtIdentity.split("t " + word).uid == uid)
    }

    @Test("a line without uid: keeps its identity when completed, reprioritised, dated, or moved to another project")
    func derivedIdentityFollowsTheText() throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let original = try TodoTxtFixture.plan("Buy milk\nCall Mom +Family @phone\nBuy milk\n", zone: zone)
        let edited = try TodoTxtFixture.plan(
            "x 2026-05-01 2026-04-01 Buy milk pri:A due:2026-05-02\n(B) 2026-04-01 Call Mom +Home @home\n(C) Buy milk\n", zone: zone)
        #expect(edited.map(\.reminder.uid) == original.map(\.reminder.uid))
        #expect(Set(original.map(\.reminder.uid)).count == 3)
        let retitled = try TodoTxtFixture.plan("Buy oat milk\n", zone: zone)
        #expect(retitled[0].reminder.uid != original[0].reminder.uid)
    }

    @Test("a line without uid: also names the UID Tick 0.1 derived from the whole line")
    func formerUID() throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let planned = try TodoTxtFixture.plan("(A) 2026-01-05 Call Mom +Family\nCall Mom +Family\nx c uid:kept\n", zone: zone)
        #expect(planned[0].formerUIDs == [ReminderUID.stable(from: "todo.txt\u{0}(A) 2026-01-05 Call Mom +Family\u{0}0")])
        #expect(planned[1].formerUIDs == [ReminderUID.stable(from: "todo.txt\u{0}Call Mom +Family\u{0}0")])
        #expect(planned[2].formerUIDs.isEmpty)
        #expect(planned[2].reminder.uid == "kept")
        #expect(planned[2].reminder.title == "c")
    }

    @Test("a line read back onto the reminder it came from changes only what it says differently, at its precision")
    func merged() throws {
        let zone = try TodoTxtFixture.zone("Asia/Seoul")
        let created = Date(timeIntervalSince1970: 1_767_600_000) // 2026-01-05 17:00 in Seoul
        var stored = Reminder(listID: ImportedReminder.placeholderListID, title: "Two\nlines",
                              due: .timed(Date(timeIntervalSince1970: 1_767_700_000), timeZone: "Asia/Seoul"),
                              priority: Priority(iCalendarValue: 3), tags: ["a b"], createdAt: created)
        stored.notes = "kept"
        let line = TodoTxtFixture.line(stored, listName: nil, zone: zone, keepingUID: true)
        let read = try TodoTxtFixture.plan(line + "\n", zone: zone)[0].reminder
        var same = TodoTxtImport.merged(read, onto: stored, timeZone: zone)
        same.modifiedAt = stored.modifiedAt
        #expect(same == stored)
        let edited = try TodoTxtFixture.plan("(B) Two lines @a_b due:2026-02-01 uid:\(stored.uid)\n", zone: zone)[0].reminder
        let changed = TodoTxtImport.merged(edited, onto: stored, timeZone: zone)
        #expect(changed.priority == .medium)
        #expect(changed.due == .allDay(try #require(CalendarDay(year: 2026, month: 2, day: 1))))
        #expect(changed.title == "Two\nlines")
        #expect(changed.notes == "kept")
        #expect(changed.tags == ["a b"])
    }
}
