import Foundation
import TickModel

/// Where the next page of a listing starts, as an opaque text for `nextCursor`.
///
/// Listings paged by key carry the last row's sort key (list, position, number,
/// completion time), so the next page starts right after it even when that row has been
/// deleted or moved since; the others carry the number of rows already given.
enum PageCursor: Equatable {
    case key(listID: String, position: Int64, number: Int64, completedAt: Double?)
    case offset(Int)

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
        case .offset(let offset):
            plain = "o|\(offset)"
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

    /// Reads a cursor text.
    /// - Throws: `Problem` 400 for text this server did not give.
    init(text: String) throws(Problem) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let plain = String(validating: data, as: UTF8.self) else {
            throw .badRequest("?cursor is not a cursor this server gave")
        }
        let parts = plain.split(atEvery: "|", maxSplits: 4, omittingEmpty: false)
        if parts.count == 2, parts[0] == "o", let offset = Int(parts[1]), offset >= 0 {
            self = .offset(offset)
        } else if parts.count == 5, parts[0] == "k", let position = Int64(parts[1]), let number = Int64(parts[2]) {
            let completedAt = parts[3] == "-" ? nil : Double(parts[3])
            guard parts[3] == "-" || completedAt != nil else { throw .badRequest("?cursor is not a cursor this server gave") }
            self = .key(listID: parts[4], position: position, number: number, completedAt: completedAt)
        } else {
            throw .badRequest("?cursor is not a cursor this server gave")
        }
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
