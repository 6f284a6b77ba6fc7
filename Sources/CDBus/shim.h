#include <dbus/dbus.h>

// D-Bus's type codes are macros with casts (`((int) 's')`), which Swift does not import, and
// the arguments' calls are variadic: PodiumRemote's DBus.swift reads and writes arguments one
// at a time with these and the iterator functions.
static const int podium_dbus_type_invalid = DBUS_TYPE_INVALID;
static const int podium_dbus_type_string = DBUS_TYPE_STRING;
static const int podium_dbus_type_uint32 = DBUS_TYPE_UINT32;
static const int podium_dbus_type_int32 = DBUS_TYPE_INT32;
static const int podium_dbus_type_boolean = DBUS_TYPE_BOOLEAN;
static const int podium_dbus_type_double = DBUS_TYPE_DOUBLE;
