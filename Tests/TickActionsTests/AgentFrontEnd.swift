import Foundation
import TickAgent
import TickModel
import TickStore
import Testing
import TestSupport

/// The alarm agent over a store, delivering to a notifier that offers its buttons, as a
/// desktop session does, so a test can press "Done" or "Snooze".
struct AgentFrontEnd {
    /// Hands out notification IDs 1, 2, … and keeps nothing else.
    final class ButtonNotifier: AlarmNotifier {
        var channel: String { "dbus" }
        private var lastID: UInt32 = 0

        func deliver(_ notification: AlarmNotification, offeringActions: Bool) throws(AgentError) -> UInt32? {
            lastID += 1
            return lastID
        }
    }

    let agent: AlarmAgent

    /// An agent over `store` in Seoul, snoozing for ten minutes.
    init(_ store: Store) {
        let dates = DateContext(now: Fixture.now, timeZone: ActionFixture.seoul, locale: Locale(identifier: "en_US"))
        agent = AlarmAgent(store: store, configuration: .init(context: dates, offersActions: true),
                           primary: ButtonNotifier(), fallback: ButtonNotifier(), // two: the same one would mean no desktop
                           log: { _ in })
    }

    /// The same change through `tick` and through a notification's button, on two fresh
    /// databases: each is set up by the commands `setUp` (at the harness's clock), and the
    /// agent delivers the alarms that ring at `rings`; a minute later one database gets
    /// the commands `commands`, the other the button `press`.
    /// - Returns: the rows of each.
    static func compare(setUp: [[String]], rings: Date, commands: [[String]],
                        press: (AlarmAgent, Date) throws -> Void) throws -> (cli: StoredRows, agent: StoredRows) {
        var rows: [StoredRows] = []
        for pressesButton in [false, true] {
            let cli = CLIHarness()
            for arguments in setUp { cli.ok(arguments) }
            let store = try Store(path: cli.databasePath, now: Fixture.now)
            let agent = AgentFrontEnd(store).agent
            _ = try agent.deliverDue(at: rings)
            let later = rings.addingTimeInterval(60)
            cli.variables["TICK_NOW"] = ISO8601DateFormatter().string(from: later)
            if pressesButton {
                try press(agent, later)
            } else {
                for arguments in commands { cli.ok(arguments) }
            }
            rows.append(try StoredRows(store))
        }
        return (rows[0], rows[1])
    }
}
