#ifndef TICK_CDBUS_SHIM_H
#define TICK_CDBUS_SHIM_H
// libdbus, the reference D-Bus client library (https://dbus.freedesktop.org/doc/api/html/).
// Only TickAgent imports this module. The type codes are macros of the form ((int) 's'),
// which Swift does not import; these constants carry them.
#include <dbus/dbus.h>

static const int TICK_DBUS_TYPE_INVALID = DBUS_TYPE_INVALID;
static const int TICK_DBUS_TYPE_BYTE = DBUS_TYPE_BYTE;
static const int TICK_DBUS_TYPE_INT32 = DBUS_TYPE_INT32;
static const int TICK_DBUS_TYPE_UINT32 = DBUS_TYPE_UINT32;
static const int TICK_DBUS_TYPE_STRING = DBUS_TYPE_STRING;
static const int TICK_DBUS_TYPE_ARRAY = DBUS_TYPE_ARRAY;
static const int TICK_DBUS_TYPE_VARIANT = DBUS_TYPE_VARIANT;
static const int TICK_DBUS_TYPE_DICT_ENTRY = DBUS_TYPE_DICT_ENTRY;

#endif
