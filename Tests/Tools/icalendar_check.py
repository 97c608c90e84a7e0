#!/usr/bin/env python3
"""Independent check of a Tick iCalendar export with the `icalendar` package (PyPI).

Usage: icalendar_check.py FILE
Prints one JSON object: {"calendars": n, "vtodos": n, "uids": [...], "errors": [...]}.
Exit status 0 when the file parsed, 2 when `icalendar` is not installed, 1 otherwise.
"""
import json
import sys

try:
    import icalendar
except ImportError:
    print(json.dumps({"error": "the Python package icalendar is not installed"}))
    sys.exit(2)


def main() -> int:
    with open(sys.argv[1], "rb") as handle:
        data = handle.read()
    try:
        calendars = icalendar.Calendar.from_ical(data, multiple=True)
    except Exception as error:  # any parse failure is the answer
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return 1
    uids = []
    errors = []
    vtodos = 0
    for index, calendar in enumerate(calendars):
        if not calendar.subcomponents:
            # RFC 5545 §3.4: icalbody = calprops component, at least one component.
            errors.append(f"VCALENDAR {index + 1} has no component (RFC 5545 section 3.4)")
        for component in calendar.walk("VTODO"):
            vtodos += 1
            uids.append(str(component.get("UID", "")))
            for name, problem in getattr(component, "errors", []):
                errors.append(f"{name}: {problem}")
    print(json.dumps({"calendars": len(calendars), "vtodos": vtodos, "uids": uids, "errors": errors}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
