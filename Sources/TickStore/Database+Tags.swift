import Foundation
import TickModel

extension Database {
    /// A tag with how many reminders carry it.
    public struct TagCount: Sendable, Equatable {
        /// The tag as one of its reminders writes it (tags differing only in ASCII case
        /// are one tag).
        public var tag: String
        /// Open reminders with the tag.
        public var open: Int
        /// Every reminder with the tag, completed ones included.
        public var total: Int
    }

    /// Every tag in use, in alphabetical order (ASCII case ignored), with its counts.
    /// - Throws: `StoreError` from SQLite.
    /// - Complexity: O(tagged reminders), read through the `reminder_tag` index.
    public func tagCounts() throws -> [TagCount] {
        var counts: [TagCount] = []
        try forEachRow("""
            SELECT t.tag, SUM(r.completed_at IS NULL), COUNT(*)
            FROM reminder_tag t JOIN reminder r ON r.number = t.reminder
            GROUP BY t.tag ORDER BY t.tag
            """) { row in
            counts.append(TagCount(tag: row.text(0), open: Int(row.int(1)), total: Int(row.int(2))))
        }
        return counts
    }
}
