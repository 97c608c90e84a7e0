import Foundation
import Testing
import TickAgent
import TickActions
import TickModel
import TickStore
import TestSupport

/// The instant `YYYY-MM-DDTHH:MM[:SS]Z`.
func utc(_ text: String) -> Date {
    guard text.hasSuffix("Z"), let value = LocalDateTime(text.dropLast()) else { preconditionFailure("bad instant \(text)") }
    return Date(timeIntervalSince1970: TimeInterval(value.secondsSinceEpochAsUTC))
}

/// A zone known to the tz database.
func zone(_ identifier: String) -> TimeZone {
    guard let value = TimeZone(identifier: identifier) else { preconditionFailure("unknown zone \(identifier)") }
    return value
}

/// Records what it is asked to deliver; fails on demand.
final class RecordingNotifier: AlarmNotifier {
    let channel: String
    var delivered: [AlarmNotification] = []
    var offeredActions: [Bool] = []
    var fails = false
    private var nextID: UInt32 = 1

    init(channel: String = "dbus") { self.channel = channel }

    func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
        if fails { throw AgentError("the test server is down") }
        delivered.append(notification)
        offeredActions.append(offeringActions)
        defer { nextID += 1 }
        return nextID
    }

    var summaries: [String] { delivered.map(\.summary) }
}

/// An event source that returns scripted wakes and moves the test clock to each
/// deadline, so the agent loop runs through days without sleeping.
final class ScriptedEvents: AgentEventSource {
    var clock: Date
    var deadlines: [Date?] = []
    /// Wakes to return instead of waiting until the deadline, in order.
    var script: [AgentWake] = []

    init(start: Date) { clock = start }

    func wait(until deadline: Date?) throws(AgentError) -> AgentWake {
        deadlines.append(deadline)
        if !script.isEmpty { return script.removeFirst() }
        guard let deadline else { throw AgentError("nothing left to wait for") }
        clock = max(clock, deadline)
        return .deadline
    }
}

/// A fresh store with the default list, and an agent over it in a fixed zone.
struct AgentFixture {
    let folder = TemporaryFolder()
    let store: Store
    let list: ReminderList
    let desktop = RecordingNotifier()
    let stdout = RecordingNotifier(channel: "stdout")
    var logs: [String] = []

    init() throws {
        store = try Store(path: folder.file("tick.sqlite3"), now: utc("2026-11-01T00:00:00Z"))
        list = try store.read { db in try db.defaultList() }
    }

    func context(_ zoneID: String = "Asia/Seoul", now: Date = utc("2026-11-01T00:00:00Z")) -> DateContext {
        DateContext(now: now, timeZone: zone(zoneID), locale: Locale(identifier: "en_US"))
    }

    func agent(zoneID: String = "Asia/Seoul", actions: Bool = true, log: @escaping (String) -> Void = { _ in }) -> AlarmAgent {
        AlarmAgent(store: store, configuration: .init(context: context(zoneID), offersActions: actions),
                   primary: desktop, fallback: stdout, log: log)
    }

    @discardableResult
    func add(_ title: String, due: Due?, alarms: [Alarm], recurrence: RecurrenceRule? = nil, priority: Priority = .none) throws -> Reminder {
        let reminder = Reminder(listID: list.id, title: title, due: due, priority: priority, recurrence: recurrence,
                                alarms: alarms, createdAt: utc("2026-11-01T00:00:00Z"))
        return try store.write { db in try db.insert(reminder) }
    }

    /// Completes reminder `number` as `tick done N` does at `now`.
    func complete(_ number: Reminder.Number, at now: Date) throws {
        let dates = DateContext(now: now, timeZone: zone("Asia/Seoul"), locale: Locale(identifier: "en_US"))
        _ = try Actions(store: store, context: ActionContext(dateContext: dates)).setCompletion([number], .complete)
    }

    func reminder(_ number: Reminder.Number) throws -> Reminder? {
        try store.read { db in try db.reminder(number: number) }
    }
}

/// An alarm at the due time.
let atDue = Alarm(trigger: .relative(seconds: 0, toStart: false))
/// A timed due date in Seoul.
func seoul(_ text: String) -> Due {
    guard let local = LocalDateTime(text) else { preconditionFailure("bad local \(text)") }
    return .timed(local.instant(in: zone("Asia/Seoul")), timeZone: "Asia/Seoul")
}
