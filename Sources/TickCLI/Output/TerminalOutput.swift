import TickTerminal

/// The output edge of the command line: every line a command writes passes through
/// `TerminalText.forTerminal` here, whatever it quotes, so that no control character
/// reaches a terminal raw and Tick's own styles become SGR sequences.
///
/// `TickRunner` wraps standard error always (diagnostics are for people) and standard
/// output when it is a terminal; standard output to a file or a pipe is data (`export`,
/// `--json`) and passes unchanged.
final class TerminalOutput: OutputSink {
    private let base: any OutputSink

    /// Sanitizes what is written, then writes it to `base`.
    init(_ base: any OutputSink) { self.base = base }

    func write(_ text: String) { base.write(TerminalText.forTerminal(text)) }

    func write(bytes: [UInt8]) { base.write(TerminalText.forTerminal(String(decoding: bytes, as: UTF8.self))) }

    func flush() { base.flush() }
}
