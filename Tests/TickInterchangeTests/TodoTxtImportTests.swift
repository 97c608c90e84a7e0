import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// How todo.txt lines become Tick reminders.
@Suite("todo.txt import plan")
struct TodoTxtImportTests {
    let now = TodoTxtFixture.now

    private func one(_ line: String, zone: String = "UTC") throws -> ImportedReminder {
        let planned = try TodoTxtFixture.plan(line, zone: TodoTxtFixture.zone(zone))
        try #require(planned.count == 1)
        return planned[0]
    }

    @Test func firstProjectPicksTheListAndOtherProjectsStay() throws {
        let planned = try one("Task with multiple projects +work +home +personal @computer due:2026-09-30")
        #expect(planned.listName == "work")
        #expect(planned.reminder.title == "Task with multiple projects +home +personal")
        #expect(planned.reminder.tags == ["computer"])
        #expect(planned.reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 9, day: 30))))
    }

    @Test func noProjectMeansTheDefaultList() throws {
        #expect(try one("Standard task without special attributes").listName == nil)
    }

    @Test func blankNamedProjectsDoNotNameAList() throws {
        let planned = try one("+\u{200B} task +real")
        #expect(planned.listName == "real")
        #expect(planned.reminder.title == "+\u{200B} task")
    }

    /// Found by fuzz/todotxt: `<U+061C>@1` was a word, and the title it made lost the
    /// invisible character when trimmed, so the line written back read `@1` as a context.
    /// A word is read by what it shows.
    @Test func invisibleCharactersAtAWordsEdgesDoNotHideAField() throws {
        let context = try one("\u{061C}@phone call mom")
        #expect(context.reminder.tags == ["phone"])
        #expect(context.reminder.title == "call mom")
        let list = try one("buy milk \u{200B}+Errands\u{FEFF}")
        #expect(list.listName == "Errands")
        #expect(list.reminder.title == "buy milk")
        let due = try one("pay rent due:2026-01-05\u{061C}")
        #expect(due.reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 1, day: 5))))
        #expect(due.reminder.title == "pay rent")
        // An emoji's variation selector belongs to it: the list keeps it.
        #expect(try one("plan +\u{2764}\u{FE0F}").listName == "\u{2764}\u{FE0F}")
        #expect(try one("plan +\u{2764}\u{FE0F}\u{200B}").listName == "\u{2764}\u{FE0F}")
    }

    @Test func contextsBecomeTagsOnceAndLeaveTheTitle() throws {
        let planned = try one("(C) Task +work +home @context @admin due:2026-11-30 t:2026-10-01 rec:1d pm:2 @home @admin")
        #expect(planned.reminder.tags == ["context", "admin", "home"])
        #expect(planned.reminder.title == "Task +home rec:1d pm:2")
        #expect(planned.reminder.start == .allDay(try #require(CalendarDay(year: 2026, month: 10, day: 1))))
    }

    @Test func removalsLeaveNoDoubleSpacesButTheUsersOwnSpacingStays() throws {
        #expect(try one("a @x b +p c due:2026-01-01 d t:2026-01-01").reminder.title == "a @x b +p c d")
        #expect(try one("@x lead  and  inner @y").reminder.title == "lead  and  inner")
        #expect(try one("tabs\t@x\tstay @y").reminder.title == "tabs\t@x\tstay")
        #expect(try one("@home call +mom about the trip +Family due:2026-01-01").reminder.title == "call +mom about the trip")
        #expect(try one("@home call +mom about the trip +Family due:2026-01-01").listName == "Family")
        #expect(try one("call +mom about the trip").listName == "mom")
    }

    @Test func unknownKeyValuesAndOddWordsStayVerbatim() throws {
        let line = "Call id:1 p:2 rec:1w h:1 pm:2 lazy:bar created:2026-01-15 someone@example.com 2+2 @ + Not@C http://x.org/a"
        let planned = try one(line)
        #expect(planned.reminder.title == line)
        #expect(planned.reminder.tags.isEmpty)
        #expect(planned.listName == nil)
    }

    @Test func theLastRealDueAndStartDatesWinAndEarlierOnesStayInTheTitle() throws {
        let planned = try one("pay due:2026-01-01 rent due:2026-02-01 due:soon t:2026-01-20")
        #expect(planned.reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 2, day: 1))))
        #expect(planned.reminder.start == .allDay(try #require(CalendarDay(year: 2026, month: 1, day: 20))))
        #expect(planned.reminder.title == "pay due:2026-01-01 rent due:soon")
    }

    @Test(arguments: [
        ("(A) x", Priority.high), ("(B) x", .medium), ("(C) x", .low), ("(D) x", .low), ("(Z) x", .low),
        ("x", .none), ("(a) x", .none),
    ])
    func priorityLettersMapToLevels(_ line: String, _ priority: Priority) throws {
        #expect(try one(line).reminder.priority == priority)
    }

    @Test func completedLinesKeepTheirPriorityAsPri() throws {
        let planned = try one("x 2026-01-05 2026-01-01 filed +Taxes pri:B")
        #expect(planned.reminder.priority == .medium)
        #expect(planned.reminder.title == "filed")
        #expect(try one("x 2026-01-05 bad letter pri:b").reminder.title == "bad letter pri:b")
        #expect(try one("x 2026-01-05 bad letter pri:b").reminder.priority == .none)
        // On open lines pri: is only text: the (X) prefix is the priority there.
        let open = try one("(C) open pri:A")
        #expect(open.reminder.priority == .low)
        #expect(open.reminder.title == "open pri:A")
    }

