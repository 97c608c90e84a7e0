import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a password typed at the terminal: a prompt on standard error, the line read from
/// standard input with echo off. Signal keys are turned off too (ISIG), so that Ctrl-C
/// arrives as a character, cancels, and the terminal's settings are always put back:
/// no exit path leaves echo off.
enum PasswordPrompt {
    /// The line typed after `prompt`, without its line end.
    /// - Throws: `CommandError.runtime` when the terminal cannot be read or the user
    ///   pressed Ctrl-C.
    static func read(prompt: String, errors: any OutputSink) throws(CommandError) -> String {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw .runtime("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ISIG)
        quiet.c_lflag |= tcflag_t(ICANON)
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else {
            throw .runtime("cannot turn the terminal's echo off: \(String(cString: strerror(errno)))")
        }
        errors.write(prompt)
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        errors.write("\n")
        if bytes.contains(0x03) { throw .runtime("cancelled; nothing was changed") }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .runtime("the password typed is not UTF-8 text; nothing was changed")
        }
        return text
    }
}
