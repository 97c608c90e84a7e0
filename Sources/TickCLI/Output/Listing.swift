import Foundation
import TickModel
import TickStore
import TickInterchange

/// The rows of a listing (`list`, `search`): full reminders when the output is JSON,
/// which carries every field, else the cheaper summaries the table needs.
enum Listing: Sendable {
    case full([Reminder])
    case summaries([ReminderSummary])

    /// Reads the rows `filter` selects, in the form the output needs.
    static func load(_ filter: ReminderFilter, json: Bool, from db: Database, now: Date, timeZone: TimeZone) throws -> Listing {
        json ? .full(try db.reminders(filter, now: now, timeZone: timeZone))
             : .summaries(try db.summaries(filter, now: now, timeZone: timeZone))
    }

    var count: Int {
        switch self {
        case .full(let rows): return rows.count
        case .summaries(let rows): return rows.count
        }
    }

    /// Prints the JSON array and returns nil for full rows; returns the summaries to lay
    /// out as a table otherwise.
    func summariesPrintingJSON(lists: [ReminderList.ID: ReminderList], in context: CommandContext) -> [ReminderSummary]? {
        switch self {
        case .full(let rows):
            context.print(JSONValue.array(rows.map { TickJSON.object(for: $0, listName: lists[$0.listID]?.name) }).serialized())
            return nil
        case .summaries(let rows):
            return rows
        }
    }
}
