import CCurses
import TickModel

/// ncursesw (`libncursesw.so.6`, with the terminfo library it brings), opened when
/// `tick ui` takes the terminal, not by the dynamic loader at every start of every command
/// (it cost each about 0.5 ms; see `SharedLibrary`).
///
/// `CCurses` gives the header's types and constants and links nothing. The functions the
/// UI calls are looked up once per process into this table, and the free functions below
/// shadow the header's declarations with the same names and types, so `CursesTerminal`
/// and `CursesRenderer` call them as they would call ncurses (a call this file does not
/// forward fails to link). The global variables (`stdscr`, `COLORS`, `COLOR_PAIRS`) are
/// read through their addresses.
///
/// `CursesTerminal.init` passes `LibCurses.load()` first and throws `TUIError` with the
/// library and its Debian package when it cannot be opened; nothing else reaches ncurses
/// before that.
struct LibCurses: @unchecked Sendable {
    let raw: @convention(c) () -> Int32
    let curs_set: @convention(c) (Int32) -> Int32
    let delscreen: @convention(c) (OpaquePointer?) -> Void
    let endwin: @convention(c) () -> Int32
    let has_colors: @convention(c) () -> Bool
    let init_pair: @convention(c) (Int16, Int16, Int16) -> Int32
    let isendwin: @convention(c) () -> Bool
    let keypad: @convention(c) (UnsafeMutablePointer<WINDOW>?, Bool) -> Int32
    let intrflush: @convention(c) (UnsafeMutablePointer<WINDOW>?, Bool) -> Int32
    let newterm: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<FILE>?, UnsafeMutablePointer<FILE>?) -> OpaquePointer?
    let noecho: @convention(c) () -> Int32
    let nonl: @convention(c) () -> Int32
    let start_color: @convention(c) () -> Int32
    let use_default_colors: @convention(c) () -> Int32
    let set_escdelay: @convention(c) (Int32) -> Int32
    let wclear: @convention(c) (UnsafeMutablePointer<WINDOW>?) -> Int32
    let wmove: @convention(c) (UnsafeMutablePointer<WINDOW>?, Int32, Int32) -> Int32
    let wrefresh: @convention(c) (UnsafeMutablePointer<WINDOW>?) -> Int32
    let wtimeout: @convention(c) (UnsafeMutablePointer<WINDOW>?, Int32) -> Void
    let wattr_set: @convention(c) (UnsafeMutablePointer<WINDOW>?, attr_t, Int16, UnsafeMutableRawPointer?) -> Int32
    let mvwaddnstr: @convention(c) (UnsafeMutablePointer<WINDOW>?, Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let getmaxx: @convention(c) (UnsafePointer<WINDOW>?) -> Int32
    let getcurx: @convention(c) (UnsafePointer<WINDOW>?) -> Int32
    let getcury: @convention(c) (UnsafePointer<WINDOW>?) -> Int32
    let getmaxy: @convention(c) (UnsafePointer<WINDOW>?) -> Int32
    let wget_wch: @convention(c) (UnsafeMutablePointer<WINDOW>?, UnsafeMutablePointer<wint_t>?) -> Int32
    let define_key: @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
    let key_defined: @convention(c) (UnsafePointer<CChar>?) -> Int32
    /// The addresses of the variables `stdscr`, `COLORS` and `COLOR_PAIRS`.
    let stdscr: UnsafeMutableRawPointer
    let colors: UnsafeMutableRawPointer
    let colorPairs: UnsafeMutableRawPointer
    /// The address of `tigetstr`, for the shim that checks its (char *)-1.
    let tigetstrAddress: UnsafeMutableRawPointer

    private init(library: SharedLibrary) throws(SharedLibraryError) {
        raw = try library.function("raw")
        curs_set = try library.function("curs_set")
        delscreen = try library.function("delscreen")
        endwin = try library.function("endwin")
        has_colors = try library.function("has_colors")
        init_pair = try library.function("init_pair")
        isendwin = try library.function("isendwin")
        keypad = try library.function("keypad")
        intrflush = try library.function("intrflush")
        newterm = try library.function("newterm")
        noecho = try library.function("noecho")
        nonl = try library.function("nonl")
        start_color = try library.function("start_color")
        use_default_colors = try library.function("use_default_colors")
        set_escdelay = try library.function("set_escdelay")
        wclear = try library.function("wclear")
        wmove = try library.function("wmove")
        wrefresh = try library.function("wrefresh")
        wtimeout = try library.function("wtimeout")
        wattr_set = try library.function("wattr_set")
        mvwaddnstr = try library.function("mvwaddnstr")
        getmaxx = try library.function("getmaxx")
        getcurx = try library.function("getcurx")
        getcury = try library.function("getcury")
        getmaxy = try library.function("getmaxy")
        wget_wch = try library.function("wget_wch")
        define_key = try library.function("define_key")
        key_defined = try library.function("key_defined")
        stdscr = try library.address("stdscr")
        colors = try library.address("COLORS")
        colorPairs = try library.address("COLOR_PAIRS")
        tigetstrAddress = try library.address("tigetstr")
    }

    /// The table, or why ncursesw could not be opened; tried once per process, when
    /// `load()` first asks.
    private static let shared = Result { () throws(SharedLibraryError) in
        try LibCurses(library: SharedLibrary(["libncursesw.so.6"], debianPackage: "libncursesw6"))
    }

    /// Opens ncursesw if it is not open yet.
    ///
    /// - Throws: `TUIError` naming the library and the Debian package that installs it.
    static func load() throws(TUIError) {
        if case .failure(let error) = shared { throw TUIError("tick ui cannot start: \(error)") }
    }

    /// The table, for the forwarders; `load()` has been called on every path here.
    fileprivate static var loaded: LibCurses { shared.loadedTable }
}

