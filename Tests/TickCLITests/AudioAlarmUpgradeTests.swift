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
        #expect(exported.contains("BEGIN:VALARM\r\nUID:u1-audio-1\r\nACTION:AUDIO\r\nTRIGGER:-PT30M\r\nATTACH;VALUE=URI:Chord\r\nEND:VALARM"), "\(exported)")
        #expect(exported.components(separatedBy: "BEGIN:VALARM").count == 2)
        // Opened again, nothing more is read.
        #expect(try #require(try cli.json("show", "1") as? [String: Any])["alarms"].map { ($0 as? [Any])?.count } == 1)
        cli.ok("edit", "1", "--no-alarm")
        #expect(!cli.ok("export", "--format", "ics").contains("VALARM"))
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
