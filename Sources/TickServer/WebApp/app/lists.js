// A list: made with a name and a color from the palette (Apple's system colors, as the
// CLI's color names); renamed, recolored, moved among the user's lists or deleted from the
// same dialog (Edit list…, or a right click on the list in the sidebar). The server refuses
// a blank or taken name and deleting the only list; its words are shown.
import { api, APIError } from "./api.js";
import { el, fill, byId, announce } from "./dom.js";
import { state, listByID } from "./state.js";
import { choose, reload, offerUndo, showError } from "./main.js";

export const palette = [
  ["red", "#FF3B30"], ["orange", "#FF9500"], ["yellow", "#FFCC00"], ["green", "#34C759"],
  ["blue", "#007AFF"], ["purple", "#AF52DE"], ["brown", "#A2845E"], ["gray", "#8E8E93"],
];

let editing = null; // the list the dialog changes; null when it makes a new one

/** The user's own lists in their order (the lists shared with them follow, and are not theirs to move). */
function ownLists() {
  return state.lists.filter((list) => !list.sharedBy);
}

function openDialog(list) {
  editing = list;
  fill(byId("list-dialog-title"), list ? "Edit list" : "New list");
  fill(byId("list-create"), list ? "Save" : "Create");
  byId("list-edit").hidden = !list;
  byId("list-name").value = list ? list.name : "";
  byId("list-error").hidden = true;
  const swatches = byId("list-colors");
  if (!swatches.childElementCount) {
    swatches.append(...palette.map(([name, hex]) => {
      const swatch = el("input", { type: "radio", name: "color", value: name, id: `color-${name}`, class: "swatch" });
      swatch.style.setProperty("--swatch", hex);
      return el("span", { class: "swatch-choice" }, swatch, el("label", { for: `color-${name}` }, name));
    }));
  }
  // A list of a color outside the palette (set elsewhere, `#RRGGBB`) keeps it unless one is chosen.
  const chosen = list ? palette.find(([, hex]) => hex === list.color.toUpperCase())?.[0] : "blue";
  for (const swatch of byId("list-form").elements.color) swatch.checked = swatch.value === chosen;
  if (list) showPlace();
  byId("list-dialog").showModal();
  byId("list-name").focus();
}

export function openNewList() {
  openDialog(null);
}

/** The dialog on `list`: its name, color, place among the lists, and Delete. */
export function openEditList(list) {
  if (list && !list.sharedBy) openDialog(list);
}

function showIn(box, error) {
  fill(byId(box), error.message);
  byId(box).hidden = false;
}

async function submit(event) {
  event.preventDefault();
  const name = byId("list-name").value;
  const color = byId("list-form").elements.color.value;
  try {
    if (editing) await save(editing, name, color);
    else await create(name, color || "blue");
  } catch (error) {
    showIn("list-error", error);
    byId("list-name").focus();
  }
}

async function create(name, color) {
  const list = await api.addList(name, color);
  byId("list-dialog").close();
  await reload();
  await choose({ kind: "list", id: list.id });
  announce(`Made the list “${list.name}”.`);
}

/** Sends what was changed of `list`'s name and color (a name as it was is not sent again). */
async function save(list, name, color) {
  const fields = {};
  if (name !== list.name) fields.name = name;
  const hex = palette.find(([known]) => known === color)?.[1];
  if (hex && hex !== list.color.toUpperCase()) fields.color = color;
  const saved = Object.keys(fields).length ? await api.patchList(list.id, fields) : list;
  byId("list-dialog").close();
  await reload();
  announce(`Saved the list “${saved.name}”.`);
}

// MARK: - Moving

/**
 * Moves `list` one place up (-1) or down (+1) among the user's lists, as `tick lists move`.
 * - Returns: whether it moved (not past either end).
 * - Throws: the API's refusal.
 */
async function moveList(list, step) {
  const lists = ownLists();
  const index = lists.findIndex((other) => other.id === list.id);
  const neighbour = lists[index + step];
  if (index < 0 || !neighbour) return false;
  await api.moveList(list.id, step < 0 ? { before: neighbour.id } : { after: neighbour.id });
  await reload();
  announce(`Moved “${list.name}” ${step < 0 ? "up" : "down"}: ${place(list)}.`);
  return true;
}

