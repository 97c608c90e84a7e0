import Foundation
import Testing
import TestSupport
@testable import TickSync

/// An account that names only a domain: DNS SRV and TXT records (RFC 6764 §3–§4) say where
/// the CalDAV server is. The records come from a DNS responder on loopback that the test
/// controls (`TICK_SYNC_NAMESERVER`); the servers are real (Radicale, Xandikos).
@Suite("tick sync: finding the server through DNS SRV", .serialized)
struct ServiceDiscoveryTests {
    @Test("what counts as naming only a domain", arguments: [
        ("example.com", "example.com", nil),
        ("Example.COM.", "example.com", nil),
        ("https://example.com/", "example.com", "https"),
        ("https://example.com", "example.com", "https"),
        ("http://dav.example.com/", "dav.example.com", "http"),
        ("localhost", "localhost", nil),
    ] as [(String, String, String?)])
    func domains(text: String, name: String, scheme: String?) {
        let domain = ServiceLocator.Domain(accountURL: text)
        #expect(domain?.name == name)
        #expect(domain?.scheme == scheme)
    }

    @Test("a path, a port, an address, a user or another scheme is a server's URL, not a domain", arguments: [
        "https://example.com/dav/", "https://example.com:8443/", "http://127.0.0.1/", "https://ann@example.com/",
        "example.com/dav", "ftp://example.com/", "-bad-.example.com", "exa mple.com", "1.2.3.4", "https://example.com/?x=1", "",
    ])
    func notDomains(text: String) {
        #expect(ServiceLocator.Domain(accountURL: text) == nil)
    }

    @Test("RFC 2782 order: lower priority first; within one, weights share the first place")
    func order() {
        let records = [
            ServiceRecord(priority: 20, weight: 0, port: 1, target: "last.example"),
            ServiceRecord(priority: 10, weight: 90, port: 2, target: "heavy.example"),
            ServiceRecord(priority: 10, weight: 10, port: 3, target: "light.example"),
        ]
        var generator = SeededGenerator(seed: 11)
        var heavyFirst = 0
        for _ in 0..<1_000 {
            let ordered = ServiceLocator.ordered(records, using: &generator)
            #expect(ordered.count == 3)
            #expect(ordered.last?.target == "last.example")
            if ordered.first?.target == "heavy.example" { heavyFirst += 1 }
        }
        #expect((850...950).contains(heavyFirst), "heavy first \(heavyFirst) of 1000 (weight 90 of 100)")
        // Weight 0 among weighted records: picked first only on a draw of 0.
        let zero = [ServiceRecord(priority: 0, weight: 0, port: 1, target: "zero"), ServiceRecord(priority: 0, weight: 5, port: 2, target: "five")]
        var zeroFirst = 0
        for _ in 0..<600 where ServiceLocator.ordered(zero, using: &generator).first?.target == "zero" { zeroFirst += 1 }
        #expect((50...160).contains(zeroFirst), "zero first \(zeroFirst) of 600 (1 chance in 6)")
    }

