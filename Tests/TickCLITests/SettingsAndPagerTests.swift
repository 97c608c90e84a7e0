import Foundation
import Testing
import TestSupport

/// The settings file (`$XDG_CONFIG_HOME/tick/config`) and the pager of long listings.
@Suite("Settings file and pager")
struct SettingsAndPagerTests {
    /// A harness whose settings file holds `text`.
    static func harness(settings text: String) throws -> CLIHarness {
        let cli = CLIHarness()
        let folder = cli.folder.file("config/tick")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        cli.variables["XDG_CONFIG_HOME"] = cli.folder.file("config")
        return cli
    }

    @Test("settings fill in what the environment leaves unset, and the environment wins")
    func settings() throws {
        let cli = try Self.harness(settings: """
            # Tick's settings
            default-list = Groceries

              default-alarm = -10m
            locale = "ko_KR.UTF-8"
            sync-timeout = 12
            """)
        cli.variables["LANG"] = nil
        cli.ok("lists", "add", "Groceries")
        #expect(cli.ok("add", "우유", "--due", "2026-12-01 09:00") == "Added #1 \"우유\" to Groceries, due 2026. 12. 1. 오전 9:00\n")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect((shown["alarms"] as? [[String: Any]])?.first?["trigger"] as? String == "-PT10M")
        // --list and --parent still decide; the environment wins over the file.
        #expect(cli.ok("add", "x", "--list", "Reminders").contains("to Reminders"))
        cli.variables["TICK_DEFAULT_LIST"] = "Reminders"
        cli.variables["LC_TIME"] = "en_US.UTF-8"
        #expect(cli.ok("add", "y", "--due", "2026-12-01") == "Added #3 \"y\" to Reminders, due Dec 1, 2026\n")
        // A default list that does not exist is named as such.
        cli.variables["TICK_DEFAULT_LIST"] = "Nowhere"
        let missing = cli.run("add", "z")
        #expect(missing.status == 1)
        #expect(missing.errors.contains("the default list \"Nowhere\" (TICK_DEFAULT_LIST, or default-list in"))
        // So is a blank one (a tester: only "the list name is empty").
        cli.variables["TICK_DEFAULT_LIST"] = "\u{2800}"
        let blank = cli.run("add", "z")
        #expect(blank.status == 1 && blank.errors.contains("the default list (TICK_DEFAULT_LIST, or default-list in"), "\(blank.errors)")
    }

    @Test("week-start = sunday moves next week, end of week and the Korean named weeks; TICK_WEEK_START wins")
    func weekStart() throws {
        let cli = try Self.harness(settings: "week-start = sunday\n")
        cli.variables["TICK_NOW"] = "2026-12-02T03:00:00Z"   // Wednesday noon in Seoul
        func due(_ phrase: String) throws -> String? {
            let added = try #require(try cli.json("add", "x", "--due", phrase, "--json") as? [String: Any])
            return added["due"] as? String
        }
        #expect(try due("next week") == "2026-12-06")
        #expect(try due("end of week") == "2026-12-05")
        #expect(try due("이번 주 일요일") == "2026-11-29")
        #expect(try due("다음 주 토요일") == "2026-12-12")
        cli.variables["TICK_WEEK_START"] = "mon"
        #expect(try due("next week") == "2026-12-07")
        #expect(try due("end of week") == "2026-12-06")
        cli.variables["TICK_WEEK_START"] = "funday"
        #expect(cli.run("add", "x").status == 64)
        // The version and the help need no week (a tester: they printed only the error).
        for arguments in [["--version"], ["--help"], ["add", "--help"], ["help", "add"], ["list", "-h"], ["completion", "bash"]] {
            let result = cli.run(arguments)
            #expect(result.status == 0 && !result.output.isEmpty && result.errors.isEmpty, "\(arguments): \(result.errors)")
        }
        cli.variables["TICK_WEEK_START"] = nil
        cli.variables["TICK_NOW"] = "yesterday"
        #expect(cli.run("--version").status == 0)
        #expect(cli.run("list").status == 64)
    }

    @Test("a settings file written with CR LF line ends reads line by line")
    func crlfLines() throws {
        let cli = try Self.harness(settings: "# Tick\r\ndefault-list = Groceries\r\nsync-timeout = 12\r\n")
        cli.ok("lists", "add", "Groceries")
        #expect(cli.ok("add", "milk") == "Added #1 \"milk\" to Groceries\n")
        let bad = try Self.harness(settings: "default-list = Groceries\r\ncolour = never\r\n")
        #expect(bad.run("add", "x").errors.contains("line 2: 'colour' is not a setting"))
    }

