import Foundation
import Testing
import TestSupport
import TickModel
@testable import TickInterchange

/// Taskwarrior `task export` JSON: every corpus file, every shape, every mapping rule.
@Suite("Taskwarrior import")
struct TaskwarriorReaderTests {
    static let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt

    static func read(_ text: String) throws -> ImportBatch {
        try TaskwarriorReader(now: Fixture.now, timeZone: zone).read(Data(text.utf8), source: "tasks.json")
    }

    static func instant(_ text: String) throws -> Date {
        try #require(Due.instant(fromISO8601: text))
    }

    struct CorpusExpectation: Sendable {
        var reminders: Int
        var deleted: Int
        var lists: Set<String?>
    }

    static let corpus: [String: CorpusExpectation] = [
        "tasklib-hook-json-lines.json": CorpusExpectation(reminders: 3, deleted: 0, lists: [nil, "Home"]),
        "taskwarrior-test-history-statuses.json": CorpusExpectation(reminders: 6, deleted: 3, lists: [nil]),
        "taskwarrior-test-import-old-depends-comma.json": CorpusExpectation(reminders: 1, deleted: 0, lists: ["A"]),
        "taskwarrior-testdata-demo-raw-export.json": CorpusExpectation(reminders: 19, deleted: 0, lists: [nil]),
        "taskwarrior-testdata-export.json": CorpusExpectation(reminders: 32, deleted: 1, lists: [nil, "wth", "colortask"]),
        "twdocs-export-single-object.json": CorpusExpectation(reminders: 1, deleted: 0, lists: [nil]),
    ]

    @Test("every corpus file imports", .enabled(if: Fixture.needsCorpus()), arguments: Fixture.corpusFiles("taskwarrior"))
    func corpusFile(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let expected = try #require(Self.corpus[name])
        let batch = try TaskwarriorReader(now: Fixture.now, timeZone: Self.zone)
            .read(try Data(contentsOf: URL(fileURLWithPath: path)), source: name)
        #expect(batch.reminders.count == expected.reminders)
        #expect(Set(batch.reminders.map(\.listName)) == expected.lists)
        #expect(batch.skipped.first { $0.what == "deleted task" }?.count ?? 0 == expected.deleted)
        // And an iCalendar export of it reads back with the same reminders.
        let exported = ICalendarWriter().write(lists: [ReminderList(id: .init(rawValue: ""), name: "All", createdAt: Fixture.now)],
                                               reminders: batch.reminders.map(\.reminder))
        let back = try ICalendarFixture.read(exported)
        #expect(back.reminders.map(\.reminder.uid) == batch.reminders.map(\.reminder.uid))
        #expect(back.reminders.map(\.reminder.title) == batch.reminders.map(\.reminder.title))
    }

    @Test("an array, JSON Lines, the raw 2.x export and a single object all read")
    func shapes() throws {
        let a = #"{"uuid":"a","description":"one","status":"pending","entry":"20260101T090000Z"}"#
        let b = #"{"uuid":"b","description":"two","status":"pending","entry":"20260101T090000Z"}"#
        for text in ["[\(a),\(b)]", "\(a)\n\(b)\n", "[\n\(a),\n\(b)\n]\n", "\(a)\n\n\(b)"] {
            #expect(try Self.read(text).reminders.map(\.reminder.title) == ["one", "two"])
        }
        #expect(try Self.read(a).reminders.map(\.reminder.uid) == ["a"])
        #expect(try Self.read("[]").reminders.isEmpty)
    }

