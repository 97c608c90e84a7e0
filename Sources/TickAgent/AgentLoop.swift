import Foundation
import TickModel

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

    /// Runs `passes` passes (nil: forever).
    /// - Throws: `AgentError` from the event source, `StoreError` from the database.
    public func run(passes: Int? = nil) throws {
        var remaining = passes
        var announced: Date?? = .none
        while remaining.map({ $0 > 0 }) ?? true {
            let pass = try agent.deliverDue(at: clock())
            if announced != .some(pass.nextAlarm) {
                log(pass.nextAlarm.map { "next alarm at " + Due.timed($0, timeZone: .utc).iso8601 } ?? "no alarm pending")
                announced = .some(pass.nextAlarm)
            }
            remaining = remaining.map { $0 - 1 }
            if remaining == 0 { return }
            switch try events.wait(until: pass.nextAlarm) {
            case .actions(let actions):
                for action in actions { try agent.handle(action, at: clock()) }
            case .deadline, .databaseChanged:
                break
            }
        }
    }
}
