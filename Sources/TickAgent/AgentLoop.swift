import Foundation
import TickModel
import TickStore

/// Runs an agent until its event source fails: a pass, then a wait until the next
/// alarm, a database change or a notification action, then another pass.
///
/// Everything that touches the world is injected: the clock, the event source and the
/// agent's notifiers, so a test drives the loop through days in microseconds.
public struct AgentLoop {
    private let agent: AlarmAgent
    private let events: any AgentEventSource
    private let clock: () -> Date
    private let log: (String) -> Void

    /// - Parameters:
    ///   - clock: the current time.
    ///   - log: receives a line when the next alarm changes (for the journal).
    public init(agent: AlarmAgent, events: any AgentEventSource, clock: @escaping () -> Date, log: @escaping (String) -> Void) {
        self.agent = agent
        self.events = events
        self.clock = clock
        self.log = log
    }

    /// How long the loop waits before it tries again after the database was busy, in seconds.
    public static let busyRetry: TimeInterval = 5

    /// Runs `passes` passes (nil: forever). A database held locked by another process past
    /// the busy timeout (a long import or undo) is said once and tried again every
    /// `busyRetry` seconds (a database change wakes it sooner): the agent kept running is
    /// what delivers the alarms (a tester: it exited, and the alarms that came due while no
    /// agent ran went by).
    /// - Throws: `AgentError` from the event source, `StoreError` from the database but `.busy`.
    public func run(passes: Int? = nil) throws {
        var remaining = passes
        var announced: Date?? = .none
        var busySince: Date?
        while remaining.map({ $0 > 0 }) ?? true {
            let pass: AlarmAgent.Pass
            do {
                pass = try agent.deliverDue(at: clock())
                if busySince != nil {
                    log("the database is free again")
                    busySince = nil
                }
            } catch let error as StoreError where error.kind == .busy {
                if busySince == nil {
                    log("the database is busy (another process holds it locked); trying again every \(Int(Self.busyRetry)) s")
                    busySince = clock()
                }
                remaining = remaining.map { $0 - 1 }
                if remaining == 0 { return }
                _ = try events.wait(until: clock().addingTimeInterval(Self.busyRetry))
                continue
            }
            if announced != .some(pass.nextAlarm) {
                log(pass.nextAlarm.map { "next alarm at " + Due.timed($0, timeZone: .utc).iso8601 } ?? "no alarm pending")
                announced = .some(pass.nextAlarm)
            }
            remaining = remaining.map { $0 - 1 }
            if remaining == 0 { return }
            switch try events.wait(until: pass.nextAlarm) {
            case .actions(let actions):
                for action in actions {
                    do {
                        try agent.handle(action, at: clock())
                    } catch let error as StoreError where error.kind == .busy {
                        log("a notification's button could not be carried out: \(error.message)")
                    }
                }
            case .deadline, .databaseChanged:
                break
            }
        }
    }
}
