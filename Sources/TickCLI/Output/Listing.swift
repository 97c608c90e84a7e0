import Foundation
import TickActions
import TickModel
import TickStore
import TickInterchange

extension ListingDetail {
    /// Whole reminders for JSON, which carries every field; else the cheaper summaries
    /// the table needs.
    static func forOutput(json: Bool) -> ListingDetail { json ? .full : .summaries }
}

extension ListingRows {
    /// Prints the JSON array and returns nil for full rows; returns the summaries to lay
    /// out as a table otherwise.
    func summariesPrintingJSON(lists: [ReminderList.ID: ReminderList], in context: CommandContext) -> [ReminderSummary]? {
        switch self {
        case .full(let rows):
            context.print(TickJSON.arrayText(of: rows) { lists[$0.listID]?.name })
            return nil
        case .summaries(let rows):
            return rows
        }
    }
}
