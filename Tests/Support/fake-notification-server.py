#!/usr/bin/python3
"""A stand-in freedesktop notification server for Tick's end-to-end tests.

Owns org.freedesktop.Notifications on the session bus named by
DBUS_SESSION_BUS_ADDRESS, answers GetCapabilities (actions, body), GetServerInformation,
Notify and CloseNotification, and appends one JSON line per Notify call to the log file
given as the first argument. The test-only method org.tick.Test.InvokeAction(id, key)
emits ActionInvoked(id, key) followed by NotificationClosed(id, 2), as a server does
when a user clicks a button. Prints "ready" once the name is owned.

Needs Debian's python3-dbus and python3-gi (run it with /usr/bin/python3).
"""
import json
import signal
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"


class Server(dbus.service.Object):
    def __init__(self, bus, log_path):
        super().__init__(bus, "/org/freedesktop/Notifications")
        self.log_path = log_path
        self.next_id = 1

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["actions", "body"]

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("tick-fake", "tick-tests", "1.0", "1.2")

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        number = self.next_id
        self.next_id += 1
        record = {
            "id": number, "app": str(app), "summary": str(summary), "body": str(body),
            "actions": [str(a) for a in actions],
            "urgency": int(hints["urgency"]) if "urgency" in hints else None,
        }
        with open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps(record) + "\n")
        return dbus.UInt32(number)

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, number):
        self.NotificationClosed(number, 3)

    @dbus.service.signal(INTERFACE, signature="us")
    def ActionInvoked(self, number, key):
        pass

    @dbus.service.signal(INTERFACE, signature="uu")
    def NotificationClosed(self, number, reason):
        pass

    @dbus.service.method("org.tick.Test", in_signature="us", out_signature="")
    def InvokeAction(self, number, key):
        self.ActionInvoked(number, key)
        self.NotificationClosed(number, 2)


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(INTERFACE, bus, do_not_queue=True)
    server = Server(bus, sys.argv[1])
    loop = GLib.MainLoop()
    # A Python signal handler would only run once the loop wakes; GLib's runs at once.
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, loop.quit)
    print("ready", flush=True)
    loop.run()
    del name, server


if __name__ == "__main__":
    main()
