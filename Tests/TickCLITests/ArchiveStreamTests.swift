import Foundation
import Testing
import TestSupport

/// Restoring a Tick archive a piece at a time (`TickArchiveStream`): still all or nothing,
/// with messages that name the reminder, whatever the layout of the file.
@Suite("Import: an archive read a piece at a time")
struct ArchiveStreamTests {
    /// An archive of `count` small reminders, with `last` as the text of the last one.
    static func archive(count: Int, last: String? = nil, tail: String = "") -> Data {
        var items = (0..<count).map { index in
            #"{"number": \#(index + 1), "uid": "u\#(index)", "listID": "L", "title": "Reminder \#(index)", "position": \#(index * 1024)}"#
        }
        if let last { items[items.count - 1] = last }
        // A version given after the reminders is the archive's only one.
        let version = tail.contains(#""version""#) ? "" : #" "version": 1,"#
        let text = ##"{"format": "tick","## + version + ##" "lists": [{"id": "L", "name": "Home", "color": "#007AFF"}],"##
            + "\n\"reminders\": [\n" + items.joined(separator: ",\n") + "\n]" + tail + "}\n"
        return Data(text.utf8)
    }

    /// The number of reminders stored.
    static func count(_ cli: CLIHarness) throws -> Int {
        try #require(try cli.json("list", "all", "--completed") as? [Any]).count
    }

    @Test("a bad last reminder of a file of several pieces leaves the database as it was; the error names it",
          arguments: [
            (#"{"uid": "u11999", "listID": "L", "title": "   "}"#, "reminders[11999]: "),
            (#"{"uid": "u11999", "listID": "L", "title": "x", "due": 5}"#, #"reminders[11999]: "due" must be a string or null"#),
            (#"{"uid": "u11999", "listID": "L", "title": "broken"#, "reminders[11999]: not valid JSON"),
            (#"{"uid": "u11999", "listID": "L", "title": "x",}"#, "reminders[11999]: not valid JSON"),
            (#"{"uid": "u0", "listID": "L", "title": "twice"}"#, "reminders[11999]: the uid is the same as reminders[0]'s"),
            (#""a string""#, "reminders[11999]: must be an object"),
            ("42", "reminders[11999]: must be an object"),
          ])
    func badLastReminder(last: String, message: String) throws {
        let cli = CLIHarness()
        cli.ok("add", "Already here")
        let before = try ImportGoldenTests.dump(cli.databasePath)
        cli.files["big.json"] = Self.archive(count: 12_000, last: last)
        let result = cli.run("import", "big.json")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: big.json: " + message), "\(result.errors)")
        #expect(result.errors.hasSuffix("\nNothing was imported.\n"))
        #expect(try ImportGoldenTests.dump(cli.databasePath) == before)
    }

    /// Found by fuzz/archivestream: Foundation's `JSONSerialization` (on Linux) takes trailing
    /// commas, which RFC 8259 does not allow, so an archive small enough to be read whole was
    /// restored while the same text in a big archive, read a reminder at a time, was refused.
    /// Every JSON Tick reads now goes through one strict reader; the Taskwarrior reader and
    /// `tick serve`'s bodies had the same leniency (their tests are in their suites).
    /// t86: a reminder that was a number, far into the file, was said as
    /// "reminders: must be an array of objects", naming no reminder.
    @Test("a list or reminder that is no JSON object is named by its index, by the streamed reader and the whole one",
          arguments: [false, true])
    func itemThatIsNoObject(remindersFirst: Bool) throws {
        let list = ##"{"id": "L", "name": "Home", "color": "#007AFF"}"##
        let reminder = #"{"uid": "u0", "listID": "L", "title": "Reminder"}"#
        func archive(lists: String, reminders: String) -> Data {
            let head = #""format": "tick", "version": 1, "lists": ["# + lists + "]"
            let tail = #""reminders": ["# + reminders + "]"
            return Data(("{" + (remindersFirst ? tail + ", " + head : head + ", " + tail) + "}").utf8)
        }
        let cli = CLIHarness()
        for (data, message) in [(archive(lists: list, reminders: reminder + ", 42"), "reminders[1]: must be an object"),
                                (archive(lists: list, reminders: #""text", "# + reminder), "reminders[0]: must be an object"),
                                (archive(lists: list + ", [1]", reminders: reminder), "lists[1]: must be an object")] {
            cli.files["a.json"] = data
            let result = cli.run("import", "--format", "json", "a.json")
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("tick: error: a.json: " + message), "\(result.errors)")
        }
        #expect(try Self.count(cli) == 0)
    }

    @Test("a trailing comma is not JSON: an archive read whole refuses it where it is, as one read in pieces does, and nothing is stored",
          arguments: [
            (#"{"uid": "u1", "listID": "L", "title": "Buy milk", }"#, "not valid JSON (expected a key, at byte "),
            (#"{"uid": "u1", "listID": "L", "tags": ["a",], "title": "x"}"#, "not valid JSON (unexpected character, at byte "),
            (#"{"uid": "u1", "listID": "L", "title": "x", "title": "y"}"#, #"not valid JSON (the key "title" is given twice in one object, at byte "#),
          ])
    func trailingCommaRefused(last: String, message: String) throws {
        for count in [1, 12_000] {
            let cli = CLIHarness()
            cli.ok("add", "Already here")
            let before = try ImportGoldenTests.dump(cli.databasePath)
            cli.files["comma.json"] = Self.archive(count: count, last: last)
            let result = cli.run("import", "comma.json")
            #expect(result.status == 1, "\(count): \(result.output)")
            #expect(result.errors.contains(message), "\(count): \(result.errors)")
            #expect(try ImportGoldenTests.dump(cli.databasePath) == before)
        }
    }

    /// A Tick archive saved by an editor that puts a UTF-8 byte order mark first (RFC 8259
    /// §8.1 lets a reader ignore it): found as an archive, not taken for Taskwarrior, and read
    /// whole or in pieces. (Before, it was taken for a Taskwarrior export and refused.)
    @Test("an archive that starts with a byte order mark is found and restored, small or big")
    func byteOrderMark() throws {
        for count in [1, 12_000] {
            let cli = CLIHarness()
            cli.files["bom.json"] = Data([0xEF, 0xBB, 0xBF]) + Self.archive(count: count)
            cli.ok("import", "bom.json")
            #expect(try Self.count(cli) == count, "\(count)")
            cli.files["twice.json"] = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"format": "tick", "format": "tick", "lists": [], "reminders": []}"#.utf8)
            let twice = cli.run("import", "twice.json")
            #expect(twice.status == 1 && twice.errors.contains("\"format\""), "\(twice.errors)")
        }
    }

    /// Found by fuzz/archive: a reminder's `"list"` (used when its `listID` names no list of the
    /// archive) was read untrimmed and unchecked, while a list's own `"name"` is trimmed and
    /// must not be blank; a blank one put the reminder in the default list without a word.
    @Test("a reminder's list name is read as a list's name is: trimmed, and refused when blank")
    func reminderListName() throws {
        let cli = CLIHarness()
        cli.ok("lists", "add", "Home")
        cli.files["names.json"] = Data(#"{"format": "tick", "version": 1, "lists": [], "reminders": [{"uid": "u1", "listID": "X", "list": " Home", "title": "Milk"}]}"#.utf8)
        cli.ok("import", "names.json")
        #expect(try #require(try cli.json("list", "Home") as? [[String: Any]]).map { $0["title"] as? String } == ["Milk"])
        let before = try ImportGoldenTests.dump(cli.databasePath)
        cli.files["blank.json"] = Data(#"{"format": "tick", "version": 1, "lists": [], "reminders": [{"uid": "u2", "listID": "X", "list": " \u3000 ", "title": "Eggs"}]}"#.utf8)
        let result = cli.run("import", "blank.json")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: blank.json: reminders[0]: "), "\(result.errors)")
        #expect(try ImportGoldenTests.dump(cli.databasePath) == before)
    }

    /// From fuzz/archive (stop 47): a reminder whose `listID` is none of the archive's lists and
    /// whose list name is an archive list's in another case goes into that list, small archive
    /// or big, and Tick's export of it is restored again to the same lists. The target's own
    /// model of the import compared names exactly and made a second list "Home" beside "HomE",
    /// whose export then failed; the import was right (seed `found-list-named-in-another-case`).
    @Test("a reminder naming an archive's list in another case goes into that list, and the export restores", arguments: [1, 12_000])
    func listNamedInAnotherCase(count: Int) throws {
        let cli = CLIHarness()
        let others = (1..<count).map { #", {"uid": "o\#($0)", "listID": "L1", "title": "Other \#($0)"}"# }.joined()
        cli.files["case.json"] = Data((##"{"format": "tick", "version": 1, "lists": [{"id": "L1", "name": "HomE", "color": "#FF2968"}], "##
            + #""reminders": [{"uid": "u1", "listID": "L2", "list": "Home", "title": "Buy milk"}"# + others + "]}").utf8)
        cli.ok("import", "case.json")
        let lists = try #require(try cli.json("lists") as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(lists == ["Reminders", "HomE"])
        #expect(try #require(try cli.json("list", "HomE") as? [[String: Any]]).count == count)
        let exported = cli.ok("export", "--format", "json")
        let again = CLIHarness()
        again.files["again.json"] = Data(exported.utf8)
        again.ok("import", "again.json")
        #expect(Set(try #require(try again.json("lists") as? [[String: Any]]).compactMap { $0["name"] as? String }) == Set(lists))
        #expect(try #require(try again.json("list", "HomE") as? [[String: Any]]).count == count)
    }

    /// Found by fuzz/archivestream: with "reminders" given twice, the streamed reader restored
    /// the first array while the whole-file reader took the last; now neither takes either.
    @Test("a top-level key given twice is refused by both readers, and nothing is imported", arguments: [
        (#", "reminders": [{"uid": "u1", "listID": "L", "completed": "yes"}]"#, "reminders"),
        (#", "lists": []"#, "lists"),
        (#", "format": "tick""#, "format"),
    ])
    func repeatedKey(tail: String, key: String) throws {
        let cli = CLIHarness()
        cli.ok("add", "Already here")
        let before = try ImportGoldenTests.dump(cli.databasePath)
        for count in [3, 12_000] {
            cli.files["twice.json"] = Self.archive(count: count, tail: tail)
            let result = cli.run("import", "twice.json")
            #expect(result.status == 1)
            #expect(result.errors.hasPrefix("tick: error: twice.json: the archive gives \"\(key)\" twice"), "\(result.errors)")
            #expect(try ImportGoldenTests.dump(cli.databasePath) == before)
        }
        // The whole-file reader (an archive whose reminders come first) says the same.
        let first = #"{"reminders": [], "format": "tick", "version": 1, "lists": [], "lists": []}"#
        cli.files["first.json"] = Data(first.utf8)
        #expect(cli.run("import", "first.json", "--format", "json").errors.hasPrefix("tick: error: first.json: the archive gives \"lists\" twice"))
    }

    @Test("a bad end after the reminders (garbage, a newer version, a cut file) imports nothing", arguments: [
        (#", "version": 2"#, "", "the export is version 2; this Tick reads up to 1. Upgrade Tick"),
        ("", "junk", "not valid JSON (more after the archive's closing }"),
        (#", "extra": [1, 2"#, "", "not valid JSON"),
    ])
    func badEnd(tail: String, after: String, message: String) throws {
        let cli = CLIHarness()
        var data = Self.archive(count: 6_000, tail: tail)
        data.append(contentsOf: Array(after.utf8))
        cli.files["big.json"] = data
        let result = cli.run("import", "big.json", "--format", "json")
        #expect(result.status == 1)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(try Self.count(cli) == 0)
    }

    @Test("a file cut inside its reminders names the reminder and imports nothing")
    func cutFile() throws {
        let cli = CLIHarness()
        let whole = Self.archive(count: 6_000)
        cli.files["cut.json"] = whole.prefix(whole.count / 2)
        let result = cli.run("import", "cut.json")
        #expect(result.status == 1)
        #expect(result.errors.contains("cut.json: reminders["), "\(result.errors)")
        #expect(result.errors.contains("not valid JSON"))
        #expect(try Self.count(cli) == 0)
    }

    @Test("the archive's keys in another order (reminders first, version last) read the same")
    func otherKeyOrders() throws {
        let reminders = #"[{"uid": "a", "listID": "L", "title": "first", "number": 4}, {"uid": "b", "listID": "L", "title": "second"}]"#
        let lists = ##"[{"id": "L", "name": "Errands", "color": "#FF9500"}]"##
        let layouts = [
            #"{"format": "tick", "version": 1, "lists": \#(lists), "reminders": \#(reminders)}"#,
            #"{"format": "tick", "lists": \#(lists), "reminders": \#(reminders), "version": 1}"#,
            #"{"reminders": \#(reminders), "lists": \#(lists), "version": 1, "format": "tick"}"#,
            #" { "lists" : \#(lists) , "format" : "tick" , "reminders" : \#(reminders) , "exportedAt" : null } "#,
        ]
        var listings: [String] = []
        for layout in layouts {
            let cli = CLIHarness()
            cli.files["a.json"] = Data(layout.utf8)
            #expect(cli.ok("import", "a.json", "--format", "json") == "Imported 2 reminders into Errands.\nNew lists: Errands\n")
            listings.append(cli.ok("list", "Errands"))
        }
        #expect(Set(listings).count == 1)
        #expect(listings[0].contains("#4"))
    }

    @Test("a newer version before the reminders is refused before any reminder is read")
    func newerVersionFirst() {
        let cli = CLIHarness()
        cli.files["new.json"] = Data(#"{"format": "tick", "version": 9, "lists": [], "reminders": [{"no": "uid"}]}"#.utf8)
        let result = cli.run("import", "new.json")
        #expect(result.errors == "tick: error: new.json: the export is version 9; this Tick reads up to 1. Upgrade Tick\nNothing was imported.\n")
    }

    @Test("strings with escapes, surrogate pairs and non-ASCII text come back as written")
    func escapes() throws {
        let cli = CLIHarness()
        let title = #"Tab\there \"quoted\" \\ \/ \u00e9t\u00E9 \ud83d\ude00 한국어 🎉"#
        cli.files["e.json"] = Data(#"{"format": "tick", "version": 1, "lists": [], "reminders": [{"uid": "e", "listID": "L", "title": "\#(title)", "notes": "a\nb\r\n\u0001", "position": 1e3}]}"#.utf8)
        cli.ok("import", "e.json")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect(shown["title"] as? String == "Tab\there \"quoted\" \\ / été 😀 한국어 🎉")
        #expect(shown["notes"] as? String == "a\nb\r\n\u{1}")
    }

    @Test("what JSON does not allow in a reminder is refused with the reminder's index", arguments: [
        #"{"uid": "x", "listID": "L", "title": "a\u{1}b"}"#,
        #"{"uid": "x", "listID": "L", "title": "\ud83d"}"#,
        #"{"uid": "x", "listID": "L", "title": "\q"}"#,
        #"{"uid": "x", "listID": "L", "title": "a", "position": 01}"#,
        #"{"uid": "x", "listID": "L", "title": "a", "flagged": tru}"#,
        #"{"uid": "x" "listID": "L", "title": "a"}"#,
    ])
    func invalidJSON(item: String) {
        let cli = CLIHarness()
        cli.files["bad.json"] = Data(#"{"format": "tick", "version": 1, "lists": [], "reminders": [{"uid": "ok", "listID": "L", "title": "fine"}, \#(item)]}"#.utf8)
        let result = cli.run("import", "bad.json")
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("tick: error: bad.json: reminders[1]: not valid JSON ("), "\(result.errors)")
    }

    @Test("a string that is not UTF-8 is refused")
    func notUTF8() {
        let cli = CLIHarness()
        var data = Data(#"{"format": "tick", "version": 1, "lists": [], "reminders": [{"uid": "x", "listID": "L", "title": "a"#.utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(contentsOf: Array(#""}]}"#.utf8))
        cli.files["bad.json"] = data
        let result = cli.run("import", "bad.json")
        #expect(result.status == 1)
        #expect(result.errors.contains("reminders[0]: not valid JSON (a string that is not UTF-8"), "\(result.errors)")
    }

    @Test("a long import draws its progress on a terminal's standard error, and nothing elsewhere")
    func progress() throws {
        let cli = CLIHarness()
        cli.files["big.json"] = Self.archive(count: 12_000)
        // Each look at the live clock is a second later than the one before.
        let ticks = Ticks()
        cli.liveClock = { ticks.next() }
        cli.isErrorTerminal = true
        let result = cli.run("import", "big.json")
        #expect(result.status == 0)
        #expect(result.errors.contains("tick: importing 10,000 of about 1"), "\(result.errors)")
        #expect(result.errors.contains(" s left)"), "\(result.errors)")
        let quiet = CLIHarness()
        quiet.files["big.json"] = Self.archive(count: 12_000)
        #expect(quiet.run("import", "big.json").errors == "")
    }
}

/// A clock that moves a second each time it is read.
private final class Ticks: @unchecked Sendable {
    // @unchecked: read only from the one thread that runs the command.
    private var seconds = 0.0
    func next() -> Date {
        seconds += 1
        return Date(timeIntervalSince1970: 1_796_040_000 + seconds)
    }
}
