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

extension CommandContext {
    /// Reads the listing of `request` and prints it as JSON (whole reminders), or fills
    /// the table of its rows: as the rows are read when SQL gives them in display order
    /// (no summary is held), else from the summaries.
    /// - Parameters:
    ///   - range: a due-date range the rows are narrowed to after reading (the first
    ///     `limit` of those inside it are kept).
    ///   - showsList: whether the table shows each reminder's list.
    /// - Returns: the listing, and its table; nil when the rows were printed as JSON.
    /// - Throws: what `Actions.listing` throws.
    func listingTable(_ request: ListingRequest, range: DueRange, limit: Int?,
                      showsList: Bool) throws -> (listing: ListingResult, table: ReminderTable?) {
        var table: ReminderTable?
        let listing: ListingResult
        if request.detail == .summaries && !range.isActive {
            listing = try actions().listing(request, start: { lists, openCount in
                table = ReminderTable(ReminderPrinter(context: self, lists: lists, showsList: showsList), capacity: openCount)
            }, visiting: { row in try table?.append(row) })
        } else {
            listing = try actions().listing(request)
        }
        switch range.isActive ? range.apply(to: listing.rows, limit: limit, in: dateContext.timeZone) : listing.rows {
        case .full(let rows):
            print(TickJSON.arrayText(of: rows) { listing.lists[$0.listID]?.name })
            return (listing, nil)
        case .summaries(let rows):
            var filled = ReminderTable(ReminderPrinter(context: self, lists: listing.lists, showsList: showsList),
                                       capacity: rows.count)
            for row in rows { try filled.append(row) }
            return (listing, filled)
        case .visited:
            return (listing, table)
        }
    }
}
