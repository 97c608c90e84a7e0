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
// (stdscr, COLORS), which Swift 6 would treat as shared mutable state. libncursesw is
// opened when `tick ui` starts (TickTUI's LibCurses), so the variables and tigetstr are
// reached through the addresses dlsym(3) gave: nothing here names a symbol of the
// library. Each wrapper is a plain read or a call; none keeps state of its own.

/// The WINDOW * a variable such as `stdscr` holds, given the variable's address.
static inline WINDOW *tick_curses_window_at(const void *variable) { return *(WINDOW *const *)variable; }

/// The int a variable such as `COLORS` or `COLOR_PAIRS` holds, given its address.
static inline int tick_curses_int_at(const void *variable) { return *(const int *)variable; }

/// Video attributes (curs_attr(3X)).
static inline attr_t tick_curses_a_normal(void) { return A_NORMAL; }
static inline attr_t tick_curses_a_reverse(void) { return A_REVERSE; }
static inline attr_t tick_curses_a_bold(void) { return A_BOLD; }
static inline attr_t tick_curses_a_dim(void) { return A_DIM; }
static inline attr_t tick_curses_a_underline(void) { return A_UNDERLINE; }

/// `tigetstr(name)` as a string, or NULL when the terminal lacks the capability or it is
/// not a string capability (tigetstr returns (char *)-1 then, which Swift must not read).
/// `tigetstr` is the function's address.
static inline const char *tick_curses_string_capability_through(void *tigetstr_address, const char *name) {
    char *(*get)(const char *) = (char *(*)(const char *))tigetstr_address;
    char *value = get(name);
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
