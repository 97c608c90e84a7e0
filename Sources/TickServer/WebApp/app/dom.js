// Building elements without markup: every piece of user text goes in as a text node
// (textContent), never through innerHTML, so a title such as <img src=x onerror=…>
// shows those characters and runs nothing.

/**
 * An element: `el("button", { class: "x", "aria-label": "Close", onclick: f }, "text", child)`.
 * Keys starting with "on" add listeners; `dataset` and `hidden`/`checked`/`value`/`disabled`
 * are set as properties; everything else is an attribute. Children are nodes or strings
 * (strings become text nodes); null and false are skipped.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (["hidden", "checked", "value", "disabled", "draggable", "tabIndex"].includes(key)) {
      node[key] = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces the children of `node` with `children` (strings as text). */
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** `document.getElementById`. */
export const byId = (id) => document.getElementById(id);

/** A link for a URL whose scheme is http:, https: or mailto:; plain text for any other. */
export function safeLink(text) {
  let url;
  try { url = new URL(text); } catch { return document.createTextNode(text); }
  if (!["http:", "https:", "mailto:"].includes(url.protocol)) return document.createTextNode(text);
  return el("a", { href: url.href, target: "_blank", rel: "noopener noreferrer" }, text);
}

/** Says `message` to screen readers (and in the status line). */
export function announce(message) {
  const status = byId("status");
  if (status) status.textContent = message;
}
