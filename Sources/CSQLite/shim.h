#ifndef TICK_CSQLITE_SHIM_H
#define TICK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_db_config is variadic; Swift cannot call it directly.
static inline int tick_sqlite3_enable_defensive(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
}

#endif