/// The standard screen of the current SCREEN (`stdscr`).
func tick_curses_stdscr() -> UnsafeMutablePointer<WINDOW>! {
    UnsafeMutablePointer(mutating: tick_curses_window_at(LibCurses.loaded.stdscr))
}

/// The number of colors the terminal supports (`COLORS`), valid after start_color().
func tick_curses_colors() -> Int32 { tick_curses_int_at(LibCurses.loaded.colors) }

/// The number of color pairs (`COLOR_PAIRS`), valid after start_color().
func tick_curses_color_pairs() -> Int32 { tick_curses_int_at(LibCurses.loaded.colorPairs) }

/// `tigetstr(name)`, or nil when the terminal lacks the capability or it is not a string
/// capability.
func tick_curses_string_capability(_ name: UnsafePointer<CChar>!) -> UnsafePointer<CChar>! {
    tick_curses_string_capability_through(LibCurses.loaded.tigetstrAddress, name)
}

// One forwarder per ncurses function Tick calls: the same name, parameters and result as
// the declaration in <ncursesw/curses.h> or <ncursesw/term.h> that it shadows.
@discardableResult
func raw() -> Int32 { LibCurses.loaded.raw() }
@discardableResult
func curs_set(_ visibility: Int32) -> Int32 { LibCurses.loaded.curs_set(visibility) }
func delscreen(_ screen: OpaquePointer!) { LibCurses.loaded.delscreen(screen) }
@discardableResult
func endwin() -> Int32 { LibCurses.loaded.endwin() }
@discardableResult
func has_colors() -> Bool { LibCurses.loaded.has_colors() }
@discardableResult
func init_pair(_ pair: Int16, _ foreground: Int16, _ background: Int16) -> Int32 { LibCurses.loaded.init_pair(pair, foreground, background) }
@discardableResult
func isendwin() -> Bool { LibCurses.loaded.isendwin() }
@discardableResult
func keypad(_ window: UnsafeMutablePointer<WINDOW>!, _ enabled: Bool) -> Int32 { LibCurses.loaded.keypad(window, enabled) }
@discardableResult
func intrflush(_ window: UnsafeMutablePointer<WINDOW>!, _ enabled: Bool) -> Int32 { LibCurses.loaded.intrflush(window, enabled) }
@discardableResult
func newterm(_ type: UnsafePointer<CChar>!, _ output: UnsafeMutablePointer<FILE>!, _ input: UnsafeMutablePointer<FILE>!) -> OpaquePointer! { LibCurses.loaded.newterm(type, output, input) }
@discardableResult
func noecho() -> Int32 { LibCurses.loaded.noecho() }
@discardableResult
func nonl() -> Int32 { LibCurses.loaded.nonl() }
@discardableResult
func start_color() -> Int32 { LibCurses.loaded.start_color() }
@discardableResult
func use_default_colors() -> Int32 { LibCurses.loaded.use_default_colors() }
@discardableResult
func set_escdelay(_ milliseconds: Int32) -> Int32 { LibCurses.loaded.set_escdelay(milliseconds) }
@discardableResult
func wclear(_ window: UnsafeMutablePointer<WINDOW>!) -> Int32 { LibCurses.loaded.wclear(window) }
@discardableResult
func wmove(_ window: UnsafeMutablePointer<WINDOW>!, _ row: Int32, _ column: Int32) -> Int32 { LibCurses.loaded.wmove(window, row, column) }
@discardableResult
func wrefresh(_ window: UnsafeMutablePointer<WINDOW>!) -> Int32 { LibCurses.loaded.wrefresh(window) }
func wtimeout(_ window: UnsafeMutablePointer<WINDOW>!, _ milliseconds: Int32) { LibCurses.loaded.wtimeout(window, milliseconds) }
@discardableResult
func wattr_set(_ window: UnsafeMutablePointer<WINDOW>!, _ attributes: attr_t, _ pair: Int16, _ options: UnsafeMutableRawPointer!) -> Int32 { LibCurses.loaded.wattr_set(window, attributes, pair, options) }
@discardableResult
func mvwaddnstr(_ window: UnsafeMutablePointer<WINDOW>!, _ row: Int32, _ column: Int32, _ text: UnsafePointer<CChar>!, _ count: Int32) -> Int32 { LibCurses.loaded.mvwaddnstr(window, row, column, text, count) }
@discardableResult
func getmaxx(_ window: UnsafePointer<WINDOW>!) -> Int32 { LibCurses.loaded.getmaxx(window) }
func getcurx(_ window: UnsafePointer<WINDOW>!) -> Int32 { LibCurses.loaded.getcurx(window) }
func getcury(_ window: UnsafePointer<WINDOW>!) -> Int32 { LibCurses.loaded.getcury(window) }
@discardableResult
func getmaxy(_ window: UnsafePointer<WINDOW>!) -> Int32 { LibCurses.loaded.getmaxy(window) }
@discardableResult
func wget_wch(_ window: UnsafeMutablePointer<WINDOW>!, _ character: UnsafeMutablePointer<wint_t>!) -> Int32 { LibCurses.loaded.wget_wch(window, character) }
@discardableResult
func define_key(_ sequence: UnsafePointer<CChar>!, _ code: Int32) -> Int32 { LibCurses.loaded.define_key(sequence, code) }
@discardableResult
func key_defined(_ sequence: UnsafePointer<CChar>!) -> Int32 { LibCurses.loaded.key_defined(sequence) }
