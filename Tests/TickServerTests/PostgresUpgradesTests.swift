import Foundation
import Testing
import TestSupport
import TickModel
import TickPostgres
import TickServer

/// Step 15 on PostgreSQL: the `ACTION:AUDIO` VALARMs an older Tick kept verbatim become
/// alarms when `tick serve --database` starts (`PostgresUpgrades.run`), for every user, once.
@Suite("PostgreSQL: stored data upgraded once", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct PostgresUpgradesTests {
    @Test("kept audio VALARMs of every user become alarms, the other reminders are left alone, and a second run changes nothing")
    func keptAudioAlarms() throws {
        let database = try PostgresServer.database()
        let connection = try database.connect()
        _ = try PostgresMigrator.migrate(connection, to: Array(PostgresSchema.migrations.prefix(14)))
        for user in ["ann", "bob"] {
            try connection.execute("INSERT INTO users (id, name, password_hash, created_at) VALUES ($1, $1, '', now())", [user])
            try connection.execute("""
                INSERT INTO lists (owner, id, name, color, position, created_at, modified_at) VALUES ($1, $1 || '-L', 'Home', '#FF0000', 1, now(), now())
                """, [user])
        }
        func addReminder(_ owner: String, _ number: Int64, _ extras: String) throws {
            try connection.execute("""
                INSERT INTO reminders (owner, number, uid, list_id, title, position, created_at, modified_at, ical_extras)
                VALUES ($1, $2, $4, $1 || '-L', 'Call', $2, now(), now(), $3)
                """, [owner, number, extras, "\(owner)-\(number)"])
        }
        try addReminder("ann", 1, "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261205T083000Z\nATTACH:Chord\nEND:VALARM")
        try addReminder("ann", 2, "X-NOTE:no alarm here")
        try addReminder("bob", 1, "BEGIN:VALARM\nX-WR-ALARMUID:apple-7\nACTION:audio\nTRIGGER;VALUE=DATE-TIME:20261206T080000Z\nEND:VALARM")
        // Bob's journal: his reminder #2, deleted by an older Tick, kept an audio VALARM.
        try connection.execute("INSERT INTO journal_changes (owner, id, actor, made_at, command) VALUES ('bob', 1, 'bob', now(), 'tick delete 2')")
        try connection.execute("""
            INSERT INTO journal_reminders (owner, change, phase, number, present, uid, list_id, title, notes, priority, flagged,
                position, tags, recurrence_basis, alarms, ical_extras, created_at, modified_at)
            VALUES ('bob', 1, 0, 2, true, 'bob-2', 'bob-L', 'Deleted', '', 0, false, 2, '[]', 'due', '[]',
                'BEGIN:VALARM' || chr(10) || 'ACTION:AUDIO' || chr(10) || 'TRIGGER:-PT5M' || chr(10) || 'END:VALARM', now(), now())
            """)
        try connection.execute("INSERT INTO journal_reminders (owner, change, phase, number, present) VALUES ('bob', 1, 1, 2, false)")
        _ = try PostgresMigrator.migrate(connection, to: PostgresSchema.migrations)
        #expect(try connection.pendingUpgrades() == ["kept audio alarms"])

        let pool = try PostgresPool(url: database.url, capacity: 2)
        #expect(try PostgresUpgrades.run(pool, now: Fixture.now, zone: TimeZone(identifier: "UTC")!) == 2)
        #expect(try connection.pendingUpgrades().isEmpty)
        let ann = try PostgresStore(pool: pool, user: UserID("ann")).read { db in
            (try db.reminder(number: .init(1)), try db.reminder(number: .init(2)))
        }
        #expect(ann.0?.alarms.map(\.uid) == ["ann-1-alarm-1"])
        #expect(ann.0?.alarms.map(\.trigger) == [.absolute(Date(timeIntervalSince1970: 1_796_459_400))])
        #expect(ann.0?.iCalendarExtras.hasPrefix("BEGIN:VALARM\nACTION:AUDIO\n") == true)
        #expect(ann.1?.alarms.isEmpty == true && ann.1?.iCalendarExtras == "X-NOTE:no alarm here")
        let bob = try PostgresStore(pool: pool, user: UserID("bob")).read { try $0.reminder(number: .init(1)) }
        #expect(bob?.alarms.map(\.uid) == ["apple-7"])
        #expect(bob?.iCalendarExtras.hasPrefix("BEGIN:VALARM\nX-WR-ALARMUID:apple-7\n") == true)
        // An undo of the deletion puts it back with its alarm.
        let journaled = try PostgresStore(pool: pool, user: UserID("bob")).read { try $0.journaledReminders(of: 1) }
        #expect(journaled.first?.before?.alarms.map(\.uid) == ["bob-2-alarm-1"])
        #expect(try PostgresUpgrades.run(pool, now: Fixture.now, zone: TimeZone(identifier: "UTC")!) == 0)
    }
}
