// Dates as people read them: the browser's locale, the medium date style, and
// Today/Tomorrow/Yesterday for the days around today.

const dateStyle = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeStyle = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
const relative = typeof Intl.RelativeTimeFormat === "function"
  ? new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }) : null;

function capitalized(text) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * This browser's local time `y`-`m`-`d` `hh`:`mm`:`ss`. `new Date(y, …)` reads a year from
 * 0 to 99 as 1900–1999: the year is set again (a reminder due in year 99 showed as 1999 and
 * was saved as 1999 when its time was edited; a tester).
 */
function localDate(y, m, d, hh = 0, mm = 0, ss = 0) {
  const date = new Date(y, m - 1, d, hh, mm, ss);
  if (y >= 0 && y < 100) date.setFullYear(y, m - 1, d);
  return date;
}

/** The instant or local day of a due/start value of the API (`dueKind`: allDay, timed, floating). */
export function parseWhen(value, kind) {
  if (!value) return null;
  if (kind === "allDay") {
    const [y, m, d] = value.split("-").map(Number);
    return localDate(y, m, d);
  }
  if (kind === "floating") {
    const [day, time = "00:00:00"] = value.split("T");
    const [y, m, d] = day.split("-").map(Number);
    const [hh, mm, ss] = time.split(":").map(Number);
    return localDate(y, m, d, hh, mm, ss || 0);
  }
  return new Date(value);
}

function startOfDay(date) {
  return localDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** Whole days from today to `date` (0 today, 1 tomorrow, -1 yesterday). */
function dayOffset(date, now) {
  return Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
}

/** "Today", "Tomorrow", "Yesterday" or the medium date; with the time when `timed`. */
export function formatDue(value, kind, now = new Date()) {
  return dueParts(value, kind, now).join(" ");
}

/** `formatDue`'s two parts: the day, and the time (none for an all-day date); [] for none.
 *  The table keeps each on one line, so a narrow row breaks between them only (a tester: a
 *  phone broke "Dec / 14, / 2026 / 3:00 / PM" at every space). */
export function dueParts(value, kind, now = new Date()) {
  const date = parseWhen(value, kind);
  if (!date || Number.isNaN(date.getTime())) return [];
  const offset = dayOffset(date, now);
  const day = Math.abs(offset) <= 1 && relative
    ? capitalized(relative.format(offset, "day"))
    : dateStyle.format(date);
  return kind === "allDay" ? [day] : [day, timeStyle.format(date)];
}

const pad = (number, width = 2) => String(number).padStart(width, "0");

/** This browser's IANA time zone name (`Asia/Seoul`), as its Intl resolves it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

// Whether the server refused this browser's zone name (unknown-time-zone: its time zone
// database is older than the browser's); a new time is then sent with its offset.
let browserZoneRefused = false;

/** Says the server does not know this browser's zone name (api.js, on unknown-time-zone). */
export function refuseBrowserZone() {
  browserZoneRefused = true;
}

/** `±HH:MM`, the offset from UTC of this browser's clock at the wall-clock `day` `time`. */
function browserOffset(day, time) {
  const [year, month, date] = day.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const local = localDate(year, month, date, hour, minute);
  const east = -local.getTimezoneOffset();
  const size = Math.abs(east);
  return `${east < 0 ? "-" : "+"}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

// Zone name → a formatter of that zone's wall clock in ASCII digits, or null. Made once a
// name: building an Intl.DateTimeFormat costs far more than using one.
const wallClocks = new Map();

/**
 * A formatter of the wall clock of `zone` (year, month, day, hour 00–23, minute) when
 * `zone` is a place whose clocks this browser's Intl knows (`America/New_York`); null for
 * no zone, a name Intl does not know (an imported `TZID` such as `Custom Zone`), and the
 * zones that are no place: `UTC`, a fixed offset (`GMT+0900`, `Etc/GMT-9`) and the old
 * names without a slash (`EST5EDT`). Those are what the server stores for a time given
 * with an offset or `Z`, an instant rather than a place's wall clock.
 */
function wallClock(zone) {
  if (!zone) return null;
  if (!wallClocks.has(zone)) {
    let format = null;
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
      });
    } catch { /* RangeError: a zone this browser's Intl does not know */ }
    const canonical = format?.resolvedOptions().timeZone ?? "";
    wallClocks.set(zone, canonical.includes("/") && !canonical.startsWith("Etc/") ? format : null);
  }
  return wallClocks.get(zone);
}

/**
 * What the detail panel says of a timed value's zone `zone` (the API's `dueTimeZone`)
 * beside its inputs when they show another zone's clock than this browser's: the zone's
 * city, `"New York time"` for `America/New_York` seen from Seoul; `""` when the inputs show
 * this browser's clock (the same zone, or one `dayAndTime` does not keep).
 */
export function zoneNote(zone) {
  const format = wallClock(zone);
  // Both names as Intl resolves them: US/Eastern and America/New_York are one zone.
  if (!format || format.resolvedOptions().timeZone === browserZone()) return "";
  return `${zone.split("/").pop().replaceAll("_", " ")} time`;
}

/**
 * What a date input and a time input show of a due/start value of the API: `["2030-12-05",
 * "09:00"]`. A timed value shows the wall clock of its own zone `zone` (the API's
 * `dueTimeZone`), so that an edit keeps it there: `2030-12-05T09:00:00-05:00` in
 * `America/New_York` is `["2030-12-05", "09:00"]` in any browser. When `zone` is absent, not
 * known to this browser's Intl, or no place (`UTC`, `GMT+0900`), it shows this browser's
 * clock: `2030-12-05T09:00:00Z` is `["2030-12-05", "04:00"]` in New York. `["2030-12-05", ""]`
 * for the all-day `2030-12-05`, `["", ""]` for none. A floating value shows its own wall
 * clock, whatever this zone's clocks skip.
 */
export function dayAndTime(value, kind, zone = null) {
  if (value && kind === "floating") return [value.slice(0, 10), value.slice(11, 16)];
  const date = parseWhen(value, kind);
  if (!date || Number.isNaN(date.getTime())) return ["", ""];
  const own = kind === "timed" ? wallClock(zone) : null;
  if (own) {
    const part = Object.fromEntries(own.formatToParts(date).map(({ type, value: text }) => [type, text]));
    return [`${pad(part.year, 4)}-${part.month}-${part.day}`, `${part.hour}:${part.minute}`];
  }
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return [day, kind === "allDay" ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`];
}

