#ifndef TICK_CCURSES_SHIM_H
#define TICK_CCURSES_SHIM_H
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <langinfo.h>
#include <ncursesw/curses.h>

// Wrappers for what Swift cannot import from curses.h: function-like macros (the A_*
// attributes and COLOR_PAIR are built with NCURSES_BITS) and the global variables
// (stdscr, COLORS), which Swift 6 would treat as shared mutable state. Each wrapper is
// a plain read or a call; none keeps state of its own.

/// The standard screen of the current SCREEN (`stdscr`).
static inline WINDOW *tick_curses_stdscr(void) { return stdscr; }

/// The number of colors the terminal supports (`COLORS`), valid after start_color().
static inline int tick_curses_colors(void) { return COLORS; }

/// The number of color pairs (`COLOR_PAIRS`), valid after start_color().
static inline int tick_curses_color_pairs(void) { return COLOR_PAIRS; }

/// Video attributes (curs_attr(3X)).
static inline attr_t tick_curses_a_normal(void) { return A_NORMAL; }
static inline attr_t tick_curses_a_reverse(void) { return A_REVERSE; }
static inline attr_t tick_curses_a_bold(void) { return A_BOLD; }
static inline attr_t tick_curses_a_dim(void) { return A_DIM; }
static inline attr_t tick_curses_a_underline(void) { return A_UNDERLINE; }

/// `tigetstr(name)` as a string, or NULL when the terminal lacks the capability or it is
/// not a string capability (tigetstr returns (char *)-1 then, which Swift must not read).
static inline const char *tick_curses_string_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

/// Whether the C library's character set for the current LC_CTYPE is UTF-8.
static inline int tick_curses_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL) return 0;
    return (codeset[0] == 'U' || codeset[0] == 'u') && (codeset[1] == 'T' || codeset[1] == 't')
        && (codeset[2] == 'F' || codeset[2] == 'f') && codeset[3] == '-' && codeset[4] == '8'
        && codeset[5] == '\0';
}
#endif
