#ifndef TICK_CLIBPQ_SHIM_H
#define TICK_CLIBPQ_SHIM_H
// libpq, PostgreSQL's client library (Debian libpq-dev puts its headers in a folder of
// their own, postgresql/). Only TickPostgres imports it, and opens the library itself
// (LibPQ): nothing links it, so the module has no pkg-config flags.
#include <poll.h>
#include <postgresql/libpq-fe.h>

// The PG_DIAG_* field codes are character-literal macros, which Swift does not import.
static inline int tick_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int tick_pq_diag_message(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int tick_pq_diag_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }
static inline int tick_pq_diag_constraint(void) { return PG_DIAG_CONSTRAINT_NAME; }
#endif
