#!/usr/bin/env python3
"""Writes N generated reminders as a Tick archive (the JSON that `tick import` restores),
or as one iCalendar object per reminder (a VCALENDAR with one VTODO, in NAME.ics files:
what a CalDAV server's collection holds, for bench/sync.sh).

usage: generate.py N OUT.json
       generate.py --vtodo N FOLDER

The mix follows the peer benchmark's data sets (../shared/peers): 10 lists with uneven
sizes, titles of 1 to ~200 characters (~10% Korean, ~8% with an emoji), ~30% with an
all-day due date from 20 days ago to 90 days ahead, ~20% completed, ~25% with a
priority, ~25% with one or two tags, ~5% with notes. Seeded: the same N gives the same
reminders; dates are relative to today (UTC).
"""
import datetime as dt
import json
import os
import random
import sys
import uuid

LISTS = [("home", "#FF3B30", 16), ("work", "#FF9500", 22), ("errands", "#FFCC00", 12),
         ("garden", "#34C759", 6), ("finance", "#007AFF", 8), ("health", "#AF52DE", 7),
         ("reading", "#A2845E", 6), ("travel", "#8E8E93", 5), ("sideproject", "#FF3B30", 10),
         ("family", "#34C759", 8)]
TAGS = ["phone", "computer", "errand", "waiting", "someday", "office", "online", "urgent"]
VERBS = ["Call", "Email", "Buy", "Fix", "Review", "Write", "Plan", "Book", "Pay", "Schedule",
         "Update", "Clean", "Read", "Prepare", "Cancel", "Renew", "Organize", "Submit", "Draft",
         "Research", "Order", "Return", "Check", "Finish", "Print", "Replace", "Back up"]
OBJECTS = ["the quarterly report", "dentist appointment", "groceries", "car insurance",
           "the leaking kitchen tap", "a birthday present", "flight to Lisbon", "electricity bill",
           "team offsite agenda", "tax return", "library books", "passport renewal form",
           "garden hose", "slides for Monday", "code review", "gym membership", "the blog post",
           "winter tyres", "running shoes", "invoice 117", "backup drive", "hotel in Busan",
           "the broken dishwasher", "budget spreadsheet", "vet appointment", "old photos"]
TAILS = ["before Friday", "with Sarah", "for the team", "this weekend", "after lunch",
         "and send the receipt to accounting", "if it is still on sale", "by end of month",
         "on the way home", "only if the weather is good", "call first to confirm the hours"]
KOREAN = ["장보기", "치과 예약하기", "보고서 작성", "엄마한테 전화하기", "세금 신고", "회의 준비",
          "우유 사기", "은행 방문", "운동 가기", "책 반납하기", "비행기표 예매", "생일 선물 사기"]
KOREAN_TAILS = ["내일까지", "주말에", "퇴근길에", "잊지 말고"]
EMOJI = ["🛒", "📞", "🎉", "✈️", "🏃", "💡", "🔧", "📚", "✅", "🍎", "🎂", "🚗", "🌱"]
LOREM = ("because the previous attempt failed and we need a clean run with the updated numbers "
         "plus a short summary for everyone who missed the meeting and a list of open questions").split()


def title(rng):
    if rng.random() < 0.10:
        t = rng.choice(KOREAN)
        if rng.random() < 0.5:
            t = rng.choice(KOREAN_TAILS) + " " + t
    else:
        t = rng.choice(VERBS) + " " + rng.choice(OBJECTS)
        r = rng.random()
        if r < 0.35:
            pass
        elif r < 0.80:
            t += " " + rng.choice(TAILS)
        elif r < 0.97:
            t += " " + rng.choice(TAILS) + ", " + rng.choice(TAILS)
        else:
            t += " " + " ".join(LOREM[:rng.randint(10, len(LOREM))])
    if rng.random() < 0.08:
        e = rng.choice(EMOJI)
        t = (e + " " + t) if rng.random() < 0.5 else (t + " " + e)
    return t


