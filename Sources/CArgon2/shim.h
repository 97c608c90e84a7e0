#ifndef TICK_CARGON2_SHIM_H
#define TICK_CARGON2_SHIM_H
// The reference Argon2 library (Debian libargon2-dev, RFC 9106). Only TickAccounts
// imports it.
#include <argon2.h>
#endif
