import Foundation
import Testing
import TestSupport

/// `tick ui` run as a user runs it: in a terminal (a private tmux server), keys sent with
/// `send-keys`, the screen read with `capture-pane`, the database checked afterwards with
/// `tick list --json`.
@Suite("TUI end to end in tmux", .enabled(if: BinaryRunner.executable != nil))
struct TUIEndToEndTests {
    /// A database in a fresh folder and the environment the UI runs with.
    struct Setup {
        let folder = TemporaryFolder()
        let tick: BinaryRunner
        var environment: [String: String]

        init(colors: Bool = true) {
            tick = BinaryRunner(database: folder.file("tick.sqlite3"))
            environment = tick.environment
            environment["TICK"] = BinaryRunner.executable ?? "tick"
            environment["PIDFILE"] = folder.file("pid")
            if !colors { environment["NO_COLOR"] = "1" }
        }

        /// A shell script that runs `tick ui` (its pid in $PIDFILE), then reports whether
        /// the terminal settings are as before and the exit status. Ctrl-C reaches the
        /// whole foreground process group; the script traps it so that it lives on to report.
        static let script = """
            trap true INT
            if [ -n "${TERM_OVERRIDE:-}" ]; then TERM=$TERM_OVERRIDE; export TERM; fi
            before=$(stty -g)
            sh -c 'echo $$ > "$PIDFILE"; exec "$TICK" ui'
            status=$?
            if [ "$(stty -g)" = "$before" ]; then echo "TTY RESTORED"; else echo "TTY CHANGED"; fi
            echo "EXIT $status"
            exec sleep 300
            """

        func start(width: Int = 80, height: Int = 24) throws -> TmuxSession? {
            guard TmuxSession.executable != nil else {
                withKnownIssue("tmux is missing; install it (make test-deps) to run the TUI end-to-end tests") {
                    Issue.record("tmux is not installed")
                }
                return nil
            }
            let session = try TmuxSession(width: width, height: height, environment: environment, command: Setup.script)
            try session.waitFor("q quit")
            return session
        }

        /// The process id of the running `tick ui`.
        func pid() throws -> Int32 {
            let text = try String(contentsOfFile: folder.file("pid"), encoding: .utf8)
            return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }

        /// `tick list NAME --completed --json` as (title, completed, due) in order.
        func listed(_ list: String = "Reminders") throws -> [(String, Bool, String?)] {
            let result = try tick.run("list", list, "--completed", "--json")
            #expect(result.status == 0, "\(result.errors)")
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            return objects.map { ($0["title"] as? String ?? "", $0["completed"] as? Bool ?? false, $0["due"] as? String) }
        }
    }

    /// The rows of the table: lines with a checkbox, as (checkbox, rest of the line).
    static func tableRows(_ screen: [String]) -> [(done: Bool, text: String)] {
        screen.compactMap { line in
            guard let range = line.range(of: "[ ] ") ?? line.range(of: "[x] ") else { return nil }
            return (line[range].hasPrefix("[x]"), String(line[range.upperBound...]))
        }
    }

    /// The cells tmux gives the characters of `emojiRows` (measured with `#{cursor_x}` in
    /// tmux 3.3a): the emoji and skin-tone modifiers 2 each, everything else here 1.
    static func tmuxWidth(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { $0 + ((0x1F300...0x1FAFF).contains($1.value) ? 2 : 1) }
    }

