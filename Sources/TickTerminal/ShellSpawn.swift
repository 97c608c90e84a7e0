import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts `/bin/sh -c COMMAND` with `posix_spawn` (POSIX.1-2017), for what runs a user's
/// command line: the agent's `--exec` hooks and the pager of long listings.
public enum ShellSpawn {
    /// Spawns the shell running `command` with exactly `environment`, the caller's file
    /// actions (its standard input, descriptors to close) and attributes (nil: defaults).
    /// - Returns: the child's pid, or the `posix_spawn` error number.
    public static func spawn(_ command: String, environment: [String: String],
                             actions: inout posix_spawn_file_actions_t,
                             attributes: UnsafePointer<posix_spawnattr_t>?) -> Result<pid_t, SpawnError> {
        let arguments = ["/bin/sh", "-c", command]
        let variables = environment.map { $0.key + "=" + $0.value }
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in posix_spawn(&pid, "/bin/sh", &actions, attributes, argv, envp) }
        }
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    /// Why the shell could not start: the `posix_spawn` error number and its text.
    public struct SpawnError: Error, Sendable {
        public var code: Int32
        public var reason: String { String(cString: strerror(code)) }
    }

    /// Calls `body` with a NULL-terminated array of C strings copied from `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
