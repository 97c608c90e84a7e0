import Foundation
import Testing
import TickModel
@testable import TickInterchange

/// Writing reminders as todo.txt lines, and reading them back.
@Suite("todo.txt writer")
struct TodoTxtWriterTests {
    /// 2026-01-05T00:00Z.
    let jan5 = Date(timeIntervalSince1970: 1_767_571_200)

    private func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDay {
        try #require(CalendarDay(year: year, month: month, day: day))
    }

    private func reminder(_ title: String, priority: Priority = .none, tags: [String] = [], due: Due? = nil,
                          start: Due? = nil, completedAt: Date? = nil) -> Reminder {
        Reminder(listID: ImportedReminder.placeholderListID, title: title, due: due, start: start, priority: priority,
                 completedAt: completedAt, tags: tags, createdAt: jan5)
    }

    private func write(_ reminder: Reminder, list: String? = nil, zone: String = "UTC") throws -> String {
        TodoTxtFixture.line(reminder, listName: list, zone: try TodoTxtFixture.zone(zone))
    }

    @Test func writesAnOpenReminderInTheFormatsOrder() throws {
        let open = reminder("Call Mom", priority: .high, tags: ["phone"], due: .allDay(try day(2026, 1, 9)),
                            start: .allDay(try day(2026, 1, 8)))
        #expect(try write(open, list: "Family") == "(A) 2026-01-05 Call Mom +Family @phone due:2026-01-09 t:2026-01-08")
    }

    @Test func writesACompletedReminderWithItsPriorityAsPri() throws {
        let done = reminder("Call Mom", priority: .high, tags: ["phone"], completedAt: jan5.addingTimeInterval(2 * 86_400 + 3_600))
        #expect(try write(done, list: "Family") == "x 2026-01-07 2026-01-05 Call Mom +Family @phone pri:A")
        #expect(try write(reminder("Call Mom", completedAt: jan5)) == "x 2026-01-05 2026-01-05 Call Mom")
    }

    @Test(arguments: [
        (Priority.none, "2026-01-05 t"), (.high, "(A) 2026-01-05 t"), (.medium, "(B) 2026-01-05 t"), (.low, "(C) 2026-01-05 t"),
        (Priority(iCalendarValue: 3), "(A) 2026-01-05 t"), (Priority(iCalendarValue: 7), "(C) 2026-01-05 t"),
    ])
    func writesThePriorityLevelAsALetter(_ priority: Priority, _ line: String) throws {
        #expect(try write(reminder("t", priority: priority)) == line)
    }

