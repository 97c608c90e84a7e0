import Foundation
import TickModel

/// Where the next page of a listing starts, as an opaque text for `nextCursor`.
///
/// Listings paged by key carry the last row's sort key (list, position, number,
/// completion time), so the next page starts right after it even when that row has been
/// deleted or moved since; the smart lists by date carry the last row's place in
/// `DueOrder`, to the same end; a search carries its last row's place in manual order
/// (`SearchAnchor`) and the number of rows given so far.
enum PageCursor: Equatable {
    case key(listID: String, position: Int64, number: Int64, completedAt: Double?)
    /// After a row of a smart list by date (`today`, `scheduled`, `overdue`): its place in
    /// `DueOrder`, so that rows completed, moved or deleted before it shift nothing.
    case due(SmartList, DueOrder.Key)
    /// After a row of a search, which is read whole from its start for each page: that row's
    /// place in manual order (`SearchAnchor`), so that rows completed, moved or deleted before
    /// it shift nothing (a page by offset skipped a row for each row before it that left the
    /// results), and how many rows came before the page, where the next one is looked for
    /// first. Without an anchor (the `o|N` cursors of servers before it), the offset alone.
    case search(offset: Int, after: SearchAnchor?)

    /// The cursor after `reminder`, in a listing paged by key.
    init(after reminder: Reminder) {
        self = .key(listID: reminder.listID.rawValue, position: reminder.position, number: reminder.number.rawValue,
                    completedAt: reminder.completedAt?.timeIntervalSince1970)
    }