    @Test("fields: description, dates in both forms, priority, project, tags, annotations")
    func fields() throws {
        let batch = try Self.read("""
            {"uuid":"u1","description":"Pay rent","status":"pending","entry":"20260101T090000Z","modified":1767312000,
             "due":"20260201T000000Z","scheduled":"1769904000","priority":"H","project":"Home.Bills","tags":["money","home","money"],
             "annotations":[{"entry":"20260102T100000Z","description":"asked landlord"},{"entry":1767434400,"description":"paid half"}]}
            """)
        let item = try #require(batch.reminders.first)
        let reminder = item.reminder
        #expect(reminder.uid == "u1")
        #expect(reminder.title == "Pay rent")
        #expect(reminder.createdAt == (try Self.instant("2026-01-01T09:00:00Z")))
        #expect(reminder.modifiedAt == (try Self.instant("2026-01-02T00:00:00Z")))
        #expect(reminder.due == .timed(try Self.instant("2026-02-01T00:00:00Z"), timeZone: "Asia/Seoul"))
        #expect(reminder.start == .timed(try Self.instant("2026-02-01T00:00:00Z"), timeZone: "Asia/Seoul"))
        #expect(reminder.priority == .high)
        #expect(item.listName == "Home.Bills")
        #expect(reminder.tags == ["money", "home"])
        #expect(reminder.notes == "2026-01-02T10:00:00Z asked landlord\n2026-01-03T10:00:00Z paid half")
    }

    @Test("statuses: completed has its end date, waiting is open, deleted is skipped, recurring carries the rule")
    func statuses() throws {
        let batch = try Self.read("""
            {"uuid":"c","description":"done","status":"completed","entry":"20260101T090000Z","end":"20260105T090000Z"}
            {"uuid":"w","description":"later","status":"waiting","entry":"20260101T090000Z","wait":"20260301T000000Z"}
            {"uuid":"d","description":"gone","status":"deleted","entry":"20260101T090000Z","end":"20260105T090000Z"}
            {"uuid":"r","description":"water plants","status":"recurring","recur":"2w","due":"20260110T080000Z","until":"20261231T000000Z","mask":"--"}
            {"uuid":"i","description":"water plants","status":"pending","parent":"r","imask":2,"recur":"2w","due":"20260124T080000Z"}
            """)
        let byUID = Dictionary(uniqueKeysWithValues: batch.reminders.map { ($0.reminder.uid, $0.reminder) })
        #expect(byUID["c"]?.completedAt == (try Self.instant("2026-01-05T09:00:00Z")))
        #expect(byUID["w"]?.completedAt == nil)
        #expect(byUID["w"]?.iCalendarExtras == "X-TASKWARRIOR-STATUS:waiting\nX-TASKWARRIOR-WAIT:20260301T000000Z")
        #expect(byUID["d"] == nil)
        #expect(batch.skipped.map(\.what) == ["deleted task"])
        #expect(byUID["r"]?.recurrence == "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T000000Z")
        // An instance of the series: a plain reminder that keeps its Taskwarrior links.
        #expect(byUID["i"]?.recurrence == nil)
        #expect(byUID["i"]?.iCalendarExtras == "X-TASKWARRIOR-IMASK:2\nX-TASKWARRIOR-PARENT:r\nX-TASKWARRIOR-RECUR:2w")
    }

    @Test("recur values become RRULEs", arguments: [
        ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("monthly", "FREQ=MONTHLY"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
        ("yearly", "FREQ=YEARLY"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("2mo", "FREQ=MONTHLY;INTERVAL=2"),
    ])
    func recurrence(recur: String, rule: String) {
        #expect(TaskwarriorTask.rule(recur, until: nil)?.rruleValue == rule)
    }

    @Test("a recur of more quarters than a whole number holds as months has no RRULE (it trapped)", arguments: [
        "4000000000000000000q", "9223372036854775807qtrs",
    ])
    func recurOverflow(recur: String) {
        #expect(TaskwarriorTask.rule(recur, until: nil) == nil)
    }

    @Test("depends (array or the old comma string) become RELATED-TO;RELTYPE=DEPENDS-ON lines")
    func depends() throws {
        let batch = try Self.read("""
            {"uuid":"x","description":"new","depends":["a1","a2"]}
            {"uuid":"y","description":"old","depends":"b1,b2"}
            """)
        #expect(batch.reminders.map(\.reminder.iCalendarExtras) == [
            "RELATED-TO;RELTYPE=DEPENDS-ON:a1\nRELATED-TO;RELTYPE=DEPENDS-ON:a2",
            "RELATED-TO;RELTYPE=DEPENDS-ON:b1\nRELATED-TO;RELTYPE=DEPENDS-ON:b2",
        ])
        // They are not parents, and an iCalendar export keeps them.
        #expect(batch.reminders.allSatisfy { $0.reminder.parentUID == nil })
    }

