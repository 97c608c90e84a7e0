import Foundation
import TickAccounts
import TickModel
import TickPostgres
import TickStore
import TickSync

/// A resource's properties, values as inner XML, in the order written.
struct DAVPropertySet {
    var values: [(name: XMLName, xml: String)] = []
    /// Given when asked for by name only, not for `allprop` (RFC 4918 §9.1; RFC 4791 §9.6:
    /// `calendar-data` is never part of `allprop`).
    var askedOnly: Set<XMLName> = []

    mutating func add(_ name: XMLName, _ xml: String, askedOnly: Bool = false) {
        values.append((name, xml))
        if askedOnly { self.askedOnly.insert(name) }
    }

    func value(_ name: XMLName) -> String? { values.first { $0.name == name }?.xml }
}

extension DAVXMLWriter {
    /// A `response` for `path` with what `asked` wants of `properties`.
    mutating func addProperties(of path: DAVPath, _ properties: DAVPropertySet, asked: DAVRequestBody.Properties) {
        switch asked {
        case .all:
            add(href: path.href, found: properties.values.filter { !properties.askedOnly.contains($0.name) }.map { ($0.name, $0.xml) })
        case .names:
            add(href: path.href, found: properties.values.map { ($0.name, "") })
        case .only(let names):
            var found: [(XMLName, String)] = [], missing: [XMLName] = []
            for name in names {
                if let value = properties.value(name) { found.append((name, value)) } else { missing.append(name) }
            }
            add(href: path.href, found: found, missing: missing)
        }
    }
}

extension WebService {
    static let calendarData = XMLName.c("calendar-data")
    static let calendarColor = XMLName(XMLName.appleICal, "calendar-color")
    static let calendarOrder = XMLName(XMLName.appleICal, "calendar-order")
    static let syncTokenPrefix = "urn:x-tick:sync:"

    /// The sync token (and CTag) of change `number` of `list`: `urn:x-tick:sync:N:TAG`, `TAG`
    /// naming the list itself (`listTag(of:)`), so that a token of another list once at the same
    /// path is refused whatever its number (RFC 6578 §3.2): one deleted and made again there,
    /// a list no longer shared with the user and their own made there, one put back by undo
    /// beside the one a client made meanwhile (testers: such tokens were taken once the new
    /// list's numbers passed theirs, and the client missed changes). Tokens without `TAG`, as
    /// Tick gave them before, are refused too: they cannot tell their list (a client then
    /// syncs each collection from the start once).
    static func syncToken(_ number: Int64, of list: ReminderList) -> String {
        syncTokenPrefix + String(number) + ":" + listTag(of: list)
    }

    /// Eight hex digits of SHA-256 of the list's id and its creation time (milliseconds): the
    /// same for the list whatever happens to it, different for another list at its path.
    static func listTag(of list: ReminderList) -> String {
        let created = Int64((list.createdAt.timeIntervalSince1970 * 1_000).rounded(.down))
        return SHA256.digest(Array((list.id.rawValue + "\n" + String(created)).utf8)).prefix(4)
            .map { String(format: "%02x", $0) }.joined()
    }

    static func href(_ path: DAVPath) -> String { "<D:href>\(DAVBody.escaped(path.href))</D:href>" }

    static func privileges(_ names: [String]) -> String {
        names.map { "<D:privilege><D:\($0)/></D:privilege>" }.joined()
    }

    /// The properties of the root, the principal and the calendar home.
    static func properties(of path: DAVPath) -> DAVPropertySet {
        var set = DAVPropertySet()
        set.add(.d("current-user-principal"), href(.principal))
        set.add(.d("principal-URL"), href(.principal), askedOnly: true)
        set.add(.c("calendar-home-set"), href(.home))
        switch path {
        case .principal:
            set.add(.d("resourcetype"), "<D:collection/><D:principal/>")
            set.add(.d("displayname"), "Tick")
        case .home:
            set.add(.d("resourcetype"), "<D:collection/>")
            set.add(.d("displayname"), "Lists")
            set.add(.d("current-user-privilege-set"), privileges(["read", "bind", "unbind", "read-current-user-privilege-set"]))
        default:
            set.add(.d("resourcetype"), "<D:collection/>")
            set.add(.d("displayname"), "Tick")
        }
        return set
    }

    /// The properties of the collection of `list` (`lists`: all of them, in order, for its
    /// `calendar-order`); `access` for a list another user shares with the signed-in one:
    /// its `current-user-privilege-set` (RFC 3744 §5.4) then says what the share allows, so
    /// that a client shows a read-only list as such.
    static func properties(of list: ReminderList, among lists: [ReminderList], in db: some DAVTransaction,
                           access: ShareAccess? = nil) throws -> DAVPropertySet {
        let token = try db.davToken(inList: list.id)
        var set = DAVPropertySet()
        set.add(.d("resourcetype"), "<D:collection/><C:calendar/>")
        set.add(.d("displayname"), DAVBody.escaped(list.name))
        set.add(calendarColor, list.color.hex)
        set.add(calendarOrder, String((lists.firstIndex { $0.id == list.id } ?? 0) + 1))
        set.add(.c("supported-calendar-component-set"), "<C:comp name=\"VTODO\"/>")
        set.add(.c("supported-calendar-data"), "<C:calendar-data content-type=\"text/calendar\" version=\"2.0\"/>", askedOnly: true)
        set.add(XMLName(XMLName.calendarServer, "getctag"), DAVBody.escaped(syncToken(token, of: list)))
        set.add(.d("sync-token"), DAVBody.escaped(syncToken(token, of: list)))
        set.add(.d("supported-report-set"), ["C:calendar-multiget", "C:calendar-query", "D:sync-collection"]
            .map { "<D:supported-report><D:report><\($0)/></D:report></D:supported-report>" }.joined())
        switch access {
        case nil:
            set.add(.d("current-user-privilege-set"), privileges(["read", "write", "write-properties", "write-content", "bind",
                                                                    "unbind", "read-current-user-privilege-set"]))
        case .write?:
            set.add(.d("current-user-privilege-set"), privileges(["read", "write-content", "bind", "unbind",
                                                                    "read-current-user-privilege-set"]))
        case .read?:
            set.add(.d("current-user-privilege-set"), privileges(["read", "read-current-user-privilege-set"]))
        }
        set.add(.d("current-user-principal"), href(.principal))
        // The owner of a shared list has no principal the signed-in user can reach.
        if access == nil { set.add(.d("owner"), href(.principal), askedOnly: true) }
        return set
    }

    /// The properties of one reminder's resource; `calendar-data` only when `reminder` is given.
    static func properties(of resource: DAVResourceState, reminder: Reminder?, in list: ReminderList) -> DAVPropertySet {
        var set = DAVPropertySet()
        set.add(.d("getetag"), DAVBody.escaped(etag(resource)))
        set.add(.d("getcontenttype"), "text/calendar; charset=utf-8; component=VTODO")
        set.add(.d("resourcetype"), "")
        if let reminder {
            let text = CalendarObject.text(of: reminder, in: list)
            set.add(calendarData, DAVBody.escaped(text), askedOnly: true)
            set.add(.d("getcontentlength"), String(text.utf8.count), askedOnly: true)
        }
        return set
    }

    /// Whether answering `asked` takes the reminders themselves (their text).
    static func needsReminder(_ asked: DAVRequestBody.Properties) -> Bool {
        guard case .only(let names) = asked else { return false }
        return names.contains(calendarData) || names.contains(.d("getcontentlength"))
    }
}
