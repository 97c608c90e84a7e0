import Foundation
import TickActions
import TickModel
import TickStore

/// Finds the alarms that are ringing, delivers them once, and says when to look again.
///
/// One pass (`deliverDue(at:)`):
/// 1. Read the reminders whose indexed `next_alarm` is due (with the slack that all-day
///    and floating dates need) and compute each pending alarm's exact instant in the
///    user's zone.
/// 2. Skip alarms already recorded in `alarm_delivery` for the same instant (an import
///    that brought them back unfired), marking them fired without ringing.
/// 3. Compose notifications (`NotificationComposer`: same-minute alarms coalesced,
///    missed ones gathered in one) and deliver them one at a time: desktop, else
///    standard output (not with command hooks: they are the delivery then); command
///    hooks for each reminder.
/// 4. Right after each delivery, in its own write transaction: mark its alarms fired and
///    record it. A crash between a delivery and its record is the only way an alarm can
///    ring twice, so `kill -9` repeats at most the one delivery in flight; nothing is
///    ever marked delivered that was not.
/// 5. Mark the skipped alarms, and compute the next alarm's instant from the index.
///
/// The agent is not Sendable: it runs on one thread. Its clock is injected (`now`
/// parameters), so tests drive it through time without sleeping.
public final class AlarmAgent {
    /// How an agent behaves.
    public struct Configuration: Sendable {
        /// The user's zone and locale (all-day alarms ring at 09:00 here; texts use it).
        public var context: DateContext
        /// Whether notifications get "Done" and "Snooze" buttons (only when the agent
        /// stays running to hear them: not with `--once`).
        public var offersActions: Bool
        /// How long "Snooze" waits, in seconds.
        public var snoozeSeconds: Int
        /// How late an alarm may be delivered and still count as on time.
        public var lateness: TimeInterval

        /// Creates a configuration.
        public init(context: DateContext, offersActions: Bool, snoozeSeconds: Int = 600, lateness: TimeInterval = 60) {
            self.context = context
            self.offersActions = offersActions
            self.snoozeSeconds = snoozeSeconds
            self.lateness = lateness
        }
    }

    /// What one pass did.
    public struct Pass: Sendable {
        /// The notifications delivered, in order.
        public var notifications: [AlarmNotification]
        /// When the next pending alarm rings, or nil when none is pending.
        public var nextAlarm: Date?
    }

    private let store: Store
    private let configuration: Configuration
    private let primary: (any AlarmNotifier)?
    private let fallback: (any AlarmNotifier)?
    private let hooks: [any AlarmNotifier]
    private let log: (String) -> Void
    private var primaryFailed = false
    /// Notifications with buttons, by id: the reminders and occurrences they were about.
    private var sent: [UInt32: [(number: Reminder.Number, occurrence: Due?)]] = [:]
    /// Deliveries made whose record the database refused (held locked by another process past
    /// the busy timeout), with their channel: recorded at the start of each later pass, and
    /// not delivered again meanwhile (a tester: the agent rang an alarm, could not record it,
    /// exited, and the next agent rang it again).
    private var unrecorded: [(items: [AlarmNotification.Item], at: Date, channel: String)] = []

    /// - Parameters:
    ///   - primary: where notifications go (the desktop, or standard output); nil when
    ///     the hooks are the only delivery.
    ///   - fallback: where they go when `primary` fails (said once through `log`); nil
    ///     for none (with hooks: they are the delivery).
    ///   - hooks: command hooks that receive every reminder too.
    ///   - log: receives diagnostics, one line each.
    public init(store: Store, configuration: Configuration, primary: (any AlarmNotifier)?, fallback: (any AlarmNotifier)?,
                hooks: [any AlarmNotifier] = [], log: @escaping (String) -> Void) {
        self.store = store
        self.configuration = configuration
        self.primary = primary
        self.fallback = fallback
        self.hooks = hooks
        self.log = log
    }

