import CCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal, through ncursesw: taking it over, reading keys, and giving it back.
/// Every ncurses call of Tick is in this file and in ``CursesRenderer``.
///
/// Not Sendable: ncurses keeps global state; the UI uses it from one thread only.
final class CursesTerminal {
    /// What one wait for input brought.
    enum Input {
        case key(Key)
        case resize(ScreenSize)
        /// The timeout passed, or a signal interrupted the wait.
        case none
        /// The start of pasted text (`ESC [ 200 ~`), read to its end by `read(timeout:)`.
        case pasteBegins
    }

    /// The key codes Tick gives the start and end of a bracketed paste (`define_key`), above
    /// ncurses' own and the ones it gives the terminal's extended capabilities.
    static let pasteBeginCode: Int32 = 0x7000, pasteEndCode: Int32 = 0x7001
    /// At most this many characters of one paste are kept (the rest is read and dropped).
    static let pasteLimit = 100_000

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var isOpen = true
    /// The renderer drawing into this terminal.
    let renderer: CursesRenderer

    /// Takes over the terminal: full screen (the alternate screen where the terminal has
    /// one), no echo, keys one at a time, special keys decoded.
    ///
    /// - Parameters:
    ///   - usesColor: whether to use colors (false for `NO_COLOR`, `TERM=dumb`).
    ///   - type: the terminfo name to use instead of `TERM`'s, or nil.
    /// - Throws: `TUIError` when standard input or output is not a terminal, or the
    ///   terminal type cannot be driven (unknown, or no cursor addressing), or ncursesw
    ///   cannot be loaded.
    init(usesColor: Bool, type: String? = nil) throws(TUIError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TUIError("tick ui needs a terminal on standard input and output")
        }
        try LibCurses.load()
        // ncursesw draws wide characters only in a UTF-8 locale; fall back to C.UTF-8
        // for the character type when the user's locale is not UTF-8 (LANG=C).
        setlocale(LC_ALL, "")
        if tick_curses_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw TUIError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        TerminalGuard.install()
        // Own FILE streams on duplicates of the descriptors, closed at the end without
        // closing standard input and output.
        guard let output = fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r") else {
            throw TUIError("cannot open the terminal: \(String(cString: strerror(errno)))")
        }
        // newterm, unlike initscr, returns NULL instead of exiting when the terminal
        // type is unknown or cannot address the cursor (TERM=dumb).
        let unusable = TUIError("this terminal type (TERM) cannot show the full-screen UI; set TERM to your terminal (for example xterm-256color) or use the tick commands")
        guard let screen = newterm(type, output, input), let window = tick_curses_stdscr() else {
            fclose(output)
            fclose(input)
            throw unusable
        }
        // A description without cursor addressing (such as "dumb") is accepted by
        // newterm, but every row would run into the next: give the terminal back.
        guard tick_curses_string_capability("cup") != nil else {
            endwin()
            delscreen(screen)
            fclose(output)
            fclose(input)
            throw unusable
        }
        self.screen = screen
        self.window = window
        self.output = output
        self.input = input
        TerminalGuard.isCursesActive.store(true, ordering: .sequentiallyConsistent)
        // Raw, not cbreak: the terminal's signal keys and flow control are keys of the UI, so
        // that a ^C, ^Z, ^\ or ^S inside pasted text is text (dropped) and not a signal (a
        // tester: a ^C in a paste ended the UI, a ^Z in it suspended Tick and left the rest of
        // the paste on the shell's command line). Ctrl-C typed ends the UI as SIGINT did, Ctrl-Z
        // suspends it (`suspend()`), ^\, ^S and ^Q do nothing.
        raw()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        set_escdelay(25) // Esc alone is a key of its own; do not wait a second for more
        curs_set(0)
        CursesTerminal.defineShiftArrows()
        // Bracketed paste (xterm's mode 2004, which most terminals and tmux follow): pasted
        // text comes between ESC [ 200 ~ and ESC [ 201 ~, so that its line breaks and tabs are
        // not Enter and Tab, nor its letters commands (a tester: a pasted line ended a form and
        // typed the rest into the list). Terminals without it ignore the request.
        define_key("\u{1B}[200~", CursesTerminal.pasteBeginCode)
        define_key("\u{1B}[201~", CursesTerminal.pasteEndCode)
        fputs(CursesTerminal.bracketedPasteOn, output)
        fflush(output)
        renderer = CursesRenderer(window: window, usesColor: usesColor && has_colors())
        TerminalGuard.arm(savedSettings: saved, restoreSequence: CursesTerminal.restoreSequence())
    }

    deinit { close() }

    /// Gives the terminal back: leaves full-screen mode, restores the settings the shell
    /// had. Safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        TerminalGuard.disarm()
        TerminalGuard.isCursesActive.store(false, ordering: .sequentiallyConsistent)
        fputs(CursesTerminal.bracketedPasteOff, output)
        fflush(output)
        if tick_curses_string_capability("rmcup") == nil {
            // No alternate screen to leave (vt100, which TERM=dumb is driven as): endwin
            // would leave the UI on screen with the shell's prompt drawn over its footer.
            // Wipe it first. Their results are not needed: a failure only leaves the
            // old screen, as before, and endwin restores the terminal either way.
            _ = wclear(window)
            _ = wrefresh(window)
        }
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    /// Stops the process as Ctrl-Z did before the terminal was raw: SIGTSTP, whose handler
    /// (ncurses' own) leaves full-screen mode, stops, and on `fg` takes the screen back.
    func suspend() {
        // Bracketed paste off for the shell meanwhile, and on again once continued (the
        // signal is delivered before `kill` returns, and the process stops in its handler).
        fputs(CursesTerminal.bracketedPasteOff, output)
        fflush(output)
        kill(getpid(), SIGTSTP)
        fputs(CursesTerminal.bracketedPasteOn, output)
        fflush(output)
    }

    /// The terminal's size in cells.
    var size: ScreenSize {
        ScreenSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    /// Keys read after an ESC that turned out not to start a sequence: given next.
    private var unread: [UInt32] = []

    /// Waits up to `milliseconds` for a key.
    func read(timeout milliseconds: Int) -> Input {
        if !unread.isEmpty {
            return CursesTerminal.decode(character: unread.removeFirst()).map(Input.key) ?? .none
        }
        wtimeout(window, Int32(max(0, min(milliseconds, 60_000))))
        var character: wint_t = 0
        let status = wget_wch(window, &character)
        switch status {
        case OK:
            if character == 27 {
                // The rest of a sequence the terminal's description does not name comes at
                // once, already in the input: read without waiting.
                wtimeout(window, 0)
                let (input, unread) = CursesTerminal.escapeSequence {
                    var next: wint_t = 0
                    let status = wget_wch(self.window, &next)
                    return status == OK ? UInt32(next) : status == KEY_CODE_YES ? 0 : nil
                }
                self.unread += unread
                if case .pasteBegins = input { return .key(readPaste()) }
                return input
            }
            return CursesTerminal.decode(character: UInt32(character)).map(Input.key) ?? .none
        case KEY_CODE_YES:
            if Int32(character) == KEY_RESIZE { return .resize(size) }
            if Int32(character) == CursesTerminal.pasteBeginCode { return .key(readPaste()) }
            return CursesTerminal.decode(keyCode: Int32(character)).map(Input.key) ?? .none
        default:
            return .none
        }
    }

    /// The pasted text after its start, up to `ESC [ 201 ~` (as the key code `define_key`
    /// gave it, or as characters when ncurses did not match it), or up to a second without input
    /// (a terminal that never ends it); function keys in it are dropped. Past `pasteLimit`
    /// characters the rest is read to its end and left out (`Key.paste`'s `isCut`: a tester's
    /// long paste kept a slice from its middle, without a word).
    /// - Complexity: O(n) in the pasted characters.
    private func readPaste() -> Key {
        let end = Array("\u{1B}[201~".unicodeScalars)
        var scalars: [Unicode.Scalar] = []
        var tail: [Unicode.Scalar] = [] // the last characters read past the limit, to see the end
        var isCut = false
        wtimeout(window, 1_000)
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == KEY_CODE_YES {
                if Int32(character) == CursesTerminal.pasteEndCode { break }
                continue
            }
            guard status == OK else { break }
            guard let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            if scalars.count < CursesTerminal.pasteLimit + end.count {
                scalars.append(scalar)
                if Array(scalars.suffix(end.count)) == end {
                    scalars.removeLast(end.count)
                    break
                }
            } else {
                // The end may have begun among the last characters kept.
                if !isCut { tail = Array(scalars.suffix(end.count - 1)) }
                isCut = true
                tail.append(scalar)
                if tail.count > end.count { tail.removeFirst() }
                if tail == end { break }
            }
        }
        if scalars.count > CursesTerminal.pasteLimit {
            // Read past the limit but for the end's length: what is past the limit was cut.
            isCut = true
            scalars.removeLast(scalars.count - CursesTerminal.pasteLimit)
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return .paste(text, isCut: isCut)
    }

    static let bracketedPasteOn = "\u{1B}[?2004h", bracketedPasteOff = "\u{1B}[?2004l"

    /// What an ESC read as a character starts, given what follows it in the input (`next`:
    /// the next character already there, 0 for a function key, nil when nothing is), and the
    /// characters read that are keys of their own (`unread`, to be given next). A sequence the
    /// terminal's description does not name, which ncurses hands over a character at a time
    /// (tmux's End, `ESC [ 4 ~`, under `TERM=xterm-256color`), is read to its end and gives
    /// the key it stands for (Home, End, Delete, the arrows and pages of the usual xterm and
    /// rxvt forms) or nothing: it was Escape followed by its characters as keys, which closed a
    /// form unsaved and typed the rest into the list (a tester: a Space among them completed a
    /// reminder). ESC alone, or before a character that starts no sequence, is Escape, that
    /// character its own key after it: Esc then q typed or sent at once (an Alt chord sends the
    /// same bytes, so Alt-b is Escape and b).
    static func escapeSequence(_ next: () -> UInt32?) -> (input: Input, unread: [UInt32]) {
        guard let first = next() else { return (.key(.escape), []) }
        func key(_ key: Key?) -> (input: Input, unread: [UInt32]) { (key.map(Input.key) ?? .none, []) }
        switch first {
        case 0x5B: // CSI: parameters and intermediates, then a final byte 0x40–0x7E.
            var body = ""
            while body.count < 16, let byte = next(), byte != 0, let scalar = Unicode.Scalar(byte) {
                body.unicodeScalars.append(scalar)
                if (0x40...0x7E).contains(byte) { break }
            }
            switch body {
            case "A": return key(.up)
            case "B": return key(.down)
            case "C": return key(.right)
            case "D": return key(.left)
            case "H", "1~", "7~": return key(.home)
            case "F", "4~", "8~": return key(.end)
            case "3~": return key(.delete)
            case "5~": return key(.pageUp)
            case "6~": return key(.pageDown)
            case "Z": return key(.backTab)
            case "1;2A", "a": return key(.shiftUp)
            case "1;2B", "b": return key(.shiftDown)
            case "200~": return (.pasteBegins, [])
            default: return key(nil)
            }
        case 0x4F: // SS3: one more character.
            let second = next()
            switch second {
            case 0x41: return key(.up)
            case 0x42: return key(.down)
            case 0x43: return key(.right)
            case 0x44: return key(.left)
            case 0x48: return key(.home)
            case 0x46: return key(.end)
            default: return (.key(.escape), [first] + (second.map { $0 == 0 ? [] : [$0] } ?? []))
            }
        case 0: // A function key right after ESC (ncurses read it whole): Escape; the key is lost.
            return (.key(.escape), [])
        default:
            return (.key(.escape), [first])
        }
    }

    /// A key from a character `wget_wch` returned.
    static func decode(character: UInt32) -> Key? {
        switch character {
        case 9: return .tab
        // With nonl(), Return reads as 13; 10 is Ctrl-J, a new line in the notes.
        case 13: return .enter
        case 10: return .control("j")
        case 27: return .escape
        case 8, 127: return .backspace
        case 0: return nil
        case 1...26:
            guard let letter = Unicode.Scalar(character + 96) else { return nil }
            return .control(Character(letter))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(character) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// A key from a function-key code `wget_wch` returned.
    static func decode(keyCode: Int32) -> Key? {
        switch keyCode {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        default: return nil
        }
    }

    /// Makes the xterm and rxvt sequences for Shift-↑/↓ decode as KEY_SR/KEY_SF when the
    /// terminal's description does not name them (curs_define_key(3X)).
    private static func defineShiftArrows() {
        let sequences: [(String, Int32)] = [("\u{1B}[1;2A", KEY_SR), ("\u{1B}[1;2B", KEY_SF),
                                            ("\u{1B}[a", KEY_SR), ("\u{1B}[b", KEY_SF)]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// The terminfo strings that leave full-screen mode, for the crash handler.
    private static func restoreSequence() -> [UInt8] {
        var bytes = Array(bracketedPasteOff.utf8)
        for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = tick_curses_string_capability(name) {
                bytes += Array(String(cString: value).utf8)
            }
        }
        return bytes
    }
}

/// Ends ncurses from an `atexit` hook, when the UI did not close it itself.
func endTerminalAtExit() {
    guard (try? LibCurses.load()) != nil else { return }
    if !isendwin() { endwin() }
}