/**
 * The value the API takes for a day and a time (the values of a date input and a time
 * input): the day alone, all-day, when there is no time; else that wall-clock time in the
 * zone `zone` (the reminder's own, as `dayAndTime` showed it) named as RFC 9557 §4 writes
 * it, `2030-12-05T09:00[America/New_York]`, so that the reminder and its repeats stay in
 * that zone across daylight saving; in this browser's zone when `zone` is one `dayAndTime`
 * does not keep (none, unknown, `UTC`); or, `floating`, the wall clock alone
 * (`2030-12-05T09:00`, sent with `dueKind: "floating"`); null for no day. When the server
 * refused this browser's zone name (`refuseBrowserZone`), a time in it is sent with the
 * offset its clock has then (`2030-12-05T09:00+09:00`): the instant is right, the zone is not
 * kept (the server cannot keep a zone it does not know).
 */
export function whenValue(day, time, floating = false, zone = null) {
  if (!day) return null;
  if (!time) return day;
  if (floating) return `${day}T${time}`;
  if (wallClock(zone)) return `${day}T${time}[${zone}]`;
  return browserZoneRefused ? `${day}T${time}${browserOffset(day, time)}` : `${day}T${time}[${browserZone()}]`;
}

/** True when an open reminder's due date has passed (an all-day one: before today). */
export function isOverdue(reminder, now = new Date()) {
  if (reminder.completed || !reminder.due) return false;
  const date = parseWhen(reminder.due, reminder.dueKind);
  if (!date) return false;
  return reminder.dueKind === "allDay" ? date < startOfDay(now) : date < now;
}

/** The marks of a priority: `!!!` high, `!!` medium, `!` low, nothing for none. */
export function priorityMarks(priority) {
  return { high: "!!!", medium: "!!", low: "!" }[priority] || "";
}

/** An alarm as the words the API takes back (`-10m` style offsets, or the instant). */
export function alarmText(alarm) {
  if (alarm.at) {
    // On the browser's wall clock, as it was typed (a tester: `2030-03-01 18:00` came back as
    // `2030-03-01T09:00:00Z`); the API reads it in the request's zone, the browser's.
    const [day, time] = dayAndTime(alarm.at, "timed");
    return day && time ? `${day} ${time}` : alarm.at;
  }
  return shortDuration(alarm.trigger || "");
}

/** An RFC 5545 duration as the alarm field takes it, `-PT1H30M` → `-1h30m`, `PT0S` → `+0m` (a
 *  tester: the field showed what it was given back in iCalendar's form); unchanged when it is
 *  not one. */
export function shortDuration(trigger) {
  const match = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(trigger);
  if (!match) return trigger;
  const parts = [[match[2], "w"], [match[3], "d"], [match[4], "h"], [match[5], "m"], [match[6], "s"]]
    .filter(([count]) => count !== undefined && Number(count) > 0).map(([count, unit]) => Number(count) + unit);
  return (match[1] || "+") + (parts.length ? parts.join("") : "0m");
}

/** A repeat rule as the repeat field takes it in words when it is only a frequency and an
 *  interval (`FREQ=WEEKLY` → `weekly`, `FREQ=DAILY;INTERVAL=3` → `every 3 days`); other rules
 *  as they are (the field takes them back as RRULE text). */
export function repeatWords(rule) {
  const parts = Object.fromEntries(rule.split(";").map((part) => part.split("=")));
  const keys = Object.keys(parts);
  const units = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" };
  const unit = units[parts.FREQ];
  if (!unit || keys.some((key) => !["FREQ", "INTERVAL"].includes(key))) return rule;
  const interval = Number(parts.INTERVAL ?? 1);
  if (!Number.isInteger(interval) || interval < 1) return rule;
  if (interval === 1) return { day: "daily", week: "weekly", month: "monthly", year: "yearly" }[unit];
  return `every ${interval} ${unit}s`;
}

/** A short reading of an alarm for the detail panel. */
export function describeAlarm(alarm) {
  if (alarm.at) return formatDue(alarm.at, "timed");
  const short = alarmText(alarm);
  const from = alarm.related === "start" ? "the start" : "the due time";
  const match = /^([+-])((?:\d+[wdhms])+)$/.exec(short);
  if (!match) return short + (alarm.related === "start" ? " (start)" : "");
  const names = { w: "week", d: "day", h: "hour", m: "minute", s: "second" };
  const words = [...match[2].matchAll(/(\d+)([wdhms])/g)].filter(([, count]) => Number(count) > 0)
    .map(([, count, unit]) => `${Number(count)} ${names[unit]}${Number(count) === 1 ? "" : "s"}`);
  // In words, as the hint of a time says it (a tester: `+0m` in the field and in the hint).
  if (!words.length) return `at ${from}`;
  return `${words.join(" ")} ${match[1] === "-" ? "before" : "after"} ${from}`;
}
