/// A key press, decoded from the terminal; what the state machine reacts to.
public enum Key: Hashable, Sendable {
    /// Text: a letter, digit, symbol, space, or a Hangul, CJK or emoji character.
    case character(Character)
    /// A control chord such as Ctrl-U, named by its lower-case letter (`"u"`).
    case control(Character)
    /// ↑.
    case up
    /// ↓.
    case down
    /// ←.
    case left
    /// →.
    case right
    /// Shift-↑.
    case shiftUp
    /// Shift-↓.
    case shiftDown
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Escape.
    case escape
    /// Backspace (erases before the cursor).
    case backspace
    /// Delete (erases under the cursor; deletes the selected reminder in the table).
    case delete
    /// Text the terminal marked as pasted (xterm's bracketed paste, `ESC [ 200 ~` … `ESC [ 201 ~`):
    /// its line breaks and tabs are text, not Enter and Tab, and none of it is a command key.
    /// `isCut`: the paste was longer than the UI takes (`CursesTerminal.pasteLimit`), and this
    /// is its beginning.
    case paste(String, isCut: Bool = false)

    /// A key from a one-character string: `" "` is Space, `"a"` is `a`; for tests and
    /// scripted input.
    public static func text(_ character: Character) -> Key { .character(character) }
}
