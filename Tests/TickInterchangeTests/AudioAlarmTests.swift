import Foundation
import Testing
import TestSupport
@testable import TickInterchange
@testable import TickModel

/// `ACTION:AUDIO` VALARMs (RFC 5545 §3.6.6) ring like display ones: read as alarms, written
/// back as they came while the alarm is unchanged, gone from the export once the alarm is
/// removed in Tick; and those a Tick before 2026-12-06 kept verbatim are read by the
/// stored data's upgrade (`KeptAudioAlarms`).
@Suite("iCalendar: audio alarms")
struct AudioAlarmTests {
    typealias F = ICalendarFixture

    /// ical4android's RFC 5545 sample, shortened: an absolute audio alarm with a sound.
    static let audio = ["BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER;VALUE=DATE-TIME:20261205T083000Z",
                        "ATTACH;FMTTYPE=audio/basic:http://example.com/pub/audio-files/ssbanner.aud",
                        "REPEAT:4", "DURATION:PT1H", "END:VALARM"]
    static let text = F.vtodo(["UID:t1", "SUMMARY:Submit report", "DUE:20261205T090000Z"] + audio)

    @Test("an audio VALARM is an alarm, and an export gives it back as it came")
    func readAndWrittenBack() throws {
        let reminder = try F.reminder(Self.text)
        #expect(reminder.alarms.map(\.trigger) == [.absolute(Date(timeIntervalSince1970: 1_796_459_400))])
        let exported = try F.roundTrip(Self.text)
        #expect(exported.components(separatedBy: "BEGIN:VALARM").count == 2, "\(exported)")
        #expect(exported.contains(Self.audio.joined(separator: "\r\n")), "\(exported)")
        #expect(try F.reminder(exported).alarms == reminder.alarms)
    }

    @Test("an audio alarm removed in Tick is not written back (a phone stops ringing it); one moved keeps its lines with the new TRIGGER")
    func removedOrChanged() throws {
        let (lists, reminders) = F.stored(try F.read(Self.text))
        var removed = reminders[0]
        removed.alarms = []
        let withoutAlarm = ICalendarWriter().write(lists: lists, reminders: [removed])
        #expect(!withoutAlarm.contains("BEGIN:VALARM"), "\(withoutAlarm)")
        for trigger in [Alarm.Trigger.relative(seconds: -600, toStart: false), .absolute(Date(timeIntervalSince1970: 1_796_545_800))] {
            var changed = reminders[0]
            changed.alarms[0].trigger = trigger
            let moved = ICalendarWriter().write(lists: lists, reminders: [changed])
            #expect(moved.contains("ACTION:AUDIO\r\nTRIGGER") && moved.contains("ATTACH;FMTTYPE=audio/basic"), "\(moved)")
            #expect(moved.components(separatedBy: "BEGIN:VALARM").count == 2, "\(moved)")
            #expect(try F.reminder(moved).alarms.map(\.trigger) == [trigger])
            #expect(try F.reminder(moved).alarms.map(\.uid) == changed.alarms.map(\.uid))
        }
    }