    @Test func datesAreTheirDayAtNoonUTCWhateverTheZone() throws {
        for zone in ["Asia/Seoul", "Europe/Berlin", "Pacific/Honolulu"] {
            let planned = try one("x 2011-03-03 2011-03-01 Call Mom", zone: zone)
            // 2011-03-03T12:00Z and two days earlier, in every zone: a todo.txt date is a day.
            #expect(planned.reminder.completedAt == Date(timeIntervalSince1970: 1_299_153_600))
            #expect(planned.reminder.createdAt == Date(timeIntervalSince1970: 1_299_153_600 - 2 * 86_400))
            #expect(planned.reminder.iCalendarExtras == "X-TODOTXT-CREATED:2011-03-01\nX-TODOTXT-COMPLETED:2011-03-03")
            #expect(planned.reminder.modifiedAt == now)
            #expect(planned.reminder.isCompleted)
        }
    }

    @Test func aDayWithoutMidnightIsStillThatDay() throws {
        // Brazil moved its clocks from 00:00 to 01:00 on 2018-11-04: the day is kept all the same.
        let zone = try TodoTxtFixture.zone("America/Sao_Paulo")
        let planned = try TodoTxtFixture.plan("2018-11-04 Document the gap", zone: zone)
        #expect(planned[0].reminder.createdAt == Date(timeIntervalSince1970: 1_541_332_800))
        #expect(TodoTxtFixture.day(planned[0].reminder.createdAt, in: zone) == "2018-11-04")
    }

    @Test func missingDatesAreNow() throws {
        let open = try one("(A) no dates")
        #expect(open.reminder.createdAt == now)
        #expect(open.reminder.completedAt == nil)
        let done = try one("x no completion date")
        #expect(done.reminder.completedAt == now)
        #expect(done.reminder.createdAt == now)
        #expect(done.reminder.title == "no completion date")
    }

    @Test(arguments: [
        ("+proj due:2026-01-05", "+proj due:2026-01-05", "proj", [String]()),
        ("@GroceryStore", "@GroceryStore", nil, ["GroceryStore"]),
        ("(A) 2026-01-05 +a @b @c t:2026-01-04", "+a @b @c t:2026-01-04", "a", ["b", "c"]),
        ("x 2026-01-05 +Taxes pri:A", "+Taxes pri:A", "Taxes", []),
    ])
    func aLineWithOnlyFieldsKeepsItsWholeDescriptionAsTheTitle(
        _ line: String, _ title: String, _ list: String?, _ tags: [String]
    ) throws {
        let planned = try one(line)
        #expect(planned.reminder.title == title)
        #expect(planned.listName == list)
        #expect(planned.reminder.tags == tags)
    }

    @Test func fieldsAreStillSetWhenTheDescriptionBecomesTheTitle() throws {
        let planned = try one("x 2026-01-05 +Taxes pri:A due:2026-01-04")
        #expect(planned.reminder.priority == .high)
        #expect(planned.reminder.due == .allDay(try #require(CalendarDay(year: 2026, month: 1, day: 4))))
    }

    @Test func everyReminderIsNewWithAPlaceholderListAndItsLine() throws {
        let planned = try TodoTxtFixture.plan("one\n\nthree\nfour", zone: TodoTxtFixture.zone("UTC"))
        #expect(planned.map(\.lineNumber) == [1, 3, 4])
        #expect(planned.allSatisfy { $0.reminder.listID == ImportedReminder.placeholderListID })
        #expect(Set(planned.map(\.reminder.uid)).count == 3)
        #expect(planned.allSatisfy { $0.reminder.number == .unassigned && $0.reminder.notes.isEmpty })
    }

    @Test func lineBreaksInsideADescriptionBecomeSpaces() throws {
        let planned = try TodoTxtImport.plan([TodoTxtItem(lineNumber: 2, description: "a\rb @x c\nd @y")],
                                             now: now, timeZone: TodoTxtFixture.zone("UTC"))
        #expect(planned[0].reminder.title == "a b @x c d")
    }

    @Test func handMadeItemsAreCheckedLikeParsedOnes() throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let badDate = try #require(throws: InterchangeError.self) {
            try TodoTxtImport.plan([TodoTxtItem(lineNumber: 4, description: "x t:2026-02-30")], now: now, timeZone: zone)
        }
        #expect(badDate.kind == .invalidDate)
        #expect(badDate.line == 4)
        #expect(badDate.column == nil)
        let empty = try #require(throws: InterchangeError.self) {
            try TodoTxtImport.plan([TodoTxtItem(lineNumber: 7, priority: "A", description: " \u{200B}")],
                                   now: now, timeZone: zone)
        }
        #expect(empty.kind == .emptyTask)
        #expect(empty.line == 7)
        let odd = try TodoTxtImport.plan([TodoTxtItem(lineNumber: 1, priority: "é", description: "odd")],
                                         now: now, timeZone: zone)
        #expect(odd[0].reminder.priority == .none)
    }
}