    /// Delivers every alarm due at `now` that has not been delivered, and returns what
    /// it did and when the next alarm rings.
    /// - Throws: `StoreError` when the database cannot be read or written.
    public func deliverDue(at now: Date) throws -> Pass {
        let zone = configuration.context.timeZone
        let bound = now.addingTimeInterval(Database.alarmKeySlack)
        // Deliveries whose record failed before are recorded first (throws `.busy` again while
        // the database stays locked; the loop waits and comes back).
        while let first = unrecorded.first {
            try record(first.items, at: first.at, channel: first.channel)
            unrecorded.removeFirst()
        }
        let (candidates, lists, delivered) = try store.read { db in
            let candidates = try db.alarmCandidates(through: bound)
            var delivered = Set<String>()
            for candidate in candidates {
                for (alarm, date) in candidate.reminder.pendingAlarms(in: zone) where date <= now {
                    if try db.wasDelivered(reminder: candidate.reminder.number, alarmUID: alarm.uid, fireAt: date) {
                        delivered.insert(AlarmAgent.key(candidate.reminder.number, alarm.uid))
                    }
                }
            }
            return (candidates, try db.lists().reduce(into: [ReminderList.ID: String]()) { $0[$1.id] = $1.name }, delivered)
        }
        var items: [AlarmNotification.Item] = []
        var silent: [(Reminder.Number, String, Date)] = []
        var repairs: [Reminder.Number] = []
        for candidate in candidates {
            let reminder = candidate.reminder
            var ringing: [(uid: String, fireDate: Date)] = []
            var quiet = 0
            for (alarm, date) in reminder.pendingAlarms(in: zone) where date <= now {
                if delivered.contains(AlarmAgent.key(reminder.number, alarm.uid)) {
                    silent.append((reminder.number, alarm.uid, date))
                    quiet += 1
                } else {
                    ringing.append((alarm.uid, date))
                }
            }
            if !ringing.isEmpty {
                items.append(AlarmNotification.Item(reminder: reminder, listName: lists[reminder.listID], alarms: ringing,
                                                    occurrence: reminder.due ?? reminder.start))
            } else if quiet == 0, candidate.storedKey != reminder.nextAlarmKey {
                // A stale index key (a row migrated from schema 2): saving recomputes it.
                repairs.append(reminder.number)
            }
        }
        let composer = NotificationComposer(context: configuration.context, lateness: configuration.lateness)
        let notifications = composer.notifications(for: items, at: now)
        for notification in notifications {
            try deliver(notification, at: now)
        }
        let next = try store.write { db -> Date? in
            for (number, uid, date) in silent {
                try Actions.recordAlarmsFired(number, alarms: [(uid, date)], at: now, channel: nil, in: db)
            }
            for number in repairs {
                try Actions.refreshAlarmKey(of: number, in: db)
            }
            return try AlarmAgent.nextAlarm(db, zone: zone)
        }
        return Pass(notifications: notifications, nextAlarm: next)
    }

    /// Carries out a button a user clicked: "Done" completes the occurrence the
    /// notification was about (nothing when it is already done); "Snooze" rings the
    /// notification's reminders again after the snooze time.
    /// - Throws: `StoreError` when the database cannot be written.
    public func handle(_ action: NotificationAction, at now: Date) throws {
        let id: UInt32
        switch action {
        case .done(let notification), .snooze(let notification): id = notification
        }
        guard let targets = sent[id] else { return }
        let dates = configuration.context
        let context = ActionContext(dateContext: DateContext(now: now, timeZone: dates.timeZone, locale: dates.locale))
        switch action {
        case .done:
            try store.write { db in
                for target in targets {
                    try AlarmAgent.skippingGone {
                        _ = try Actions.setCompletion(target.number, .complete, occurrence: target.occurrence,
                                                      context: context, in: db)
                    }
                }
            }
            log("completed \(targets.map(\.number.description).joined(separator: ", ")) from a notification")
        case .snooze:
            let until = now.addingTimeInterval(TimeInterval(configuration.snoozeSeconds))
            try store.write { db in
                for target in targets {
                    try AlarmAgent.skippingGone { _ = try Actions.snooze(target.number, until: until, context: context, in: db) }
                }
            }
            log("snoozed \(targets.map(\.number.description).joined(separator: ", ")) from a notification")
        }
        sent[id] = nil
    }

