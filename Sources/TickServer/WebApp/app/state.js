// What the page shows: the lists, the chosen view and its reminders. One object that
// the modules share; `render()` in main.js draws it.

export const state = {
  lists: [],          // the user's lists (API shape, with openCount), then the lists shared with them (with sharedBy, access)
  user: null,         // on the multi-user server: the signed-in user's name (sharing and signing out)
  smartLists: [],     // [{ id, name, count }]
  view: { kind: "smart", id: "today" },  // or { kind: "list", id } or { kind: "search", q }
  reminders: [],
  nextCursor: null,
  parentTitles: new Map(), // uid → { title, listID } of the parents of subtasks shown in a smart list or search, not shown themselves
  showCompleted: false,
  selected: null,     // the uid of the selected row
  detail: null,       // the reminder open in the detail panel (with subtasks and etag)
  offline: false,
  sameView: false,    // whether the rows shown are of state.view (a reload then keeps as many)
  previousView: null, // the view to go back to when the search is emptied
};

/** The list with `id`. */
/** A row's key: its list and its UID. A reminder of a list shared with the user may have the UID
 *  of one of their own (both imported one file), and All shows both: the selection and the keys
 *  go by the row, not the UID (a tester: Delete on the shared row deleted the user's own). */
export function rowKey(reminder) {
  return `${reminder.listID}\n${reminder.uid}`;
}

export function listByID(id) {
  return state.lists.find((list) => list.id === id) || null;
}

/** Whether the list `id` is shared with the user read-only (its reminders cannot be changed). */
export function isReadOnly(id) {
  return listByID(id)?.access === "read";
}

/** The smart lists' names before the server's answer names them. */
const smartNames = { today: "Today", scheduled: "Scheduled", flagged: "Flagged", overdue: "Overdue", completed: "Completed", all: "All" };

/** The heading of the view. */
export function viewName(view = state.view) {
  if (view.kind === "search") return `Search: ${view.q}`;
  if (view.kind === "list") return listByID(view.id)?.name ?? state.reminders[0]?.list ?? "List";
  return state.smartLists.find((smart) => smart.id === view.id)?.name ?? smartNames[view.id] ?? view.id;
}

/** The view in the address bar's fragment (#list/ID, #smart/today), and back. */
export function viewFragment(view = state.view) {
  return view.kind === "list" ? `#list/${encodeURIComponent(view.id)}` : view.kind === "smart" ? `#smart/${view.id}` : "";
}

export function viewFromFragment(hash) {
  const [kind, id] = hash.replace(/^#/, "").split("/");
  if ((kind === "list" || kind === "smart") && id) return { kind, id: decodeURIComponent(id) };
  return null;
}

/**
 * Whether "Show completed" adds reminders to `view`: a list, a search, and the smart lists
 * but Completed (nothing else to add) and Overdue (a done reminder is not overdue).
 */
export function takesShowCompleted(view) {
  return view.kind !== "smart" || !["completed", "overdue"].includes(view.id);
}

/** The reminder's parent when that parent is among `uids` (the rows shown), else null. */
export function shownParent(reminder, uids) {
  return reminder.parentUID && reminder.parentUID !== reminder.uid && uids.has(reminder.parentUID) ? reminder.parentUID : null;
}

/** `reminders` with each subtask whose parent is among them right after that parent (and the
 *  parent's earlier subtasks), as `tick list` shows a list; the others keep their order. A
 *  tester: subtasks were drawn where their positions put them, under another reminder. */
export function nested(reminders) {
  const uids = new Set(reminders.map((reminder) => reminder.uid));
  const children = new Map();
  const roots = [];
  for (const reminder of reminders) {
    const parent = shownParent(reminder, uids);
    if (parent) {
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(reminder);
    } else {
      roots.push(reminder);
    }
  }
  if (children.size === 0) return reminders;
  const ordered = [];
  const seen = new Set();
  const visit = (reminder) => {
    if (seen.has(reminder.uid)) return;
    seen.add(reminder.uid);
    ordered.push(reminder);
    for (const child of children.get(reminder.uid) ?? []) visit(child);
  };
  for (const reminder of roots) visit(reminder);
  // A parent chain that loops has no root: its rows are shown in their order, not lost.
  for (const reminder of reminders) visit(reminder);
  return ordered;
}
