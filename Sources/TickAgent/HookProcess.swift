import Foundation
import TickTerminal
#if canImport(Glibc)
import Glibc
#endif

/// One run of a command hook: `/bin/sh -c COMMAND` in a process group of its own, with
/// `input` on its standard input, waited for at most a time limit.
///
/// The limit bounds the agent, not only the shell: at the limit the whole process group
/// is killed (`kill(-pgid, SIGKILL)`), so `sleep 30` run by the shell, or a pipeline, ends
/// with it. A hook that puts work in the background (`notify-send … &`) and exits is done
/// when the shell exits; the agent does not wait for what it left behind.
///
/// Foundation's `Process` cannot start a child in a new process group, hence
/// `posix_spawn` with `POSIX_SPAWN_SETPGROUP` (POSIX.1-2017, posix_spawn). The child gets
/// the default signal mask and dispositions and none of the agent's descriptors besides
/// 0, 1 and 2 (the lock, the database and the bus stay the agent's).
struct HookProcess {
    /// How a run ended.
    enum Outcome: Equatable {
        /// The shell exited with this status.
        case exited(Int32)
        /// The shell was killed by this signal (not by the agent).
        case signaled(Int32)
        /// The limit passed: the process group was killed.
        case timedOut
    }

    /// The shell command.
    var command: String
    /// The environment, as `NAME=value` pairs.
    var environment: [String: String]

    /// Starts the hook, writes `input` to its standard input, and waits until it exits
    /// or `limit` seconds have passed, then kills its process group.
    /// - Parameter started: receives the process id (also the group id) once it runs.
    /// - Returns: how it ended.
    /// - Throws: `AgentError` when the process cannot be started.
    func run(input: Data, limit: TimeInterval, started: (pid_t) -> Void = { _ in }) throws(AgentError) -> Outcome {
        // A socket pair rather than a pipe: `send` with MSG_NOSIGNAL gives EPIPE instead of
        // a SIGPIPE that would end the agent when a hook does not read its input.
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw AgentError("the --exec command could not start: \(String(cString: strerror(errno)))")
        }
        let (theirs, ours) = (sockets[0], sockets[1])
        defer { close(ours) }
        let pid: pid_t
        do {
            defer { close(theirs) }
            pid = try spawn(stdin: theirs)
        }
        started(pid)
        _ = fcntl(ours, F_SETFL, fcntl(ours, F_GETFL) | O_NONBLOCK)
        // A monotonic deadline: this bounds a wait, it decides nothing about alarms.
        let deadline = ContinuousClock.now + .milliseconds(Int(limit * 1_000))
        var unsent = input[...]
        var writing = true
        if unsent.isEmpty { shutdown(ours, Int32(SHUT_WR)); writing = false }
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return HookProcess.outcome(status) }
            if reaped < 0 && errno != EINTR { return .exited(-1) }
            if ContinuousClock.now >= deadline { break }
            if writing {
                let sent = unsent.withUnsafeBytes { send(ours, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent > 0 {
                    unsent = unsent.dropFirst(sent)
                } else if sent < 0 && errno != EAGAIN && errno != EINTR {
                    unsent = unsent.prefix(0)   // the hook closed its input: it does not want it
                }
                if unsent.isEmpty { shutdown(ours, Int32(SHUT_WR)); writing = false }
            }
            usleep(writing ? 1_000 : 10_000)
        }
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut
    }

    /// Spawns the shell with `stdin` as its standard input, as the leader of a new group.
    private func spawn(stdin: Int32) throws(AgentError) -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        // posix_spawn_file_actions_addclosefrom_np is not visible to Swift: close each
        // open descriptor above 2 (glibc skips one closed meanwhile).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        switch ShellSpawn.spawn(command, environment: environment, actions: &actions, attributes: &attributes) {
        case .success(let pid): return pid
        case .failure(let error): throw AgentError("the --exec command could not start: \(error.reason)")
        }
    }

    private static func outcome(_ status: Int32) -> Outcome {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
    }

}
