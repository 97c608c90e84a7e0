// swift-tools-version:6.0
// Tick: a reminders manager for the terminal. The module layout follows DESIGN.md;
// the package depends only on the toolchain and on system C libraries from Debian.
import PackageDescription

let package = Package(
    name: "Tick",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tick", targets: ["tick"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CICal",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            name: "CCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libdbus keeps its headers under include folders of its own (see `dbusHeaders` below).
        .systemLibrary(
            name: "CDBus",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        .systemLibrary(name: "CLinuxTimer"),
        // libmicrohttpd, opened when `tick serve` starts (TickServer's LibMicroHTTPD). No
        // pkgConfig: it would link the library (microhttpd.h is in the default include path).
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // libcurl's easy interface, the sync's HTTP transport (see TickSync's CurlConnection),
        // opened when a sync first sends a request (TickSync's LibCurl).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // libxml2's pull parser (xmlreader.h), the reader of WebDAV bodies (TickSync's XMLTree).
        // (No pkgConfig: it would link the library, which TickSync opens when it needs it.)
        .systemLibrary(
            name: "CXML2",
            providers: [.apt(["libxml2-dev"])]
        ),
        // glibc's stub resolver (libresolv): the DNS SRV and TXT lookups of sync's discovery
        // (RFC 6764; TickSync's DNSResolver).
        .systemLibrary(
            name: "CResolv",
            providers: [.apt(["libc6-dev"])]
        ),
        // libpq, PostgreSQL's client library (TickPostgres), and the reference Argon2
        // library (TickAccounts' password hashes).
        .systemLibrary(
            name: "CLibPQ",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CArgon2",
            providers: [.apt(["libargon2-dev"])]
        ),
        .target(name: "TickModel"),
        .target(name: "TickTerminal", dependencies: ["TickModel"]),
        .target(name: "TickStore", dependencies: ["TickModel", "CSQLite"]),
        .target(name: "TickInterchange", dependencies: ["TickModel", "CICal"]),
        .target(name: "TickActions", dependencies: ["TickModel", "TickStore", "TickInterchange"]),
        .target(name: "TickSync", dependencies: ["TickModel", "TickStore", "TickInterchange", "TickActions", "CCurl", "CResolv", "CXML2"]),
        .target(name: "TickAgent", dependencies: ["TickModel", "TickStore", "TickActions", "TickTerminal", "CDBus", "CLinuxTimer"]),
        // The HTTP server of `tick serve`: libmicrohttpd behind request and response values,
        // and the JSON API over TickActions (on SQLite, or for many users on PostgreSQL with
        // TickAccounts' sign-in). The web app's files are copied as a resource folder beside
        // the executable (`Tick_TickServer.resources/WebApp`).
        .target(name: "TickServer", dependencies: ["TickModel", "TickStore", "TickInterchange", "TickActions", "TickSync",
                                                   "TickPostgres", "TickAccounts", "CMicroHTTPD"],
                resources: [.copy("WebApp")]),
        // The multi-user side on PostgreSQL: the libpq wrapper, migrations and typed table
        // access (TickPostgres); accounts, password hashing and sign-in rules (TickAccounts).
        .target(name: "TickPostgres", dependencies: ["TickModel", "CLibPQ"]),
        .target(name: "TickAccounts", dependencies: ["TickModel", "TickPostgres", "CArgon2"]),
        .target(name: "TickTUI", dependencies: ["TickModel", "TickStore", "TickActions", "TickTerminal", "CCurses"]),
        .target(name: "TickCLI", dependencies: ["TickModel", "TickStore", "TickInterchange", "TickActions", "TickTerminal",
                                                "TickAgent", "TickTUI", "TickSync", "TickServer", "TickPostgres", "TickAccounts"]),
        .executableTarget(name: "tick", dependencies: ["TickCLI", "TickModel"]),
        .executableTarget(name: "tick-tui-bench", dependencies: ["TickTUI", "TickStore", "TickModel"],
                          path: "bench/TUIBenchmark"),

        .target(name: "TestSupport", dependencies: ["TickModel", "TickStore", "TickCLI", "TickSync", "TickPostgres"], path: "Tests/TestSupport"),
        .testTarget(name: "TickModelTests", dependencies: ["TickModel", "TestSupport"]),
        .testTarget(name: "TickStoreTests", dependencies: ["TickStore", "TestSupport"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "TickTerminalTests", dependencies: ["TickTerminal", "TestSupport"]),
        .testTarget(name: "TickInterchangeTests", dependencies: ["TickInterchange", "TestSupport"]),
        .testTarget(name: "TickActionsTests", dependencies: ["TickActions", "TickCLI", "TickTUI", "TickAgent", "TickPostgres", "TestSupport"]),
        .testTarget(name: "TickSyncTests", dependencies: ["TickSync", "TickActions", "TickStore", "TestSupport"]),
        // The tests of TickAgent, TickPostgres and TickAccounts link libdbus, libpq and
        // libargon2 to check at compile time that the function pointer types the modules look
        // up (LibDBus, LibPQ, LibArgon2) are the headers' prototypes; `tick` opens them lazily.
        .testTarget(name: "TickAgentTests", dependencies: ["TickAgent", "TickActions", "TestSupport", "CDBus"],
                    linkerSettings: [.linkedLibrary("dbus-1")]),
        .testTarget(name: "TickServerTests", dependencies: ["TickServer", "TickActions", "TickAccounts", "TickPostgres", "TestSupport"]),
        .testTarget(name: "TickTUITests", dependencies: ["TickTUI", "TickActions", "TestSupport"]),
        .testTarget(name: "TickCLITests", dependencies: ["TickCLI", "TickTUI", "TickAccounts", "TickPostgres", "TestSupport"]),
        .testTarget(name: "TickPostgresTests", dependencies: ["TickPostgres", "TestSupport", "CLibPQ"],
                    linkerSettings: [.linkedLibrary("pq")]),
        .testTarget(name: "TickAccountsTests", dependencies: ["TickAccounts", "TickPostgres", "TestSupport", "CArgon2"],
                    linkerSettings: [.linkedLibrary("argon2")]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "TickPostgres"]),
    ]
)

// libdbus's headers: /usr/include/dbus-1.0 and, for dbus-arch-deps.h, a folder under the
// architecture's library folder (Debian multiarch). They are given here rather than by
// `pkgConfig: "dbus-1"`, which would also link libdbus into `tick`: TickAgent opens it
// only when the agent runs (LibDBus). libpq and libargon2 need no such flags (CLibPQ's
// shim names its header's folder), so they have no pkgConfig either.
#if arch(arm64)
let multiarch = "aarch64-linux-gnu"
#else
let multiarch = "x86_64-linux-gnu"
#endif
let dbusHeaders = ["/usr/include/dbus-1.0", "/usr/lib/\(multiarch)/dbus-1.0/include"].flatMap { ["-Xcc", "-I" + $0] }

// One set of settings for every target. Swift 6 language mode (strict concurrency) is
// the default of these tools; `any` is spelled out for existentials.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.unsafeFlags(dbusHeaders))
    target.swiftSettings = settings
}