    /// The text given to the client: base64url of `k|…` or `o|…`.
    var text: String {
        let plain: String
        switch self {
        case .key(let listID, let position, let number, let completedAt):
            plain = "k|\(position)|\(number)|\(completedAt.map { String($0) } ?? "-")|\(listID)"
        case .due(let smartList, let key):
            plain = "d|\(smartList.rawValue)|\(key.dated ? 1 : 0)|\(key.instant.timeIntervalSince1970)|\(key.allDay ? 1 : 0)|"
                + "\(key.text)|\(key.isTimed ? 1 : 0)|\(key.list)|\(key.position)|\(key.number)"
        case .search(let offset, nil):
            plain = "o|\(offset)"
        case .search(let offset, let anchor?):
            plain = "s|\(offset)|\(anchor.position)|\(anchor.number)|\(anchor.listID)"
        }
        // base64url (RFC 4648 §5) without padding, byte by byte: Foundation's
        // `replacingOccurrences` cost as much as the rest of a page's cursor.
        let base64 = Data(plain.utf8).base64EncodedString()
        return String(decoding: base64.utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): return UInt8(ascii: "-")
            case UInt8(ascii: "/"): return UInt8(ascii: "_")
            case UInt8(ascii: "="): return nil
            default: return byte
            }
        }, as: UTF8.self)
    }

    /// The instants a cursor may carry, in seconds since 1970: those of the years 1 to 9999,
    /// which the stores write. A client's cursor with `nan`, `inf` or 1e300 crashed the
    /// server when its query wrote the instant (a conversion to `Int` traps).
    static let instants: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// Reads a cursor text.
    /// - Throws: `Problem` 400 for text this server did not give.
    init(text: String) throws(Problem) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(validating: data, as: UTF8.self) else {
            throw .badRequest("?cursor is not a cursor this server gave")
        }
        if plain.hasPrefix("d|") {
            self = try PageCursor.due(plain)
            return
        }
        let parts = plain.split(atEvery: "|", maxSplits: 4, omittingEmpty: false)
        if parts.count == 2, parts[0] == "o", let offset = Int(parts[1]), offset >= 0 {
            self = .search(offset: offset, after: nil)
        } else if parts.count == 5, parts[0] == "s", let offset = Int(parts[1]), offset >= 0, let position = Int64(parts[2]),
                  let number = Int64(parts[3]) {
            self = .search(offset: offset, after: SearchAnchor(listID: parts[4], position: position, number: number))
        } else if parts.count == 5, parts[0] == "k", let position = Int64(parts[1]), let number = Int64(parts[2]) {
            let completedAt = parts[3] == "-" ? nil : Double(parts[3])
            guard parts[3] == "-" || completedAt.map(PageCursor.instants.contains) == true else {
                throw .badRequest("?cursor is not a cursor this server gave")
            }
            self = .key(listID: parts[4], position: position, number: number, completedAt: completedAt)
        } else {
            throw .badRequest("?cursor is not a cursor this server gave")
        }
    }

    /// `d|name|dated|instant|allDay|text|isTimed|list|position|number`, as `text` writes it.
    private static func due(_ plain: String) throws(Problem) -> PageCursor {
        let parts = plain.split(separator: "|", omittingEmptySubsequences: false)
        func flag(_ part: Substring) -> Bool? { part == "1" ? true : part == "0" ? false : nil }
        guard parts.count == 10, let smartList = SmartList(rawValue: String(parts[1])),
              let dated = flag(parts[2]), let seconds = Double(parts[3]), instants.contains(seconds), let allDay = flag(parts[4]),
              let text = Int(parts[5]), let isTimed = flag(parts[6]), let list = Int64(parts[7]),
              let position = Int64(parts[8]), let number = Int64(parts[9]) else {
            throw .badRequest("?cursor is not a cursor this server gave")
        }
        return .due(smartList, DueOrder.Key(dated: dated, instant: Date(timeIntervalSince1970: seconds), allDay: allDay,
                                            text: text, isTimed: isTimed, list: list, position: position, number: number))
    }

    /// The place a page of the smart list by date `smartList` starts after, nil for the first page.
    /// - Throws: `Problem` 400 for a cursor of another listing (another smart list's, a
    ///   list's, a search's).
    static func dueAnchor(_ cursor: PageCursor?, of smartList: SmartList) throws(Problem) -> DueOrder.Key? {
        guard let cursor else { return nil }
        guard case .due(let named, let key) = cursor, named == smartList else {
            throw .badRequest("?cursor is not a cursor of this listing")
        }
        return key
    }

    /// The row a page of `scope` starts after (`anchor`), nil for the first page.
    /// - Throws: `Problem` 400 for a cursor of another listing: of a listing read whole (an
    ///   offset), of another list's page, of completed reminders in a listing of open ones or
    ///   the other way round (a tester: another list's cursor gave an empty page, 200).
    static func keyAnchor(_ cursor: PageCursor?, in scope: PageScope) throws(Problem) -> Reminder? {
        guard let cursor else { return nil }
        guard case .key(let listID, _, _, let completedAt) = cursor else { throw .badRequest("?cursor is not a cursor of this listing") }
        let fits = switch scope {
        case .list(let id, _): listID == id.rawValue
        case .open, .flagged: completedAt == nil
        case .completed: completedAt != nil
        case .every, .everyFlagged: true
        }
        guard fits else { throw .badRequest("?cursor is not a cursor of this listing") }
        return cursor.anchor
    }

    /// The row a keyset page starts after: a reminder carrying only the sort key.
    var anchor: Reminder? {
        guard case .key(let listID, let position, let number, let completedAt) = self else { return nil }
        return Reminder(uid: "", number: Reminder.Number(number), listID: ReminderList.ID(rawValue: listID), title: "",
                        completedAt: completedAt.map { Date(timeIntervalSince1970: $0) }, position: position,
                        createdAt: Date(timeIntervalSince1970: 0))
    }
}

/// A row's place in a search's order (manual order: its list's place among the lists, then
/// its position, then its number), as a search's cursor carries it.
struct SearchAnchor: Equatable {
    var listID: String
    var position: Int64
    var number: Int64

    init(listID: String, position: Int64, number: Int64) {
        self.listID = listID
        self.position = position
        self.number = number
    }

    /// The place of `reminder`.
    init(_ reminder: Reminder) {
        self.init(listID: reminder.listID.rawValue, position: reminder.position, number: reminder.number.rawValue)
    }
}
