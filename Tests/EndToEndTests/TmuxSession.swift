import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// A private tmux server running one command in a detached pane of a fixed size, for
/// driving the full-screen UI like a user: keys in with `send-keys`, the screen out with
/// `capture-pane`. Only this server is ever killed (`-L` names its own socket).
final class TmuxSession {
    /// The tmux binary, when installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return folders.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    let socket = "tick-tui-" + UUID().uuidString.prefix(8).lowercased()
    private let tmux: String
    private var isRunning = false

    /// Starts `command` (run by /bin/sh) in a `width` × `height` pane with `environment`.
    /// The command should stay alive (end it with `exec sleep 300`): tmux may drop the
    /// last output of a pane whose process has just ended.
    init(width: Int, height: Int, environment: [String: String], command: String) throws {
        tmux = try #require(TmuxSession.executable, "tmux is not installed")
        var arguments = ["new-session", "-d", "-x", String(width), "-y", String(height), "-s", "main"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments += ["/bin/sh", "-c", command]
        try startServer(arguments)
        isRunning = true
    }

    deinit { kill() }

    /// Ends this tmux server (and the pane's processes).
    func kill() {
        guard isRunning else { return }
        isRunning = false
        let path = (try? run(["display-message", "-p", "#{socket_path}"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["kill-server"])
        // tmux leaves the socket file of a killed server behind.
        if let path, path.hasPrefix("/"), path.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Runs a tmux command against this server and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-u", "-L", socket, "-f", "/dev/null"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts the server with `tmux new-session` through posix_spawn(3), not Foundation's
    /// Process, for two reasons. The server keeps every descriptor it inherits, and
    /// Process learns that its child ended from a descriptor the child holds: the wait
    /// would last as long as the server. And Process passes on the calling thread's
    /// signal mask, in which the test runner's threads block SIGTERM, SIGINT and SIGHUP:
    /// the server (and the UI under it) would never see them. So the child gets
    /// /dev/null for 0, 1 and 2, no other descriptor, an empty signal mask and default
    /// signal actions.
    private func startServer(_ arguments: [String]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        let argv = [tmux, "-u", "-L", socket, "-f", "/dev/null"] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        sigdelset(&everySignal, SIGKILL)
        sigdelset(&everySignal, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor) // one closed meanwhile is skipped by glibc
        }
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = envp.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, tmux, &actions, &attributes, cArguments, cEnvironment)
        guard code == 0 else { throw TmuxTimeout(waitingFor: "tmux to start (posix_spawn: \(code))", screen: "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }

    /// Sends key names (`Enter`, `S-Up`, `C-u`, `a`) one after another.
    func press(_ keys: String...) throws { try run(["send-keys", "-t", "main"] + keys) }

    /// Types text literally (UTF-8 as is).
    func type(_ text: String) throws { try run(["send-keys", "-t", "main", "-l", text]) }

    /// Pastes `text` as a terminal does (tmux's `paste-buffer -p`: between `ESC [ 200 ~` and
    /// `ESC [ 201 ~` when the program asked for bracketed paste, as is otherwise).
    func paste(_ text: String) throws {
        // Through a file: one argument holds at most 128 KiB (MAX_ARG_STRLEN).
        let file = NSTemporaryDirectory() + "/tick-paste-" + UUID().uuidString
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        try run(["load-buffer", "-b", "pasted", file])
        try run(["paste-buffer", "-p", "-d", "-b", "pasted", "-t", "main"])
    }

    /// The pane's text, one string per row, trailing spaces removed.
    func screen() throws -> [String] {
        var text = try run(["capture-pane", "-p", "-t", "main"])
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The pane's text with its colors and attributes as escape sequences.
    func screenWithAttributes() throws -> String { try run(["capture-pane", "-p", "-e", "-t", "main"]) }

    /// A tmux format about the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func paneFormat(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window (the UI gets SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "main", "-x", String(width), "-y", String(height)])
    }

    /// Polls the screen every 20 ms until `condition` holds, and returns that screen.
    /// - Throws: after `timeout` seconds, with the last screen in the message.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let clock = ContinuousClock() // the test's own patience; the UI's dates use TICK_NOW
        let deadline = clock.now + .milliseconds(Int(timeout * 1_000))
        var last: [String] = []
        while clock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TmuxTimeout(waitingFor: what, screen: last.joined(separator: "\n"))
    }

    /// Polls until `text` is on the screen.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
        try waitFor("'\(text)'", timeout: timeout) { lines in lines.contains { $0.contains(text) } }
    }
}

/// The screen never showed what a test waited for.
struct TmuxTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var screen: String
    var description: String { "timed out waiting for \(waitingFor); the screen was:\n\(screen)" }
}
