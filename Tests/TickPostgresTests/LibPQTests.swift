import CLibPQ
import Testing
@testable import TickPostgres

@Suite("libpq, opened when a command first needs it")
struct LibPQTests {
    @Test("libpq opens and its functions answer (PQlibVersion is 10 or later)")
    func opens() throws {
        let pq = try LibPQ.load()
        #expect(pq.libVersion() >= 100_000)
        // A URL libpq cannot read: PQconninfoParse answers through the looked-up pointers.
        let error = #expect(throws: PostgresError.self) { try PostgresConnection.checkSyntax(of: "postgresql://ann@localhost/tick?nonsense=1") }
        #expect(error?.kind == .badURL)
        #expect(error?.description.contains("nonsense") == true)
    }

    @Test("every function pointer has the prototype libpq-fe.h declares")
    func prototypes() throws {
        // Compiles only when each field's type is the header's declaration as Swift imports
        // it (the test target links libpq for this; the tick executable does not).
        let linked = LibPQ(connectdbParams: PQconnectdbParams, finish: PQfinish, conninfoParse: PQconninfoParse, conninfoFree: PQconninfoFree,
                           status: PQstatus, transactionStatus: PQtransactionStatus, serverVersion: PQserverVersion,
                           errorMessage: PQerrorMessage, socket: PQsocket, backendPID: PQbackendPID,
                           setClientEncoding: PQsetClientEncoding, setNoticeProcessor: PQsetNoticeProcessor,
                           execParams: PQexecParams, prepare: PQprepare, execPrepared: PQexecPrepared, consumeInput: PQconsumeInput,
                           enterPipelineMode: PQenterPipelineMode, exitPipelineMode: PQexitPipelineMode, pipelineSync: PQpipelineSync,
                           sendQueryParams: PQsendQueryParams, sendQueryPrepared: PQsendQueryPrepared, getResult: PQgetResult,
                           notifies: PQnotifies,
                           resultStatus: PQresultStatus, resultErrorField: PQresultErrorField, ntuples: PQntuples,
                           nfields: PQnfields, fname: PQfname, cmdTuples: PQcmdTuples, getvalue: PQgetvalue,
                           getisnull: PQgetisnull, getlength: PQgetlength, clear: PQclear, freemem: PQfreemem,
                           escapeIdentifier: PQescapeIdentifier, libVersion: PQlibVersion)
        #expect(linked.libVersion() == (try LibPQ.load()).libVersion())
    }

    @Test("statements that read or change rows are prepared; the others are not", arguments: [
        ("SELECT 1", true), ("  select\n1", true), ("\n\tWITH x AS (SELECT 1) SELECT * FROM x", true), ("insert into t values (1)", true),
        ("UPDATE t SET a = 1", true), ("DELETE FROM t", true), ("BEGIN ISOLATION LEVEL SERIALIZABLE", false), ("COMMIT", false),
        ("CREATE TABLE t (a int)", false), ("SELECTED", false), ("LISTEN x", false), ("", false),
        // A page's list and reminders in one statement (PostgresDatabase.listPage) was sent unprepared, parsed and planned every time.
        ("(SELECT 1) UNION ALL (SELECT 2)", true), ("( (\n select 1))", true), ("(", false), ("(VALUES (1))", false),
    ])
    func preparable(sql: String, expected: Bool) {
        #expect(PostgresConnection.isPreparable(sql) == expected)
    }

    @Test("a libpq that cannot be opened is a PostgresError naming the library and its Debian package")
    func missing() {
        do {
            _ = try LibPQ.open(["libpq-absent.so.5"])
            Issue.record("a library that does not exist was opened")
        } catch {
            #expect(error.kind == .missingLibrary)
            #expect(error.description.hasPrefix("this command needs libpq-absent.so.5, which could not be loaded ("))
            #expect(error.description.hasSuffix("on Debian it comes with the package libpq5"))
        }
    }
}
