// The reminders app: sidebar of lists, table of reminders, add field, undo bar.
import { api, APIError, paths, cached, rememberView, bootUser, forgetCachedAnswers, offlineNow } from "./api.js";
import { el, fill, byId, announce } from "./dom.js";
import { dueParts, formatDue, isOverdue, priorityMarks } from "./format.js";
import { state, listByID, isReadOnly, viewName, viewFragment, viewFromFragment, takesShowCompleted, nested, shownParent, rowKey } from "./state.js";
import { openDetail, closeDetail, refreshDetail, saveUnsent, detailCoversPage, showDetailError } from "./detail.js";
import { installShortcuts } from "./keys.js";
import { installReorder } from "./reorder.js";
import { installNotifications, checkAlarms } from "./notify.js";
import { openNewList, openEditList, moveListByKey } from "./lists.js";
import { openShare, leave, signOut } from "./share.js";
import { openHistory } from "./history.js";

const PAGE = 50;

// MARK: - Loading

/** Reads the lists and the reminders of the view again (after any change). */
export async function reload({ keepScroll = true } = {}) {
  const asked = api.lists();
  asked.catch(() => {}); // handled below, after the view
  try {
    await loadView();
    renderTable(); // the rows do not wait for the lists' counts (the slower answer at 100,000 reminders)
    const lists = await asked;
    state.lists = lists.lists;
    state.smartLists = lists.smartLists;
    state.user = lists.user?.name ?? null;
    state.offline = offlineNow(); // the answers came from the server, or from what was kept
    byId("login-note").hidden = true; // signed in (again, in another tab)
  } catch (error) {
    // The list shown is gone (deleted elsewhere, or no longer shared with the user): Today.
    if (error instanceof APIError && error.status === 404 && state.view.kind === "list") {
      await choose({ kind: "smart", id: "today" });
      return;
    }
    // The service worker answers 503 when neither the server nor its cache has the page.
    if (error instanceof APIError && error.status !== 503) showError(error);
    else state.offline = true;
  }
  render();
  if (!keepScroll) byId("main").scrollTop = 0;
}

/** The path of the first page of `view` (or the page at `cursor`). */
function viewPath(view, cursor = null) {
  // Apple's Show Completed: a list's, and Today's, Scheduled's, Flagged's and All's.
  const completed = state.showCompleted && takesShowCompleted(view) ? "true" : undefined;
  const params = { limit: PAGE, cursor, completed };
  if (view.kind === "list") return paths.listReminders(view.id, params);
  if (view.kind === "smart") return paths.smart(view.id, params);
  return paths.search({ q: view.q, completed, limit: 500 });
}

/**
 * Draws the lists and the view as the service worker last kept them, before the server
 * answers: a returning visit shows its reminders at once, and the answers replace them.
 * - Returns: whether there was something to draw.
 */
async function paintFromCache() {
  const user = bootUser(); // read before the first answers are used
  const [lists, page] = await Promise.all([cached(paths.lists()), cached(viewPath(state.view))]);
  if (!lists || !page) return false;
  // Answers kept for another user of this browser are never drawn, and are dropped.
  if (user !== undefined && (lists.user?.name ?? null) !== user) {
    await forgetCachedAnswers();
    return false;
  }
  if (state.reminders.length || state.smartLists.length) return false;
  state.lists = lists.lists;
  state.smartLists = lists.smartLists;
  state.reminders = page.reminders;
  state.nextCursor = page.nextCursor;
  render();
  return true;
}

async function loadView(cursor = null) {
  const view = state.view;
  let page = await api.get(viewPath(view, cursor));
  if (view !== state.view) return; // another view was chosen meanwhile
  // A reload keeps as many rows as were shown, so that "Show more" is not undone by a change.
  if (!cursor && state.reminders.length > PAGE && state.sameView) {
    let rows = page.reminders, next = page.nextCursor;
    while (next && rows.length < state.reminders.length) {
      const more = await api.get(viewPath(view, next));
      rows = rows.concat(more.reminders);
      next = more.nextCursor;
    }
    page = { reminders: rows, nextCursor: next };
  }
  state.reminders = cursor ? state.reminders.concat(page.reminders) : page.reminders;
  state.nextCursor = page.nextCursor;
  state.sameView = true;
  await readParentTitles();
}

