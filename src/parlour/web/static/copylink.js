// A link to hand on: its title, the whole URL in a read-only field (selected when focused) and a Copy button.
// Shared by the lobby (each seat's invitation) and the personal link's controls (its page, the table's "Add to my
// tables"). Example: box.append(linkRow(t("Spectators"), "/t/abc", h("a", { href: "/t/abc" }, t("Watch"))));

import { h, copyText } from "./util.js";
import { t } from "./i18n.js";

/** A row of a title, the link's field, Copy, and `extra` (a button) if given. */
export function linkRow(title, url, extra) {
  const full = new URL(url, location.origin).href;
  const field = h("input", { type: "text", readonly: true, value: full, class: "link", "aria-label": title,
    onfocus: (e) => e.target.select() });
  return h("div", { class: "link-row" },
    h("span", { class: "link-title" }, title),
    field,
    h("button", { type: "button", class: "copy", onclick: async (e) => {
      await copyText(full);
      e.target.textContent = t("Copied");
      setTimeout(() => { e.target.textContent = t("Copy"); }, 1500);
    } }, t("Copy")),
    extra);
}