    @Test func putsTheListBeforeTheTitlesOwnProjects() throws {
        #expect(try write(reminder("my are +roses in the middle"), list: "flowers")
                == "2026-01-05 my are +roses in the middle +flowers")
        let back = try TodoTxtFixture.plan("2026-01-05 my are +roses in the middle +flowers", zone: TodoTxtFixture.zone("UTC"))
        #expect(back[0].listName == "flowers")
        #expect(back[0].reminder.title == "my are +roses in the middle")
        #expect(try write(reminder("buy +x"), list: "flowers") == "2026-01-05 buy +flowers +x")
    }

    @Test func listNamesAndTagsBecomeSingleWords() throws {
        let line = try write(reminder("t", tags: ["a b", " ", "a\tb", "x", "\u{200B}", "x"]), list: " Home Office ")
        #expect(line == "2026-01-05 t +Home_Office @a_b @x")
        #expect(try write(reminder("t"), list: "\u{3000}") == "2026-01-05 t")
    }

    @Test func lineBreaksAndNulInTheTitleBecomeSpaces() throws {
        let line = try write(reminder("line one\nline two\r\nthree\u{0}four\rfive"))
        #expect(line == "2026-01-05 line one line two  three four five")
        let items = try TodoTxtParser.parse(line, source: nil)
        #expect(items.count == 1)
    }

    @Test func timedAndFloatingDatesAreWrittenAsTheirDay() throws {
        // 2026-01-05T23:30Z is already January 6 in Seoul.
        let timed = reminder("t", due: .timed(jan5.addingTimeInterval(23.5 * 3_600), timeZone: "UTC"),
                             start: .floating(try #require(LocalDateTime(day: day(2026, 3, 1), hour: 9, minute: 0))))
        #expect(try write(timed, zone: "Asia/Seoul") == "2026-01-05 t due:2026-01-06 t:2026-03-01")
        #expect(try write(timed, zone: "UTC") == "2026-01-05 t due:2026-01-05 t:2026-03-01")
    }

    @Test(arguments: ["x marks the spot", "(A) fake priority", "2026-01-01 starts with a date", "X 2012-01-01 resolutions"])
    func aTitleNeverTakesTheStructuralPlaces(_ title: String) throws {
        let line = try write(reminder(title))
        let back = try TodoTxtFixture.plan(line, zone: TodoTxtFixture.zone("UTC"))
        #expect(back[0].reminder.title == title)
        #expect(!back[0].reminder.isCompleted)
        #expect(back[0].reminder.priority == .none)
        #expect(TodoTxtFixture.day(back[0].reminder.createdAt, in: try TodoTxtFixture.zone("UTC")) == "2026-01-05")
    }

    @Test func aTitleThatSaysOtherFieldsGetsTheRealOnesWritten() throws {
        #expect(try write(reminder("+proj"), list: "other") == "2026-01-05 +other +proj")
        #expect(try write(reminder("pay due:2026-01-01"), list: nil) == "2026-01-05 pay due:2026-01-01")
        #expect(try write(reminder("pay due:2026-01-01", due: .allDay(try day(2026, 2, 1))))
                == "2026-01-05 pay due:2026-01-01 due:2026-02-01")
    }

    /// Lines whose description is only fields: the import made the whole description the
    /// title; writing must not repeat the fields, or every round trip would add a copy.
    /// A line without a creation date is written without one (no date is made up).
    @Test(arguments: [
        ("+proj due:2026-01-05", "+proj due:2026-01-05"),
        ("@home", "@home"),
        ("(A) 2026-01-05 +a @b @c t:2026-01-04", "(A) 2026-01-05 +a @b @c t:2026-01-04"),
        ("x 2026-01-05 +Taxes pri:A", "x 2026-01-05 +Taxes pri:A"),
        ("x 2026-01-05 +Taxes pri:A due:2026-01-04", "x 2026-01-05 +Taxes pri:A due:2026-01-04"),
        ("+roses +flowers", "+roses +flowers"),
        ("@a +b @a", "@a +b @a"),
        ("pay due:2026-01-01 rent due:2026-02-01", "pay due:2026-01-01 rent due:2026-02-01"),
        // Found by fuzz/todotxt: fields then only what draws nothing (a control character, a
        // lone mark) were read whole, but written as if the rest were text, with the list again.
        ("(A) @ctx +proj   \u{1C}", "(A) @ctx +proj   \u{1C}"),
        ("+proj @ctx \u{301}", "+proj @ctx \u{301}"),
        // Found by fuzz/todotxt: a title that starts with a combining mark, written after its
        // priority; by characters, the space and the mark were one, and `(A) ` no priority.
        ("(A) @1A \u{05C2}(+flnwera", "(A) \u{05C2}(+flnwera @1A"),
        ("x 2026-01-05 2026-01-01 \u{0301}hat", "x 2026-01-05 2026-01-01 \u{0301}hat"),
        // Found by fuzz/todotxt: a context followed only by an invisible character (U+061C) was
        // inside the sentence when read, at its edge once the title was trimmed and written back.
        ("(A) @1+flo8wra  text  @1+f   \u{061C}   ", "(A) text @1+flo8wra @1+f"),
        // Found by fuzz/todotxt: a project ending in an invisible character was a word of the
        // title, which lost the character when trimmed: `+ro` came back as a project.
        ("(B) +ro\u{061C}            ", "(B) +ro"),
        ("buy +ro\u{200B} @home\u{061C}", "buy +ro @home"),
        // Found by fuzz/todotxt: a title ending in a prepended concatenation mark (U+0602), whose
        // cluster takes the space after it: trimmed at the end of a line, not before fields.
        ("@1 \u{05C2}\u{0602}", "\u{05C2}\u{0602} @1"),
        ("pay \u{0600}  @bank due:2026-01-05", "pay \u{0600} @bank due:2026-01-05"),
        // Found by fuzz/todotxt: a word that shows as a field behind an invisible character
        // (U+061C, U+200B, U+3164) made a title that, trimmed and written back, read as the field.
        ("\u{061C}@1    ", "@1"), ("@1 \u{061C}+p", "@1 \u{061C}+p"), ("\u{3164}@1", "@1"),
        ("\u{061C}due:2026-01-01", "due:2026-01-01"), ("pay due:2026-01-01\u{061C}", "pay due:2026-01-01"),
    ])
    func importExportImportIsAFixedPoint(_ line: String, _ exported: String) throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let first = try TodoTxtFixture.plan(line, zone: zone)
        let text = TodoTxtFixture.export(first, zone: zone)
        #expect(text == exported + "\n")
        let second = try TodoTxtFixture.plan(text, zone: zone)
        #expect(second.map { TodoTxtFieldsSeen($0, zone: zone) } == first.map { TodoTxtFieldsSeen($0, zone: zone) })
        #expect(TodoTxtFixture.export(second, zone: zone) == text)
    }

    /// Found by fuzzing (fuzz/todotxt): a list project repeated in the title's trailing
    /// fields. The title read keeps the second `+flowers`; the writer took it for the
    /// list and did not write the list again, so the second read took it out of the
    /// title (`roses`). The list is now written before the title's edge project.
    @Test func aListRepeatedInTheTrailingFieldsKeepsTheTitle() throws {
        let zone = try TodoTxtFixture.zone("UTC")
        let first = try TodoTxtFixture.plan("roses +flowers @a +flowers @b", zone: zone)
        #expect(first.map(\.reminder.title) == ["roses +flowers"])
        #expect(first.map(\.listName) == ["flowers"])
        let text = TodoTxtFixture.export(first, zone: zone)
        #expect(text.hasPrefix("roses +flowers +flowers @a @b"), "\(text)")
        let second = try TodoTxtFixture.plan(text, zone: zone)
        #expect(second.map(\.reminder.title) == ["roses +flowers"])
        #expect(second.map(\.listName) == ["flowers"])
        #expect(TodoTxtFixture.export(second, zone: zone) == text)
    }
}