    @Test("UDAs and unknown keys are kept as X-TASKWARRIOR lines; id and urgency are dropped")
    func extras() throws {
        let reminder = try #require(try Self.read("""
            {"uuid":"u","description":"x","id":4,"urgency":3.2,"estimate":"2h, maybe","issue":123,"priority":"Z","my_uda":{"a":[1,2]}}
            """).reminders.first?.reminder)
        #expect(reminder.priority == .none)
        #expect(reminder.iCalendarExtras == """
            X-TASKWARRIOR-ESTIMATE:2h\\, maybe
            X-TASKWARRIOR-ISSUE:123
            X-TASKWARRIOR-MY-UDA:{"a":[1\\,2]}
            X-TASKWARRIOR-PRIORITY:Z
            """)
    }

    @Test("numeric UDAs keep their numbers: 0 and 1 are not false and true")
    func numericExtras() throws {
        let reminder = try #require(try Self.read("""
            {"uuid":"u","description":"x","one":1,"zero":0,"neg":-0.0,"half":1.5,"big":123,"t":true,"f":false,"list":[0,1,true]}
            """).reminders.first?.reminder)
        #expect(reminder.iCalendarExtras == """
            X-TASKWARRIOR-BIG:123
            X-TASKWARRIOR-F:false
            X-TASKWARRIOR-HALF:1.5
            X-TASKWARRIOR-LIST:[0\\,1\\,true]
            X-TASKWARRIOR-NEG:-0
            X-TASKWARRIOR-ONE:1
            X-TASKWARRIOR-T:true
            X-TASKWARRIOR-ZERO:0
            """)
    }

    @Test("the corpus task with \"imask\": 0 keeps X-TASKWARRIOR-IMASK:0", .enabled(if: Fixture.needsCorpus()))
    func corpusIMask() throws {
        let path = try #require(Fixture.corpusFiles("taskwarrior").first { $0.hasSuffix("taskwarrior-testdata-export.json") })
        let batch = try TaskwarriorReader(now: Fixture.now, timeZone: Self.zone)
            .read(try Data(contentsOf: URL(fileURLWithPath: path)), source: "export.json")
        let lines = batch.reminders.flatMap { $0.reminder.iCalendarExtras.split(separator: "\n") }
        #expect(lines.contains("X-TASKWARRIOR-IMASK:0"))
        #expect(!lines.contains { $0.hasPrefix("X-TASKWARRIOR-IMASK:") && ($0.hasSuffix(":false") || $0.hasSuffix(":true")) })
    }

    @Test("dates given as epoch 0 or 1 are dates, not booleans; true is not a date")
    func epochZero() throws {
        let reminder = try #require(try Self.read(#"{"uuid":"u","description":"x","entry":0,"modified":1}"#).reminders.first?.reminder)
        #expect(reminder.createdAt == Date(timeIntervalSince1970: 0))
        #expect(reminder.modifiedAt == Date(timeIntervalSince1970: 1))
        #expect(throws: InterchangeError.self) { try Self.read(#"{"uuid":"u","description":"x","entry":true}"#) }
    }

    /// Found with fuzz/icalendar's finding of a bound of 2.5e11 seconds taken for the year
    /// 9999 (it is in 9892): epoch seconds in the years 9893…9999 were refused, while the same
    /// instants written as text were read.
    @Test("epoch seconds are read in years 1…9999 like the text forms, and refused past them")
    func epochSecondsThroughTheYear9999() throws {
        let late = 253_402_300_799 // 9999-12-31T23:59:59Z
        let reminder = try #require(try Self.read(#"{"uuid":"u","description":"x","entry":\#(late),"due":"99991231T235959Z"}"#).reminders.first?.reminder)
        #expect(reminder.createdAt == Date(timeIntervalSince1970: TimeInterval(late)))
        #expect(throws: InterchangeError.self) { try Self.read(#"{"uuid":"u","description":"x","entry":\#(late + 1)}"#) }
        #expect(throws: InterchangeError.self) { try Self.read(#"{"uuid":"u","description":"x","entry":-62135596801}"#) }
    }

    @Test("a task without uuid keeps the UID earlier versions derived for it")
    func derivedUIDStable() throws {
        let first = try Self.read(#"{"description":"x","imask":0,"n":1.5}"#).reminders.first?.reminder.uid
        #expect(first == ReminderUID.stable(from: "description=x\nimask=false\nn=1.5"))
    }

    @Test("the same UUID twice: the later object wins, and the earlier one is named in a warning")
    func modifyPair() throws {
        let batch = try Self.read("""
            {"uuid":"m","description":"draft","status":"pending"}
            {"uuid":"m","description":"final","status":"completed","end":"20260105T090000Z"}
            """)
        #expect(batch.reminders.map(\.reminder.title) == ["final"])
        #expect(batch.reminders.first?.reminder.isCompleted == true)
        #expect(batch.warnings == ["tasks.json line 1: this task ('draft') has the uuid of the task at line 2, "
                                   + "which was imported instead (it comes later in the file)"])
    }

    @Test("the same UUID twice: the copy modified later wins wherever it is in the file")
    func modifiedDecides() throws {
        let batch = try Self.read("""
            [
            {"uuid":"m","description":"newer","modified":"20260105T090000Z"},
            {"uuid":"m","description":"older","modified":"20260101T090000Z"}
            ]
            """)
        #expect(batch.reminders.map(\.reminder.title) == ["newer"])
        #expect(batch.warnings == ["tasks.json line 3: this task ('older') has the uuid of the task at line 2, "
                                   + "which was imported instead (it was modified later)"])
    }

    @Test("Taskwarrior 2.6 CESU-8 surrogate pairs are repaired to UTF-8, with a warning naming the line")
    func cesu8() throws {
        // U+1F600 as the surrogates D83D DE00, each written as three bytes.
        var bytes = Array("[\n{\"uuid\":\"a\",\"description\":\"ok\"},\n{\"uuid\":\"b\",\"description\":\"smile ".utf8)
        bytes += [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]
        bytes += Array("\"}\n]\n".utf8)
        let batch = try TaskwarriorReader(now: Fixture.now, timeZone: Self.zone).read(Data(bytes), source: "tasks.json")
        #expect(batch.reminders.map(\.reminder.title) == ["ok", "smile \u{1F600}"])
        #expect(batch.warnings.count == 1)
        #expect(batch.warnings.first?.hasPrefix("tasks.json line 3: a character was written as two UTF-16 surrogates") == true)

        // A lone surrogate (or any byte that is not UTF-8) is refused with its line.
        let lone = Array("[\n{\"uuid\":\"a\",\"description\":\"ok\"},\n{\"uuid\":\"b\",\"description\":\"x".utf8)
            + [0xED, 0xA0, 0xBD] + Array("\"}\n]\n".utf8)
        let error = try #require(throws: InterchangeError.self) {
            try TaskwarriorReader(now: Fixture.now, timeZone: Self.zone).read(Data(lone), source: "tasks.json")
        }
        #expect(error.kind == .invalidEncoding)
        #expect(error.line == 3)
    }

    @Test("a cut-off file is reported where it ends; array elements carry their own lines")
    func truncated() throws {
        let whole = "[\n{\"uuid\":\"a\",\"description\":\"one\"},\n{\"uuid\":\"b\",\n\"description\":\"two\"},\n{\"uuid\":\"c\",\"description\":\"three\"}\n]\n"
        let batch = try Self.read(whole)
        #expect(batch.reminders.map(\.lineNumber) == [2, 3, 5])
        // Cut inside the third task (line 5).
        let insideTask = try #require(throws: InterchangeError.self) { try Self.read(String(whole.dropLast(8))) }
        #expect(insideTask.line == 5)
        #expect(insideTask.message.contains("inside the task that starts at line 5"))
        // Cut after a task, before the closing bracket: where the file ends, line 6.
        let noBracket = try #require(throws: InterchangeError.self) { try Self.read(String(whole.dropLast(2))) }
        #expect(noBracket.line == 5)
        #expect(noBracket.message.contains("inside the array that starts at line 1"))
        let cut = try #require(throws: InterchangeError.self) { try Self.read("[\n{\"uuid\":\"a\",\"description\":\"one\"},\n{\"uuid\":\"b\",\"descr") }
        #expect(cut.line == 3)
    }

    @Test("a task without uuid gets the same derived UID on every import")
    func derivedUID() throws {
        let text = #"{"project":"Home","due":"20150101T232323Z","description":"test task"}"#
        let first = try #require(try Self.read(text).reminders.first?.reminder.uid)
        #expect(first.rawValue.count == 36)
        #expect(try Self.read(text).reminders.first?.reminder.uid == first)
    }

    @Test("refused: not JSON (with its line), a task without description, a date that is not one")
    func errors() throws {
        let notJSON = try #require(throws: InterchangeError.self) {
            try Self.read("{\"uuid\":\"a\",\"description\":\"ok\"}\nnot json at all\n")
        }
        #expect(notJSON.line == 2)
        #expect(notJSON.kind == .malformed)
        let noDescription = try #require(throws: InterchangeError.self) { try Self.read(#"[{"uuid":"a"}]"#) }
        #expect(noDescription.kind == .emptyTask)
        let badDate = try #require(throws: InterchangeError.self) {
            try Self.read(#"{"uuid":"a","description":"x","due":"next tuesday"}"#)
        }
        #expect(badDate.kind == .invalidDate)
        #expect(badDate.message.contains("\"due\""))
        // RFC 8259 has no trailing commas (Foundation's JSONSerialization on Linux took them).
        let comma = try #require(throws: InterchangeError.self) {
            try Self.read("{\"uuid\":\"a\",\"description\":\"ok\"}\n{\"uuid\":\"b\",\"description\":\"two\",}\n")
        }
        #expect(comma.line == 2)
        #expect(comma.message.contains("not valid JSON (expected a key, at its byte 33)"), "\(comma.message)")
    }

    @Test("a description that is not text or is blank says so, with its line", arguments: [
        (#"{"uuid":"a","description":42}"#, "\"description\" is a number, not text: 42"),
        (#"{"uuid":"a","description":["x"]}"#, "\"description\" is an array, not text: [\"x\"]"),
        (#"{"uuid":"a","description":true}"#, "\"description\" is a boolean, not text: true"),
        (#"{"uuid":"a","description":" \u3000 "}"#, "the description is blank; Taskwarrior requires one"),
        (#"{"uuid":"a","description":null}"#, "a task without a description; Taskwarrior requires one"),
    ])
    func descriptionMessages(text: String, message: String) throws {
        let error = try #require(throws: InterchangeError.self) { try Self.read("{\"uuid\":\"b\",\"description\":\"ok\"}\n" + text) }
        #expect(error.kind == .emptyTask)
        #expect(error.line == 2)
        #expect(error.message == message)
    }

    @Test("tags and depends as a comma string or with non-string items are kept, not dropped", arguments: [
        (#""tags":"a, b,a""#, ["a", "b"]),
        (#""tags":["x",1,true]"#, ["x", "1", "true"]),
        (#""tags":"solo""#, ["solo"]),
        (#""tags":[]"#, []),
    ])
    func tagShapes(field: String, tags: [String]) throws {
        let batch = try Self.read(#"{"uuid":"a","description":"x","# + field + "}")
        #expect(batch.reminders.first?.reminder.tags == tags)
    }

    @Test("annotations that are not objects keep their text in the notes")
    func oddAnnotations() throws {
        let batch = try Self.read(#"{"uuid":"a","description":"x","annotations":["plain",{"description":7},{"entry":"20260101T000000Z","description":"dated"}]}"#)
        #expect(batch.reminders.first?.reminder.notes == "plain\n7\n2026-01-01T00:00:00Z dated")
    }

    @Test("a project that is not text (a number, an array, a boolean) or blank is refused with its line")
    func projectShapes() throws {
        let hint = " (Taskwarrior writes it as text, like \"project\": \"123\")"
        for (field, message) in [("123", "\"project\" is a number, not a project name" + hint),
                                  (#"["a"]"#, "\"project\" is an array, not a project name" + hint),
                                  ("false", "\"project\" is a boolean, not a project name" + hint),
                                  (#""  ""#, "\"project\" is blank; leave it out for the default list")] {
            let error = try #require(throws: InterchangeError.self) {
                try Self.read(#"{"uuid":"a","description":"x","project":"# + field + "}")
            }
            #expect(error.message == message)
            #expect(error.line == 1)
        }
    }
}
