import Foundation
import Testing
import TestSupport
import TickInterchange

/// `tick import` of an iCalendar file saves it as it reads it (`ICalendarPieces`), in one
/// transaction; a file that turns out to need the whole of it (a UID given twice, …) has
/// the pieces saved so far rolled back and is read whole. Either way the database, the
/// output and the warnings are what reading it whole gives.
@Suite("Import: an iCalendar file saved as it is read")
struct ICalendarStreamTests {
    /// A VTIMEZONE Foundation does not know: a calendar with it is read whole (the list
    /// would keep it if a to-do used it; none does, so the whole read drops it). At the end
    /// of the file, it leaves every line number as it was, and is found once every piece
    /// was saved.
    static let unusedZone = ["BEGIN:VTIMEZONE", "TZID:Mars/Olympus", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                             "TZOFFSETFROM:+0300", "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE"]

    /// Two calendars of `first` and 1,500 to-dos (more than one piece of 5,000 in all), with
    /// due dates, priorities, sort orders in file order, a skipped VEVENT, a line libical
    /// cannot read, and `extra` lines at the end of the first calendar's to-dos.
    static func file(first: Int = 6_000, zone: Bool = false, extra: [String] = []) -> Data {
        func calendar(_ name: String, _ count: Int, tail: [String]) -> String {
            var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Test//EN", "X-WR-CALNAME:\(name)",
                         "X-APPLE-CALENDAR-COLOR:#FF9500"]
            for number in 0..<count {
                lines += ["BEGIN:VTODO", "UID:\(name)-\(number)", "SUMMARY:\(name) \(number) 장보기", "X-APPLE-SORT-ORDER:\(number)",
                          "DUE;VALUE=DATE:202612\(10 + number % 20)", "PRIORITY:\(number % 10)", "DTSTAMP:20261101T120000Z", "END:VTODO"]
            }
            lines += ["BEGIN:VEVENT", "UID:event-\(name)", "DTSTART:20261201T090000Z", "END:VEVENT"]
            lines += ["BEGIN:VTODO", "UID:\(name)-odd", "SUMMARY:odd line", "DUE:2026-12-01", "END:VTODO"]
            return (lines + tail + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        }
        return Data((calendar("Groceries", first, tail: extra)
                     + calendar("Garden", 1_500, tail: zone ? unusedZone : [])).utf8)
    }

    /// Imports `data` into a new database holding one reminder: the result and the
    /// database's dump, but for that reminder's row (its UID is new in every database).
    static func imported(_ data: Data, arguments: [String] = []) throws -> (result: CLIHarness.Result, dump: String, cli: CLIHarness) {
        let cli = CLIHarness()
        cli.ok("add", "Already here")
        cli.files["tasks.ics"] = data
        let result = cli.run(["import", "tasks.ics"] + arguments)
        let dump = try ImportGoldenTests.dump(cli.databasePath).split(separator: "\n").filter { !$0.contains("'Already here'") }
        return (result, dump.joined(separator: "\n"), cli)
    }

    /// How many pieces of 5,000 the file gives when read in pieces to its end, or nil when
    /// it must be read whole.
    static func pieces(of data: Data) throws -> Int? {
        let reader = try ICalendarReader(now: Date(), fileListName: "tasks").pieces(data, source: "tasks.ics")
        var count = 0
        do {
            while try reader.next(upTo: 5_000) != nil { count += 1 }
        } catch is ICalendarPieces.NeedsWholeFile {
            return nil
        }
        return count
    }

    @Test("a file of several pieces saved as it is read gives the database, output and warnings of the same file read whole")
    func sameAsWhole() throws {
        #expect(try Self.pieces(of: Self.file()) == 2)
        #expect(try Self.pieces(of: Self.file(zone: true)) == nil)
        let streamed = try Self.imported(Self.file())
        let whole = try Self.imported(Self.file(zone: true))
        #expect(streamed.result.status == 0, "\(streamed.result.errors)")
        #expect(streamed.result.output.hasPrefix("Imported 7502 reminders"), "\(streamed.result.output)")
        #expect(streamed.result.output == whole.result.output)
        #expect(streamed.result.errors == whole.result.errors)
        #expect(streamed.result.errors.contains("tasks.ics line "))
        #expect(streamed.dump == whole.dump)
        #expect(try #require(try streamed.cli.json("list", "all") as? [Any]).count == 7_503)
        let json = try Self.imported(Self.file(), arguments: ["--json"])
        let wholeJSON = try Self.imported(Self.file(zone: true), arguments: ["--json"])
        #expect(json.result.output == wholeJSON.result.output)
    }

    @Test("a UID given twice after pieces were saved: they are taken back, the file is read whole, the later SEQUENCE wins; one change to undo")
    func readWholeAfterPieces() throws {
        let again = ["BEGIN:VTODO", "UID:Groceries-3", "SUMMARY:the newer version", "SEQUENCE:4", "END:VTODO"]
        #expect(try Self.pieces(of: Self.file(extra: again)) == nil)
        let streamed = try Self.imported(Self.file(extra: again))
        let whole = try Self.imported(Self.file(zone: true, extra: again))
        #expect(streamed.result.status == 0, "\(streamed.result.errors)")
        #expect(streamed.result.output == whole.result.output)
        #expect(streamed.result.errors == whole.result.errors)
        #expect(streamed.result.errors.contains("UID"))
        #expect(streamed.dump == whole.dump)
        let found = try #require(try streamed.cli.json("search", "the newer version") as? [[String: Any]])
        #expect(found.count == 1)
        let changes = try #require(try streamed.cli.json("undo", "--list") as? [[String: Any]])
        #expect(changes.count == 2)
        streamed.cli.ok("undo")
        #expect(try #require(try streamed.cli.json("list", "all") as? [Any]).count == 1)
    }

