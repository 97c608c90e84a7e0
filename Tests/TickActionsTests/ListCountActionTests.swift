import Foundation
import Testing
import TestSupport
import TickActions
import TickInterchange
import TickModel
@testable import TickStore

/// The counts the store keeps per list (`list_count`, schema version 7) and the smart
/// lists counted over the due-date index stay equal to a count of the reminders
/// themselves, whatever changes them.
@Suite("Kept counts")
struct ListCountActionTests {
    /// The counts read the way the front ends read them.
    struct Counts: Equatable, CustomStringConvertible {
        var perList: [String: [Int]] = [:]
        var open = 0, flagged = 0, scheduled = 0, completed = 0, today = 0, overdue = 0

        var description: String {
            "open \(open) flagged \(flagged) scheduled \(scheduled) completed \(completed) today \(today) overdue \(overdue) "
                + perList.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
    }

    /// What the store keeps, and what `Database.dueCounts` counts.
    static func kept(_ actions: Actions) throws -> Counts {
        try actions.store.read { db in
            var counts = Counts()
            try db.forEachRow("SELECT list_id, open, flagged, scheduled, completed FROM list_count") { row in
                counts.perList[row.text(0)] = [Int(row.int(1)), Int(row.int(2)), Int(row.int(3)), Int(row.int(4))]
            }
            let open = try db.openCounts()
            #expect(open.values.reduce(0, +) == counts.perList.values.map { $0[0] }.reduce(0, +))
            for list in try db.lists() {
                #expect(try db.openCount(inList: list.id) == (open[list.id] ?? 0))
                #expect(try db.reminderCount(inList: list.id)
                        == (counts.perList[list.id.rawValue].map { $0[0] + $0[3] } ?? -1))
            }
            counts.open = try db.count(in: .open)
            counts.flagged = try db.count(in: .flagged)
            counts.scheduled = try db.scheduledCount()
            counts.completed = try db.count(in: .completed)
            let due = try db.dueCounts(now: actions.context.now, timeZone: actions.context.timeZone)
            counts.today = due.today
            counts.overdue = due.overdue
            return counts
        }
    }

    /// The same numbers from every reminder and the smart lists' own listings.
    static func recounted(_ actions: Actions) throws -> Counts {
        var counts = Counts()
        let reminders = try actions.store.read { db in try db.allReminders() }
        for list in try actions.store.read({ db in try db.lists() }) { counts.perList[list.id.rawValue] = [0, 0, 0, 0] }
        for reminder in reminders {
            var row = counts.perList[reminder.listID.rawValue] ?? [0, 0, 0, 0]
            if reminder.isCompleted {
                row[3] += 1
                counts.completed += 1
            } else {
                row[0] += 1
                counts.open += 1
                if reminder.isFlagged { row[1] += 1; counts.flagged += 1 }
                if reminder.due != nil { row[2] += 1; counts.scheduled += 1 }
            }
            counts.perList[reminder.listID.rawValue] = row
        }
        counts.today = try actions.listing(ListingRequest(source: .smartList(.today))).rows.count
        counts.overdue = try actions.listing(ListingRequest(source: .smartList(.overdue))).rows.count
        return counts
    }