def stamp(d):
    return d.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def generate(n):
    """The lists, the reminders and the "now" they were made for."""
    rng = random.Random(20261129)
    today = dt.datetime.now(dt.timezone.utc).date()
    now = dt.datetime.combine(today, dt.time(9, 0), tzinfo=dt.timezone.utc)
    lists = []
    for position, (name, color, _) in enumerate(LISTS):
        lists.append({"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "name": name,
                      "color": color, "position": position + 1, "createdAt": stamp(now), "modifiedAt": stamp(now)})
    weights = [w for (_, _, w) in LISTS]
    reminders = []
    for number in range(1, n + 1):
        entry = now - dt.timedelta(seconds=rng.randint(3600, 365 * 86400))
        lst = rng.choices(lists, weights)[0]
        completed = rng.random() < 0.20
        r = {"number": number, "uid": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
             "listID": lst["id"], "list": lst["name"], "title": title(rng), "notes": "",
             "due": None, "dueKind": None, "priority": "none", "iCalendarPriority": 0,
             "flagged": rng.random() < 0.03, "completed": completed, "completedAt": None,
             "tags": [], "createdAt": stamp(entry), "modifiedAt": stamp(entry)}
        if rng.random() < 0.30:
            r["due"] = (today + dt.timedelta(days=rng.randint(-20, 90))).isoformat()
            r["dueKind"] = "allDay"
        p = rng.random()
        if p < 0.05:
            r["priority"], r["iCalendarPriority"] = "high", 1
        elif p < 0.15:
            r["priority"], r["iCalendarPriority"] = "medium", 5
        elif p < 0.25:
            r["priority"], r["iCalendarPriority"] = "low", 9
        if rng.random() < 0.25:
            r["tags"] = sorted(set(rng.sample(TAGS, rng.randint(1, 2))))
        if rng.random() < 0.05:
            r["notes"] = "Note: " + " ".join(rng.sample(LOREM, 8))
        if completed:
            end = max(entry + dt.timedelta(hours=2), now - dt.timedelta(seconds=rng.randint(3600, 180 * 86400)))
            r["completedAt"] = r["modifiedAt"] = stamp(end)
        reminders.append(r)
    return lists, reminders, now


def text_value(value):
    """An iCalendar TEXT value (RFC 5545 §3.3.11)."""
    return (value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def folded(line):
    """One content line folded at 75 octets, never inside a UTF-8 sequence (RFC 5545 §3.1)."""
    data, out = line.encode("utf-8"), []
    while len(data) > 75:
        cut = 75
        while (data[cut] & 0xC0) == 0x80:
            cut -= 1
        out.append(data[:cut])
        data = b" " + data[cut:]
    out.append(data)
    return b"\r\n".join(out) + b"\r\n"


def vtodo(r, rng):
    """One reminder as a VCALENDAR holding one VTODO, with what phones add: a VALARM on
    ~10% of the dated ones, and a property Tick does not model."""
    basic = lambda s: s.replace("-", "").replace(":", "")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tick//bench generate.py//EN", "BEGIN:VTODO",
             "UID:" + r["uid"], "DTSTAMP:" + basic(r["modifiedAt"]), "CREATED:" + basic(r["createdAt"]),
             "LAST-MODIFIED:" + basic(r["modifiedAt"]), "SUMMARY:" + text_value(r["title"])]
    if r["notes"]:
        lines.append("DESCRIPTION:" + text_value(r["notes"]))
    if r["due"]:
        lines.append("DUE;VALUE=DATE:" + r["due"].replace("-", ""))
    if r["iCalendarPriority"]:
        lines.append("PRIORITY:%d" % r["iCalendarPriority"])
    if r["tags"]:
        lines.append("CATEGORIES:" + ",".join(text_value(t) for t in r["tags"]))
    if r["completed"]:
        lines += ["STATUS:COMPLETED", "PERCENT-COMPLETE:100", "COMPLETED:" + basic(r["completedAt"])]
    else:
        lines.append("STATUS:NEEDS-ACTION")
    if r["flagged"]:
        lines.append("X-TICK-BENCH-FLAGGED:TRUE")
    if r["due"] and rng.random() < 0.10:
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
                  "TRIGGER;VALUE=DATE-TIME:" + r["due"].replace("-", "") + "T080000Z", "END:VALARM"]
    lines += ["END:VTODO", "END:VCALENDAR"]
    return b"".join(folded(line) for line in lines)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--vtodo":
        n, folder = int(sys.argv[2]), sys.argv[3]
        _, reminders, _ = generate(n)
        rng = random.Random(11)
        os.makedirs(folder, exist_ok=True)
        for r in reminders:
            with open(os.path.join(folder, r["uid"] + ".ics"), "wb") as f:
                f.write(vtodo(r, rng))
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    n, out = int(sys.argv[1]), sys.argv[2]
    lists, reminders, now = generate(n)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"format": "tick", "version": 1, "exportedAt": stamp(now), "lists": lists,
                   "reminders": reminders}, f, ensure_ascii=False)


if __name__ == "__main__":
    main()