/**
 * A smart list or search shows a subtask without its parent above it, so it names the
 * parent (as Apple Reminders does): the title of a parent not among the rows is asked for
 * once, and asked again after a change (it may have been renamed).
 */
async function readParentTitles() {
  if (state.view.kind === "list") return;
  const shown = new Set(state.reminders.map((reminder) => reminder.uid));
  // A parent is in its subtask's list.
  const missing = new Map(state.reminders.filter((reminder) => reminder.parentUID && !shown.has(reminder.parentUID)
    && !state.parentTitles.has(reminder.parentUID)).map((reminder) => [reminder.parentUID, reminder.listID]));
  await Promise.all([...missing].map(async ([uid, listID]) => {
    try {
      const parent = await api.reminder(uid, listID);
      state.parentTitles.set(uid, { title: parent.title, listID: parent.listID });
    } catch {
      // Gone meanwhile, or not readable offline: the row is shown without its parent's name.
    }
  }));
}

/** The title of the parent of `reminder`, or null: a parent of its own list (a parent link
 *  holds within one list; a tester: a reminder naming one in another list said "in: …"). */
function parentTitle(reminder) {
  if (!reminder.parentUID) return null;
  const parent = state.reminders.find((other) => other.uid === reminder.parentUID) ?? state.parentTitles.get(reminder.parentUID);
  return parent && parent.listID === reminder.listID ? parent.title : null;
}

/** Shows `view` (a smart list, a list, or search results). */
export async function choose(view) {
  // An error or a notice of the view left is not this one's (testers: they stayed 8 s over the
  // next list).
  hideError();
  byId("notice").hidden = true;
  state.view = view;
  state.sameView = false;
  state.reminders = [];
  state.selected = null;
  if (view.kind !== "search") {
    history.replaceState(null, "", viewFragment(view) || location.pathname);
    byId("search").value = "";
    rememberView(viewPath(view));
  }
  // Chosen in the drawer (phone width), the focus would go with the drawer, to nowhere (a
  // tester: document.activeElement was <body>): it goes to the heading of the view chosen.
  const fromDrawer = document.body.classList.contains("drawer-open") && byId("menu").offsetParent !== null
    && Boolean(document.activeElement?.closest?.("#sidebar"));
  closeDrawer();
  if (fromDrawer) {
    fill(byId("view-title"), viewName());
    byId("view-heading").focus();
  }
  await reload({ keepScroll: false });
}

// MARK: - Rendering

export function render() {
  renderSidebar();
  renderTable();
  document.body.classList.toggle("offline", state.offline);
  byId("offline-note").hidden = !state.offline;
}

function isCurrent(kind, id) {
  return state.view.kind === kind && state.view.id === id;
}

