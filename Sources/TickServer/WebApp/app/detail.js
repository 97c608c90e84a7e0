// The detail panel: every field of one reminder, each saved when it changes (as the
// terminal UI saves), with If-Match so that an edit made meanwhile elsewhere is not
// overwritten unseen: a 412 shows the current version and says so.
import { api, APIError, OfflineError } from "./api.js";
import { el, fill, byId, safeLink, announce } from "./dom.js";
import { formatDue, alarmText, describeAlarm, dayAndTime, whenValue, zoneNote, repeatWords } from "./format.js";
import { state, listByID, isReadOnly } from "./state.js";
import { reload, showError, hideError, errorText, showNotice, toggle, remove } from "./main.js";

const fields = ["title", "notes", "due", "start", "list", "priority", "flagged", "tags", "url", "repeat", "repeatFrom", "alarms"];
// The dates: a date input and a time input each (no time: all day), a timed one in its own
// time zone, so that an edit made in another zone keeps it there.
const dateFields = ["due", "start"];
// The fields typed into as text: what was typed can be offered back after a conflict.
const textFields = ["title", "notes", "tags", "url", "repeat", "alarms"];
let returnFocus = null;

/** The text a field's input shows for `reminder`. */
function shown(reminder, field) {
  switch (field) {
    case "list": return reminder.listID;
    case "tags": return reminder.tags.map((tag) => tag.replaceAll(",", "\\,")).join(", ");
    case "url": return reminder.url ?? "";
    case "repeat": return reminder.recurrence ? repeatWords(reminder.recurrence) : "";
    case "alarms": return reminder.alarms.map(alarmText).join(", ");
    default: return reminder[field];
  }
}

