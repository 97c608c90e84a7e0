import Foundation
import Testing
import TestSupport
@testable import TickStore

/// A database written before schema 16 holds `ACTION:AUDIO` VALARMs among its reminders'
/// kept lines and no alarm for them. Opened by this version, they are read into alarms once
/// (`Actions.runPendingUpgrades`): the alarm rings and shows, the export still gives the
/// phone's lines back, and removing the alarm in Tick removes it from the export.
@Suite("Upgrade: audio alarms an older Tick kept verbatim")
struct AudioAlarmUpgradeTests {
    static let stamp = "'2026-11-29T12:00:00.000Z'"
    static let audio = "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER:-PT30M\nATTACH;VALUE=URI:Chord\nEND:VALARM"

    /// A database as schema 15 left it, with reminder #1 `u1` due 2026-12-05 09:00 UTC in list
    /// A, keeping `extras`.
    static func olderDatabase(_ cli: CLIHarness, extras: String) throws {
        let old = try Store.open(path: cli.databasePath)
        try Schema.migrator.migrate(old, upTo: 15)
        try old.executeScript("""
            PRAGMA application_id = \(Schema.applicationID);
            INSERT INTO list (id, name, color, position, created_at, modified_at) VALUES ('A', 'Home', '#007AFF', 0, \(stamp), \(stamp));
            INSERT INTO reminder (uid, list_id, title, due, due_time_zone, position, created_at, modified_at, ical_extras)
                VALUES ('u1', 'A', 'Call the bank', '2026-12-05T09:00:00Z', 'UTC', 1024, \(stamp), \(stamp), '\(extras)');
            """)
    }

    /// SQL that records, as an older Tick's `tick delete N` did, the deletion of reminder
    /// `number` (`u<number>`, keeping `Self.audio`) in the change journal, as change 1.
    static func journaledDeletion(number: Int) -> String {
        """
        INSERT INTO journal_change (id, made_at, command) VALUES (1, \(stamp), 'tick delete \(number)');
        INSERT INTO journal_reminder (change, phase, number, present, uid, list_id, title, notes, priority, flagged, position,
            tags, alarms, ical_extras, created_at, modified_at, recurrence_basis, revision)
            VALUES (1, 0, \(number), 1, 'u\(number)', 'A', 'Deleted before', '', 0, 0, 4096, '[]', '[]', '\(audio)', \(stamp), \(stamp), 'due', 2);
        INSERT INTO journal_reminder (change, phase, number, present) VALUES (1, 1, \(number), 0);
        UPDATE sqlite_sequence SET seq = \(number) WHERE name = 'reminder';
        """
    }

    /// The names left in `pending_upgrade`.
    static func pending(_ cli: CLIHarness) throws -> [String] {
        let store = try Store(path: cli.databasePath, now: Fixture.now)
        return try store.read { try $0.pendingUpgrades() }
    }

    @Test("a kept audio VALARM becomes an alarm on the first open; the export keeps its lines; removed, it is gone")
    func readOnOpen() throws {
        let cli = CLIHarness()
        try Self.olderDatabase(cli, extras: Self.audio)
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        let alarms = try #require(shown["alarms"] as? [[String: Any]])
        #expect(alarms.count == 1, "\(shown)")
        #expect(try Self.pending(cli).isEmpty)
        let exported = cli.ok("export", "--format", "ics")
        #expect(exported.contains("BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT30M\r\nATTACH;VALUE=URI:Chord\r\nEND:VALARM"), "\(exported)")
        #expect(exported.components(separatedBy: "BEGIN:VALARM").count == 2)
        // Opened again, nothing more is read.
        #expect(try #require(try cli.json("show", "1") as? [String: Any])["alarms"].map { ($0 as? [Any])?.count } == 1)
        cli.ok("edit", "1", "--no-alarm")
        #expect(!cli.ok("export", "--format", "ics").contains("VALARM"))
    }

