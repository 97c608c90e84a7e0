#ifndef TICK_CICAL_SHIM_H
#define TICK_CICAL_SHIM_H
#include <libical/ical.h>
#endif
