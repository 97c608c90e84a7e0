import Foundation

/// Finds the CalDAV server of a domain through DNS (RFC 6764 §3 and §4): an account whose
/// URL is a bare domain (`example.com`) or a server without a path or port
/// (`https://example.com/`) starts discovery where the domain's SRV records say.
///
/// - `_caldavs._tcp.DOMAIN` (TLS), then `_caldav._tcp.DOMAIN` (plain HTTP). An account
///   written `https://…` asks only for the first, `http://…` only for the second: a scheme
///   the user wrote is never traded for another.
/// - The targets in RFC 2782 order: lowest priority first, and among equal priorities a
///   random pick weighted by `weight`; a target "." means the service is not offered.
/// - The path from the TXT record of the same name (`path=/dav/`), else `/.well-known/caldav`
///   (RFC 6764 §5), where the usual discovery (`current-user-principal`, …) goes on.
/// - No SRV record at all: `https://DOMAIN/.well-known/caldav` (`http://` for an account
///   written so).
public struct ServiceLocator: Sendable {
    /// The domain an account URL names, when it names nothing more.
    public struct Domain: Sendable, Equatable {
        public var name: String
        /// `https` or `http` when the account's URL gave one; nil for a bare domain.
        public var scheme: String?

        /// `example.com`, `example.com.`, `https://example.com`, `http://example.com/`;
        /// nil for anything with a path, port, query, user, or an IP address as host.
        public init?(accountURL text: String) {
            var host = text
            if let range = text.range(of: "://") {
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                      let given = url.host, url.port == nil, url.user == nil, url.query == nil, url.fragment == nil,
                      url.path.isEmpty || url.path == "/", text[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "/")) == given
                else { return nil }
                self.scheme = scheme
                host = given
            } else {
                scheme = nil
            }
            if host.hasSuffix(".") { host.removeLast() }
            guard Domain.isHostName(host) else { return nil }
            name = host.lowercased()
        }

        /// Letters, digits and hyphens in dot-separated labels of 1–63 characters (RFC 1123
        /// §2.1), not all digits (an IPv4 address is no domain), 253 characters at most.
        static func isHostName(_ text: String) -> Bool {
            guard !text.isEmpty, text.utf8.count <= 253 else { return false }
            let labels = text.split(separator: ".", omittingEmptySubsequences: false)
            let ok = labels.allSatisfy { label in
                (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
            }
            return ok && !labels.allSatisfy { $0.allSatisfy(\.isNumber) }
        }
    }

    /// Where discovery may start, in the order to try, and what was looked up to find them
    /// (for an error that says so).
    public struct Located: Sendable {
        public var urls: [URL]
        /// "_caldavs._tcp.example.com: none; _caldav._tcp.example.com: example.net port 8008"
        public var lookups: [String]
    }

    public let resolver: DNSResolver

    public init(resolver: DNSResolver) { self.resolver = resolver }

    /// The URLs discovery may start from for `domain`, best first.
    /// - Throws: `SyncError.unreachable` naming the domain and the name looked up when the
    ///   name server gave no answer; `.configuration` when the domain's records say it
    ///   offers no CalDAV service (every target ".").
    public func locate<Generator: RandomNumberGenerator>(_ domain: Domain, using generator: inout Generator) throws(SyncError) -> Located {
        let services: [(label: String, scheme: String)] = switch domain.scheme {
        case "https": [("_caldavs", "https")]
        case "http": [("_caldav", "http")]
        default: [("_caldavs", "https"), ("_caldav", "http")]
        }
        var lookups: [String] = []
        var declined = false
        for service in services {
            let name = "\(service.label)._tcp.\(domain.name)"
            guard case .found(let records) = try resolver.serviceRecords(name) else {
                lookups.append("\(name): no SRV record")
                continue
            }
            let usable = records.filter { $0.target != "." && $0.port != 0 }
            guard !usable.isEmpty else {
                lookups.append("\(name): \".\" (not offered)")
                declined = true
                continue
            }
            let path = try contextPath(name)
            let ordered = ServiceLocator.ordered(usable, using: &generator)
            lookups.append("\(name): " + ordered.map { "\($0.target) port \($0.port)" }.joined(separator: ", ")
                           + (path == nil ? "" : " (TXT path=\(path ?? ""))"))
            let urls = ordered.compactMap { ServiceLocator.url(service.scheme, $0.target, $0.port, path ?? "/.well-known/caldav") }
            if !urls.isEmpty { return Located(urls: urls, lookups: lookups) }
        }
        if declined {
            throw .configuration("\(domain.name) offers no CalDAV service (\(lookups.joined(separator: "; ")))")
        }
        let scheme = domain.scheme ?? "https"
        let fallback = ServiceLocator.url(scheme, domain.name, scheme == "https" ? 443 : 80, "/.well-known/caldav")
        return Located(urls: fallback.map { [$0] } ?? [], lookups: lookups)
    }

    /// The `path=` of the TXT record of `name` (RFC 6764 §4), when there is one that starts with `/`.
    func contextPath(_ name: String) throws(SyncError) -> String? {
        guard case .found(let texts) = try resolver.textRecords(name) else { return nil }
        for text in texts where text.hasPrefix("path=") {
            let path = String(text.dropFirst(5))
            if path.hasPrefix("/") { return path }
        }
        return nil
    }

    /// `scheme://host[:port]path`, the port left out when it is the scheme's own (so that the
    /// collections' URLs, by which sync remembers them, do not change with how they were found).
    static func url(_ scheme: String, _ host: String, _ port: UInt16, _ path: String) -> URL? {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host.hasSuffix(".") ? String(host.dropLast()) : host
        if !(scheme == "https" && port == 443) && !(scheme == "http" && port == 80) { components.port = Int(port) }
        components.path = path
        return components.url
    }

    /// RFC 2782's order: by priority, lowest first; within one priority, repeatedly a random
    /// pick in which each record's chance is its weight's share of the weights left (records
    /// of weight 0 then have a small chance, ahead of the others when all draws are 0).
    /// - Complexity: O(n²) for n records (a domain has a handful).
    public static func ordered<Generator: RandomNumberGenerator>(_ records: [ServiceRecord], using generator: inout Generator) -> [ServiceRecord] {
        var result: [ServiceRecord] = []
        let priorities = Set(records.map(\.priority)).sorted()
        for priority in priorities {
            // Weight 0 first, as RFC 2782 places them, so that a draw of 0 can pick them.
            var left = records.filter { $0.priority == priority && $0.weight == 0 }
                + records.filter { $0.priority == priority && $0.weight > 0 }
            while !left.isEmpty {
                let total = left.reduce(0) { $0 + Int($1.weight) }
                let draw = Int.random(in: 0...total, using: &generator)
                var sum = 0
                var chosen = left.count - 1
                for (index, record) in left.enumerated() {
                    sum += Int(record.weight)
                    if sum >= draw { chosen = index; break }
                }
                result.append(left.remove(at: chosen))
            }
        }
        return result
    }
}
