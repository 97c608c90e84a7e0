// The undo history: the changes the server's change journal can take back, newest first,
// each with its own Undo (`tick undo --list` and `tick undo ID` in the terminal). A change
// that cannot be undone (changed since elsewhere, or in a list now shared to view only)
// then keeps none of the older ones from being undone, as it did when `u` alone reached them.
import { api } from "./api.js";
import { el, fill, byId, announce } from "./dom.js";
import { reload, errorText } from "./main.js";

/** "2 reminders deleted, 1 list added": what a change did, from its counts (as `tick undo --list`). */
function described(change) {
  const parts = [];
  for (const [kind, noun] of [["reminders", "reminder"], ["lists", "list"]]) {
    for (const verb of ["added", "deleted", "changed"]) {
      const count = change[kind]?.[verb] || 0;
      if (count > 0) parts.push(`${count} ${noun}${count === 1 ? "" : "s"} ${verb}`);
    }
  }
  return parts.join(", ");
}

/** The most characters of a command shown (as `tick undo --list` cuts it): a title of
 *  thousands filled the dialog, and every screen reader's label of its Undo (a tester). */
const commandLength = 200;

/** The command as people read it: the server's changes without "tick serve: ", cut to
 *  `commandLength` characters with an ellipsis. */
function shownCommand(change) {
  const characters = [...change.command.replace(/^tick serve: /, "")];
  return characters.length > commandLength ? characters.slice(0, commandLength - 1).join("") + "…" : characters.join("");
}

function when(change) {
  const made = new Date(change.madeAt);
  const sameDay = made.toDateString() === new Date().toDateString();
  return sameDay ? made.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" })
    : made.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

function fail(error) {
  const box = byId("history-error");
  fill(box, errorText(error));
  box.hidden = false;
}

/** Draws the changes, newest first. */
async function showChanges() {
  let changes = [];
  try {
    changes = (await api.changes()).changes;
  } catch (error) {
    fill(byId("history-changes"));
    return fail(error);
  }
  byId("history-none").hidden = changes.length > 0;
  fill(byId("history-changes"), changes.map((change, place) => {
    const command = shownCommand(change);
    return el("li", {},
      el("span", { class: "change-what" },
        el("span", { class: "change-command" }, command),
        el("span", { class: "change-detail" }, [when(change), described(change)].filter(Boolean).join(" · "))),
      el("button", { type: "button", "aria-label": `Undo: ${command}`, onclick: () => undoChange(change, place) }, "Undo"));
  }));
}

/** Undoes `change`, the `place`-th of the list. */
async function undoChange(change, place) {
  byId("history-error").hidden = true;
  try {
    const answer = await api.undo(change.id);
    announce(`Undid ${shownCommand({ command: answer.undone })}.`);
  } catch (error) {
    fail(error);
  }
  await showChanges();
  // The focus goes to the Undo at the same place: the next older change's once this one is
  // undone, this one's again when it was refused (a tester: it went to the newest).
  const buttons = byId("history-changes").querySelectorAll("button");
  (buttons[Math.min(place, buttons.length - 1)] || byId("history-close")).focus();
  await reload();
}

/** Opens the history dialog. */
export async function openHistory() {
  const dialog = byId("history-dialog");
  byId("history-error").hidden = true;
  await showChanges();
  if (!dialog.open) dialog.showModal();
  (byId("history-changes").querySelector("button") || byId("history-close")).focus();
}

byId("history-close").addEventListener("click", () => byId("history-dialog").close());
