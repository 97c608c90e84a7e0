#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Puts the terminal back the way the shell had it, on every way out of the UI: `q`,
/// Ctrl-C (SIGINT), SIGTERM, SIGHUP, a thrown error, `exit`, and a crash.
///
/// - SIGINT, SIGTERM and SIGHUP only record the signal (``pendingSignal``); the run loop
///   sees it when `wget_wch` returns (a signal interrupts its wait) and leaves through
///   the normal path, `endwin` included. A second such signal, for a loop that is stuck,
///   restores the terminal at once and ends the process with the signal's default action.
/// - A crash (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP: Swift traps raise SIGILL
///   or SIGTRAP) cannot run `endwin`, which is not async-signal-safe. The handler instead
///   writes the terminal's own "leave full-screen mode" sequences (`rmcup`, `cnorm`,
///   `rmkx`, `sgr0`, read from terminfo up front) with write(2) and puts back the saved
///   termios with tcsetattr(3); both are async-signal-safe (signal-safety(7)). Then it
///   re-raises the signal with its default action, so the crash is still reported.
/// - `atexit` runs `endwin` if the UI is still up when the process exits.
///
/// The handlers are installed before `newterm`, so ncurses does not install its own for
/// SIGINT and SIGTERM (curs_initscr(3X)); it still handles SIGWINCH and SIGTSTP.
enum TerminalGuard {
    /// The last SIGINT, SIGTERM or SIGHUP received, or 0.
    static let pendingSignal = Atomic<Int32>(0)

    /// The signals that end the UI through its normal path.
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The signals of a crash.
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Installs the handlers and `atexit` hook (once per process; later calls only
    /// clear ``pendingSignal``).
    static func install() {
        pendingSignal.store(0, ordering: .sequentiallyConsistent)
        RestoreState.shared.touch() // initialize the global before any handler can read it
        guard !RestoreState.shared.isInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        for signalNumber in stopSignals { setHandler(signalNumber, stopHandler) }
        for signalNumber in crashSignals { setHandler(signalNumber, crashHandler) }
        atexit(exitHandler)
    }

    /// Arms the crash handler with the terminal's saved settings and the bytes that leave
    /// full-screen mode; call right after ncurses took the terminal.
    static func arm(savedSettings: termios, restoreSequence: [UInt8]) {
        RestoreState.shared.store(savedSettings: savedSettings, restoreSequence: restoreSequence)
    }

    /// Disarms the crash handler; call right before `endwin`.
    static func disarm() {
        RestoreState.shared.isArmed.store(false, ordering: .sequentiallyConsistent)
    }

    /// Whether ncurses is up and must be ended at exit.
    static let isCursesActive = Atomic<Bool>(false)

    private static func setHandler(_ signalNumber: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0 // no SA_RESTART: the signal must interrupt wget_wch's wait
        sigaction(signalNumber, &action, nil)
    }

    /// Restores the terminal from the armed state using only async-signal-safe calls.
    fileprivate static func restoreFromSignal() {
        RestoreState.shared.restoreIfArmed()
    }
}

/// SIGINT, SIGTERM, SIGHUP: record; on the second, restore and die by the signal.
private let stopHandler: @convention(c) (Int32) -> Void = { signalNumber in
    if TerminalGuard.pendingSignal.exchange(signalNumber, ordering: .sequentiallyConsistent) != 0 {
        TerminalGuard.restoreFromSignal()
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}

/// A crash: restore, then let the default action (a core dump, a report) happen.
private let crashHandler: @convention(c) (Int32) -> Void = { signalNumber in
    TerminalGuard.restoreFromSignal()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

/// `exit` while the UI is up (a path that skipped the normal close).
private let exitHandler: @convention(c) () -> Void = {
    guard TerminalGuard.isCursesActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
    TerminalGuard.disarm()
    endTerminalAtExit()
}

/// The data a signal handler needs, in memory allocated once and never freed, so that a
/// handler reads it without allocating, locking or initializing anything.
///
/// `@unchecked Sendable`: the pointers never change after `init`; their contents are
/// written only by `store` while `isArmed` is false (so no handler reads them then), and
/// `isArmed` is set after the writes with sequentially consistent ordering.
private final class RestoreState: @unchecked Sendable {
    static let shared = RestoreState()

    let isInstalled = Atomic<Bool>(false)
    let isArmed = Atomic<Bool>(false)
    private let settings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    private static let capacity = 256
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: RestoreState.capacity)
    private let count = Atomic<Int>(0)

    /// Forces the lazy global's initialization outside a signal handler.
    func touch() {}

    func store(savedSettings: termios, restoreSequence: [UInt8]) {
        isArmed.store(false, ordering: .sequentiallyConsistent)
        settings.pointee = savedSettings
        let length = min(restoreSequence.count, RestoreState.capacity)
        for index in 0..<length { bytes[index] = restoreSequence[index] }
        count.store(length, ordering: .sequentiallyConsistent)
        isArmed.store(true, ordering: .sequentiallyConsistent)
    }

    func restoreIfArmed() {
        guard isArmed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        let length = count.load(ordering: .sequentiallyConsistent)
        if length > 0 { _ = write(STDOUT_FILENO, bytes, length) }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, settings)
    }
}