    @Test("an Apple alarm of a repeating reminder keeps its lines when it goes on to the next occurrence")
    func appleAlarmOfARepeatingReminder() throws {
        let text = F.vtodo(["UID:r1", "SUMMARY:Water", "DUE:20261205T090000Z", "RRULE:FREQ=DAILY",
                            "BEGIN:VALARM", "X-WR-ALARMUID:apple-9", "UID:apple-9", "TRIGGER;VALUE=DATE-TIME:20261205T090000Z",
                            "ACTION:AUDIO", "ATTACH;VALUE=URI:Chord", "X-APPLE-DEFAULT-ALARM:TRUE", "END:VALARM"])
        let (lists, reminders) = F.stored(try F.read(text))
        var next = reminders[0]
        next.alarms[0].trigger = .absolute(Date(timeIntervalSince1970: 1_796_547_600))
        let exported = ICalendarWriter().write(lists: lists, reminders: [next])
        #expect(exported.contains("X-WR-ALARMUID:apple-9\r\nUID:apple-9\r\nTRIGGER;VALUE=DATE-TIME:20261206T090000Z\r\nACTION:AUDIO\r\n"
                                  + "ATTACH;VALUE=URI:Chord\r\nX-APPLE-DEFAULT-ALARM:TRUE\r\nEND:VALARM"), "\(exported)")
        #expect(try F.reminder(exported).alarms == next.alarms)
    }

    /// A tester: an older Tick kept such a block verbatim; refused now, a CalDAV client's PUT of
    /// any edit to that to-do was refused too.
    @Test("an audio VALARM without a TRIGGER is no alarm and is kept as it came, without a warning")
    func unreadableTrigger() throws {
        let block = ["BEGIN:VALARM", "ACTION:AUDIO", "ATTACH;VALUE=URI:Chord", "END:VALARM"]
        let batch = try F.read(F.vtodo(["UID:t2", "SUMMARY:a"] + block))
        #expect(batch.reminders[0].reminder.alarms.isEmpty)
        #expect(batch.losses.isEmpty, "\(batch.losses)")
        #expect(batch.reminders[0].reminder.iCalendarExtras.contains(block.joined(separator: "\n")))
    }

    @Test("the upgrade reads a kept audio VALARM into an alarm, the export keeps its lines, and the display alarms keep their UIDs")
    func upgrade() throws {
        // Stored by an older Tick: the display alarm without a UID was `t3-alarm-1` (the audio one
        // was not counted), the audio one kept, read now it would be counted first.
        var older = try F.reminder(F.vtodo(["UID:t3", "SUMMARY:a", "DUE:20261205T090000Z",
                                            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT1H", "ATTACH:Basso", "END:VALARM",
                                            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
                                            "BEGIN:VALARM", "X-WR-ALARMUID:apple-1", "ACTION:AUDIO", "TRIGGER:-PT2H", "END:VALARM"]))
        older.alarms = [Alarm(uid: "t3-alarm-1", trigger: .relative(seconds: -900, toStart: true))]
        let upgraded = try #require(KeptAudioAlarms.reading(older))
        // In the order of the blocks; the first audio one cannot take `t3-alarm-1` (a reader now
        // counts it before the display one, which an older Tick numbered 1): a UID of its own.
        #expect(upgraded.alarms.map(\.uid) == ["t3-audio-1", "t3-alarm-1", "apple-1"])
        #expect(upgraded.alarms.map(\.trigger) == [.relative(seconds: -3_600, toStart: true), .relative(seconds: -900, toStart: true),
                                                   .relative(seconds: -7_200, toStart: true)])
        // The anonymous block got the alarm's UID; Apple's kept its own.
        #expect(upgraded.iCalendarExtras == """
            BEGIN:VALARM
            UID:t3-audio-1
            ACTION:AUDIO
            TRIGGER:-PT1H
            ATTACH:Basso
            END:VALARM
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:x
            TRIGGER:-PT15M
            END:VALARM
            BEGIN:VALARM
            X-WR-ALARMUID:apple-1
            ACTION:AUDIO
            TRIGGER:-PT2H
            END:VALARM
            """)
        let exported = ICalendarWriter().write(lists: [ReminderList(id: upgraded.listID, name: "L", createdAt: F.now)], reminders: [upgraded])
        #expect(exported.contains("ATTACH:Basso") && exported.contains("X-WR-ALARMUID:apple-1"), "\(exported)")
        #expect(exported.components(separatedBy: "BEGIN:VALARM").count == 4, "\(exported)")
        // Read again, the same alarms under the same UIDs: nothing for a sync to change.
        #expect(try F.reminder(exported).alarms == upgraded.alarms)
        // Once is enough: the blocks are alarms now.
        #expect(KeptAudioAlarms.reading(upgraded) == nil)
    }

    @Test("an audio VALARM without a UID after the display ones takes the UID a reader gives it: its lines stay as they came")
    func naturalUID() throws {
        var older = try F.reminder(F.vtodo(["UID:t5", "SUMMARY:a", "DUE:20261205T090000Z",
                                            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
                                            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT1H", "END:VALARM",
                                            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT2H", "END:VALARM"]))
        older.alarms = [Alarm(uid: "t5-alarm-1", trigger: .relative(seconds: -900, toStart: true))]
        let upgraded = try #require(KeptAudioAlarms.reading(older))
        #expect(upgraded.alarms.map(\.uid) == ["t5-alarm-1", "t5-alarm-2", "t5-alarm-3"])
        #expect(upgraded.iCalendarExtras == older.iCalendarExtras)
        let fresh = try F.reminder(F.vtodo(["UID:t5", "SUMMARY:a", "DUE:20261205T090000Z",
                                            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
                                            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT1H", "END:VALARM",
                                            "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT2H", "END:VALARM"]))
        #expect(upgraded.alarms == fresh.alarms && upgraded.iCalendarExtras == fresh.iCalendarExtras)
    }

    @Test("the upgrade leaves a reminder without a kept audio alarm alone", arguments: [
        "",
        "X-NOTE:AUDIO is only a word here",
        "BEGIN:VALARM\nACTION:EMAIL\nSUMMARY:AUDIO\nDESCRIPTION:d\nATTENDEE:mailto:a@example.com\nTRIGGER:-PT1H\nEND:VALARM",
        "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER:never\nEND:VALARM",
    ])
    func nothingToRead(extras: String) throws {
        var reminder = Reminder(listID: .init(rawValue: "L"), title: "a", createdAt: F.now)
        reminder.iCalendarExtras = extras
        #expect(KeptAudioAlarms.reading(reminder) == nil)
    }

    @Test("an audio block whose UID another alarm of the reminder has gets one of its own")
    func takenUID() throws {
        var reminder = Reminder(listID: .init(rawValue: "L"), title: "a", createdAt: F.now)
        reminder.alarms = [Alarm(uid: "same", trigger: .relative(seconds: 0, toStart: false))]
        reminder.iCalendarExtras = "BEGIN:VALARM\nUID:same\nACTION:AUDIO\nTRIGGER:-PT5M\nEND:VALARM"
        let upgraded = try #require(KeptAudioAlarms.reading(reminder))
        #expect(upgraded.alarms.map(\.uid) == ["same", "\(reminder.uid)-audio-1"])
        #expect(upgraded.iCalendarExtras == "BEGIN:VALARM\nUID:\(reminder.uid)-audio-1\nACTION:AUDIO\nTRIGGER:-PT5M\nEND:VALARM")
    }
}

extension AudioAlarmTests {
    @Test("the upgrade of a reminder this version's reader stored changes nothing: its audio alarms are read already")
    func readAlready() throws {
        let reminder = try F.reminder(F.vtodo(["UID:t4", "SUMMARY:a", "DUE:20261205T090000Z",
                                               "BEGIN:VALARM", "ACTION:AUDIO", "TRIGGER:-PT1H", "END:VALARM",
                                               "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT15M", "END:VALARM",
                                               "BEGIN:VALARM", "UID:u", "ACTION:AUDIO", "TRIGGER:-PT2H", "END:VALARM"]))
        #expect(reminder.alarms.count == 3)
        #expect(KeptAudioAlarms.reading(reminder) == nil)
    }
}
