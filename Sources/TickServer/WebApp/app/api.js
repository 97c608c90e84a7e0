// The JSON API of `tick serve` (README "tick serve: the HTTP API and the web app").
// The session cookie authenticates; every change carries X-Tick-Request: 1, which a
// form posted by another site cannot send.

import { refuseBrowserZone } from "./format.js";

/** An error answer of the API: `status` and the problem's `detail` (the CLI's words). */
/** A request that reached no server (it is stopped, or the network is down): nothing changed. */
export class OfflineError extends Error {
  constructor() {
    super("Tick's server does not answer (is tick serve running?); nothing was changed.");
  }
}

let answeredOffline = false;
/** Whether the last answer came from what the service worker kept (or from no server). */
export function offlineNow() { return answeredOffline; }
/** Tells the page whether answers come from the server or from what the service worker kept. */
function noteOffline(offline) {
  if (offline === answeredOffline) return;
  answeredOffline = offline;
  window.dispatchEvent(new CustomEvent(offline ? "tick-offline" : "tick-online"));
}

export class APIError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `the server answered ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

/**
 * The first answers the page came with (`<script type="application/json" id="tick-boot">`,
 * written by tick serve for a page asked for with the session cookie): API path → body.
 * Each is used once, by the first GET of that path, so the app's first drawing waits for
 * no request; every later read asks the server.
 */
const boot = (() => {
  const element = document.getElementById("tick-boot");
  if (!element) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent)));
  } catch {
    return new Map();
  }
})();

/** The user the page was sent to, when it came with its `/lists` answer (the multi-user
 *  server's names them; null on the single-user one), else undefined. */
export function bootUser() {
  return pageUser;
}
// Read before the zone's check below may drop the first answers.
const pageUser = boot.has("/lists") ? boot.get("/lists")?.user?.name ?? null : undefined;

/** Drops the answers the service worker kept (signing out: the next user of this browser must not see them). */
export async function forgetCachedAnswers() {
  if ("caches" in window) await caches.delete("tick-data-v1");
}

/** Remembers the API path of the view shown, so that the next page load comes with its first answer. */
export function rememberView(path) {
  document.cookie = `tick_view=${encodeURIComponent(path)}; path=/; SameSite=Strict; max-age=31536000`;
}

// The browser's time zone, sent with every request (Time-Zone) and kept in a cookie for the
// page's first answers: the server reads the dates typed ("tomorrow 9am") and counts the days
// of Today and Overdue in it. First answers made in another zone than the cookie now names
// (a first visit, a journey) are asked for again. A server that does not know the name
// refuses it before doing anything (unknown-time-zone); the app then asks again in its zone.
let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (timeZone) {
  const zoneCookie = `tick_time_zone=${encodeURIComponent(timeZone)}`;
  if (!document.cookie.split("; ").includes(zoneCookie)) boot.clear();
  document.cookie = `${zoneCookie}; path=/; SameSite=Strict; max-age=31536000`;
}

let pending = 0;

function busy(step) {
  pending += step;
  document.body.dataset.busy = String(pending);
}

// How many requests are on their way, on <body data-busy> (the browser tests wait for 0).
async function request(...args) {
  busy(+1);
  try {
    return await send(...args);
  } finally {
    busy(-1);
  }
}

async function send(method, path, body, headers = {}) {
  if (method === "GET" && boot.has(path)) {
    const answer = boot.get(path);
    boot.delete(path);
    return answer;
  }
  // X-Tick-Request on every request: it proves a change comes from this page, and it tells
  // the multi-user server to answer a lost session with its login form, not a password prompt.
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json", "X-Tick-Request": "1", ...headers } };
  if (timeZone) init.headers["Time-Zone"] = timeZone;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch("/api/v1" + path, init);
  } catch {
    noteOffline(true);
    throw new OfflineError();
  }
  noteOffline(response.headers.get("X-Tick-Offline") === "1");
  if (response.status === 401) {
    window.dispatchEvent(new CustomEvent("tick-unauthorized"));
  }
  if (!response.ok) {
    let problem = null;
    try { problem = await response.json(); } catch { /* not JSON */ }
    // Asked again when this request named the zone: requests sent together are all refused,
    // the later ones after the first has stopped naming it.
    if (init.headers["Time-Zone"] && problem?.type === "urn:tick:problem:unknown-time-zone") {
      timeZone = null;
      refuseBrowserZone();
      return send(method, path, body, headers);
    }
    throw new APIError(response.status, problem);
  }
  if (response.status === 204) return null;
  const value = await response.json();
  const tag = response.headers.get("ETag");
  if (tag && value && typeof value === "object") Object.defineProperty(value, "etag", { value: tag, enumerable: false });
  return value;
}

const id = encodeURIComponent;

function query(params) {
  const pairs = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return pairs.length ? "?" + new URLSearchParams(pairs).toString() : "";
}

/** The paths of the reads a view makes (the service worker keeps their last answers). */
export const paths = {
  lists: () => "/lists",
  listReminders: (listID, params) => `/lists/${id(listID)}/reminders${query(params)}`,
  smart: (name, params) => `/smart/${id(name)}${query(params)}`,
  search: (params) => `/search${query(params)}`,
};

/** The last answer to `GET path` that the service worker kept, or null. */
export async function cached(path) {
  if (!("caches" in window)) return null;
  try {
    const response = await (await caches.open("tick-data-v1")).match("/api/v1" + path);
    return response ? await response.json() : null;
  } catch {
    return null;
  }
}

/** `?list=` naming the list a reminder is in, or nothing. */
const inList = (listID) => (listID ? `?list=${encodeURIComponent(listID)}` : "");

/**
 * `method` on the reminder `uid` in `listID` (`path` after its UID), asked again without the
 * list when it is no longer there (moved to another list by this page or another client since
 * the row was drawn: a 404 then said "not in that list" where the reminder is still the user's).
 */
async function onReminder(method, uid, listID, path = "", ...rest) {
  const at = `/reminders/${id(uid)}${path}`;
  try {
    return await request(method, at + inList(listID), ...rest);
  } catch (error) {
    if (!listID || !(error instanceof APIError) || error.status !== 404) throw error;
    return request(method, at, ...rest);
  }
}

export const api = {
  get: (path) => request("GET", path),
  lists: () => request("GET", paths.lists()),
  addList: (name, color) => request("POST", "/lists", color ? { name, color } : { name }),
  list: (listID) => request("GET", `/lists/${id(listID)}`),
  patchList: (listID, fields) => request("PATCH", `/lists/${id(listID)}`, fields),
  moveList: (listID, where) => request("POST", `/lists/${id(listID)}/move`, where),
  deleteList: (listID, force) => request("DELETE", `/lists/${id(listID)}${force ? "?force=true" : ""}`),
  listReminders: (listID, params) => request("GET", paths.listReminders(listID, params)),
  smart: (name, params) => request("GET", paths.smart(name, params)),
  search: (params) => request("GET", paths.search(params)),
  // `listID`, when known, is the list the reminder is in (`?list=`): a reminder of a list
  // shared with the user may have the UID of one of their own (both imported one file).
  reminder: (uid, listID) => onReminder("GET", uid, listID),
  add: (fields) => request("POST", "/reminders", fields),
  patch: (uid, fields, etag, listID) => onReminder("PATCH", uid, listID, "", fields, etag ? { "If-Match": etag } : {}),
  complete: (uid, listID) => onReminder("POST", uid, listID, "/complete", {}),
  reopen: (uid, listID) => onReminder("POST", uid, listID, "/reopen"),
  move: (uid, where, listID) => onReminder("POST", uid, listID, "/move", where),
  remove: (uid, listID) => onReminder("DELETE", uid, listID),
  // `listID`: the list it was deleted from.
  restore: (uid, listID) => request("POST", `/reminders/${id(uid)}/restore${inList(listID)}`),
  // `change`: the id of the change to take back (`changes()`); none: the newest.
  undo: (change) => request("POST", "/undo", change ? { change } : undefined),
  changes: () => request("GET", "/changes"),
  shares: (listID) => request("GET", `/lists/${id(listID)}/shares`),
  share: (listID, user, access) => request("PUT", `/lists/${id(listID)}/shares/${id(user)}`, { access }),
  unshare: (listID, user) => request("DELETE", `/lists/${id(listID)}/shares/${id(user)}`),
  signOut: () => fetch("/logout", { method: "POST", credentials: "same-origin", headers: { "X-Tick-Request": "1" } }),
  dueAlarms: () => request("GET", "/alarms/due"),
  delivered: (uid, alarmUID) => request("POST", `/alarms/${id(uid)}/${id(alarmUID)}/delivered`),
};
