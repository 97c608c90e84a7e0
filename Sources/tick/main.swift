// The `tick` executable: gathers what the library may not read itself (arguments,
// environment, clock, terminal), runs the command, and exits with its status.
import Foundation
import TickCLI
import TickModel

#if canImport(Glibc)
import Glibc
#endif

/// The terminal's size in cells, from TIOCGWINSZ on standard output.
func terminalSize() -> (columns: Int?, rows: Int?) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return (nil, nil) }
    return (size.ws_col > 0 ? Int(size.ws_col) : nil, size.ws_row > 0 ? Int(size.ws_row) : nil)
}

/// This executable's path with symbolic links resolved (the kernel's `/proc/self/exe`), for
/// commands that start `tick` again (the agent's unit) or find files beside it (the web
/// app). `Bundle.main` would give it too, after listing the executable's folder.
func executablePath() -> String? {
    guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

// Writing to a closed pipe (`tick list | head`) must end quietly, not kill us.
signal(SIGPIPE, SIG_IGN)
// A write past the file-size limit (`ulimit -f`) must fail with EFBIG, which the store
// reports, instead of killing us halfway through a command.
signal(SIGXFSZ, SIG_IGN)

/// The environment variables, read from `environ` (the first of a name given twice, as
/// `getenv` finds it). Foundation's `ProcessInfo.environment` splits each entry by
/// grapheme clusters, a fifth of `tick --version`'s instructions.
func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if variables[name] == nil {
                variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        entry += 1
    }
    return variables
}

let variables = environmentVariables()
// ICU reads the default locale from these itself, and crashes on some values (see
// `Locale.isReadableByICU`): it gets the POSIX locale for them. Tick's own reading of the
// locale is from `variables`, read above, whose values stay as they were.
for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
    if let value = variables[name], !Locale.isReadableByICU(value) { setenv(name, "C", 1) }
}
var environment = TerminalEnvironment(
    variables: variables,
    clock: Date(),
    isOutputTerminal: isatty(STDOUT_FILENO) == 1,
    isInputTerminal: isatty(STDIN_FILENO) == 1,
    terminalColumns: terminalSize().columns,
    homeDirectory: variables["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory(),
    currentDirectory: FileManager.default.currentDirectoryPath,
    systemTimeZone: TimeZone.current,
    liveClock: { Date() },
    executablePath: executablePath())
environment.isErrorTerminal = isatty(STDERR_FILENO) == 1
environment.terminalRows = terminalSize().rows

let output = FileDescriptorOutput(descriptor: STDOUT_FILENO)
let errors = FileDescriptorOutput(descriptor: STDERR_FILENO)
let (status, done) = TickRunner.runReporting(Array(CommandLine.arguments.dropFirst()), environment: environment,
                                             output: output, errors: errors)
output.flush()
// A result that could not be written in full (a full disk behind `> backup.json`) is a
// failure, not a success; when the command's change was saved, the message says so (a
// script that tries again would make it twice).
var finalStatus = status
if let failure = output.failure {
    let saved = switch done {
    case .change(let id)?: "; the change was made all the same (change \(id); 'tick undo' takes it back)"
    case .undo(let id)?: "; change \(id) was undone all the same (see 'tick undo --list --all')"
    case nil: ""
    }
    errors.write("tick: error: cannot write the output: \(String(cString: strerror(failure)))\(saved)\n")
    finalStatus = 1
}
errors.flush()
exit(finalStatus)