    /// A tester's findings on the first version of the upgrade: it bumped each upgraded
    /// reminder's revision (`tick sync` sent them all again, and put back those a phone had
    /// deleted), rang alarms from 1998 as missed, and left the change journal's copies as they
    /// were (an undo of a deletion made before brought the reminder back without its alarm).
    @Test("the upgrade keeps revisions, marks an alarm already past as not rung, and upgrades the journal: undo brings the alarm back")
    func revisionsPastAlarmsAndJournal() throws {
        let cli = CLIHarness()
        try Self.olderDatabase(cli, extras: Self.audio)
        let past = "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:19980415T090000Z\nEND:VALARM"
        let old = try Store.open(path: cli.databasePath)
        try old.executeScript("""
            UPDATE reminder SET revision = 5 WHERE uid = 'u1';
            INSERT INTO reminder (uid, list_id, title, position, created_at, modified_at, ical_extras, revision)
                VALUES ('u2', 'A', 'Taxes', 2048, \(Self.stamp), \(Self.stamp), '\(past)', 7);
            """ + Self.journaledDeletion(number: 3))
        cli.ok("list")
        var revisions: [Int64] = []
        try old.forEachRow("SELECT revision FROM reminder ORDER BY number") { revisions.append($0.int(0)) }
        #expect(revisions == [5, 7])
        let taxes = try #require(try cli.json("show", "2") as? [String: Any])
        let alarm = try #require((taxes["alarms"] as? [[String: Any]])?.first)
        #expect(alarm["silenced"] as? Bool == true, "\(alarm)")
        #expect(!cli.ok("agent", "--once", "--stdout").contains("Taxes"))
        cli.ok("undo")
        let restored = try #require(try cli.json("show", "3") as? [String: Any])
        #expect((restored["alarms"] as? [Any])?.count == 1, "\(restored)")
        #expect(cli.ok("export", "--format", "ics").contains("BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT30M\r\nATTACH;VALUE=URI:Chord"))
    }

    /// A tester: an `ACKNOWLEDGED` of an earlier occurrence made the upgraded alarm "rang" for
    /// good; an import makes it pending again (RFC 9074 §6).
    @Test("an audio alarm acknowledged before the instant it rings for is pending after the upgrade, as after an import")
    func acknowledgedBefore() throws {
        let cli = CLIHarness()
        try Self.olderDatabase(cli, extras: "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261206T095000Z\nACKNOWLEDGED:20261204T095500Z\nEND:VALARM")
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        let alarm = try #require((shown["alarms"] as? [[String: Any]])?.first)
        #expect(alarm["firedAt"] is NSNull && alarm["silenced"] as? Bool == false, "\(alarm)")
    }

    @Test("a database whose only audio VALARM is in a deleted reminder's journal copy is upgraded: undo brings the alarm back")
    func onlyInTheJournal() throws {
        let cli = CLIHarness()
        try Self.olderDatabase(cli, extras: "")
        let old = try Store.open(path: cli.databasePath)
        try old.executeScript(Self.journaledDeletion(number: 2))
        cli.ok("undo")
        #expect((try #require(try cli.json("show", "2") as? [String: Any])["alarms"] as? [Any])?.count == 1)
        #expect(try Self.pending(cli).isEmpty)
    }

