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
        case 2 where parts[0] == "lists": self = .collection(ReminderList.ID(rawValue: parts[1]))
        case 3 where parts[0] == "lists": self = .item(ReminderList.ID(rawValue: parts[1]), name: parts[2])
        default: return nil
        }
    }

    /// The path, percent-encoded, collections ending in `/`.
    var href: String {
        switch self {
        case .root: return DAVPath.rootPath
        case .principal: return DAVPath.principalPath
        case .home: return DAVPath.homePath
        case .collection(let id): return DAVPath.homePath + WebService.pathSegment(id.rawValue) + "/"
        case .item(let id, let name):
            return DAVPath.homePath + WebService.pathSegment(id.rawValue) + "/" + WebService.pathSegment(name)
        }
    }
}
