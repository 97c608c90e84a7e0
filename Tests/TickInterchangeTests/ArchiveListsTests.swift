import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// An archive's lists each have their own id and name, no reminder is its own parent, and
/// its dates are in the years Tick holds:
/// both readers (whole and streamed) refuse such a file with the place, as they refuse a
/// UID or number given twice (a tester: the second list was dropped without a word, its
/// reminders went to the first, and a reminder its own parent was made top-level silently).
@Suite("Archive: lists of their own, no reminder its own parent")
struct ArchiveListsTests {
    static func archive(lists: String, reminders: String = "") -> [UInt8] {
        Array(##"{"format": "tick", "version": 1, "lists": [\##(lists)], "reminders": [\##(reminders)]}"##.utf8)
    }

    static let home = ##"{"id": "L", "name": "Home", "color": "#007AFF"}"##

    @Test("refused with the place and why, by both readers", arguments: [
        (archive(lists: home + ", " + home), "lists[1]: the id is the same as lists[0]'s"),
        (archive(lists: home + ##", {"id": "M", "name": " hOME", "color": "#FF9500"}"##), #"lists[1]: the name "hOME" is lists[0]'s too"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "parentUID": "u1"}"#),
         #"reminders[0]: "parentUID" is the reminder's own uid"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "due": "0001-01-01", "dueKind": "allDay"}"#),
         #"reminders[0]: "due" is outside the years 2 to 9998"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "due": "9999-12-31T09:00:00+09:00", "dueKind": "timed"}"#),
         #"reminders[0]: "due" is outside the years 2 to 9998"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "start": "0001-06-01T10:00:00", "startKind": "floating"}"#),
         #"reminders[0]: "start" is outside the years 2 to 9998"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "createdAt": "9999-06-01T10:00:00Z"}"#),
         #"reminders[0]: "createdAt" is outside the years 2 to 9998"#),
        (archive(lists: home, reminders: #"{"uid": "u1", "listID": "L", "title": "a", "iCalendarExtras": "X-A:1\nEXDATE;VALUE=DATE:99991231"}"#),
         #"reminders[0]: "iCalendarExtras": this EXDATE is in the year 9999"#),
    ])
    func refused(bytes: [UInt8], message: String) throws {
        let (whole, streamed) = ArchiveFieldsTests.bothReads(bytes)
        for result in [whole.map { _ in () }.mapError { $0 as any Error }, streamed.map { _ in () }] {
            switch result {
            case .success: Issue.record("read without a word: \(String(decoding: bytes, as: UTF8.self))")
            case .failure(let error): #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test("two lists of other names and ids, and a reminder with another parent, are read")
    func distinctListsRead() throws {
        let bytes = Self.archive(lists: Self.home + ##", {"id": "M", "name": "Work", "color": "#FF9500"}"##,
                                 reminders: #"{"uid": "p", "listID": "L", "title": "p"}, {"uid": "c", "listID": "L", "title": "c", "parentUID": "p"}"#)
        let batch = try TickJSON.decodeArchive(Data(bytes), source: "a.json")
        #expect(batch.lists.map(\.name) == ["Home", "Work"])
        #expect(batch.reminders.map(\.reminder.parentUID) == [nil, "p"])
    }
}
