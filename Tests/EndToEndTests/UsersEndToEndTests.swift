import Foundation
import Testing
import TestSupport
import TickPostgres

@Suite("tick users as separate processes on one PostgreSQL database", .enabled(if: PostgresServer.isInstalled, PostgresServer.skipReason))
struct UsersEndToEndTests {
    /// Starts `tick` with `arguments`, `input` on its standard input, the database in the environment
    /// (and `libraryPath` as `LD_LIBRARY_PATH`, when given).
    static func start(_ arguments: [String], input: String, url: String, libraryPath: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(BinaryRunner.executable, "build the tick executable first"))
        process.arguments = arguments
        process.environment = ["TICK_DATABASE_URL": url, "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
                               "TICK_NOW": "2026-11-29T12:00:00Z"].merging(libraryPath.map { ["LD_LIBRARY_PATH": $0] } ?? [:]) { $1 }
        let stdin = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = stdin
        process.standardOutput = out
        process.standardError = err
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        return (process, out, err)
    }

    static func finish(_ started: (Process, Pipe, Pipe)) -> (status: Int32, output: String, errors: String) {
        let output = started.1.fileHandleForReading.readDataToEndOfFile()
        let errors = started.2.fileHandleForReading.readDataToEndOfFile()
        started.0.waitUntilExit()
        return (started.0.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test("four tick users add started at once on a new database: the schema is made once, every user is added")
    func concurrentFirstUse() throws {
        let database = try PostgresServer.database()
        defer { withExtendedLifetime(database) {} }
        let names = ["ann", "bob", "carl", "dora"]
        let started = try names.map { try Self.start(["users", "add", $0], input: "password of \($0)\n", url: database.url) }
        let results = started.map(Self.finish)
        for (name, result) in zip(names, results) {
            #expect(result.status == 0, "\(name): \(result.errors)")
            #expect(result.output == "Added user \(name)\n")
        }
        let list = Self.finish(try Self.start(["users", "list", "--json"], input: "", url: database.url))
        let users = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(users.compactMap { $0["name"] as? String } == names)
        let versions = try database.connect().execute("SELECT version FROM schema_migrations ORDER BY version")
            .map { try $0.decode("version", as: Int.self) }
        #expect(versions == Array(1...PostgresSchema.migrations.count))
    }
}
