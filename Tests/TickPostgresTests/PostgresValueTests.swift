import Foundation
import Testing
@testable import TickPostgres

@Suite("PostgreSQL text values and URLs, without a server")
struct PostgresValueTests {
    @Test("timestamps are written in UTC with microseconds and read back", arguments: [
        (0.0, "1970-01-01 00:00:00.000000+00"),
        (1_795_953_600.25, "2026-11-29 12:00:00.250000+00"),
        (-1.5, "1969-12-31 23:59:58.500000+00"),
        (951_782_400.000001, "2000-02-29 00:00:00.000001+00"),
    ])
    func timestampText(seconds: Double, text: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(date.postgresText == text)
        let read = try #require(Date(postgresText: text))
        #expect(abs(read.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test("array literals as PostgreSQL writes them are read element by element", arguments: [
        ("{}", [String?]()), ("{a}", ["a"]), ("{a,b}", ["a", "b"]), ("{NULL,null,\"NULL\"}", [nil, nil, "NULL"]),
        ("{\"2026-12-07 03:41:27.20884+00\",\"2026-12-07 03:42:00+00\"}", ["2026-12-07 03:41:27.20884+00", "2026-12-07 03:42:00+00"]),
        ("{\"a,b\",\"c \\\"d\\\" \\\\ e\",\"{}\"}", ["a,b", "c \"d\" \\ e", "{}"]), ("{한국어,\"\"}", ["한국어", ""]),
    ])
    func arrayElements(literal: String, elements: [String?]) {
        #expect(PostgresArray.elements(literal) == elements)
    }

    @Test("text that is not a one-dimensional array literal is not read as one", arguments: [
        "", "{", "}", "a,b", "{a,}", "{,a}", "{{a},{b}}", "[1:2]={a,b}", "{\"a}", "{\"a\"b}", "{a\"b}", "{\"a\\}",
    ])
    func arrayElementsRefused(literal: String) {
        #expect(PostgresArray.elements(literal) == nil)
    }

    /// A page cursor with `nan` as its instant reached the writer and stopped the server.
    @Test("an instant outside the years 1 to 9999, or not a number, is written as the nearest end, not a trap", arguments: [
        (Double.nan, "1970-01-01 00:00:00.000000+00"), (Double.infinity, "9999-12-31 23:59:59.999999+00"),
        (-Double.infinity, "0001-01-01 00:00:00.000000+00"), (1e300, "9999-12-31 23:59:59.999999+00"),
    ])
    func timestampOutOfRange(seconds: Double, text: String) {
        #expect(Date(timeIntervalSince1970: seconds).postgresText == text)
    }

    @Test("timestamps in other offsets and precisions read as the same instant", arguments: [
        ("2026-11-29 21:00:00+09", 1_795_953_600.0),
        ("2026-11-29 12:00:00+00", 1_795_953_600.0),
        ("2026-11-29 06:30:00-05:30", 1_795_953_600.0),
        ("2026-11-29 12:00:00.5+00", 1_795_953_600.5),
    ])
    func timestampOffsets(text: String, seconds: Double) throws {
        #expect(try #require(Date(postgresText: text)).timeIntervalSince1970 == seconds)
    }

    @Test("text that is not an ISO timestamp is not read as one", arguments: [
        "infinity", "2026-11-29", "2026-13-01 00:00:00+00", "2026-02-30 00:00:00+00", "2026-11-29 12:00:00",
        "2026-11-29T12:00:00+00", "2026-11-29 12:00:00.+00", "Sun Nov 29 12:00:00 2026 UTC",
    ])
    func unreadableTimestamps(text: String) {
        #expect(Date(postgresText: text) == nil)
    }

    @Test("bytea round-trips in hex; other text is refused")
    func bytea() {
        let data = Data([0, 1, 0xAB, 0xFF])
        #expect(data.postgresText == "\\x0001abff")
        #expect(Data(postgresText: "\\x0001ABff") == data)
        #expect(Data(postgresText: "0001abff") == nil)
        #expect(Data(postgresText: "\\x0g") == nil)
        #expect(Data(postgresText: "\\x012") == nil)
    }

    @Test("booleans and optionals")
    func booleans() {
        #expect(true.postgresText == "t")
        #expect(Bool(postgresText: "f") == false)
        #expect(Bool(postgresText: "yes") == nil)
        #expect((nil as Int?).postgresText == nil)
        #expect((5 as Int?).postgresText == "5")
    }

    @Test("a URL is shown without its password, as written or percent-encoded", arguments: [
        ("postgresql://ann:s3cret@db.example.org/tick", "postgresql://ann:***@db.example.org/tick"),
        ("postgresql://ann@db/tick?password=s3cret&sslmode=require", "postgresql://ann@db/tick?password=***&sslmode=require"),
        ("postgres://ann:p%40ss@db/tick", "postgres://ann:***@db/tick"),
        ("postgresql://ann@db/tick", "postgresql://ann@db/tick"),
        ("postgresql:///tick?host=/run/postgresql", "postgresql:///tick?host=/run/postgresql"),
        // A password that starts with a combining mark is one character with the `:` or `=` before it.
        ("postgresql://ann:\u{301}s3cret@db/tick", "postgresql://ann:***@db/tick"),
        ("postgresql://ann@db/tick?password=\u{301}s3cret", "postgresql://ann@db/tick?password=***"),
    ])
    func redaction(url: String, shown: String) {
        #expect(PostgresURL.redacted(url) == shown)
    }
}