    /// Due dates around the clock's day in every form, timed ones near midnight in
    /// zones far east and west, so that the boundary of `today` and `overdue` is crossed.
    static func due(_ random: inout SeededGenerator, now: Date) -> Due? {
        let today = CalendarDay(daysSinceEpoch: Int(now.timeIntervalSince1970 / 86_400))
        let day = today.adding(days: Int.random(in: -4...4, using: &random))
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return nil
        case 1: return .allDay(day)
        case 2:
            return LocalDateTime(day: day, hour: Int.random(in: 0..<24, using: &random), minute: 0).map { .floating($0) }
        default:
            let hours = Double(Int.random(in: -60...60, using: &random))
            let zone: TimeZoneIdentifier = Bool.random(using: &random) ? "Pacific/Kiritimati" : "America/Anchorage"
            return .timed(now.addingTimeInterval(hours * 3_600), timeZone: zone)
        }
    }

    @Test("after random sequences of every kind of change, the kept counts equal a full recount",
          arguments: [1, 2, 3] as [UInt64])
    func randomChanges(seed: UInt64) throws {
        let harness = try ActionsHarness(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
        let actions = harness.actions
        var random = SeededGenerator(seed: seed)
        var listNames = ["Inbox", "Garden", "Work"]
        for name in listNames.dropFirst() { _ = try actions.addList(named: name) }
        var deleted: [DeletedReminder] = []
        var made = 0
        var largest = [0, 0, 0, 0] // completed, today, overdue, flagged
        func anyNumber(_ random: inout SeededGenerator) throws -> Reminder.Number? {
            try harness.reminders().randomElement(using: &random)?.number
        }
        func anyList(_ random: inout SeededGenerator) -> ListReference {
            .named(listNames.randomElement(using: &random) ?? "Inbox")
        }
        for step in 0..<160 {
            let kind = Int.random(in: 0..<12, using: &random)
            switch kind {
            case 0, 1:
                var request = NewReminder(title: "r\(step)", list: anyList(&random), due: Self.due(&random, now: Fixture.now),
                                          isFlagged: Bool.random(using: &random))
                if request.due != nil, Int.random(in: 0..<3, using: &random) == 0 {
                    request.schedule = ScheduleEdit(recurrence: .set(RecurrenceRule(rruleValue: "FREQ=DAILY")))
                }
                if Bool.random(using: &random), let parent = try anyNumber(&random) { request.parent = parent }
                _ = try? actions.add(request)
            case 2:
                if let number = try anyNumber(&random) { _ = try? actions.setCompletion([number], .complete) }
            case 3:
                if let number = try anyNumber(&random) { _ = try? actions.setCompletion([number], .reopen) }
            case 4:
                if let number = try anyNumber(&random) { deleted += (try? actions.delete([number])) ?? [] }
            case 5:
                if let last = deleted.popLast() { _ = try? actions.restore(last) }
            case 6:
                if let number = try anyNumber(&random) { _ = try? actions.edit(number, ReminderEdit(list: anyList(&random))) }
            case 7:
                if let number = try anyNumber(&random) {
                    let edit = ReminderEdit(due: Self.due(&random, now: Fixture.now).map { .set($0) } ?? .clear,
                                            isFlagged: Bool.random(using: &random))
                    _ = try? actions.edit(number, edit)
                }
            case 8:
                if let number = try anyNumber(&random) { _ = try? actions.move(number, to: .index(1)) }
            case 9:
                // An import or a sync's apply: new reminders, and stored ones changed (completed, moved).
                let lists = try harness.lists()
                var imported: [ImportedReminder] = []
                for (index, stored) in try harness.reminders().shuffled(using: &random).prefix(2).enumerated() {
                    var changed = stored
                    changed.completedAt = changed.isCompleted ? nil : Fixture.now
                    changed.isFlagged.toggle()
                    changed.modifiedAt = Fixture.now.addingTimeInterval(Double(step + 1))
                    let listName = lists.randomElement(using: &random)?.name
                    imported.append(ImportedReminder(listName: listName, reminder: changed, lineNumber: index + 1))
                }
                let fresh = Reminder(listID: lists[0].id, title: "imported \(step)", due: Self.due(&random, now: Fixture.now),
                                     isFlagged: Bool.random(using: &random),
                                     completedAt: Bool.random(using: &random) ? Fixture.now : nil, createdAt: Fixture.now)
                imported.append(ImportedReminder(listName: "Imported", reminder: fresh, lineNumber: 9))
                if !listNames.contains("Imported") { listNames.append("Imported") }
                let rule: ImportMergeRule = Bool.random(using: &random) ? .sync : .replace
                _ = try actions.importBatch(ImportRequest(batch: ImportBatch(reminders: imported), mergeRule: rule))
            case 10:
                if step % 4 == 0, listNames.count > 2 {
                    let name = listNames.remove(at: Int.random(in: 1..<listNames.count, using: &random))
                    _ = try actions.deleteList(.named(name), force: true)
                    deleted.removeAll()
                    made += 1
                    let fresh = "List \(made)"
                    _ = try actions.addList(named: fresh)
                    listNames.append(fresh)
                }
            default:
                if let number = try anyNumber(&random) { _ = try? actions.setCompletion([number], .toggle) }
            }
            let kept = try Self.kept(actions)
            let recounted = try Self.recounted(actions)
            largest = [max(largest[0], kept.completed), max(largest[1], kept.today), max(largest[2], kept.overdue),
                       max(largest[3], kept.flagged)]
            #expect(kept == recounted, "after step \(step) (change \(kind)): kept \(kept), recounted \(recounted)")
            if kept != recounted { return }
        }
        // The sequence went through every kind of state.
        #expect(largest.allSatisfy { $0 > 0 }, "completed, today, overdue, flagged: \(largest)")
    }
}