function renderSidebar() {
  // Drawing the lists again (after a change anywhere) keeps the keyboard's place among them.
  const focused = document.activeElement?.closest?.("#sidebar .nav-item");
  const again = focused && (focused.dataset.list ? `[data-list="${CSS.escape(focused.dataset.list)}"]` : `[data-smart="${focused.dataset.smart}"]`);
  fill(byId("smart-lists"), state.smartLists.map((smart) =>
    el("li", {},
      el("button", {
        class: `nav-item smart-${smart.id}`, "aria-current": isCurrent("smart", smart.id) ? "page" : null,
        dataset: { smart: smart.id }, onclick: () => choose({ kind: "smart", id: smart.id }),
      }, el("span", { class: "nav-name" }, smart.name), el("span", { class: "count" }, String(smart.count))))));
  fill(byId("user-lists"), state.lists.map((list) => {
    const dot = el("span", { class: "dot", "aria-hidden": "true" });
    dot.style.setProperty("--dot", list.color);
    // A list shared with the user says by whom (and "view only"); a list the user shares, with whom.
    const sharing = list.sharedBy ? `shared by ${list.sharedBy}${list.access === "read" ? " · view only" : ""}`
      : list.sharedWith?.length ? `shared with ${sharedWith(list.sharedWith)}` : null;
    const label = sharing
      ? el("span", { class: "nav-label" }, el("span", { class: "nav-name" }, list.name), el("span", { class: "shared-by" }, sharing))
      : el("span", { class: "nav-name" }, list.name);
    // The user's own lists move with Alt+↑/↓, and a right click edits them (as Edit list… does).
    const own = !list.sharedBy;
    return el("li", {},
      el("button", {
        class: "nav-item", "aria-current": isCurrent("list", list.id) ? "page" : null,
        dataset: { list: list.id }, onclick: () => choose({ kind: "list", id: list.id }),
        "aria-keyshortcuts": own ? "Alt+ArrowUp Alt+ArrowDown" : null,
        onkeydown: own ? (event) => moveListByKey(event, list) : null,
        oncontextmenu: own ? (event) => { event.preventDefault(); openEditList(list); } : null,
      }, dot, label, el("span", { class: "count" }, String(list.openCount))));
  }));
  if (again) byId("sidebar").querySelector(again)?.focus();
  const signOutButton = byId("sign-out");
  signOutButton.hidden = !state.user;
  if (state.user) fill(signOutButton, `Sign out (${state.user})`);
}

