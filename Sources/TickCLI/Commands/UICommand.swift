import Foundation
import TickModel
import TickStore
import TickTUI

/// `tick ui`: the full-screen terminal UI. Plain `tick` opens it too when standard input
/// and output are terminals.
struct UICommand: Command {
    static let configuration = CommandConfiguration(
        name: "ui",
        abstract: "Open the full-screen terminal UI.",
        discussion: """
            Lists on the left (Today, Scheduled, Flagged, All, Completed, then yours), reminders
            on the right. The footer shows the main keys; ? shows them all.
              ↑/↓ j/k move, Space or Enter complete, a add, e edit, d delete, u undo,
              J/K (Shift-↑/↓) reorder, c show completed, Tab switch panes, n new list, / search, q quit.
            Every change is saved at once. Changes made by other tick commands while the UI
            is open appear within a second. Colors follow the terminal; NO_COLOR turns them off.
            Plain 'tick' with no command opens the UI when run in a terminal (not with TERM=dumb,
            where it prints help; 'tick ui' then draws for a plain VT100, without colors).
            """)

    init(parsed: ParsedArguments) throws(CommandError) {}

    func run(in context: CommandContext) throws {
        let environment = context.environment
        guard environment.isOutputTerminal, environment.isInputTerminal else {
            throw CommandError.runtime("tick ui needs a terminal on standard input and output; use the other tick commands in scripts")
        }
        let store = try context.store()
        let start = context.now
        // TICK_NOW fixes the clock (tests, demos); otherwise the UI follows the real one.
        let fixed: @Sendable () -> Date = { start }
        var clock = fixed
        if environment["TICK_NOW"] == nil { clock = environment.liveClock }
        // TERM=dumb describes a terminal that cannot move the cursor; asked for the UI
        // explicitly, drive it as a plain VT100, without colors (allowsColor is false).
        let type: String? = environment.variables["TERM"] == "dumb" ? "vt100" : nil
        let defaults = AlarmDefaultsReader(environment: environment)
        for warning in defaults.warnings { context.warn(warning) }
        let configuration = TUIConfiguration(dateContext: context.dateContext, clock: clock,
                                             usesColor: environment.allowsColor, terminalType: type,
                                             alarmDefaults: defaults.values,
                                             collapsedParentsFile: environment.stateFolder + "/ui-collapsed")
        let exit: TerminalUI.Exit
        do {
            exit = try TerminalUI.run(store: store, configuration: configuration)
        } catch {
            throw CommandError.runtime(error.message)
        }
        // Ended by a signal (Ctrl-C, SIGTERM, SIGHUP): the status a shell expects of a process
        // the signal ended, not 0 (a tester).
        if case .signal(let signal) = exit { throw CommandError.ended(bySignal: signal) }
    }
}
