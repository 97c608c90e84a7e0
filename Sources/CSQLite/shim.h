#ifndef TICK_CSQLITE_SHIM_H
#define TICK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic; Swift cannot call it directly.
static inline int tick_sqlite3_enable_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

/// SQLITE_TRANSIENT is a cast macro Swift cannot import: the result is copied by SQLite.
static inline void tick_sqlite3_result_text_transient(sqlite3_context *context, const char *text, int bytes) {
    sqlite3_result_text(context, text, bytes, SQLITE_TRANSIENT);
}

#endif