/** What a field's input holds, as the API's body takes it. */
function value(field) {
  const input = byId(`d-${field}`);
  const text = input.type === "checkbox" ? input.checked : input.value;
  switch (field) {
    case "url": case "repeat": return text.trim() || null;
    // As --tag reads them: commas separate tags, a backslash before a comma keeps it in the tag.
    case "tags": return text.split(/(?<!\\),/).map((tag) => tag.replaceAll("\\,", ",").trim().replace(/^[#@]/, "")).filter(Boolean);
    case "alarms": return text.split(",").map((alarm) => alarm.trim()).filter(Boolean);
    case "repeat-from": return text;
    default: return text;
  }
}

/** Opens the panel on `uid`, the reminder in `listID`. */
export async function openDetail(uid, listID) {
  try {
    const reminder = await api.reminder(uid, listID);
    returnFocus = document.activeElement;
    show(reminder);
    byId("detail").hidden = false;
    document.body.classList.add("detail-open");
    coverBehind(true);
    byId("d-title").focus();
  } catch (error) {
    showError(error);
  }
}

export function closeDetail() {
  // The field being edited is left first, so that what was typed in it is saved.
  if (document.activeElement?.closest?.("#detail")) document.activeElement.blur();
  state.detail = null;
  clearErrors();
  byId("detail").hidden = true;
  document.body.classList.remove("detail-open");
  coverBehind(false);
  if (returnFocus && document.contains(returnFocus)) returnFocus.focus();
  else document.querySelector("#reminder-rows tr[tabindex='0']")?.focus();
}

// On a phone the panel covers the page (style.css, max-width 720px): what is behind it is made
// inert while it is open, so that Tab cannot reach a control nobody sees (a tester: Shift+Tab
// from ✕ went to a hidden row's Delete button).
const phone = window.matchMedia("(max-width: 720px)");
function coverBehind(open) {
  for (const id of ["main", "sidebar"]) {
    const element = byId(id);
    if (element) element.inert = open && phone.matches;
  }
  for (const element of document.querySelectorAll("header.top")) element.inert = open && phone.matches;
}
phone.addEventListener?.("change", () => coverBehind(!byId("detail").hidden));

/** Whether the panel is open over the whole page (phone width): the page's error line is under it. */
export function detailCoversPage() {
  return !byId("detail").hidden && phone.matches;
}

// MARK: - Errors

// The panel says its errors itself, under the field they are about (testers: at phone width
// the panel covers the page's error line, so a refused value looked saved and a conflict's
// "Save mine" could not be reached). A refused field is marked invalid and described by the
// message until it is saved, or another reminder is shown.
let errorTimer = null;

/** The inputs of the field whose input is `id` (a date's day and time). */
function inputsOf(id) {
  const input = id && byId(id);
  if (!input) return [];
  return input.closest(".when") ? [...input.closest(".when").querySelectorAll("input")] : [input];
}

/** Adds the panel's error line to (or takes it from) the descriptions of the field `id`. */
function describedByError(id, on) {
  for (const input of inputsOf(id)) {
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((other) => other && other !== "detail-error");
    if (on) ids.push("detail-error");
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
    else input.removeAttribute("aria-describedby");
  }
}

/**
 * Shows `error` in the panel: under the field whose input is `field` (with its hints), else
 * under the heading. `invalid` marks the field refused (aria-invalid); `actions` are buttons.
 * A message with something to do, or about a value refused, stays until it is answered;
 * another goes after 8 s.
 */
export function showDetailError(error, { field = null, invalid = false, actions = [] } = {}) {
  const line = byId("detail-error");
  describedByError(line.dataset.field, false);
  fill(line, errorText(error), ...actions);
  let place = byId("detail").querySelector(".detail-head");
  if (field) {
    line.dataset.field = field;
    place = byId(field).closest(".when, .check-label, #subtask-form") ?? byId(field);
    while (place.nextElementSibling?.matches(".hint")) place = place.nextElementSibling;
    describedByError(field, true);
    if (invalid) for (const input of inputsOf(field)) input.setAttribute("aria-invalid", "true");
  } else {
    delete line.dataset.field;
  }
  place.after(line);
  line.hidden = false;
  line.scrollIntoView({ block: "nearest" });
  clearTimeout(errorTimer);
  if (!actions.length && !invalid) errorTimer = setTimeout(hideDetailError, 8_000);
}

/** Hides the panel's error line (answered, or no longer true). */
function hideDetailError() {
  clearTimeout(errorTimer);
  const line = byId("detail-error");
  line.hidden = true;
  describedByError(line.dataset.field, false);
  delete line.dataset.field;
}

/** After the field whose input is `id` was saved: it is no longer refused, and a message
 *  about it (or about no field) is stale (a tester saw a blank title's refusal stay). */
function savedField(id) {
  for (const input of inputsOf(id)) input.removeAttribute("aria-invalid");
  const line = byId("detail-error");
  if (!line.hidden && (line.dataset.field ?? id) === id) hideDetailError();
}

/** No message and no field marked refused (the panel closed, or shows another reminder). */
function clearErrors() {
  hideDetailError();
  for (const input of byId("detail").querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
}

/** Shows `error` in the panel while it shows `uid` (under `field`), else in the page's line. */
function showErrorOf(uid, error, options = {}) {
  if (state.detail?.uid === uid) showDetailError(error, options);
  else showError(error, ...(options.actions ?? []));
}

/** The id of the detail's input being typed in, which a redraw leaves as it is (a date's
 *  for its time input too: the two are saved together). */
function focusedField() {
  const focused = document.activeElement;
  if (!focused?.closest?.("#detail")) return null;
  return focused.matches(".when input") ? focused.closest(".when").querySelector("input").id : focused.id;
}

/** After a change elsewhere: shows the reminder as it is now (not the field being typed in). */
export async function refreshDetail() {
  if (!state.detail) return;
  try {
    show(await api.reminder(state.detail.uid, state.detail.listID), focusedField());
  } catch (error) {
    if (error instanceof APIError && error.status === 404) closeDetail();
  }
}

// What each field showed when it was last drawn from the server, and that version's ETag
// (input id → { value, etag, stale }). A field kept while it is typed in (a redraw leaves
// it) whose value another client changed meanwhile is marked stale, and is saved against the
// version it showed: the server refuses it (412), which is shown, instead of the edit
// overwriting the other one unseen (found by a tester). A change elsewhere to another field
// is no conflict: the save goes against the newest version, and both stay.
const drawn = new Map();

/** The value of `field` the server holds, as one string to compare. */
function serverValue(reminder, field) {
  return JSON.stringify(dateFields.includes(field)
    ? [reminder[field], reminder[`${field}Kind`], reminder[`${field}TimeZone`]]
    : field === "flagged" ? Boolean(reminder[field]) : shown(reminder, field));
}

/** The input id of `field` (`repeatFrom` is `d-repeat-from`). */
const inputID = (field) => `d-${field === "repeatFrom" ? "repeat-from" : field}`;

/** Notes `field` as drawn from `reminder`: its edit starts from this version. */
function drew(reminder, field) {
  drawn.set(inputID(field), { value: serverValue(reminder, field), etag: reminder.etag, stale: false });
}

// Values the server refused (input id → the text typed), kept in their fields through redraws
// until they are typed again or another reminder is shown: a refused rule is mended, not
// typed again (a tester).
const refused = new Map();
// Fields whose change the server never received (it did not answer): saved again, with what is
// typed in them then, when it answers again (`saveUnsent`).
const unsent = new Set();

/** Saves again the fields of the reminder shown whose change did not reach the server. */
export function saveUnsent() {
  const fields = [...unsent];
  unsent.clear();
  for (const field of fields) {
    if (state.detail && refused.has(inputID(field))) save(field);
  }
}

function show(reminder, keep = null) {
  if (state.detail?.uid !== reminder.uid) {
    refused.clear();
    clearErrors();
  }
  state.detail = reminder;
  const select = byId("d-list");
  // A reminder moves between the user's own lists; one in a list shared with them stays there.
  const inShared = listByID(reminder.listID)?.sharedBy;
  const choices = inShared ? state.lists.filter((list) => list.id === reminder.listID) : state.lists.filter((list) => !list.sharedBy);
  const options = choices.map((list) => `${list.id}\n${list.name}`).join("\n");
  if (select.dataset.options !== options) { // not redrawn under an open menu when nothing changed
    fill(select, choices.map((list) => el("option", { value: list.id }, list.name)));
    select.dataset.options = options;
  }
  const readOnly = isReadOnly(reminder.listID);
  for (const control of byId("detail-form").elements) control.disabled = readOnly;
  byId("detail-delete").hidden = readOnly;
  byId("subtask-form").hidden = readOnly;
  for (const field of fields) {
    const input = byId(inputID(field));
    if (input.id === keep) {
      const before = drawn.get(input.id);
      if (before && before.value !== serverValue(reminder, field)) before.stale = true;
      continue;
    }
    if (refused.has(input.id)) {
      drew(reminder, field);
      input.value = refused.get(input.id);
      continue;
    }
    drew(reminder, field);
    if (dateFields.includes(field)) showDate(field, reminder);
    else if (input.type === "checkbox") input.checked = Boolean(reminder[field]);
    else input.value = shown(reminder, field) ?? "";
  }
  fill(byId("d-url-link"), reminder.url ? safeLink(reminder.url) : "");
  fill(byId("d-alarms-hint"), reminder.alarms.map(describeAlarm).join(", "));
  fill(byId("d-subtasks"), (reminder.subtasks || []).map((subtask) =>
    el("li", {},
      el("input", {
        type: "checkbox", id: `sub-${subtask.uid}`, checked: subtask.completed, disabled: readOnly,
        onchange: async (event) => { await toggle(subtask, event.target); await refreshDetail(); },
      }),
      el("label", { for: `sub-${subtask.uid}` }, subtask.title))));
}

/** The date and time inputs of `field` (due, start), the zone they show when it is not this
 *  browser's ("New York time"), and the words under them in this browser's zone: "Tomorrow
 *  9:00 AM", "Dec 5, 2026 · all day", "Dec 5, 2030 11:00 PM · your time". */
function showDate(field, reminder) {
  const value = reminder[field], kind = reminder[field + "Kind"];
  const group = byId(`d-${field}-when`);
  // The zone the inputs show and a new time of them is sent in (whenValue): kept with them,
  // as a redraw leaves the inputs being typed in as they are.
  const zone = kind === "timed" ? reminder[field + "TimeZone"] : null;
  if (zone) group.dataset.zone = zone;
  else delete group.dataset.zone;
  [byId(`d-${field}`).value, byId(`d-${field}-time`).value] = dayAndTime(value, kind, zone);
  delete group.dataset.changed;
  const note = zoneNote(zone);
  const noted = byId(`d-${field}-zone`);
  fill(noted, note);
  noted.title = note ? zone : "";
  noted.hidden = !note;
  const suffix = kind === "allDay" ? " · all day" : note ? " · your time" : "";
  fill(byId(`d-${field}-hint`), value ? formatDue(value, kind) + suffix : "");
}

// Saves go one after another: each sends the version the one before it left (its ETag), so
// two quick edits of this page are not refused as a change made elsewhere (412), and a
// field's value is taken when it changed, not when its turn comes.
let saving = Promise.resolve();

function save(field) {
  const asked = state.detail;
  if (!asked) return;
  const body = {};
  if (field === "repeat-from") body.repeatFrom = value(field);
  else if (dateFields.includes(field)) Object.assign(body, dateBody(field, asked));
  else body[field] = value(field);
  // Changed elsewhere while it was typed in: saved against the version it showed (412).
  const name = field === "repeat-from" ? "repeatFrom" : field;
  refused.delete(inputID(name));
  const base = drawn.get(inputID(name));
  const against = base?.stale ? base.etag : null;
  // The wall clock typed, to say when the server moved it (a time a clock change skips).
  const typed = dateFields.includes(field) ? [byId(`d-${field}`).value, byId(`d-${field}-time`).value] : null;
  // The text sent, kept in the field if the server refuses it: the field may be drawn again
  // from the stored value before this save's turn comes (the save before it ending).
  const sent = textFields.includes(name) ? byId(inputID(name)).value : null;
  saving = saving.then(() => saveNow(asked, body, name, against, typed, sent));
}

/** A date's members of the API's body: a floating one (a wall clock in no zone, as imports
 *  bring) stays floating when its day or time changes; without a time it is all-day. */
function dateBody(field, reminder) {
  const floating = reminder[`${field}Kind`] === "floating";
  const zone = byId(`d-${field}-when`).dataset.zone;
  const when = whenValue(byId(`d-${field}`).value, byId(`d-${field}-time`).value, floating, zone);
  return floating && when?.includes("T") ? { [field]: when, [`${field}Kind`]: "floating" } : { [field]: when };
}

async function saveNow(asked, body, field, against = null, typed = null, sent = null) {
  // The newest version the page has (its ETag), also when the panel was closed meanwhile;
  // `against`, the version a field changed elsewhere showed.
  const uid = asked.uid;
  const reminder = state.detail?.uid === uid ? state.detail : asked;
  try {
    const saved = await api.patch(reminder.uid, body, against ?? reminder.etag, reminder.listID);
    const current = await api.reminder(saved.uid, saved.listID);
    // A time that does not exist that day (clocks go forward over it) is stored as the
    // server reads it, an hour on: said, as the CLI says it (a tester saw 2:30 become 3:30).
    if (typed?.[1] && current[`${field}Kind`] === "timed") {
      const [day, time] = dayAndTime(current[field], "timed", byId(`d-${field}-when`).dataset.zone);
      if (day === typed[0] && time !== typed[1]) {
        showNotice(`${typed[1]} does not exist on ${formatDue(typed[0], "allDay")} here (the clocks skip it): it is ${time}.`);
      }
    }
    // The field being typed in meanwhile keeps what is typed (found by a tester: it was
    // emptied by the redraw after the field before it was saved); the field saved starts
    // again from this version.
    if (state.detail?.uid === uid) {
      drew(current, field);
      show(current, focusedField());
      savedField(inputID(field));
    }
    announce("Saved.");
  } catch (error) {
    if (error instanceof APIError && error.status === 412 && error.problem?.current) {
      // What was typed is offered back, not dropped (a tester lost a title so): a text
      // field's value can be saved over the other change with one click, or theirs kept.
      const input = byId(inputID(field));
      const mine = textFields.includes(field) && state.detail?.uid === uid ? input.value : null;
      const choice = mine === null ? [] : [" ", el("button", {
        type: "button", class: "link", id: "keep-mine",
        onclick: () => {
          hideDetailError();
          if (state.detail?.uid !== uid) return;
          input.value = mine;
          save(field);
        },
      }, `Save mine: “${mine.length > 60 ? mine.slice(0, 60) + "…" : mine}”`), " ", el("button", {
        type: "button", class: "link", id: "keep-theirs",
        onclick: () => { hideDetailError(); input.focus(); },
      }, "Keep theirs")];
      showErrorOf(uid, new Error("It was changed elsewhere meanwhile; this is the current version."),
        { field: inputID(field), actions: choice });
      // The field refused shows the other change now, also while it still has the focus;
      // another field being typed in keeps what is typed.
      const focused = focusedField();
      if (state.detail?.uid === uid) show(await api.reminder(uid, state.detail.listID), focused === inputID(field) ? null : focused);
    } else if (error instanceof APIError && error.status === 404) {
      // Deleted elsewhere, or its list unshared: said in words, not with the API's "no reminder
      // with the uid …", and what was typed is shown until dismissed (a tester lost a note so).
      const input = byId(inputID(field));
      const mine = textFields.includes(field) ? input.value : "";
      const what = `“${asked.title}” was deleted elsewhere, or its list is no longer shared with you.`;
      // The panel closes first: the message goes to the page's line, not into the closed panel.
      if (state.detail?.uid === uid) closeDetail();
      showError(new Error(mine ? `${what} What you typed: “${mine}”` : what),
        ...(mine ? [" ", el("button", { type: "button", onclick: hideError }, "Dismiss")] : []));
    } else {
      // A value refused (a repeat rule or alarms it cannot read) stays in its field to be
      // mended, not emptied by the redraw (a tester had to type a long rule again); so does
      // one the server never received (a tester lost notes typed while it was stopped).
      // A refused one is marked invalid, and the message under it says why (a tester: at
      // phone width it looked saved).
      const input = byId(inputID(field));
      const notSent = error instanceof OfflineError || (error instanceof APIError && error.status === 503);
      const kept = textFields.includes(field) && state.detail?.uid === uid
          && (notSent || (error instanceof APIError && [400, 422].includes(error.status)));
      // The text sent, not the field's value now: the save before this one may have drawn the
      // field again from the stored value meanwhile (under load, a refused rule showed the old one).
      if (kept) refused.set(input.id, sent ?? input.value);
      if (notSent) {
        if (textFields.includes(field)) unsent.add(field);
        showErrorOf(uid, new Error("Not saved: Tick's server does not answer. What you typed stays here, "
          + "and is saved when the server answers again."), { field: input.id });
        return;
      }
      showErrorOf(uid, error, { field: input.id, invalid: kept });
      await refreshDetailNow();
    }
  }
  await reload();
}

async function refreshDetailNow() {
  if (state.detail) show(await api.reminder(state.detail.uid, state.detail.listID), focusedField());
}

async function addSubtask(event) {
  event.preventDefault();
  const input = byId("d-subtask");
  const title = input.value.trim();
  if (!state.detail) return;
  if (!title) {
    // Said, as the other title fields say it (a tester: a blank subtask did nothing, silently).
    showDetailError(new Error("The subtask's title is empty or only white space; give it some visible text."),
      { field: input.id, invalid: true });
    return;
  }
  try {
    await api.add({ title, parent: state.detail.uid });
    input.value = "";
    savedField(input.id);
    await refreshDetailNow();
    await reload();
  } catch (error) {
    showDetailError(error, { field: input.id });
  }
}

// A date input reports each keystroke as a change (typing the year 2027 makes it 0002, 0020,
// 0202, then 2027): a date and its time are saved together when the focus leaves them, as a
// text field is saved when it is left. ✕ removes the date at once.
function installDate(field) {
  const group = byId(`d-${field}-when`), day = byId(`d-${field}`), time = byId(`d-${field}-time`);
  day.addEventListener("change", () => { group.dataset.changed = "true"; });
  time.addEventListener("change", () => {
    if (time.value && !day.value) day.value = dayAndTime(new Date().toISOString(), "timed", group.dataset.zone)[0]; // a time alone is today's
    group.dataset.changed = "true";
  });
  group.addEventListener("focusout", (event) => {
    if (event.relatedTarget === day || event.relatedTarget === time || !group.dataset.changed) return;
    delete group.dataset.changed;
    save(field);
  });
  byId(`d-${field}-clear`).addEventListener("click", () => {
    day.value = time.value = "";
    delete group.dataset.changed;
    save(field);
  });
}

function install() {
  for (const field of [...fields.filter((f) => f !== "repeatFrom" && !dateFields.includes(f)), "repeat-from"]) {
    byId(`d-${field}`).addEventListener("change", () => save(field));
  }
  dateFields.forEach(installDate);
  byId("detail-form").addEventListener("submit", (event) => event.preventDefault());
  byId("subtask-form").addEventListener("submit", addSubtask);
  byId("detail-close").addEventListener("click", closeDetail);
  byId("detail-delete").addEventListener("click", () => state.detail && remove(state.detail));
  byId("detail").addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.stopPropagation(); closeDetail(); }
  });
}

install();
