import CCurses
import TickTerminal
import TickModel

/// Draws a ``Frame`` with ncurses: each span at the column its measured width puts it
/// (so a character ncurses measures differently cannot shift the rest of the row), in
/// the attributes and colors of its style.
///
/// With colors (the terminal's own background and foreground kept, through
/// `use_default_colors`): overdue and errors red, flags orange, keys cyan, lists in
/// their color. Without (`NO_COLOR`, `TERM=dumb`, a terminal without colors): reverse
/// video for the selection, bold and underline for overdue dates and errors, bold for
/// headings, keys and flags, dim for secondary text.
///
/// Not Sendable: it draws into ncurses' global screen, from the UI's one thread.
final class CursesRenderer {
    private let window: UnsafeMutablePointer<WINDOW>
    private let usesColor: Bool
    private var colorCount: Int32 = 0
    private var pairs: [Int32: Int16] = [:] // color number → pair
    private var nextPair: Int16 = 1
    private var lastFrame: Frame?

    init(window: UnsafeMutablePointer<WINDOW>, usesColor: Bool) {
        self.window = window
        var enabled = false
        if usesColor, start_color() == OK {
            use_default_colors()
            colorCount = tick_curses_colors()
            enabled = colorCount >= 8
        }
        self.usesColor = enabled
    }

    /// Draws `frame` (nothing when it equals the last one drawn, unless `force`).
    func draw(_ frame: Frame, force: Bool = false) {
        if !force, frame == lastFrame { return }
        if force || frame.size != lastFrame?.size { wclear(window) }
        lastFrame = frame
        for (row, spans) in frame.rows.enumerated() {
            var column = 0
            for span in spans {
                guard column < frame.size.width else { break }
                let (attributes, pair) = style(span.style)
                wattr_set(window, attributes, pair, nil)
                // Drawn at the column our own measure gives; an ncurses that measures a
                // cluster wider only overdraws the rest of this span, which comes next.
                // The output edge: whatever a span holds, no control reaches the terminal
                // raw (spans are sanitized when built; this is the one place that writes).
                // Emoji joined by U+200D are written as their parts, which every terminal
                // and ncurses draw in the cells our measure counts.
                mvwaddnstr(window, Int32(row), Int32(column), TerminalText.unjoinedEmoji(TerminalText.sanitized(span.text)), -1)
                // An ncurses that measures a cluster narrower (❤️: U+2764 and VS16, one cell by
                // its wcwidth, two by ours) ends the span short: the cells left keep what the
                // last frame had there (a tester saw an old `…` stay) unless written again.
                let end = column + span.width
                // (A span that filled its row leaves the cursor on the next row: nothing to do.)
                let reached = Int(getcurx(window))
                if Int(getcury(window)) == row, reached >= column, reached < end, end <= frame.size.width {
                    mvwaddnstr(window, Int32(row), Int32(reached), String(repeating: " ", count: end - reached), -1)
                }
                column = end
            }
        }
        wattr_set(window, tick_curses_a_normal(), 0, nil)
        if let cursor = frame.cursor {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            curs_set(1)
        } else {
            curs_set(0)
        }
        wrefresh(window)
    }

    // MARK: - Styles

    private func style(_ style: SpanStyle) -> (attr_t, Int16) {
        var attributes = tick_curses_a_normal()
        var pair: Int16 = 0
        switch style.role {
        case .plain:
            break
        case .dim:
            attributes |= tick_curses_a_dim()
        case .heading:
            attributes |= tick_curses_a_bold()
        case .key:
            attributes |= tick_curses_a_bold()
            pair = colorPair(6) // cyan
        case .overdue:
            attributes |= tick_curses_a_bold()
            if usesColor { pair = colorPair(1) } else { attributes |= tick_curses_a_underline() }
        case .error:
            attributes |= tick_curses_a_bold()
            pair = colorPair(1)
        case .flag:
            attributes |= usesColor ? tick_curses_a_normal() : tick_curses_a_bold()
            pair = colorPair(colorCount >= 256 ? 208 : 3)
        case .listColor(let color):
            pair = colorPair(nearestColor(color))
        case .field:
            attributes |= tick_curses_a_underline()
        }
        if style.isSelected { attributes |= tick_curses_a_reverse() }
        if style.isFocused { attributes |= tick_curses_a_underline() | tick_curses_a_bold() }
        return (attributes, usesColor ? pair : 0)
    }

    /// The pair for foreground `color` on the terminal's own background (made on first use).
    private func colorPair(_ color: Int32) -> Int16 {
        guard usesColor else { return 0 }
        if let pair = pairs[color] { return pair }
        guard Int32(nextPair) < tick_curses_color_pairs() else { return 0 }
        let pair = nextPair
        guard init_pair(pair, Int16(truncatingIfNeeded: color), -1) == OK else { return 0 }
        nextPair += 1
        pairs[color] = pair
        return pair
    }

    /// The terminal color closest to a list's color: from the 6×6×6 cube and gray ramp
    /// of 256-color terminals, else from the eight ANSI colors.
    private func nearestColor(_ color: ListColor) -> Int32 {
        let (red, green, blue) = color.components
        if colorCount >= 256 {
            let levels = [0, 95, 135, 175, 215, 255]
            func nearestLevel(_ value: Int) -> Int {
                levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
            }
            let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
            return Int32(16 + 36 * r + 6 * g + b)
        }
        // black, red, green, yellow, blue, magenta, cyan, white
        let ansi: [(Int, Int, Int)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
                                       (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229)]
        let distances = ansi.map { (r, g, b) in (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue) }
        let best = distances.indices.min { distances[$0] < distances[$1] } ?? 7
        // Black or white text would vanish on one background or the other.
        return Int32(best == 0 || best == 7 ? 6 : best)
    }
}