    @Test("a bad line is an error naming the file and the line, and nothing runs", arguments: [
        ("colour = never", "line 1: 'colour' is not a setting; the settings are database, default-list, default-alarm, all-day-alarm, time-zone, locale, week-start, color, pager, sync-ca-file, sync-nameserver, sync-timeout (did you mean 'color'?)"),
        ("# ok\nlocale", "line 2: 'locale' is not 'setting = value'"),
        ("color = sometimes", "line 1: 'sometimes' is not a value of color: use auto or never"),
        ("sync-timeout = 0", "line 1: '0' is not a value of sync-timeout: use a whole number of seconds above 0"),
        ("locale = ko_KR.UTF-8\nlocale = en_US", "line 2: 'locale' is set already on line 1"),
        ("week-start = someday", "line 1: 'someday' is not a value of week-start: use a weekday name such as monday or sunday"),
        // A tester: these three warned naming TZ or TICK_…, and the command ran on the built-in value.
        ("time-zone = Mars/Olympus", "line 1: 'Mars/Olympus' is not a value of time-zone: use a time zone name such as Europe/Berlin"),
        ("# alarms\ndefault-alarm = 10 minutes", "line 2: '10 minutes' is not a value of default-alarm: use an offset before the due time"),
        ("all-day-alarm = banana", "line 1: 'banana' is not a value of all-day-alarm: use a time of day such as 09:00 or 8am"),
        ("locale = banana", "line 1: 'banana' is not a value of locale: use a locale name such as ko_KR.UTF-8, en_GB or C"),
    ])
    func badLine(text: String, message: String) throws {
        let cli = try Self.harness(settings: text)
        let result = cli.run("add", "x")
        #expect(result.status == 1)
        #expect(result.errors.contains("config/tick/config, " + message), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("the alarms and the time zone of the settings file are taken when they read")
    func alarmsAndZone() throws {
        for text in ["default-alarm = -10m\nall-day-alarm = 8am\ntime-zone = Asia/Seoul\nlocale = ko_KR.UTF-8\n",
                     "default-alarm = none\nall-day-alarm = NONE\ntime-zone = UTC-9\nlocale = C.UTF-8\n"] {
            let cli = try Self.harness(settings: text)
            cli.variables["TZ"] = nil
            let added = cli.run("add", "x", "--due", "tomorrow 9am")
            #expect(added.status == 0 && added.errors.isEmpty, "\(text): \(added.errors)")
        }
    }

    @Test("color = never turns colors off on a terminal; the database setting expands ~/")
    func colorAndDatabase() throws {
        let cli = try Self.harness(settings: "color = never\ndatabase = ~/elsewhere.sqlite3\n")
        cli.variables["TICK_DB"] = nil
        cli.isTerminal = true
        cli.ok("add", "x", "--flag")
        #expect(!cli.ok("list").contains("\u{1B}["))
        #expect(FileManager.default.fileExists(atPath: cli.folder.file("elsewhere.sqlite3")))
    }

    /// A harness on a 6-line terminal whose pager writes what it reads to a file.
    static func paging() -> (CLIHarness, String) {
        let cli = CLIHarness()
        let paged = cli.folder.file("paged.txt")
        cli.isTerminal = true
        cli.variables["NO_COLOR"] = "1"
        cli.variables["LINES"] = "6"
        cli.variables["TICK_PAGER"] = "cat > '\(paged)'"
        return (cli, paged)
    }

    @Test("a listing longer than the screen goes through the pager; a short one, other commands and --no-pager do not")
    func pager() throws {
        let (cli, paged) = Self.paging()
        for index in 1...3 { cli.ok("add", "Task \(index)") }
        // Fits: straight to the terminal, no pager started.
        #expect(cli.ok("list").contains("Task 3"))
        #expect(!FileManager.default.fileExists(atPath: paged))
        for index in 4...12 { cli.ok("add", "Task \(index)") }
        // Longer than the screen: all of it to the pager, nothing to the terminal.
        #expect(cli.ok("list") == "")
        let text = try String(contentsOfFile: paged, encoding: .utf8)
        #expect(text.hasPrefix("● Reminders  12 open\n") && text.contains("Task 12"))
        try FileManager.default.removeItem(atPath: paged)
        #expect(cli.ok("--no-pager", "list").contains("Task 12"))
        #expect(cli.ok("done", "1", "2", "3", "4", "5", "6", "7").contains("Completed #7"))
        #expect(!FileManager.default.fileExists(atPath: paged))
        // Not a terminal: never.
        cli.isTerminal = false
        #expect(cli.ok("list").contains("Task 12"))
        #expect(!FileManager.default.fileExists(atPath: paged))
    }

    @Test("PAGER when TICK_PAGER is unset; an empty or cat pager is none; a pager that quits early ends nothing badly")
    func pagerChoice() throws {
        let (cli, paged) = Self.paging()
        for index in 1...12 { cli.ok("add", "Task \(index)") }
        cli.variables["PAGER"] = cli.variables["TICK_PAGER"]
        cli.variables["TICK_PAGER"] = nil
        #expect(cli.ok("list") == "")
        #expect(FileManager.default.fileExists(atPath: paged))
        cli.variables["TICK_PAGER"] = ""
        #expect(cli.ok("list").contains("Task 12"))
        cli.variables["TICK_PAGER"] = "head -c 5 > /dev/null"
        for index in 13...3_000 where index % 500 == 0 { cli.ok("add", String(repeating: "long title ", count: 20) + "\(index)") }
        let quit = cli.run("search", "long")
        #expect(quit.status == 0 && quit.output == "")
    }
}
