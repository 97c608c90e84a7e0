import Foundation
import TickModel
import TickStore

/// The interactive terminal UI (`tick ui`): a full-screen view of lists and reminders on
/// ncursesw. See the help screen (`?`) for the keys.
public enum TerminalUI {
    /// How the UI ended.
    public enum Exit: Sendable, Equatable {
        /// The user quit (`q`).
        case quit
        /// A signal (SIGINT from Ctrl-C, SIGTERM, SIGHUP) ended it; the terminal was restored.
        case signal(Int32)
    }

    /// Runs the UI until the user quits or a signal ends it. The terminal is restored on
    /// every way out, errors included (see `TerminalGuard`).
    ///
    /// - Throws: `TUIError` when there is no usable terminal.
    @discardableResult
    public static func run(store: Store, configuration: TUIConfiguration) throws(TUIError) -> Exit {
        let terminal = try CursesTerminal(usesColor: configuration.usesColor, type: configuration.terminalType)
        defer { terminal.close() }
        let size = terminal.size
        let session = TUISession(store: store, configuration: configuration, width: size.width, height: size.height)
        session.start()
        let poll = Duration.milliseconds(max(configuration.pollMilliseconds, 50))
        let clock = ContinuousClock() // monotonic, for the poll timer only; dates use `configuration.clock`
        var nextPoll = clock.now + poll
        while !session.isQuitting {
            let pending = TerminalGuard.pendingSignal.load(ordering: .sequentiallyConsistent)
            if pending != 0 { return .signal(pending) }
            terminal.renderer.draw(session.frame())
            let wait = clock.now.duration(to: nextPoll)
            let milliseconds = max(0, Int(wait.milliseconds))
            switch terminal.read(timeout: milliseconds) {
            case .key(let key):
                switch key {
                case .control("l"):
                    terminal.renderer.draw(session.frame(), force: true)
                case .control("c"):
                    // The terminal is raw (`CursesTerminal`): Ctrl-C is a key, and ends the UI as
                    // SIGINT does (status 130).
                    return .signal(SIGINT)
                case .control("z"):
                    terminal.suspend()
                default:
                    session.send(key)
                }
            case .resize(let newSize):
                session.resize(width: newSize.width, height: newSize.height)
            case .none, .pasteBegins:
                break
            }
            if clock.now >= nextPoll {
                session.tick()
                nextPoll = clock.now + poll
            }
        }
        return .quit
    }
}
