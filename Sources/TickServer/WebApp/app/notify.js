// Notifications near the deadline: with the user's permission, the page asks the server
// for alarms due now that nobody delivered, shows each once with the Notification API and
// records it delivered (channel "browser"), so that neither `tick agent` nor another page
// rings it again.
import { api } from "./api.js";
import { byId, announce } from "./dom.js";
import { formatDue } from "./format.js";

const shownKey = "tick.shownAlarms";
let timer = null;

function shownAlarms() {
  try { return new Set(JSON.parse(localStorage.getItem(shownKey) || "[]")); } catch { return new Set(); }
}

function remember(set) {
  localStorage.setItem(shownKey, JSON.stringify([...set].slice(-500)));
}

/** Shows the alarms due now (when notifications are allowed). */
export async function checkAlarms() {
  if (typeof Notification !== "function" || Notification.permission !== "granted") return;
  let due;
  try { due = await api.dueAlarms(); } catch { return; }
  const shown = shownAlarms();
  for (const { reminder, alarmUID } of due.alarms) {
    const key = `${reminder.uid}/${alarmUID}`;
    if (!shown.has(key)) {
      shown.add(key);
      remember(shown);
      const body = reminder.due ? formatDue(reminder.due, reminder.dueKind) : (reminder.notes || "");
      const notification = new Notification(reminder.title, { body, tag: key });
      notification.addEventListener("click", () => { window.focus(); location.hash = `#list/${encodeURIComponent(reminder.listID)}`; });
    }
    try { await api.delivered(reminder.uid, alarmUID); } catch { /* shown once here; the next check tries again */ }
  }
}

function updateButton() {
  const button = byId("notify");
  if (typeof Notification !== "function") { button.hidden = true; return; }
  button.hidden = Notification.permission === "granted";
  button.disabled = Notification.permission === "denied";
  button.textContent = Notification.permission === "denied" ? "Notifications are blocked" : "Turn on notifications";
}

export function installNotifications() {
  updateButton();
  byId("notify").addEventListener("click", async () => {
    const answer = await Notification.requestPermission();
    updateButton();
    announce(answer === "granted" ? "Notifications are on." : "Notifications stay off.");
    checkAlarms();
  });
  clearInterval(timer);
  timer = setInterval(checkAlarms, 15_000);
  checkAlarms();
}