/** The people a list is shared with, as the sidebar names them: two names, then how many more. */
function sharedWith(shares) {
  const names = shares.map((share) => share.user);
  return names.length <= 2 ? names.join(" and ") : `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

let drawnRows = null;

function renderTable() {
  const name = viewName();
  fill(byId("view-title"), name);
  document.title = `${name} · Tick`;
  const list = state.view.kind === "list" ? listByID(state.view.id) : null;
  byId("view-dot").hidden = !list;
  if (list) byId("view-dot").style.setProperty("--dot", list.color);
  fill(byId("reminders-caption"), name);
  // The owner of a list edits and shares it; a user it is shared with can leave it.
  byId("edit-list-button").hidden = !(list && !list.sharedBy);
  byId("share-button").hidden = !(state.user && list && !list.sharedBy);
  byId("leave-button").hidden = !(list && list.sharedBy);
  const readOnly = Boolean(list && isReadOnly(list.id));
  document.body.classList.toggle("read-only", readOnly);
  const sharedNote = byId("shared-note");
  sharedNote.hidden = !list?.sharedBy;
  if (list?.sharedBy) {
    fill(sharedNote, `${list.sharedBy} shares this list with you` + (readOnly ? ": you can see it, not change it." : "."));
  }
  byId("show-completed").checked = state.showCompleted;
  byId("show-completed").closest("label").hidden = !takesShowCompleted(state.view);
  const body = byId("reminder-rows");
  const now = new Date();
  // The same rows as drawn (a change elsewhere, or our own change echoed by the event
  // stream) are not drawn again: the rows keep their focus and nothing flickers.
  byId("empty").hidden = state.reminders.length > 0;
  byId("more").hidden = !state.nextCursor;
  const viewOnly = state.lists.filter((list) => list.access === "read").map((list) => list.id);
  const drawn = JSON.stringify([state.reminders, now.toDateString(), state.view, viewOnly, [...state.parentTitles]]);
  if (drawnRows === drawn) return;
  drawnRows = drawn;
  // Drawing the rows again must not lose the keyboard's place: the focus goes back to the
  // same control of the same reminder, or to the row now in the place of one that went.
  const focused = document.activeElement;
  const focusedRow = focused?.closest?.("#reminder-rows tr");
  const focusedIndex = focusedRow ? [...body.children].indexOf(focusedRow) : -1;
  const focusedControl = focusedRow && focused !== focusedRow ? focused.classList[0] : null;
  // A list shows each subtask under its parent, as `tick list` does; smart lists keep their
  // order (by date) and name the parent in the row instead.
  const shown = state.view.kind === "list" ? nested(state.reminders) : state.reminders;
  const uids = new Set(state.reminders.map((reminder) => reminder.uid));
  fill(body, shown.map((reminder) => row(reminder, now, state.view.kind === "list" && Boolean(shownParent(reminder, uids)))));
  if (focusedRow) {
    const again = body.querySelector(`tr[data-key="${CSS.escape(focusedRow.dataset.key)}"]`)
      || body.children[Math.min(focusedIndex, body.children.length - 1)];
    if (again) {
      state.selected = again.dataset.key;
      again.classList.add("selected");
      (focusedControl && again.querySelector("." + CSS.escape(focusedControl)) || again).focus();
    } else {
      byId("add").focus();
    }
  }
  const selected = body.querySelector(`tr[data-key="${CSS.escape(state.selected || "")}"]`);
  (selected || body.querySelector("tr"))?.setAttribute("tabindex", "0");
}

function row(reminder, now, isUnderParent = false) {
  const overdue = isOverdue(reminder, now);
  const readOnly = isReadOnly(reminder.listID);
  const showList = state.view.kind !== "list";
  const title = reminder.title;
  const parent = showList ? parentTitle(reminder) : null;
  return el("tr", {
    class: [reminder.completed && "completed", overdue && "overdue", rowKey(reminder) === state.selected && "selected",
            isUnderParent && "subtask"].filter(Boolean).join(" "),
    dataset: { uid: reminder.uid, key: rowKey(reminder) }, tabIndex: -1,
    // Any focus in the row (its check box, title, ✕) selects it: the keys act on the row focused.
    onfocusin: () => select(rowKey(reminder), false),
  },
    el("td", { class: "handle-cell" },
      readOnly ? null : el("span", { class: "handle", title: "Drag to reorder (or Alt+↑/↓)", "aria-hidden": "true" }, "⠿")),
    el("td", { class: "check-cell" },
      el("input", {
        type: "checkbox", class: "check", checked: reminder.completed, disabled: readOnly,
        "aria-label": `${reminder.completed ? "Reopen" : "Complete"} “${title}”`,
        onchange: (event) => toggle(reminder, event.target),
      })),
    el("td", { class: "title-cell" },
      el("button", { class: "title", onclick: () => openDetail(reminder.uid, reminder.listID), "aria-label": null }, title),
      parent ? el("span", { class: "meta parent-title" }, `in: ${parent}`) : null,
      showList && reminder.list ? el("span", { class: "meta list-name" }, reminder.list) : null,
      reminder.tags.length ? el("span", { class: "meta tags" }, ...reminder.tags.map((tag) => el("span", { class: "tag" }, "#" + tag))) : null,
      reminder.notes ? el("span", { class: "meta notes" }, reminder.notes.split("\n")[0]) : null),
    el("td", { class: "due-cell" },
      reminder.due ? el("time", { datetime: reminder.due },
        ...dueParts(reminder.due, reminder.dueKind, now).flatMap((part, index) => [index ? " " : null, el("span", { class: "due-part" }, unbroken(part))])) : null,
      overdue ? el("span", { class: "visually-hidden" }, " (overdue)") : null,
      reminder.recurrence ? el("span", { class: "repeat", title: "Repeats", "aria-label": "repeats" }, " ↻") : null),
    el("td", { class: "priority-cell" },
      reminder.priority !== "none" ? el("span", { class: "priority", "aria-label": `${reminder.priority} priority` }, priorityMarks(reminder.priority)) : null),
    el("td", { class: "flag-cell" },
      reminder.flagged ? el("span", { class: "flag", role: "img", "aria-label": "flagged" }, "⚑") : null),
    el("td", { class: "delete-cell" },
      readOnly ? null : el("button", { type: "button", class: "delete icon-button", "aria-label": `Delete “${title}”`, onclick: () => remove(reminder) }, "✕")));
}

/** `text` with a break allowed only after a comma: a narrow row breaks a date between its
 *  day and its time or after "Dec 14," (testers: a phone broke "Dec / 14, / 2026 / 3:00 / PM"
 *  at every space; keeping "Dec 14, 2026" whole widened the column until titles broke
 *  mid-word). */
function unbroken(text) {
  return text.replace(/(?<!,) /g, "\u00a0");
}

/** Marks the row of `key` (`rowKey`) as selected (and focuses it when `focus`). */
export function select(key, focus = true) {
  state.selected = key;
  for (const tr of byId("reminder-rows").querySelectorAll("tr")) {
    const mine = tr.dataset.key === key;
    tr.classList.toggle("selected", mine);
    tr.tabIndex = mine ? 0 : -1;
    if (mine && focus) tr.focus();
  }
}

/** The selected reminder, or null. */
export function selectedReminder() {
  return state.reminders.find((reminder) => rowKey(reminder) === state.selected) || null;
}

// MARK: - Changes

/** Whether `reminder` can be changed; when not (its list is shared with the user read-only), says so. */
export function canChange(reminder) {
  if (!isReadOnly(reminder.listID)) return true;
  showError(new Error(`“${listByID(reminder.listID)?.name}” is shared with you to view only.`));
  return false;
}

/** Runs a change, shows its error if it fails, then reloads. */
export async function change(work, { reloadAfter = true } = {}) {
  try {
    const result = await work();
    if (reloadAfter) await reload();
    return result;
  } catch (error) {
    showError(error);
    // The rows are drawn again from what is stored, even when it did not change (a tester: a
    // completion that failed offline left its checkbox ticked and disabled for good).
    drawnRows = null;
    if (reloadAfter) await reload();
    else renderTable();
    return undefined;
  }
}

export async function toggle(reminder, checkbox) {
  if (!canChange(reminder)) return;
  if (checkbox) checkbox.disabled = true;
  const done = !reminder.completed;
  await change(() => (done ? api.complete(reminder.uid, reminder.listID) : api.reopen(reminder.uid, reminder.listID)));
  announce(`${done ? "Completed" : "Reopened"} “${reminder.title}”`);
}

export async function flag(reminder) {
  if (!canChange(reminder)) return;
  await change(() => api.patch(reminder.uid, { flagged: !reminder.flagged }, null, reminder.listID));
}

let undoTimer = null;

/** Deletes a reminder and offers it back in the undo bar. */
export async function remove(reminder) {
  if (!canChange(reminder)) return;
  const deleted = await change(() => api.remove(reminder.uid, reminder.listID));
  if (!deleted) return;
  if (state.detail?.uid === reminder.uid) closeDetail();
  offerUndo(`Deleted “${reminder.title}”.`, reminder.uid, reminder.listID);
  announce(`Deleted “${reminder.title}”. Press u to undo.`);
}

/** Shows `text` in the undo bar for 10 s: its Undo restores the reminder `uid` deleted from
 *  the list `listID`, or without one takes back the newest change (as `u` does). */
export function offerUndo(text, uid = null, listID = null) {
  const bar = byId("undo-bar");
  fill(byId("undo-text"), text);
  if (uid) bar.dataset.uid = uid;
  else delete bar.dataset.uid;
  if (uid && listID) bar.dataset.list = listID;
  else delete bar.dataset.list;
  bar.hidden = false;
  clearTimeout(undoTimer);
  undoTimer = setTimeout(hideUndo, 10_000);
}

function hideUndo() {
  byId("undo-bar").hidden = true;
  delete byId("undo-bar").dataset.uid;
  delete byId("undo-bar").dataset.list;
}

/** Undo: the deleted reminder of the undo bar, else the newest change of the journal. */
export async function undo() {
  const { uid, list } = byId("undo-bar").dataset;
  hideUndo();
  if (uid) {
    const restored = await change(() => api.restore(uid, list));
    if (restored) { select(rowKey(restored)); announce(`“${restored.title}” is back.`); }
    return;
  }
  const answer = await change(() => api.undo());
  if (answer) announce(`Undid ${answer.undone.replace(/^tick serve: /, "")}.`);
}

async function add(event) {
  event.preventDefault();
  const input = byId("add"), due = byId("add-due");
  const title = input.value.trim();
  if (!title) { showError(new Error("Write a title first.")); input.focus(); return; }
  const fields = { title };
  if (due.value.trim()) fields.due = due.value.trim();
  if (state.view.kind === "list") fields.list = state.view.id;
  if (state.view.kind === "smart" && state.view.id === "flagged") fields.flagged = true;
  if (state.view.kind === "smart" && ["today", "overdue"].includes(state.view.id) && !fields.due) fields.due = "today";
  const added = await change(() => api.add(fields));
  if (added) {
    hideError(); // "Write a title first." is answered
    input.value = "";
    due.value = "";
    state.selected = rowKey(added);
    render();
    announce(`Added “${added.title}”`);
    // Added where this view does not show it (a date outside Today, none in Scheduled): said
    // where it went, not only to a screen reader (a tester saw it vanish).
    if (!state.reminders.some((reminder) => reminder.uid === added.uid)) {
      const list = listByID(added.listID)?.name ?? "its list";
      const due = added.due ? `, due ${formatDue(added.due, added.dueKind)}` : "";
      showNotice(`Added “${added.title}” to ${list}${due}; it is not in this view.`);
    }
  }
  input.focus();
}

// MARK: - Messages

let errorTimer = null;

/** What `error` says to the reader: the API's detail, in the CLI's words. */
export function errorText(error) {
  return error instanceof APIError && error.status === 401
    ? "You are not signed in: sign in at /login, or open the address tick serve printed (…/login?token=…)."
    // The API names the query argument (`?q: cannot read the search …`); the page's reader
    // typed into the search field, not an argument.
    : (error.message || String(error)).replace(/^\?q: /, "");
}

/** Shows an error in the alert line; while the detail panel covers the page (phone width),
 *  in the panel's, where it is seen (a tester: it was written under the panel). */
export function showError(error, ...actions) {
  if (detailCoversPage()) {
    showDetailError(error, { actions });
    return;
  }
  // A notice of what was done before would read as if it were about this (a tester).
  clearTimeout(noticeTimer);
  byId("notice").hidden = true;
  const box = byId("error");
  fill(box, errorText(error), ...actions);
  box.hidden = false;
  clearTimeout(errorTimer);
  // A message with something to do (`actions`: buttons) stays until it is done or the next one.
  if (actions.length === 0) errorTimer = setTimeout(() => { box.hidden = true; }, 8_000);
}

let noticeTimer = null;

/** Says `text` in the notice line (not an error: something done that is not in sight), for 8 s. */
export function showNotice(text) {
  const line = byId("notice");
  fill(line, text);
  line.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { line.hidden = true; }, 8_000);
}

/** Hides the error line (its action was taken). */
export function hideError() {
  clearTimeout(errorTimer);
  byId("error").hidden = true;
}

// MARK: - The drawer (phone width)

// The drawer covers the page at phone width (style.css, max-width 720px): the page under it is
// inert while it is open, so that Tab cannot reach a control nobody sees (a tester: Tab from the
// drawer went to the add field under it). The detail panel makes it inert too (detail.js).
const drawerCoversPage = window.matchMedia("(max-width: 720px)");

export function openDrawer() {
  document.body.classList.add("drawer-open");
  byId("menu").setAttribute("aria-expanded", "true");
  if (drawerCoversPage.matches) byId("main").inert = true;
  byId("sidebar").querySelector("button")?.focus();
}

export function closeDrawer() {
  if (!document.body.classList.contains("drawer-open")) return;
  document.body.classList.remove("drawer-open");
  byId("menu").setAttribute("aria-expanded", "false");
  byId("main").inert = detailCoversPage();
}
drawerCoversPage.addEventListener?.("change", () => {
  if (document.body.classList.contains("drawer-open")) byId("main").inert = drawerCoversPage.matches || detailCoversPage();
});

// MARK: - Live updates

let events = null;

/** Opens the stream of changes. It is closed when the page is hidden (navigated away from)
 *  and opened again when the page comes back from the back/forward cache: a page kept there
 *  would otherwise hold its connection open, and a browser allows six to one host, so the
 *  seventh page load waited until the server's heartbeat evicted a kept page (about 50 s). */
function listen() {
  if (typeof EventSource !== "function" || events) return;
  const source = new EventSource("/api/v1/events");
  events = source;
  let pending = null;
  source.addEventListener("change", () => {
    clearTimeout(pending);
    pending = setTimeout(async () => {
      state.parentTitles.clear();
      await reload();
      await refreshDetail();
      checkAlarms();
    }, 50);
  });
  source.addEventListener("open", () => { if (state.offline) reload(); });
  // The browser gives up on a stream that was refused (a 401 once the server restarted and
  // forgot the session): the page asks the API, which says why (the sign-in note, or offline),
  // and listens again after a while (a tester: live changes stopped for good after a restart).
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
    source.close();
    if (events === source) events = null;
    reload();
    setTimeout(() => { if (!events && document.visibilityState !== "hidden") listen(); }, 5_000);
  });
}

window.addEventListener("pagehide", () => {
  if (events) events.close();
  events = null;
});
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  listen();
  reload();
});

// MARK: - Start

function start() {
  byId("add-form").addEventListener("submit", add);
  byId("more").addEventListener("click", async () => { await loadView(state.nextCursor); render(); });
  byId("show-completed").addEventListener("change", (event) => {
    state.showCompleted = event.target.checked;
    reload();
  });
  let searchTimer = null;
  byId("search").addEventListener("input", (event) => {
    clearTimeout(searchTimer);
    const q = event.target.value.trim();
    searchTimer = setTimeout(() => {
      if (q) choose({ kind: "search", q });
      else choose(state.previousView || { kind: "smart", id: "today" });
    }, 200);
  });
  byId("search").addEventListener("focus", () => {
    if (state.view.kind !== "search") state.previousView = state.view;
  });
  byId("search-form").addEventListener("submit", (event) => event.preventDefault());
  byId("undo-button").addEventListener("click", undo);
  byId("undo-close").addEventListener("click", hideUndo);
  byId("menu").addEventListener("click", () =>
    document.body.classList.contains("drawer-open") ? closeDrawer() : openDrawer());
  byId("scrim").addEventListener("click", closeDrawer);
  byId("new-list").addEventListener("click", openNewList);
  byId("history-button").addEventListener("click", openHistory);
  byId("edit-list-button").addEventListener("click", () => openEditList(listByID(state.view.id)));
  byId("share-button").addEventListener("click", () => openShare(listByID(state.view.id)));
  byId("leave-button").addEventListener("click", () => leave(listByID(state.view.id)));
  byId("sign-out").addEventListener("click", signOut);
  window.addEventListener("tick-unauthorized", () => { byId("login-note").hidden = false; });
  // Whether the answers come from the server or from what the service worker kept (api.js).
  const showOffline = (offline) => {
    state.offline = offline;
    document.body.classList.toggle("offline", offline);
    byId("offline-note").hidden = !offline;
  };
  window.addEventListener("tick-offline", () => showOffline(true));
  window.addEventListener("tick-online", () => {
    showOffline(false);
    saveUnsent();
  });
  installShortcuts();
  installReorder();
  installNotifications();
  const fromFragment = viewFromFragment(location.hash);
  if (fromFragment) state.view = fromFragment;
  if (state.view.kind !== "search") rememberView(viewPath(state.view));
  // The first useful paint (the sidebar and the first rows drawn), for bench/webapp-paint.py:
  // from the service worker's copy when it has one, then from the server.
  paintFromCache().then((painted) => {
    if (painted) requestAnimationFrame(() => performance.mark("tick-first-rows-cached"));
  });
  reload().then(() => {
    requestAnimationFrame(() => performance.mark("tick-first-rows"));
    if (state.view.kind === "list" && !listByID(state.view.id) && state.lists.length) choose({ kind: "smart", id: "today" });
  });
  listen();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
}

start();