    /// An archive of 1 or of 12,000 reminders (read whole, or a piece at a time), the first
    /// keeping `Self.audio`, from a Tick before 2026-12-06 or (`key`) from this one.
    static func archive(count: Int, key: Bool) -> Data {
        let extras = Self.audio.replacingOccurrences(of: "\n", with: "\\n")
        var items = [#"{"uid": "a1", "listID": "L", "title": "Audio", "due": "2026-12-05T09:00:00Z", "dueKind": "timed", "dueTimeZone": "UTC", "iCalendarExtras": "\#(extras)"}"#]
        items += (1..<count).map { #"{"uid": "o\#($0)", "listID": "L", "title": "Other \#($0)"}"# }
        return Data((##"{"format": "tick", "version": 1, "## + (key ? ##""readsAudioAlarms": true, "## : "")
            + ##""lists": [{"id": "L", "name": "Home", "color": "#007AFF"}], "reminders": ["## + items.joined(separator: ",\n") + "]}").utf8)
    }

    @Test("an archive of an older Tick restores its kept audio VALARMs as alarms; one of this Tick keeps an alarm removed as removed",
          arguments: [1, 12_000])
    func archives(count: Int) throws {
        let cli = CLIHarness()
        cli.files["old.json"] = Self.archive(count: count, key: false)
        cli.ok("import", "old.json")
        let found = try #require(try cli.json("search", "Audio") as? [[String: Any]])
        let number = try #require(found.first?["number"] as? Int)
        #expect((try #require(try cli.json("show", "\(number)") as? [String: Any])["alarms"] as? [Any])?.count == 1)
        #expect(cli.ok("export", "--format", "ics").contains("ACTION:AUDIO\r\nTRIGGER:-PT30M\r\nATTACH;VALUE=URI:Chord"))
        // This Tick's archive says so: the kept block of an alarm removed here stays no alarm.
        cli.ok("edit", "\(number)", "--no-alarm")
        let exported = cli.ok("export", "--format", "json")
        #expect(exported.contains(#""readsAudioAlarms": true"#))
        let again = CLIHarness()
        again.files["new.json"] = Data(exported.utf8)
        again.ok("import", "new.json")
        #expect((try #require(try again.json("show", "\(number)") as? [String: Any])["alarms"] as? [Any])?.isEmpty == true)
        #expect(!again.ok("export", "--format", "ics").contains("VALARM"))
        let marked = CLIHarness()
        marked.files["marked.json"] = Self.archive(count: count, key: true)
        marked.ok("import", "marked.json")
        #expect(!marked.ok("export", "--format", "ics").contains("VALARM"))
    }

    /// A tester: both said "1 updated" (and a sync would have sent the reminder again).
    @Test("Tick's export with an email VALARM before an audio one imports back unchanged; an old archive restored again is unchanged")
    func unchangedAgain() throws {
        let cli = CLIHarness()
        cli.files["v.ics"] = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:v3\r\nSUMMARY:Call\r\n"
            + "DUE:20261205T090000Z\r\nBEGIN:VALARM\r\nACTION:EMAIL\r\nSUMMARY:s\r\nDESCRIPTION:d\r\nATTENDEE:mailto:a@example.com\r\n"
            + "TRIGGER:-PT1H\r\nEND:VALARM\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT10M\r\nEND:VALARM\r\nEND:VTODO\r\n"
            + "END:VCALENDAR\r\n").utf8)
        cli.ok("import", "v.ics")
        cli.files["x.ics"] = Data(cli.ok("export", "--format", "ics").utf8)
        let again = try #require(try cli.json("import", "x.ics") as? [String: Any])
        #expect(again["unchanged"] as? Int == 1 && again["updated"] as? Int == 0, "\(again)")

        let acknowledged = "BEGIN:VALARM\\nACTION:AUDIO\\nTRIGGER:-PT10M\\nACKNOWLEDGED:20261204T095500Z\\nEND:VALARM"
        cli.files["old.json"] = Data((##"{"format": "tick", "version": 1, "lists": [{"id": "L", "name": "Home", "color": "#007AFF"}], "##
            + #""reminders": [{"uid": "r1", "listID": "L", "title": "Daily", "due": "2026-12-06T10:00:00Z", "dueKind": "timed", "#
            + #""dueTimeZone": "UTC", "recurrence": "FREQ=DAILY", "iCalendarExtras": "\#(acknowledged)"}]}"#).utf8)
        cli.ok("import", "old.json")
        let restored = try #require(try cli.json("import", "old.json") as? [String: Any])
        #expect(restored["unchanged"] as? Int == 1 && restored["updated"] as? Int == 0, "\(restored)")
    }

    @Test("a database whose kept lines hold no audio VALARM is not flagged, and an email alarm stays kept", arguments: [
        "", "X-NOTE:nothing", "BEGIN:VALARM\nACTION:EMAIL\nDESCRIPTION:d\nSUMMARY:s\nATTENDEE:mailto:a@example.com\nTRIGGER:-PT1H\nEND:VALARM",
    ])
    func notFlagged(extras: String) throws {
        let cli = CLIHarness()
        try Self.olderDatabase(cli, extras: extras)
        #expect(try Self.pending(cli).isEmpty)
        let shown = try #require(try cli.json("show", "1") as? [String: Any])
        #expect((shown["alarms"] as? [Any])?.isEmpty ?? true, "\(shown)")
        if extras.contains("EMAIL") { #expect(cli.ok("export", "--format", "ics").contains("ACTION:EMAIL")) }
    }
}
