import Foundation
import TickModel

/// What a path under `/dav/` names. The layout (README "Phones and CalDAV clients"):
///
/// - `/dav/`: the root, which names the principal;
/// - `/dav/principal/`: the user's principal (RFC 5397), which names the calendar home;
/// - `/dav/lists/`: the calendar home, one collection per list;
/// - `/dav/lists/{list id}/`: a list as a VTODO calendar collection (RFC 4791 §4.2);
/// - `/dav/lists/{list id}/{name}`: one reminder (with its overrides) as a calendar
///   object resource, `{name}` being `UID.ics` unless a client chose another with its PUT.
enum DAVPath: Equatable {
    case root
    case principal
    case home
    case collection(ReminderList.ID)
    case item(ReminderList.ID, name: String)

    static let rootPath = "/dav/"
    static let principalPath = "/dav/principal/"
    static let homePath = "/dav/lists/"

    /// The resource of the percent-encoded `path` (an absolute URL's path too, as a
    /// multiget's hrefs may be); nil when it names nothing of the layout or does not decode.
    init?(_ path: String) {
        var path = path
        if let url = URL(string: path), url.scheme != nil { path = url.path(percentEncoded: true) }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.first == "dav" else { return nil }
        let decoded = segments.dropFirst().map { HTTPRequest.decoded($0, plusIsSpace: false) }
        guard !decoded.contains(nil) else { return nil }
        let parts = decoded.compactMap { $0 }
        // `%2E` and `%2E%2E` are dot-segments (RFC 3986 §2.3, §6.2.2.2): a list or to-do
        // named so would be written `/dav/lists/../`, which clients resolve elsewhere (a
        // tester's MKCALENDAR made such lists).
        guard !parts.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
        switch parts.count {
        case 0: self = .root
        case 1 where parts[0] == "principal": self = .principal
        case 1 where parts[0] == "lists": self = .home
        case 2 where parts[0] == "lists": self = .collection(DAVPath.listID(forSegment: parts[1]))
        case 3 where parts[0] == "lists": self = .item(DAVPath.listID(forSegment: parts[1]), name: parts[2])
        default: return nil
        }
    }

    /// The path, percent-encoded, collections ending in `/`.
    var href: String {
        switch self {
        case .root: return DAVPath.rootPath
        case .principal: return DAVPath.principalPath
        case .home: return DAVPath.homePath
        case .collection(let id): return DAVPath.homePath + WebService.pathSegment(DAVPath.segment(of: id)) + "/"
        case .item(let id, let name):
            return DAVPath.homePath + WebService.pathSegment(DAVPath.segment(of: id)) + "/" + WebService.pathSegment(name)
        }
    }

    /// How the signed-in user's lists are named in this request's paths (nil: a list's path
    /// segment is its id, as on the single-user server). Set around a request's handling
    /// (`$naming.withValue`) by the multi-user server.
    @TaskLocal static var naming: DAVCollectionNaming?

    /// The list a path segment names: the id of the user's list made at that path (on a
    /// multi-user server), else the segment itself.
    static func listID(forSegment segment: String) -> ReminderList.ID {
        naming?.listID(forSegment: segment) ?? ReminderList.ID(rawValue: segment)
    }

    /// The path segment of the list `id`: its id, unless it is the user's list made at a path.
    static func segment(of id: ReminderList.ID) -> String { naming?.segment(of: id) ?? id.rawValue }
}

/// The path segments of one user's lists on the multi-user server. List ids are unique
/// across users there (a shared list is known by its id to every member), and a list a
/// CalDAV client makes at `/dav/lists/SEGMENT/` (MKCALENDAR, extended MKCOL) gets the id
/// `SEGMENT`; when another user's list has that id, it gets `SEGMENT~TAG`, `TAG` being the
/// user's own (12 hex digits of a digest of their id, `collectionTag(of:)` of
/// `PostgresWebService`), and is named `SEGMENT` in that user's paths: two users whose clients
/// make a collection of the same name (vdirsyncer names them after the other side's) each get
/// their own list, where the second was refused (403). A list made at that path again by the
/// same user, under either id, takes its change numbers above the last one's (PostgreSQL
/// step 17), so that the deleted one's sync tokens stay refused.
///
/// Lists shared with the user are named by their ids, as are the user's lists made otherwise.
/// A user's `SEGMENT~TAG` list takes the segment over a list shared with them whose id is
/// that segment (which is then not listed in the calendar home); a list is never made at a
/// path that names one.
struct DAVCollectionNaming: Sendable {
    /// `~` and the user's tag.
    let suffix: String
    /// The segments of the user's own lists whose ids are `segment + suffix`.
    let segments: Set<String>
    /// The ids of the user's lists whose path another of their lists holds (a list `ID~TAG`
    /// made later than the list `ID`): named `ID~` instead.
    let displaced: Set<String>

    /// - Parameters:
    ///   - tag: the user's tag (`collectionTag(of:)` of `PostgresWebService`).
    ///   - lists: the ids and creation times of the user's own lists that end in `~tag`, and of
    ///     those whose ids are such ids without it (all the user's lists will do). When the user
    ///     has both `SEGMENT` and `SEGMENT~TAG` (undo put one back, the other made at its path
    ///     meanwhile), the one made later keeps the path `SEGMENT`, the one the client syncs
    ///     there (testers: the list put back took the path, and the client's sync swapped its
    ///     contents); the other is at its whole id (`SEGMENT~TAG/`) or, for `SEGMENT` itself,
    ///     at `SEGMENT~/`. No path names two collections.
    init(tag: String, lists: [(id: ReminderList.ID, createdAt: Date)]) {
        suffix = "~" + tag
        var created: [String: Date] = [:]
        for list in lists { created[list.id.rawValue] = list.createdAt }
        var segments: Set<String> = [], displaced: Set<String> = []
        for (id, tagged) in created where id.hasSuffix(suffix) && id.count > suffix.count {
            let segment = String(id.dropLast(suffix.count))
            guard let plain = created[segment] else {
                segments.insert(segment)
                continue
            }
            if tagged > plain {
                segments.insert(segment)
                displaced.insert(segment)
            }
        }
        self.segments = segments
        self.displaced = displaced
    }

    func listID(forSegment segment: String) -> ReminderList.ID {
        if segment.hasSuffix("~"), displaced.contains(String(segment.dropLast())) { return ReminderList.ID(rawValue: String(segment.dropLast())) }
        return ReminderList.ID(rawValue: segments.contains(segment) ? segment + suffix : segment)
    }

    func segment(of id: ReminderList.ID) -> String {
        if displaced.contains(id.rawValue) { return id.rawValue + "~" }
        guard id.rawValue.hasSuffix(suffix) else { return id.rawValue }
        let segment = String(id.rawValue.dropLast(suffix.count))
        return segments.contains(segment) ? segment : id.rawValue
    }

    /// Whether `id` ends as the ids and paths Tick gives do: `~` and 12 lowercase hex digits,
    /// or `~` alone.
    static func looksTagged(_ id: String) -> Bool {
        if id.hasSuffix("~") { return true }
        let scalars = Array(id.unicodeScalars.suffix(13))
        return scalars.count == 13 && scalars[0] == "~" && scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// The id of a list the user makes at `segment`.
    func newListID(atSegment segment: String) -> ReminderList.ID { ReminderList.ID(rawValue: segment + suffix) }
}
