// Reordering a list: drag a row by its handle (mouse, pen or touch, through pointer
// events), or Alt+↑/↓ (also J/K, Shift+↑/↓) on the selected row. Both go through the
// move route, so the order is the list's stored order.
import { api } from "./api.js";
import { byId, announce } from "./dom.js";
import { state, isReadOnly, listByID, nested, shownParent, rowKey } from "./state.js";
import { change, select, showError } from "./main.js";

function canReorder() {
  if (state.view.kind === "list" && isReadOnly(state.view.id)) {
    showError(new Error(`“${listByID(state.view.id)?.name}” is shared with you to view only.`));
    return false;
  }
  if (state.view.kind === "list") return true;
  showError(new Error("Reorder reminders in their own list (the smart lists and search have their own order)."));
  return false;
}

/** Moves `uid` before or after the reminder `target` and keeps it selected. */
async function moveTo(uid, where) {
  // Reordered in a list's own view: the reminder is in that list.
  const moved = await change(() => api.move(uid, where, state.view.id));
  if (moved) {
    select(rowKey(moved));
    announce(`Moved “${moved.title}”.`);
  }
}

/** Moves the selected reminder one place up (-1) or down (+1). */
export async function moveSelected(step) {
  if (!state.selected || !canReorder()) return;
  // Among the rows at its level as the list shows them: the list's top-level ones, or its
  // parent's subtasks (a tester: Alt+↑ on a subtask moved it among other reminders' rows).
  const uids = new Set(state.reminders.map((reminder) => reminder.uid));
  const selected = state.reminders.find((reminder) => rowKey(reminder) === state.selected);
  if (!selected) return;
  const level = shownParent(selected, uids);
  const siblings = nested(state.reminders).filter((reminder) => shownParent(reminder, uids) === level);
  const index = siblings.indexOf(selected);
  const neighbour = siblings[index + step];
  if (index < 0 || !neighbour) return;
  await moveTo(selected.uid, step < 0 ? { before: neighbour.uid } : { after: neighbour.uid });
}

export function installReorder() {
  const body = byId("reminder-rows");
  let drag = null;

  function rowAt(x, y) {
    const hit = document.elementFromPoint(x, y);
    return hit?.closest?.("#reminder-rows tr") || null;
  }

  function clearMarks() {
    for (const tr of body.querySelectorAll(".drop-before, .drop-after, .dragging")) {
      tr.classList.remove("drop-before", "drop-after", "dragging");
    }
  }

  body.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".handle-cell");
    if (!handle || event.button !== 0) return;
    const tr = handle.closest("tr");
    if (!canReorder()) return;
    event.preventDefault();
    drag = { uid: tr.dataset.uid, target: null, after: false, pointer: event.pointerId };
    handle.setPointerCapture(event.pointerId);
    tr.classList.add("dragging");
    // The row takes the focus with the selection (preventDefault keeps the browser from
    // focusing it): a tester's click on a handle selected one row while another kept the
    // focus, and Delete deleted the one selected.
    select(tr.dataset.key);
  });

  body.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.pointer) return;
    const over = rowAt(event.clientX, event.clientY);
    for (const tr of body.querySelectorAll(".drop-before, .drop-after")) tr.classList.remove("drop-before", "drop-after");
    if (!over || over.dataset.uid === drag.uid) { drag.target = null; return; }
    const box = over.getBoundingClientRect();
    drag.after = event.clientY > box.top + box.height / 2;
    drag.target = over.dataset.uid;
    over.classList.add(drag.after ? "drop-after" : "drop-before");
  });

  async function finish(event) {
    if (!drag || event.pointerId !== drag.pointer) return;
    const { uid, target, after } = drag;
    drag = null;
    clearMarks();
    if (target && event.type === "pointerup") await moveTo(uid, after ? { after: target } : { before: target });
  }
  body.addEventListener("pointerup", finish);
  body.addEventListener("pointercancel", finish);
}