    /// Runs a button's action on one reminder of a notification, leaving alone one that
    /// changed since it was shown: deleted, completed (snooze), or moved on to another
    /// occurrence (done). The actions refuse before writing, so nothing is half done.
    private static func skippingGone(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch ActionError.reminderNotFound, ActionError.reminderCompleted, ActionError.occurrenceNotCurrent {
            return
        }
    }

    /// Delivers one notification and records each delivery as soon as it happened, each
    /// in its own transaction: without hooks the notification's alarms once it is shown;
    /// with hooks each reminder's alarms once its hooks ran. A crash (`kill -9`) therefore
    /// repeats at most the delivery in flight, never a whole batch.
    /// - Throws: `StoreError` when a delivery cannot be recorded.
    private func deliver(_ notification: AlarmNotification, at now: Date) throws {
        let channel = notify(notification)
        guard !hooks.isEmpty else {
            return try record(notification.items, at: now, channel: channel ?? "none")
        }
        for item in notification.items {
            let single = AlarmNotification(items: [item], summary: notification.summary, body: notification.body,
                                           urgency: notification.urgency, isMissed: notification.isMissed)
            for hook in hooks {
                do { _ = try hook.deliver(single, offeringActions: false) } catch { log(error.message) }
            }
            try record([item], at: now, channel: channel.map { $0 + "+exec" } ?? "exec")
        }
    }

    /// Marks the alarms of `items` fired and records their delivery, in one transaction.
    /// A delivery whose record finds the database busy is kept in `unrecorded`, for the next
    /// pass to record, and the error is thrown on.
    private func record(_ items: [AlarmNotification.Item], at now: Date, channel: String) throws {
        do {
            try store.write { db in
                for item in items {
                    try Actions.recordAlarmsFired(item.reminder.number, alarms: item.alarms, at: now, channel: channel, in: db)
                }
            }
        } catch let error as StoreError where error.kind == .busy {
            if !unrecorded.contains(where: { $0.at == now && $0.items.map(\.reminder.number) == items.map(\.reminder.number) }) {
                unrecorded.append((items, now, channel))
            }
            throw error
        }
    }

    /// Shows a notification through the primary channel, else the fallback. The primary
    /// channel is tried every time (a notification server may come back); its failure and
    /// its recovery are each said once.
    /// - Returns: the channel that showed it, or nil when none did (no channel besides the
    ///   hooks, or the desktop failed with no fallback).
    private func notify(_ notification: AlarmNotification) -> String? {
        guard let primary else { return nil }
        if primary === fallback {
            _ = try? primary.deliver(notification, offeringActions: false)
            return primary.channel
        }
        do {
            let id = try primary.deliver(notification, offeringActions: configuration.offersActions)
            if primaryFailed {
                primaryFailed = false
                log("desktop notifications work again")
            }
            if let id, configuration.offersActions {
                sent[id] = notification.items.map { ($0.reminder.number, $0.occurrence) }
            }
            return primary.channel
        } catch {
            if !primaryFailed {
                log(error.message + (fallback == nil ? "; alarms go to the --exec command only"
                                                     : "; writing notifications to standard output instead"))
            }
            primaryFailed = true
        }
        guard let fallback else { return nil }
        _ = try? fallback.deliver(notification, offeringActions: false)
        return fallback.channel
    }

    /// The instant of the next pending alarm in `zone`, from the index: the smallest key
    /// and every key within twice the slack of it (all-day and floating alarms may be
    /// off by up to the slack either way), computed exactly.
    static func nextAlarm(_ db: Database, zone: TimeZone) throws -> Date? {
        guard let earliest = try db.earliestAlarmKey() else { return nil }
        let candidates = try db.alarmCandidates(through: earliest.addingTimeInterval(2 * Database.alarmKeySlack))
        return candidates.compactMap { $0.reminder.nextAlarmDate(in: zone) }.min()
    }

    private static func key(_ number: Reminder.Number, _ uid: String) -> String { "\(number.rawValue) \(uid)" }
}
