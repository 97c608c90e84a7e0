import Foundation
import TickModel
import TickStore

/// The UI without a terminal: the state machine, the data source and the frame builder,
/// driven by keys. ``TerminalUI`` feeds it from ncurses; tests and the benchmark under
/// `bench/` drive it directly and read the screen as text.
///
/// Not Sendable: one session runs on one thread.
public final class TUISession {
    private(set) var state: AppState
    let source: DataSource
    private let builder: FrameBuilder
    private let clock: @Sendable () -> Date
    private let collapsedFile: CollapsedParentsFile?

    /// A session over `store` on a screen of `width` × `height` cells. Nothing is read
    /// until ``start()``.
    public init(store: Store, configuration: TUIConfiguration, width: Int, height: Int) {
        var context = configuration.dateContext
        context.now = configuration.clock()
        state = AppState(size: ScreenSize(width: width, height: height), dateContext: context)
        source = DataSource(store: store, clock: configuration.clock, timeZone: context.timeZone,
                            locale: context.locale, alarmDefaults: configuration.alarmDefaults, weekStart: context.weekStart)
        builder = FrameBuilder(context: context)
        clock = configuration.clock
        collapsedFile = configuration.collapsedParentsFile.map(CollapsedParentsFile.init(path:))
        if let collapsedFile {
            do {
                state.collapsed = try collapsedFile.read()
            } catch {
                state.message = StatusMessage(text: error.message, isError: true)
            }
        }
    }

    /// Reads the lists, the counts and the first list's first window.
    public func start() {
        let effects = state.start()
        perform(effects)
    }

    /// Handles a key, with every store read and write it causes.
    public func send(_ key: Key) { handle(.key(key)) }

    /// Handles a new terminal size.
    public func resize(width: Int, height: Int) { handle(.resize(ScreenSize(width: width, height: height))) }

    /// Reads the clock and looks for changes made by other processes (the poll timer).
    public func tick() { handle(.tick(clock())) }

    /// Whether the user asked to quit.
    public var isQuitting: Bool { state.isQuitting }

    /// The screen as text, one string per row, each exactly the screen's width in cells.
    public var screenLines: [String] { frame().lines }

    /// The screen to draw.
    func frame() -> Frame { builder.frame(for: state) }

    func handle(_ event: AppEvent) {
        let (next, effects) = AppState.update(state, event)
        take(next)
        perform(effects)
    }

    /// Makes `next` the state, saving the collapsed parents when they changed: by a key, or by
    /// an answer (an indent opens the parent it puts the reminder under; a tester: that parent
    /// was shown open, but came back collapsed in the next session).
    private func take(_ next: AppState) {
        let collapsedBefore = state.collapsed
        state = next
        if state.collapsed != collapsedBefore, let collapsedFile {
            do {
                try collapsedFile.write(state.collapsed)
            } catch {
                state.message = StatusMessage(text: error.message, isError: true)
            }
        }
    }

    /// Performs effects and feeds their answers back, until nothing is left to do.
    private func perform(_ effects: [Effect]) {
        var queue = effects[...]
        // A bound against a cycle of effects and answers; each answer causes at most
        // one or two more in practice.
        var budget = 64
        while let effect = queue.popFirst(), budget > 0 {
            budget -= 1
            guard let answer = source.perform(effect) else { continue }
            let (next, more) = AppState.update(state, answer)
            take(next)
            queue.append(contentsOf: more)
        }
    }
}
