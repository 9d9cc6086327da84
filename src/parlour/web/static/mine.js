// This browser's personal link (server/people.py): one secret link that lists every table its holder added to it,
// to open on a phone and a laptop alike. Kept in localStorage["parlour.me"]; made the first time a table is added.
// Example:
//   const { url } = await addSeat(token);      // makes the link if this browser has none, then adds the seat
//   $("side").append(addControl(tableId, token));  // the table page's "Add to my tables"

import { getJSON, postJSON } from "./api.js";
import { h, fill, toast } from "./util.js";
import { t } from "./i18n.js";
import { linkRow } from "./copylink.js";

const KEY = "parlour.me";

/** The secret of this browser's personal link, or null. */
export function mySecret() {
  try {
    const secret = localStorage.getItem(KEY);
    return secret && /^[A-Za-z0-9_-]{1,100}$/.test(secret) ? secret : null;
  } catch {
    return null;
  }
}

/** Remember a personal link's secret in this browser. */
export function keepSecret(secret) {
  try {
    localStorage.setItem(KEY, secret);
  } catch { /* storage off (a private window): the link still works, pasted again */ }
}

/** The page of a personal link. */
export const pageOf = (secret) => `/me/${encodeURIComponent(secret)}`;

/** The secret in a pasted personal link (https://host/me/SECRET) or a bare secret; null for anything else. */
export function secretOf(text) {
  const s = String(text || "").trim();
  if (/^[A-Za-z0-9_-]{16,100}$/.test(s)) return s;
  try {
    const found = /^\/me\/([A-Za-z0-9_-]{1,100})\/?$/.exec(new URL(s, location.origin).pathname);
    return found ? found[1] : null;
  } catch {
    return null;
  }
}

async function makeLink() {
  const made = await postJSON("/api/people", {});
  keepSecret(made.secret);
  return made.secret;
}

/** Add a seat (its token) to this browser's personal link, making the link first if there is none (or if the
 * server no longer knows it); the link's secret and page. */
export async function addSeat(token) {
  let secret = mySecret() || await makeLink();
  const add = () => postJSON(`/api/people/${encodeURIComponent(secret)}/tables`, { token });
  try {
    await add();
  } catch (err) {
    if (!String(err.message).startsWith("404")) throw err;
    secret = await makeLink();
    await add();
  }
  return { secret, url: pageOf(secret) };
}

/** Whether this browser's personal link lists seat `seat` of table `tableId`. */
async function listed(tableId, seat) {
  const secret = mySecret();
  if (!secret) return false;
  try {
    const entries = await getJSON(`/api/people/${encodeURIComponent(secret)}/tables`);
    return entries.some((e) => e.table === tableId && e.seat === seat);
  } catch {
    return false;
  }
}

/**
 * The table page's panel: "Add to my tables" for a seated player; once added, the personal link to copy to another
 * device. `update(seat)` shows it when the page knows its seat (a spectator's page has none).
 */
export function addControl(tableId, token) {
  const box = h("section", { class: "panel mine-panel", id: "my-tables-panel", "aria-labelledby": "mine-title", hidden: true });
  let shown = null;
  const added = (url) => fill(box,
    h("h3", { id: "mine-title" }, t("On my tables")),
    h("p", { class: "hint" }, t("Open your personal link on another device to find every table you added.")),
    linkRow(t("Your personal link"), url, h("a", { class: "button take", href: url }, t("My tables"))));
  const offer = () => {
    const button = h("button", { type: "button", id: "add-mine", class: "primary" }, t("Add to my tables"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        added((await addSeat(token)).url);
      } catch (err) {
        toast(t("Could not add the table to your tables — {error}", { error: err.message }));
        button.disabled = false;
      }
    });
    fill(box,
      h("h3", { id: "mine-title" }, t("My tables")),
      h("p", { class: "hint" }, t("One personal link lists every table you add, on your phone and your laptop.")),
      button);
  };
  box.update = async (seat) => {
    if (!token || seat == null || shown === seat) return;
    shown = seat;
    if (await listed(tableId, seat)) added(pageOf(mySecret()));
    else offer();
    box.hidden = false;
  };
  return box;
}
