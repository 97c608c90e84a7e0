import Foundation
import TickModel

/// Search (`SearchQuery`) over the folded copies of each reminder's title, notes and tags
/// (schema step 4), by the rules of the SQLite store's search
/// (TickStore's `Database.searchCondition`): any clause matches when each of its terms
/// does; a term without a field must occur in the title, the notes or one of the tags,
/// `title:` and `notes:` in that one, `tag:` is one whole tag; both sides folded by
/// `SearchFolding`, so case, Unicode form and accents do not matter.
extension PostgresDatabase {
    /// The user's reminders `query` finds, in manual order (lists in their order, then
    /// each list's positions), the first `limit`.
    ///
    /// - Parameters:
    ///   - listID: only this list's reminders, when given.
    ///   - includesCompleted: completed reminders too (else open ones only).
    /// - Throws: `PostgresError` from the server.
    /// - Complexity: O(the user's reminders, or the list's): each one's folded text is
    ///   compared (no text index: a trigram index needs the `pg_trgm` extension).
    public func search(_ query: SearchQuery, inList listID: ReminderList.ID?, includesCompleted: Bool, limit: Int) throws -> [Reminder] {
        var parameters: [any PostgresEncodable] = []
        /// `$n` for `value` (the user is `$1`).
        func parameter(_ value: any PostgresEncodable) -> String {
            parameters.append(value)
            return "$\(parameters.count + 1)"
        }
        let clauses = query.clauses.map { clause in
            "(" + clause.map { term -> String in
                let text = SearchFolding.folded(term.text)
                switch term.field {
                case .tag: return "\(parameter(text)) = ANY (string_to_array(r.search_tags, E'\\n'))"
                case .title: return "strpos(r.search_title, \(parameter(text))) > 0"
                case .notes: return "strpos(r.search_notes, \(parameter(text))) > 0"
                case .anywhere:
                    let value = parameter(text)
                    return "(strpos(r.search_title, \(value)) > 0 OR strpos(r.search_notes, \(value)) > 0"
                        + " OR strpos(r.search_tags, \(value)) > 0)"
                }
            }.joined(separator: " AND ") + ")"
        }
        var sql = "SELECT \(ReminderColumns.qualifiedNames) FROM reminders r JOIN lists l ON l.owner = r.owner AND l.id = r.list_id"
            + " WHERE r.owner = $1 AND (" + clauses.joined(separator: " OR ") + ")"
        if !includesCompleted { sql += " AND r.completed_at IS NULL" }
        if let listID { sql += " AND r.list_id = " + parameter(listID.rawValue) }
        sql += " ORDER BY l.position, r.position, r.number LIMIT " + parameter(max(limit, 0))
        return try reminders(sql, parameters)
    }

    /// Fills the search columns of every reminder of every user (schema step 4, for the
    /// rows stored before it), a thousand rows at a time, by number.
    /// - Throws: `PostgresError` from the server.
    @Sendable static func foldEveryReminderForSearch(_ connection: PostgresConnection) throws {
        var after: (owner: String, number: Int64) = ("", 0)
        while true {
            let rows = try connection.execute("""
                SELECT owner, number, title, notes, tags FROM reminders WHERE (owner, number) > ($1, $2)
                ORDER BY owner, number LIMIT 1000
                """, [after.owner, after.number])
            guard !rows.isEmpty else { return }
            for row in rows {
                let owner = try row.decode("owner", as: String.self), number = try row.decode("number", as: Int64.self)
                guard let tags = ReminderColumns.tags(try row.decode("tags", as: String.self)) else {
                    throw PostgresError(.unreadableValue, message: "reminder #\(number): the column tags is not a JSON array of strings")
                }
                try connection.execute("""
                    UPDATE reminders SET search_title = $3, search_notes = $4, search_tags = $5 WHERE owner = $1 AND number = $2
                    """, [owner, number, SearchFolding.folded(try row.decode("title", as: String.self)),
                          SearchFolding.folded(try row.decode("notes", as: String.self)), SearchFolding.foldedTags(tags) ?? ""])
                after = (owner, number)
            }
        }
    }
}
