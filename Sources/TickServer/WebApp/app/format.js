// Dates as people read them: the browser's locale, the medium date style, and
// Today/Tomorrow/Yesterday for the days around today.

const dateStyle = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const timeStyle = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });
const relative = typeof Intl.RelativeTimeFormat === "function"
  ? new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }) : null;

function capitalized(text) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The instant or local day of a due/start value of the API (`dueKind`: allDay, timed, floating). */
export function parseWhen(value, kind) {
  if (!value) return null;
  if (kind === "allDay") {
    const [y, m, d] = value.split("-").map(Number);
    return new Date(y, m - 1, d);
  }
  if (kind === "floating") {
    const [day, time = "00:00:00"] = value.split("T");
    const [y, m, d] = day.split("-").map(Number);
    const [hh, mm, ss] = time.split(":").map(Number);
    return new Date(y, m - 1, d, hh, mm, ss || 0);
  }
  return new Date(value);
}

function startOfDay(date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole days from today to `date` (0 today, 1 tomorrow, -1 yesterday). */
function dayOffset(date, now) {
  return Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
}

/** "Today", "Tomorrow", "Yesterday" or the medium date; with the time when `timed`. */
export function formatDue(value, kind, now = new Date()) {
  const date = parseWhen(value, kind);
  if (!date || Number.isNaN(date.getTime())) return "";
  const offset = dayOffset(date, now);
  const day = Math.abs(offset) <= 1 && relative
    ? capitalized(relative.format(offset, "day"))
    : dateStyle.format(date);
  return kind === "allDay" ? day : `${day} ${timeStyle.format(date)}`;
}

const pad = (number, width = 2) => String(number).padStart(width, "0");

/**
 * What a date input and a time input show of a due/start value of the API, in this
 * browser's time zone: `["2026-12-05", "04:00"]` for `2026-12-05T09:00:00Z` in New York,
 * `["2026-12-05", ""]` for the all-day `2026-12-05`, `["", ""]` for none. A floating
 * value shows its own wall clock, whatever this zone's clocks skip.
 */
export function dayAndTime(value, kind) {
  if (value && kind === "floating") return [value.slice(0, 10), value.slice(11, 16)];
  const date = parseWhen(value, kind);
  if (!date || Number.isNaN(date.getTime())) return ["", ""];
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return [day, kind === "allDay" ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`];
}

/**
 * The value the API takes for a day and a time (the values of a date input and a time
 * input): the day alone, all-day, when there is no time; else that wall-clock time in this
 * browser's time zone, named as RFC 9557 writes it (`2026-12-05T09:00[America/New_York]`),
 * so that a repeating reminder keeps it across daylight saving; or, `floating`, the wall
 * clock alone (`2026-12-05T09:00`, sent with `dueKind: "floating"`); null for no day.
 */
export function whenValue(day, time, floating = false) {
  if (!day) return null;
  if (!time) return day;
  return floating ? `${day}T${time}` : `${day}T${time}[${Intl.DateTimeFormat().resolvedOptions().timeZone}]`;
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
  if (alarm.at) return alarm.at;
  const trigger = alarm.trigger || "";
  return /^[+-]/.test(trigger) ? trigger : "+" + trigger;
}

/** A short reading of an alarm for the detail panel. */
export function describeAlarm(alarm) {
  if (alarm.at) return formatDue(alarm.at, "timed");
  return alarmText(alarm) + (alarm.related === "start" ? " (start)" : "");
}
