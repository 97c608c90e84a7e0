// Sharing a list with other users of the multi-user server (tick serve --database): the
// owner shares it to view only or to edit, changes that, or stops; a user it is shared
// with leaves it. Signing out ends the session at once.
import { api, forgetCachedAnswers } from "./api.js";
import { el, fill, byId, announce } from "./dom.js";
import { state } from "./state.js";
import { choose, reload, showError } from "./main.js";

let sharing = null; // the list the dialog shares

/** Opens the dialog on `list` (one of the user's own). */
export async function openShare(list) {
  if (!list) return;
  sharing = list;
  fill(byId("share-title"), `Share “${list.name}”`);
  byId("share-user").value = "";
  byId("share-error").hidden = true;
  await showPeople();
  byId("share-dialog").showModal();
  byId("share-user").focus();
}

/** Draws who the list is shared with, each with their access and a button to stop. */
async function showPeople() {
  let shares = [];
  try {
    shares = (await api.shares(sharing.id)).shares;
  } catch (error) {
    return fail(error);
  }
  byId("share-none").hidden = shares.length > 0;
  fill(byId("share-people"), shares.map((share) => {
    const access = el("select", { "aria-label": `What ${share.user} can do`,
      onchange: (event) => update(share.user, event.target.value) },
    el("option", { value: "write" }, "Can edit"), el("option", { value: "read" }, "View only"));
    access.value = share.access;
    return el("li", {},
      el("span", { class: "share-name" }, share.user), access,
      el("button", { type: "button", "aria-label": `Stop sharing with ${share.user}`, onclick: () => stop(share.user) }, "Remove"));
  }));
}

function fail(error) {
  const box = byId("share-error");
  fill(box, error.message);
  box.hidden = false;
}

async function update(user, access) {
  try {
    await api.share(sharing.id, user, access);
    announce(`${user} can ${access === "read" ? "view" : "edit"} “${sharing.name}”.`);
  } catch (error) {
    fail(error);
  }
  await showPeople();
}

async function stop(user) {
  try {
    await api.unshare(sharing.id, user);
    announce(`“${sharing.name}” is no longer shared with ${user}.`);
  } catch (error) {
    fail(error);
  }
  await showPeople();
  byId("share-user").focus();
}

async function add(event) {
  event.preventDefault();
  const user = byId("share-user").value.trim();
  if (!user) { fail(new Error("Write the user name of the person to share with.")); byId("share-user").focus(); return; }
  byId("share-error").hidden = true;
  try {
    await api.share(sharing.id, user, byId("share-access").value);
    byId("share-user").value = "";
    announce(`Shared “${sharing.name}” with ${user}.`);
  } catch (error) {
    fail(error);
  }
  await showPeople();
  byId("share-user").focus();
}

/** Leaves `list`, shared with the user by another, after asking. */
export async function leave(list) {
  if (!list || !state.user) return;
  if (!confirm(`Leave “${list.name}”? ${list.sharedBy} keeps it; you no longer see it.`)) return;
  try {
    await api.unshare(list.id, state.user);
    announce(`You left “${list.name}”.`);
    await choose({ kind: "smart", id: "today" });
  } catch (error) {
    showError(error);
  }
}

/** Ends the session and goes to the login form. */
export async function signOut() {
  try {
    await api.signOut();
    await forgetCachedAnswers();
  } finally {
    location.assign("/login");
  }
}

byId("share-form").addEventListener("submit", add);
byId("share-close").addEventListener("click", async () => {
  byId("share-dialog").close();
  await reload();
});
