// A new list: a name and a color from the palette (Apple's system colors, as the
// CLI's color names). The server refuses a blank or taken name; its words are shown.
import { api } from "./api.js";
import { el, fill, byId, announce } from "./dom.js";
import { choose, reload } from "./main.js";

export const palette = [
  ["red", "#FF3B30"], ["orange", "#FF9500"], ["yellow", "#FFCC00"], ["green", "#34C759"],
  ["blue", "#007AFF"], ["purple", "#AF52DE"], ["brown", "#A2845E"], ["gray", "#8E8E93"],
];

export function openNewList() {
  const dialog = byId("list-dialog");
  byId("list-name").value = "";
  byId("list-error").hidden = true;
  const swatches = byId("list-colors");
  if (!swatches.childElementCount) {
    swatches.append(...palette.map(([name, hex], index) => {
      const swatch = el("input", { type: "radio", name: "color", value: name, id: `color-${name}`, class: "swatch", checked: index === 4 });
      swatch.style.setProperty("--swatch", hex);
      return el("span", { class: "swatch-choice" }, swatch, el("label", { for: `color-${name}` }, name));
    }));
  }
  byId("color-blue").checked = true;
  dialog.showModal();
  byId("list-name").focus();
}

async function create(event) {
  event.preventDefault();
  const name = byId("list-name").value;
  const color = byId("list-form").elements.color.value || "blue";
  try {
    const list = await api.addList(name, color);
    byId("list-dialog").close();
    await reload();
    await choose({ kind: "list", id: list.id });
    announce(`Made the list “${list.name}”.`);
  } catch (error) {
    const box = byId("list-error");
    fill(box, error.message);
    box.hidden = false;
    byId("list-name").focus();
  }
}

byId("list-form").addEventListener("submit", create);
byId("list-cancel").addEventListener("click", () => byId("list-dialog").close());
