#ifndef TICK_CSQLITE_SHIM_H
#define TICK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro that casts -1 to a function pointer, which Swift cannot
/// import; binding text with it makes SQLite copy the bytes before the call returns.
static inline int tick_sqlite3_bind_text_transient(sqlite3_stmt *stmt, int index,
                                                    const char *text, int length) {
    return sqlite3_bind_text(stmt, index, text, length, SQLITE_TRANSIENT);
}

/// sqlite3_db_config is variadic; Swift cannot call it directly.
static inline int tick_sqlite3_enable_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

#endif