    @Test("ZWJ and skin-tone emoji take the cells the terminal draws them in: no row runs over or loses its end")
    func emojiRows() throws {
        let setup = Setup()
        let titles = ["Plain title end", "Family 👩‍👩‍👧 end", "Thumb 👍🏽 end", "Coder 🧑🏽‍💻 end", "Cook 👨‍🍳 end"]
        for title in titles { #expect(try setup.tick.run("add", title, "--due", "tomorrow").status == 0) }
        guard let ui = try setup.start() else { return }
        defer { try? ui.press("q") }
        let screen = try ui.screen()
        let rows = screen.filter { $0.contains("[ ] ") }
        #expect(rows.count == titles.count, "\(screen.joined(separator: "\n"))")
        for row in rows {
            #expect(row.hasSuffix("Tomorrow"), "\(row)")
            #expect(row.contains(" end "), "\(row)")
            // Every row ends in the same column: the date column lines up.
            #expect(TUIEndToEndTests.tmuxWidth(row) == TUIEndToEndTests.tmuxWidth(rows[0]), "\(row)")
        }
        // The emoji are all there, drawn as their parts.
        #expect(rows.contains { $0.contains("👩👩👧") } && rows.contains { $0.contains("👍🏽") } && rows.contains { $0.contains("🧑🏽💻") })
    }

    /// Found by a tester: ncurses measures ❤️ (U+2764 and VS16) one cell, Tick two, so the
    /// span of such a title ended short in ncurses' screen and its last cells kept what the row
    /// held before: after a swap with a cut Korean title, an old `…` stayed.
    @Test("a title with ❤️ drawn where a cut title was leaves nothing of it behind")
    func variationSelectorRows() throws {
        let setup = Setup()
        #expect(try setup.tick.run("add", "한국어 제목이 아주 길어서 잘려야 하는 경우의 예시입니다 정말 길어요", "--due", "tomorrow", "--no-alarm").status == 0)
        #expect(try setup.tick.run("add", "plain ❤️ heart ☀️ sun", "--due", "tomorrow", "--no-alarm").status == 0)
        guard let ui = try setup.start(width: 100, height: 15) else { return }
        defer { try? ui.press("q") }
        try ui.press("J")
        _ = try ui.waitFor("the swap") { $0.first { $0.contains("[ ] ") }?.contains("heart") == true }
        try ui.press("K")
        // Both rows drawn: under load tmux may show the first row redrawn before the second.
        let screen = try ui.waitFor("the swap back") { rows in
            rows.first { $0.contains("[ ] ") }?.contains("한국어") == true && rows.contains { $0.contains("heart") }
        }
        let row = try #require(screen.first { $0.contains("heart") })
        #expect(!row.contains("…"), "\(screen.joined(separator: "\n"))")
    }

    @Test("add 우유 사기, toggle, move, edit its due date, delete, undo, resize to 40×12, quit: the database holds what the screen showed")
    func wholeStory() throws {
        let setup = Setup()
        #expect(try setup.tick.run("add", "Buy milk").status == 0)
        guard let ui = try setup.start() else { return }

        try ui.press("c") // completed reminders are hidden at first; show them, to see the toggled one
        try ui.waitFor("Showing completed reminders.")
        try ui.press("a")
        try ui.waitFor("Write your task.")
        try ui.type("우유 사기")
        try ui.press("Enter")
        try ui.waitFor("Added “우유 사기”")
        var rows = TUIEndToEndTests.tableRows(try ui.screen())
        #expect(rows.map(\.text).map { $0.hasPrefix("우유 사기") } == [false, true])

        try ui.press("Space")
        try ui.waitFor("[x] 우유 사기")

        try ui.press("S-Up")
        try ui.waitFor("moved to the top") { screen in
            TUIEndToEndTests.tableRows(screen).first?.text.hasPrefix("우유 사기") == true
        }

        try ui.press("e")
        try ui.waitFor("Reminder #2")
        try ui.press("Down", "Down", "C-u")
        try ui.type("dec 24")
        try ui.waitFor("Due: Dec 24, 2026")
        try ui.press("Enter")
        try ui.waitFor("Saved “우유 사기”")
        rows = TUIEndToEndTests.tableRows(try ui.screen())
        #expect(rows.first?.text.contains("Dec 24, 2026") == true)

        try ui.press("d")
        try ui.waitFor("Deleted “우유 사기”. Press u to undo.")
        #expect(TUIEndToEndTests.tableRows(try ui.screen()).count == 1)
        try ui.press("u")
        try ui.waitFor("Undid delete of “우유 사기”")

        try ui.resize(width: 40, height: 12)
        let narrow = try ui.waitFor("the 40×12 layout") { screen in
            screen.count == 12 && !screen.contains { $0.contains("│") } && screen.contains { $0.contains("q quit") }
        }
        let shown = TUIEndToEndTests.tableRows(narrow)
        #expect(shown.count == 2)
        #expect(shown[0].done && shown[0].text.hasPrefix("우유 사기") && shown[0].text.contains("Dec 24, 2026"))
        #expect(!shown[1].done && shown[1].text.hasPrefix("Buy milk"))

        try ui.press("q")
        try ui.waitFor("EXIT 0")
        let after = try ui.screen()
        #expect(after.contains("TTY RESTORED"))
        #expect(!after.contains { $0.contains("q quit") }) // the alternate screen is gone
        #expect(try ui.paneFormat("#{alternate_on}") == "0")
        #expect(try ui.paneFormat("#{cursor_flag}") == "1")

        let stored = try setup.listed()
        #expect(stored.count == 2)
        #expect(stored[0].0 == "우유 사기" && stored[0].1 && stored[0].2 == "2026-12-24")
        #expect(stored[1].0 == "Buy milk" && !stored[1].1 && stored[1].2 == nil)
    }

    /// A tester: a title pasted with a line break ended the add dialog at the break, and the
    /// rest was typed into the list as keys ("d" deleted the reminder, Space completed one);
    /// a pasted tab moved to the next field. The UI asks for bracketed paste: pasted text is
    /// text wherever it goes, and nothing of it is a command in the list.
    @Test("pasted text with line breaks and tabs: one title in the add dialog, lines in the notes, no command in the list")
    func pastedText() throws {
        let setup = Setup()
        #expect(try setup.tick.run("add", "Keep me").status == 0)
        guard let ui = try setup.start() else { return }
        try ui.paste("d\ny x")
        try ui.waitFor("Pasted text goes into a field")
        try ui.press("a")
        try ui.waitFor("Write your task.")
        try ui.paste("Buy milk\nd\tand bread")
        try ui.waitFor("Buy milk d and bread")
        try ui.press("Enter")
        try ui.waitFor("Added “Buy milk d and bread”")
        try ui.press("e")
        try ui.waitFor("Reminder #2")
        try ui.press("Down") // the notes
        try ui.paste("first line\nsecond\tline") // tmux sends the line break as CR, as terminals do
        try ui.press("Enter")
        try ui.waitFor("Saved “Buy milk d and bread”")
        try ui.press("q")
        try ui.waitFor("EXIT 0")
        #expect(try setup.listed().map(\.0) == ["Keep me", "Buy milk d and bread"])
        let shown = try setup.tick.run("show", "2", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        #expect(object["notes"] as? String == "first line\nsecond\tline", "\(object)")
    }

    /// A tester (t60): the terminal's signal keys were on while the UI ran, so a ^C inside
    /// pasted text ended it, a ^Z suspended it with the rest of the paste left for the shell,
    /// and a ^S froze the screen. The terminal is raw now: in a paste they are dropped, typed
    /// they are keys (Ctrl-C ends the UI with 130; Ctrl-Z suspends it under a shell with job
    /// control, which this test's shell is not: tried by hand).
    @Test("control characters inside a paste are text, not signals; Ctrl-C typed still ends the UI with 130")
    func controlCharactersInAPaste() throws {
        let setup = Setup()
        guard let ui = try setup.start() else { return }
        try ui.press("a")
        try ui.waitFor("Write your task.")
        try ui.paste("Buy\u{3}milk\u{1A}and\u{1C}bread\u{13}now")
        try ui.waitFor("Buymilkandbreadnow")
        try ui.press("Enter")
        try ui.waitFor("Added “Buymilkandbreadnow”")
        try ui.press("C-c")
        try ui.waitFor("EXIT 130")
        #expect(try ui.screen().contains("TTY RESTORED"))
        #expect(try setup.listed().map(\.0) == ["Buymilkandbreadnow"])
    }

    /// A tester (t60): a paste of 200,000 characters into the notes kept characters 99,994 to
    /// 199,993, without a word. The first 100,000 are kept, and the status line says so.
    @Test("a paste longer than 100,000 characters keeps its beginning and says it was cut")
    func longPaste() throws {
        let setup = Setup()
        #expect(try setup.tick.run("add", "Long notes").status == 0)
        guard let ui = try setup.start() else { return }
        try ui.press("e")
        try ui.waitFor("Reminder #1")
        try ui.press("Down")
        try ui.paste("START" + String(repeating: "x", count: 199_990) + "END")
        try ui.waitFor("cut after its first 100,000 characters", timeout: 30)
        try ui.press("Enter")
        try ui.waitFor("Saved “Long notes”", timeout: 30)
        try ui.press("q")
        try ui.waitFor("EXIT 0")
        let shown = try setup.tick.run("show", "1", "--json")
        let notes = try #require((try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])?["notes"] as? String)
        #expect(notes.count == 100_000 && notes.hasPrefix("STARTxxx") && !notes.contains("END"), "\(notes.count)")
    }

    @Test("Ctrl-C, SIGTERM, SIGHUP and a crash (SIGSEGV, SIGABRT) all give the terminal back",
          arguments: ["C-c", "TERM", "HUP", "SEGV", "ABRT"])
    func restoredOnSignals(way: String) throws {
        let setup = Setup()
        guard let ui = try setup.start() else { return }
        if way == "C-c" {
            try ui.press("C-c")
        } else {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/kill")
            process.arguments = ["-\(way)", String(try setup.pid())]
            try process.run()
            process.waitUntilExit()
        }
        let screen = try ui.waitFor("EXIT")
        #expect(screen.contains("TTY RESTORED"))
        // The status a shell gives a process the signal ended, 128 + its number (a tester: 0
        // after SIGTERM and SIGHUP, as if the user had quit).
        let status = ["C-c": 130, "TERM": 143, "HUP": 129, "SEGV": 139, "ABRT": 134][way] ?? -1
        #expect(screen.contains("EXIT \(status)"), "\(screen)")
        #expect(try ui.paneFormat("#{alternate_on}") == "0")
        #expect(try ui.paneFormat("#{cursor_flag}") == "1")
    }

    @Test("a reminder added by another tick process appears within a second")
    func otherProcess() throws {
        let setup = Setup()
        guard let ui = try setup.start() else { return }
        #expect(try setup.tick.run("add", "From the command line").status == 0)
        try ui.waitFor("From the command line", timeout: 1.5)
        try ui.press("q")
        try ui.waitFor("EXIT 0")
    }

    @Test("NO_COLOR and TERM=dumb draw without colors; the selection is reverse video",
          arguments: ["NO_COLOR", "TERM=dumb"])
    func monochrome(way: String) throws {
        var setup = Setup(colors: way != "NO_COLOR")
        if way == "TERM=dumb" { setup.environment["TERM_OVERRIDE"] = "dumb" }
        #expect(try setup.tick.run("add", "Pay rent", "--due", "2026-11-20").status == 0)
        guard let ui = try setup.start() else { return }
        let screen = try ui.screenWithAttributes()
        for color in ["[31m", "[32m", "[33m", "[34m", "[36m", "38;5;", "38;2;", ";31m", ";36m"] {
            #expect(!screen.contains(color), "a color escape \(color) in:\n\(screen)")
        }
        #expect(screen.contains("7m")) // reverse video for the selection
        #expect(screen.contains("Nov 20, 2026"))
        try ui.press("j", "k", "a")
        try ui.waitFor("Write your task.")
        try ui.press("Escape", "q")
        try ui.waitFor("EXIT 0")
        // Quitting gives the screen back, also where there is no alternate screen (TERM=dumb).
        let after = try ui.screen().joined(separator: "\n")
        #expect(!after.contains("q quit") && !after.contains("Pay rent"), "the UI stayed on screen:\n\(after)")
    }

    @Test("plain 'tick' in a terminal opens the UI")
    func plainTick() throws {
        var setup = Setup()
        setup.environment["PIDFILE"] = setup.folder.file("pid")
        guard TmuxSession.executable != nil else { return }
        let ui = try TmuxSession(width: 80, height: 24, environment: setup.environment,
                                 command: "\"$TICK\"; echo \"EXIT $?\"; exec sleep 300")
        try ui.waitFor("q quit")
        try ui.press("q")
        try ui.waitFor("EXIT 0")
    }
}
