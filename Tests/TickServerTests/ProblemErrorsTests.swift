import Testing
@testable import TickServer
import TickPostgres

/// How errors of the layers below are answered (`Problem.from`).
@Suite("Problems of the database's errors")
struct ProblemErrorsTests {
    /// A tester (t67): a sign-in whose name's lock was held too long was answered 500.
    @Test("a lock not had in time is 503 busy with Retry-After, not 500")
    func lockNotAvailable() {
        for error in [PostgresConnection.signInsBusy,
                      PostgresError(.server, message: "canceling statement due to lock timeout", sqlState: "55P03")] {
            let problem = Problem.from(error)
            #expect(problem.status == 503 && problem.name == "busy")
            #expect(problem.headers.contains { $0.0 == "Retry-After" && $0.1 == "1" })
        }
        #expect(Problem.from(PostgresError(.server, message: "syntax error", sqlState: "42601")).status == 500)
    }
}
