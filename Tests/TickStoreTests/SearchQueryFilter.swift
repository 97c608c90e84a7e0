import TickModel
import TickStore

extension ReminderFilter {
    /// A filter for the search `text`, read by the query language (`SearchQuery`).
    init(text: String, includesCompleted: Bool = false, limit: Int? = nil, order: ReminderOrder? = nil) throws {
        self.init(search: try SearchQuery(parsing: text), includesCompleted: includesCompleted, limit: limit, order: order)
    }
}
