import TickModel

/// ANSI styling (ECMA-48 SGR) that is a no-op when color is not allowed
/// (not a terminal, `NO_COLOR`, `TERM=dumb`).
struct Style {
    let isEnabled: Bool

    private func sgr(_ codes: String, _ text: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { sgr("1", text) }
    func dim(_ text: String) -> String { sgr("2", text) }
    func red(_ text: String) -> String { sgr("31", text) }
    func boldRed(_ text: String) -> String { sgr("1;31", text) }
    func orange(_ text: String) -> String { sgr("38;5;208", text) }
    func green(_ text: String) -> String { sgr("32", text) }

    /// `text` in a list's color (24-bit SGR, which modern terminals accept).
    func colored(_ text: String, _ color: ListColor) -> String {
        let (r, g, b) = color.components
        return sgr("38;2;\(r);\(g);\(b)", text)
    }

    /// A list's color dot: `●` in its color, or plain `●` without color.
    func dot(_ color: ListColor) -> String { colored("●", color) }
}
