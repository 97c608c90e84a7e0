// What the JSON API's body readers use of TickServer and the store modules, for
// fuzz/apibody: a stand-in store holding three reminders a `parent` may name, and the
// share access of TickPostgres. Empty modules stand for `import TickActions`, `TickStore`
// and `TickPostgres` (see fuzz/run.sh); the few TickActions files the readers need are
// compiled into the target itself.
import Foundation
import TickModel

/// Stands for TickModel's protocol of the same name (declared here, it is the one the
/// readers' `some ReminderStore` means in this target): the readers only pass the store
/// on to `WebService.existingReminder`.
protocol ReminderStore {}

/// The store the target reads bodies against.
struct SampleStore: ReminderStore {
    /// The reminders a `parent` may name, by uid.
    static let numbers: [String: Reminder.Number] = [
        "6F9619FF-8B86-D011-B42D-00C04FC964FF": Reminder.Number(1), "milk": Reminder.Number(2), "p": Reminder.Number(3),
    ]
    /// The uid of a number, for writing a `parent` back.
    static func uid(of number: Reminder.Number) -> String? { numbers.first { $0.value == number }?.key }
}

/// The part of `WebService` the body readers call.
enum WebService {
    /// As `WebService.existingReminder(uid:in:)`: the reminder with `uid`, else 404.
    static func existingReminder(uid: String, in db: some ReminderStore) throws -> Reminder {
        guard let number = SampleStore.numbers[uid] else { throw Problem.notFound("there is no reminder with the uid '\(uid)'") }
        return Reminder(uid: ReminderUID(uid), number: number, listID: ReminderList.ID(rawValue: "L"), title: "parent",
                        createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    }
}

/// As TickPostgres's `ShareAccess`.
enum ShareAccess: String {
    case read, write
}