function place(list) {
  const lists = ownLists();
  return `${lists.findIndex((other) => other.id === list.id) + 1} of ${lists.length}`;
}

function showPlace() {
  const lists = ownLists();
  const index = lists.findIndex((other) => other.id === editing.id);
  fill(byId("list-place"), place(editing));
  byId("list-up").disabled = index <= 0;
  byId("list-down").disabled = index >= lists.length - 1;
}

async function moveEditing(step) {
  try {
    await moveList(editing, step);
  } catch (error) {
    showIn("list-error", error);
  }
  showPlace();
  // A button that the move disabled (the list is at the end now) gives the focus to the other.
  const [pressed, other] = step < 0 ? [byId("list-up"), byId("list-down")] : [byId("list-down"), byId("list-up")];
  if (pressed.disabled) other.focus();
}

/** Alt+↑/↓ on a list of the sidebar moves it (the sidebar keeps the focus on it). */
export async function moveListByKey(event, list) {
  if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
  event.preventDefault();
  try {
    await moveList(list, event.key === "ArrowUp" ? -1 : 1);
  } catch (error) {
    showError(error);
  }
}

// MARK: - Deleting

let deleting = null; // { list, count, open }: what the confirmation asks about

function reminders(count) {
  return `${count} reminder${count === 1 ? "" : "s"}`;
}

/** Asks whether to delete the list, saying how many reminders go with it (completed ones too). */
async function askDelete() {
  const list = editing;
  let counted;
  try {
    counted = await api.list(list.id);
  } catch (error) {
    showIn("list-error", error);
    return;
  }
  byId("list-dialog").close();
  deleting = { list, count: counted.reminderCount, open: counted.openCount };
  fill(byId("delete-list-title"), `Delete “${list.name}”?`);
  describeDelete();
  byId("delete-list-error").hidden = true;
  byId("delete-list-dialog").showModal();
  byId("delete-list-cancel").focus();
}

function describeDelete() {
  const { count, open } = deleting;
  const completed = count - open;
  fill(byId("delete-list-text"), count
    ? `The ${reminders(count)} in it${completed ? ` (${completed} of them completed)` : ""} will be deleted too. Undo (u) brings them back.`
    : "It holds no reminders. Undo (u) brings it back.");
}

async function confirmDelete() {
  const { list, count } = deleting;
  try {
    // Forced only when the reminders said are there: one added meanwhile is asked about first.
    await api.deleteList(list.id, count > 0);
  } catch (error) {
    const now = error instanceof APIError && error.status === 409 ? await api.list(list.id).catch(() => null) : null;
    if (now && now.reminderCount !== count) {
      Object.assign(deleting, { count: now.reminderCount, open: now.openCount });
      describeDelete();
    }
    showIn("delete-list-error", error);
    return;
  }
  byId("delete-list-dialog").close();
  if (state.view.kind === "list" && state.view.id === list.id) await choose({ kind: "smart", id: "today" });
  else await reload();
  const said = `Deleted the list “${list.name}”${count ? ` and its ${reminders(count)}` : ""}.`;
  offerUndo(said);
  announce(said + " Press u to undo.");
  // The focus was in the dialog: to the list shown now (on a phone, to ☰).
  (byId("menu").offsetParent ? byId("menu") : byId("sidebar").querySelector("[aria-current]"))?.focus();
}

function cancelDelete() {
  byId("delete-list-dialog").close();
  openDialog(listByID(deleting.list.id) ?? deleting.list);
  byId("list-delete").focus();
}

byId("list-form").addEventListener("submit", submit);
byId("list-cancel").addEventListener("click", () => byId("list-dialog").close());
byId("list-up").addEventListener("click", () => moveEditing(-1));
byId("list-down").addEventListener("click", () => moveEditing(1));
byId("list-delete").addEventListener("click", askDelete);
byId("delete-list-confirm").addEventListener("click", confirmDelete);
byId("delete-list-cancel").addEventListener("click", cancelDelete);
byId("delete-list-dialog").addEventListener("cancel", (event) => { event.preventDefault(); cancelDelete(); });
