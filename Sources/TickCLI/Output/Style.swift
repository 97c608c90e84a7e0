import TickModel
import TickTerminal

/// ANSI styling (ECMA-48 SGR) that is a no-op when color is not allowed
/// (not a terminal, `NO_COLOR`, `TERM=dumb`).
struct Style {
    let isEnabled: Bool
    /// Whether the terminal takes 24-bit colors (`COLORTERM=truecolor`); otherwise list
    /// colors use the nearest of xterm's 256.
    var isTrueColor = false

    private func sgr(_ codes: String, _ text: String) -> String {
        // Marks, not ESC: the output edge (`TerminalOutput`) turns them into SGR sequences.
        isEnabled && !text.isEmpty ? TerminalText.styled(text, sgr: codes) : text
    }

    func bold(_ text: String) -> String { sgr("1", text) }
    func dim(_ text: String) -> String { sgr("2", text) }
    func red(_ text: String) -> String { sgr("31", text) }
    func boldRed(_ text: String) -> String { sgr("1;31", text) }
    func orange(_ text: String) -> String { sgr("38;5;208", text) }
    func green(_ text: String) -> String { sgr("32", text) }

    /// `text` in a list's color: 24-bit SGR on terminals that say they take it, else the
    /// nearest color of the xterm 256-color cube (6×6×6 levels 0, 95, 135, 175, 215, 255).
    func colored(_ text: String, _ color: ListColor) -> String {
        let (r, g, b) = color.components
        if isTrueColor { return sgr("38;2;\(r);\(g);\(b)", text) }
        func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
        return sgr("38;5;\(16 + 36 * level(r) + 6 * level(g) + level(b))", text)
    }

    /// A list's color dot: `●` in its color, or plain `●` without color.
    func dot(_ color: ListColor) -> String { colored("●", color) }
}