    static func json(_ text: String) throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
    }

    /// A Tick harness with an account `home` for `domain`, asking `dns` for its records.
    static func tick(domain: String, dns: DNSResponder, user: String? = "alice") -> CLIHarness {
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        tick.variables["TICK_SYNC_PASSWORD"] = "secret"
        tick.variables["TICK_SYNC_NAMESERVER"] = dns.address
        tick.variables["TICK_SYNC_TIMEOUT"] = "5"
        tick.ok(["sync", "add", "home", domain] + (user.map { ["--user", $0] } ?? []))
        return tick
    }

    @Test("a bare domain: _caldavs._tcp, then _caldav._tcp; the target and port of the SRV record, the path of its TXT record (Radicale)")
    func srvWithTXTPath() throws {
        let server = try CalDAVServer(.radicale)
        try server.makeCalendar("tasks", displayName: "Tasks")
        try server.put("tasks", "p1.ics", CalDAVServer.vtodo(["UID:p1", "DTSTAMP:20261128T100000Z", "SUMMARY:Found through DNS"]))
        let dns = try DNSResponder()
        try dns.set(["_caldav._tcp.example.test": .records(srv: [(0, 0, server.port, "localhost.")], txt: ["path=/alice/"])])
        let tick = Self.tick(domain: "example.test", dns: dns)

        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(dns.queries.prefix(3) == ["_caldavs._tcp.example.test SRV", "_caldav._tcp.example.test SRV", "_caldav._tcp.example.test TXT"])
        let listed = tick.run("list", "--list", "Tasks", "--json")
        #expect(listed.output.contains("Found through DNS"), "\(listed.output) \(listed.errors)")
        let status = try Self.json(tick.ok("sync", "status", "--json"))
        let url = ((status.first?["synced"] as? [[String: Any]])?.first { $0["list"] as? String == "Tasks" }?["url"] as? String) ?? ""
        #expect(url == "http://localhost:\(server.port)/alice/tasks/", "the collection's URL is on the SRV target: \(status)")

        // Later syncs look the domain up again and find the same collections: nothing to do.
        tick.ok("add", "Made in Tick", "--list", "Tasks")
        let second = tick.run("sync", "--json")
        #expect(second.status == 0, "\(second.errors)")
        let lists = try Self.json(second.output).first?["lists"] as? [[String: Any]]
        #expect(lists?.first { $0["list"] as? String == "Tasks" }?["remoteAdded"] as? Int == 1, "\(second.output)")
        #expect(try server.items(in: "tasks").values.contains { $0.contains("SUMMARY:Made in Tick") })
    }

    @Test("no TXT record: /.well-known/caldav on the target (Xandikos redirects it); an unreachable target of lower priority number is passed over for the next")
    func srvWellKnownAndFailover() throws {
        let server = try CalDAVServer(.xandikos)
        try server.put("calendar", "x1.ics", CalDAVServer.vtodo(["UID:x1", "DTSTAMP:20261128T100000Z", "SUMMARY:Behind the second target"]))
        let dead = try CalDAVServer.freePort()
        let dns = try DNSResponder()
        try dns.set(["_caldavs._tcp.example.test": .records(srv: [], txt: []),
                     "_caldav._tcp.example.test": .records(srv: [(10, 0, server.port, "localhost"), (0, 0, dead, "localhost")], txt: [])])
        let tick = Self.tick(domain: "http://example.test/", dns: dns, user: nil)

        let result = tick.run("sync", "--json")
        #expect(result.status == 0, "\(result.errors)")
        #expect(dns.queries.prefix(2) == ["_caldav._tcp.example.test SRV", "_caldav._tcp.example.test TXT"],
                "an account written http:// asks for _caldav only: \(dns.queries)")
        let listed = tick.run("list", "--list", "calendar", "--json")
        #expect(listed.output.contains("Behind the second target"), "\(listed.output) \(listed.errors)")
    }

    @Test("no SRV record: https://DOMAIN/.well-known/caldav; when that fails too, the error names the domain, what was looked up and what was tried, and nothing changes")
    func noRecordsFallBack() throws {
        let dns = try DNSResponder()
        try dns.set([:])
        // localhost: the fallback goes to https://localhost/ (port 443 on loopback, closed).
        let tick = Self.tick(domain: "localhost", dns: dns)
        let result = tick.run("sync")
        #expect(result.status == 1)
        #expect(result.errors.contains("account \"home\": no CalDAV server found for localhost ("), "\(result.errors)")
        #expect(result.errors.contains("_caldavs._tcp.localhost: no SRV record; _caldav._tcp.localhost: no SRV record; tried https://localhost/.well-known/caldav"),
                "\(result.errors)")
        #expect(dns.queries == ["_caldavs._tcp.localhost SRV", "_caldav._tcp.localhost SRV"])
        #expect((try Self.json(tick.ok("sync", "status", "--json")).first?["synced"] as? [Any])?.isEmpty == true)
    }

    @Test("a name server that fails, records that say no service, and a bad TICK_SYNC_NAMESERVER are clear errors")
    func lookupErrors() throws {
        let dns = try DNSResponder()
        try dns.set(["_caldavs._tcp.example.test": .serverFailure])
        let tick = Self.tick(domain: "example.test", dns: dns)
        let failed = tick.run("sync")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("account \"home\": cannot look up _caldavs._tcp.example.test: the name server \(dns.address) gave no answer"),
                "\(failed.errors)")

        try dns.set(["_caldavs._tcp.example.test": .records(srv: [(0, 0, 0, ".")], txt: []),
                     "_caldav._tcp.example.test": .records(srv: [(0, 0, 0, ".")], txt: [])])
        let declined = tick.run("sync")
        #expect(declined.status == 1)
        #expect(declined.errors.contains("account \"home\": example.test offers no CalDAV service (_caldavs._tcp.example.test: \".\" (not offered); _caldav._tcp.example.test: \".\" (not offered))"),
                "\(declined.errors)")

        tick.variables["TICK_SYNC_NAMESERVER"] = "localhost:53"
        let bad = tick.run("sync")
        #expect(bad.status == 64)
        #expect(bad.errors.contains("TICK_SYNC_NAMESERVER='localhost:53' is not an IPv4 address with an optional port"), "\(bad.errors)")
    }

    @Test("tick sync add takes a bare domain and still refuses what is neither a URL nor a domain")
    func addDomain() throws {
        let tick = CLIHarness()
        tick.variables["XDG_CONFIG_HOME"] = tick.folder.file("config")
        #expect(tick.run("sync", "add", "home", "example.org").status == 0)
        #expect(try Self.json(tick.ok("sync", "status", "--json")).first?["url"] as? String == "example.org")
        let bad = tick.run("sync", "add", "other", "example.org/dav")
        #expect(bad.status == 64)
        #expect(bad.errors.contains("'example.org/dav' is not an http:// or https:// URL or a domain (example.org)"), "\(bad.errors)")
    }
}
