// Small DOM helpers shared by the lobby and the table.
// Example: h("button", {class: "primary", onclick: go}, "Create table") builds <button class="primary">.

/** Build an element: attributes (on* become listeners, `dataset` an object, booleans toggle), then children. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "class") node.className = v;
    // Through the CSSOM, not a style attribute: the page's Content-Security-Policy refuses those.
    else if (k === "style") node.style.cssText = v;
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) if (c != null && c !== false) node.append(c);
  return node;
}

/** Replace every child of `node`. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((c) => c != null && c !== false));
  return node;
}

/** A short message in the corner that goes away by itself; kind is "error" or "info". */
export function toast(message, kind = "error", ms = 4500) {
  let box = document.getElementById("toasts");
  if (!box) document.body.append((box = h("div", { id: "toasts", "aria-live": "polite" })));
  const t = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(t);
  setTimeout(() => t.classList.add("fade"), ms - 400);
  setTimeout(() => t.remove(), ms);
}

/** Copy text to the clipboard, falling back to a selected text field on insecure origins. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = h("textarea", { style: "position:fixed;opacity:0" }, text);
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** "giacomotto" → "Giacomotto"; "last_card_tabla" → "Last card tabla". */
export function label(name) {
  const s = String(name).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}