    /// A tester (t90): on a terminal, the progress line said "1 s left", then nothing while
    /// the import was done again, whole.
    @Test("on a terminal, a file read again whole says why; off a terminal, or for an error, nothing more is said")
    func readingAgainSaid() throws {
        let again = ["BEGIN:VTODO", "UID:Groceries-3", "SUMMARY:the newer version", "SEQUENCE:4", "END:VTODO"]
        let cli = CLIHarness()
        cli.isErrorTerminal = true
        cli.files["tasks.ics"] = Self.file(first: 20, extra: again)
        let result = cli.run("import", "tasks.ics")
        #expect(result.status == 0)
        #expect(result.errors.hasPrefix("tick: tasks.ics is read again, whole: the UID Groceries-3 is given twice\n"), "\(result.errors)")
        let plain = try Self.imported(Self.file(first: 20, extra: again))
        #expect(!plain.result.errors.contains("read again"))
        cli.files["broken.ics"] = Self.file(first: 20, extra: ["BEGIN:VTODO", "UID:broken", "END:VEVENT"])
        let broken = cli.run("import", "broken.ics")
        #expect(broken.status == 1)
        #expect(broken.errors.hasPrefix("tick: error: broken.ics line "), "\(broken.errors)")
    }

    /// A tester (t90): a file named `-` (standard input, held whole) read in pieces said an
    /// error of an early VTODO (VTODOs are read in smaller batches) where the whole read says
    /// a broken END further on first.
    @Test("from standard input too, the error said is the whole read's, and nothing is imported")
    func errorOrderFromStandardInput() throws {
        let early = ["BEGIN:VTODO", "UID:year-0", "SUMMARY:x", "DUE:00001201T090000Z", "END:VTODO"]
        var text = String(decoding: Self.file(first: 600, extra: ["BEGIN:VTODO", "UID:broken", "END:VEVENT"]), as: UTF8.self)
        text = text.replacingOccurrences(of: "BEGIN:VTODO\r\nUID:Groceries-10\r\n", with: early.joined(separator: "\r\n") + "\r\nBEGIN:VTODO\r\nUID:Groceries-10\r\n")
        let cli = CLIHarness()
        cli.files["-"] = Data(text.utf8)
        cli.files["named.ics"] = Data(text.utf8)
        let piped = cli.run("import", "-", "--format", "ics")
        let named = cli.run("import", "named.ics")
        #expect(piped.status == 1 && named.status == 1)
        #expect(piped.errors.contains("END:VEVENT does not close BEGIN:VTODO"), "\(piped.errors)")
        #expect(piped.errors.replacingOccurrences(of: "standard input", with: "named.ics") == named.errors)
        #expect(try #require(try cli.json("list", "all") as? [Any]).isEmpty)
    }

    /// A tester (t90): a calendar without a name (its list named by the file) before a named
    /// one whose to-dos came after the first piece: the lists were made in another order.
    @Test("a calendar named by the file before a named one: the lists in the order the whole read makes them")
    func listNamedByFileFirst() throws {
        var text = String(decoding: Self.file(), as: UTF8.self)
        text = text.replacingOccurrences(of: "X-WR-CALNAME:Groceries\r\n", with: "")
        let streamed = try Self.imported(Data(text.utf8))
        let whole = try Self.imported(Data((text.replacingOccurrences(of: "\r\nEND:VCALENDAR\r\n", with: "\r\n" + Self.unusedZone.joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n")).utf8))
        #expect(streamed.result.status == 0, "\(streamed.result.errors)")
        #expect(streamed.result.output == whole.result.output)
        #expect(streamed.dump == whole.dump)
        let names = try #require(try streamed.cli.json("lists") as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["Reminders", "Garden", "tasks"])
    }

    @Test("an error far into a file of several pieces leaves the database as it was and names its line")
    func errorAfterPieces() throws {
        let broken = ["BEGIN:VTODO", "UID:broken", "END:VEVENT"]
        let cli = CLIHarness()
        cli.ok("add", "Already here")
        let before = try ImportGoldenTests.dump(cli.databasePath)
        cli.files["tasks.ics"] = Self.file(extra: broken)
        let result = cli.run("import", "tasks.ics")
        #expect(result.status == 1)
        // The calendar's 5 lines, 6,000 to-dos of 8, the VEVENT's 4, the odd to-do's 5, then the third line.
        #expect(result.errors.hasPrefix("tick: error: tasks.ics line 48017: END:VEVENT does not close BEGIN:VTODO"), "\(result.errors)")
        #expect(result.errors.hasSuffix("\nNothing was imported.\n"))
        #expect(try ImportGoldenTests.dump(cli.databasePath) == before)
    }
}
