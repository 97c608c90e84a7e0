// Keyboard shortcuts, the terminal UI's keys where a browser allows them (`?` lists them).
import { byId, announce } from "./dom.js";
import { state, takesShowCompleted, rowKey } from "./state.js";
import { select, selectedReminder, toggle, flag, remove, undo, reload, openDrawer, closeDrawer } from "./main.js";
import { openDetail } from "./detail.js";
import { moveSelected } from "./reorder.js";
import { openNewList } from "./lists.js";
import { openHistory } from "./history.js";

/** The shortcuts, as the help dialog lists them: [keys, what they do]. */
export const shortcuts = [
  ["↑ ↓, j k", "move between reminders"],
  ["Home End", "first or last reminder"],
  ["Space, x", "complete or reopen"],
  ["a", "add: go to “Write your task.”"],
  ["e, Enter", "the detail panel (Esc closes it)"],
  ["d, Delete", "delete (u brings it back)"],
  ["Alt+↑ ↓, J K, Shift+↑ ↓", "move the reminder up or down in its list"],
  ["u", "undo the last change"],
  ["h", "the undo history: undo an older change"],
  ["f", "flag or unflag"],
  ["c", "show or hide completed reminders"],
  ["n", "a new list"],
  ["Alt+↑ ↓ on a list", "move the list up or down in the sidebar"],
  ["/", "search titles and notes (Esc leaves the results)"],
  ["l", "the lists (on a phone: open the drawer)"],
  ["?", "this help"],
];

function typing(target) {
  return target.closest?.("input, textarea, select, [contenteditable], dialog") && !target.matches?.("input[type=checkbox]");
}

function step(delta) {
  const rows = state.reminders;
  if (!rows.length) return;
  const index = rows.findIndex((reminder) => rowKey(reminder) === state.selected);
  const next = index < 0 ? (delta > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, index + delta));
  select(rowKey(rows[next]));
}

function showHelp() {
  const dialog = byId("help-dialog");
  if (!dialog.open) dialog.showModal();
}

export function installShortcuts() {
  const body = byId("help-keys");
  for (const [keys, what] of shortcuts) {
    const row = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = keys;
    const td = document.createElement("td");
    td.textContent = what;
    row.append(th, td);
    body.append(row);
  }
  byId("help-button").addEventListener("click", showHelp);
  byId("help-close").addEventListener("click", () => byId("help-dialog").close());

  document.addEventListener("keydown", async (event) => {
    if (event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    if (event.key === "Escape" && target.id === "search") {
      target.value = "";
      target.dispatchEvent(new Event("input"));
      // Back in the view left, with the focus on its heading (a tester: it was on <body>,
      // nothing visible had it, and Tab started again from the skip link).
      byId("view-heading").focus();
      return;
    }
    if ((event.key === "ArrowDown" || event.key === "Enter") && target.id === "search") {
      // Into the results, as from the field to the first of them (a tester: a keyboard user
      // had to Tab through the header, the sidebar and the add form to reach them).
      const first = byId("reminder-rows").querySelector("tr[data-key]");
      if (first) {
        event.preventDefault();
        select(first.dataset.key);
      }
      return;
    }
    if (event.key === "Escape" && document.body.classList.contains("drawer-open")) {
      closeDrawer();
      byId("menu").focus();
      return;
    }
    if (typing(target)) return;
    // The keys of the selected reminder (move, select, complete, open, delete, flag) act
    // while the focus is in the reminders or nowhere: with it on a sidebar list or another
    // control, `d` deleted the reminder selected out of sight (a tester).
    const onRows = target === document.body || target === document.documentElement || Boolean(target.closest?.("#reminders"));
    const reminder = onRows ? selectedReminder() : null;
    const key = event.key;
    let handled = true;
    if (!onRows && ["ArrowUp", "ArrowDown", "j", "k", "J", "K", "Home", "End"].includes(key)) handled = false;
    else if (event.altKey) {
      if (key === "ArrowUp") await moveSelected(-1);
      else if (key === "ArrowDown") await moveSelected(1);
      else handled = false;
    } else if (event.shiftKey && key === "ArrowUp") await moveSelected(-1);
    else if (event.shiftKey && key === "ArrowDown") await moveSelected(1);
    else if (key === "ArrowDown" || key === "j") step(1);
    else if (key === "ArrowUp" || key === "k") step(-1);
    else if (key === "Home" && target.closest("#reminder-rows")) step(-Infinity);
    else if (key === "End" && target.closest("#reminder-rows")) step(Infinity);
    else if (key === "J") await moveSelected(1);
    else if (key === "K") await moveSelected(-1);
    else if ((key === " " || key === "x") && reminder && !(key === " " && target.closest("button, input, a"))) await toggle(reminder);
    else if ((key === "e" || (key === "Enter" && target.closest("#reminder-rows tr") === target)) && reminder) openDetail(reminder.uid, reminder.listID);
    else if ((key === "d" || key === "Delete") && reminder) await remove(reminder);
    else if (key === "f" && reminder) await flag(reminder);
    else if (key === "u") await undo();
    else if (key === "h") await openHistory();
    else if (key === "c" && !takesShowCompleted(state.view)) {
      announce(state.view.id === "completed" ? "Completed shows only completed reminders." : "Overdue has no completed reminders.");
    }
    else if (key === "c") { state.showCompleted = !state.showCompleted; await reload(); announce(state.showCompleted ? "Completed reminders shown." : "Completed reminders hidden."); }
    else if (key === "a") byId("add").focus();
    else if (key === "n") openNewList();
    else if (key === "/") byId("search").focus();
    else if (key === "l") { openDrawer(); byId("sidebar").querySelector("[aria-current]")?.focus(); }
    else if (key === "?") showHelp();
    else handled = false;
    if (handled) event.preventDefault();
  });
}
