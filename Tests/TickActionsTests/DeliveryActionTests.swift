import Foundation
import Testing
import TestSupport
import TickActions
import TickAgent
import TickModel
import TickStore

@Suite("Actions: alarm deliveries")
struct DeliveryActionTests {
    static let due = Fixture.now.addingTimeInterval(-60)

    /// A reminder with two pending alarms that share the UID "a" (as an import can bring
    /// them) and one with the UID "b".
    static func reminder(in harness: ActionsHarness) throws -> Reminder {
        try harness.store.write { db in
            var reminder = Reminder(listID: try db.defaultList().id, title: "Call mom", createdAt: Fixture.now)
            reminder.alarms = [Alarm(uid: "a", trigger: .absolute(due)), Alarm(uid: "a", trigger: .absolute(due)),
                               Alarm(uid: "b", trigger: .absolute(due))]
            return try db.insert(reminder)
        }
    }

    @Test("a delivery marks every pending alarm with its UID fired and records it with its channel; the others stay pending")
    func delivered() throws {
        let harness = try ActionsHarness()
        let reminder = try Self.reminder(in: harness)
        try harness.store.write { db in
            try Actions.recordAlarmsFired(reminder.number, alarms: [("a", Self.due)], at: Fixture.now, channel: "desktop", in: db)
        }
        let stored = try #require(try harness.reminders().first)
        #expect(stored.alarms.map(\.firedAt) == [Fixture.now, Fixture.now, nil])
        #expect(try harness.store.read { db in
            (try db.wasDelivered(reminder: reminder.number, alarmUID: "a", fireAt: Self.due),
             try db.wasDelivered(reminder: reminder.number, alarmUID: "b", fireAt: Self.due))
        } == (true, false))
    }

    @Test("a reminder deleted before its delivery is recorded is no error and records nothing")
    func deletedMeanwhile() throws {
        let harness = try ActionsHarness()
        let reminder = try Self.reminder(in: harness)
        _ = try harness.actions.delete([reminder.number])
        try harness.store.write { db in
            try Actions.recordAlarmsFired(reminder.number, alarms: [("a", Self.due)], at: Fixture.now, channel: nil, in: db)
            try Actions.refreshAlarmKey(of: reminder.number, in: db)
        }
        #expect(try harness.store.read { db in
            try db.wasDelivered(reminder: reminder.number, alarmUID: "a", fireAt: Self.due)
        } == false)
    }

    @Test("the agent's delivery and the delivery action store the same rows and delivery records")
    func agentParity() throws {
        var rows: [StoredRows] = []
        var records: [[Bool]] = []
        for throughAgent in [true, false] {
            let harness = try ActionsHarness()
            let reminder = try Self.reminder(in: harness)
            if throughAgent {
                _ = try AgentFrontEnd(harness.store).agent.deliverDue(at: Fixture.now)
            } else {
                try harness.store.write { db in
                    try Actions.recordAlarmsFired(reminder.number, alarms: [("a", Self.due), ("b", Self.due)],
                                                  at: Fixture.now, channel: "dbus", in: db)
                }
            }
            rows.append(try StoredRows(harness.store))
            records.append(try harness.store.read { db in
                try ["a", "b"].map { try db.wasDelivered(reminder: reminder.number, alarmUID: $0, fireAt: Self.due) }
            })
        }
        #expect(rows[0] == rows[1])
        #expect(records == [[true, true], [true, true]])
        #expect(rows[0].reminders.first?.alarms.map(\.firedAt) == [Fixture.now, Fixture.now, Fixture.now])
    }
}
