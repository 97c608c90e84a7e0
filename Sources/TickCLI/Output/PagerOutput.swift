import Foundation
import TickTerminal
#if canImport(Glibc)
import Glibc
#endif

/// Long output on a terminal through a pager, as git does: `TICK_PAGER`, else `PAGER`,
/// else `less -FRX` (quit at once when it fits, keep colors, leave the screen as it was),
/// run by `/bin/sh -c`. `cat` or an empty value means no pager.
///
/// Output is held until it passes the terminal's height; a command whose output fits is
/// written straight to the terminal and no pager starts. Only commands that print a
/// listing page (``TickRunner`` turns it on for them); `--no-pager` turns it off. When the
/// pager cannot start, the output goes to the terminal as it would have; when the user
/// quits the pager early, the rest is dropped quietly.
final class PagerOutput: OutputSink {
    private let base: any OutputSink
    /// The pager's command line, or nil for none.
    private let command: String?
    /// Variables the pager runs with.
    let variables: [String: String]
    /// Lines that fit on the screen (its height less the prompt's line).
    private let screenLines: Int
    /// Whether this command's output may be paged.
    var isEnabled = false
    private var held: [UInt8] = []
    private var heldLines = 0
    private var pipe: Int32 = -1
    private var child: pid_t = 0
    private var readerGone = false

    init(_ base: any OutputSink, environment: TerminalEnvironment) {
        self.base = base
        let chosen = environment.variables["TICK_PAGER"] ?? environment.variables["PAGER"] ?? "less -FRX"
        let trimmed = chosen.trimmingCharacters(in: .whitespaces)
        command = trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        var variables = environment.variables
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        if variables["LV"] == nil { variables["LV"] = "-c" }
        // Tick writes UTF-8 whatever the locale; under C or a locale not installed, less showed
        // each byte of a non-ASCII character as <E2><80><A6> (a tester).
        if variables["LESSCHARSET"] == nil && variables["LESSCHARDEF"] == nil { variables["LESSCHARSET"] = "utf-8" }
        self.variables = variables
        let rows = environment["LINES"].flatMap { Int($0) } ?? environment.terminalRows ?? 24
        screenLines = max(1, rows - 1)
    }

    func write(_ text: String) { write(bytes: Array(text.utf8)) }

    func write(bytes: [UInt8]) {
        guard isEnabled, command != nil else {
            base.write(bytes: bytes)
            return
        }
        if pipe >= 0 {
            send(bytes[...])
            return
        }
        held += bytes
        heldLines += bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        if heldLines > screenLines { startPager() }
    }

    func flush() {
        if pipe < 0, held.isEmpty { base.flush() }
    }

    /// Ends the output: writes what is held when no pager started, else closes the
    /// pager's input and waits for the user to leave it.
    func finish() {
        if pipe >= 0 {
            close(pipe)
            pipe = -1
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        } else if !held.isEmpty {
            base.write(bytes: held)
            held = []
        }
        base.flush()
    }

    private func startPager() {
        guard let command else { return }
        base.flush()
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return giveUp() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        let spawned = ShellSpawn.spawn(command, environment: variables, actions: &actions, attributes: nil)
        close(ends[0])
        guard case .success(let pid) = spawned else {
            close(ends[1])
            return giveUp()
        }
        child = pid
        pipe = ends[1]
        let pending = held
        held = []
        send(pending[...])
    }

    /// No pager after all: the output goes to the terminal.
    private func giveUp() {
        isEnabled = false
        base.write(bytes: held)
        held = []
    }

    private func send(_ bytes: ArraySlice<UInt8>) {
        guard !readerGone else { return }
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(pipe, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                readerGone = true   // the user quit the pager (EPIPE): drop the rest
                return
            }
            rest = rest.dropFirst(written)
        }
    }
}
