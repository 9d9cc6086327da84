// A personal link's page, /me/<secret>: the tables added to the link (GET /api/people/{secret}/tables), drawn as the
// lobby draws "my tables" (mylist.js), each openable on this device. Opening the page remembers the link in this
// browser if it has none, so that "Add to my tables" here adds to the same list.

import { getJSON } from "./api.js";
import { h, fill, toast, label } from "./util.js";
import { t, translatePage, translator } from "./i18n.js";
import { myList, rowsOf, statusOf } from "./mylist.js";
import { linkRow } from "./copylink.js";
import { mySecret, keepSecret, pageOf } from "./mine.js";

const $ = (id) => document.getElementById(id);
const secret = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const api = `/api/people/${encodeURIComponent(secret)}/tables`;
/** Each listed game's words (its title in the page's language), by id. */
const words = {};
let games = [];

const titleOf = (id) => {
  const g = games.find((x) => x.id === id) || { id };
  const title = g.title || label(g.id);
  return words[id] ? words[id].t(title) : title;
};

async function load() {
  let entries;
  let received = Date.now();
  try {
    entries = await getJSON(api);
    received = Date.now();
  } catch (err) {
    fill($("my-tables"), h("p", { class: "muted" }, t("Could not list your tables — {error}", { error: err.message })));
    return;
  }
  await Promise.all([...new Set(entries.map((e) => e.game))].filter((id) => !words[id]).map(async (id) => {
    words[id] = await translator(`/games/${encodeURIComponent(id)}/`);
  }));
  if (!entries.length) {
    fill($("my-tables"), h("p", { class: "muted" },
      t("No table on this link yet: open a table from your seat's link and press “Add to my tables”.")));
    return;
  }
  fill($("my-tables"), myList(rowsOf(entries), {
    status: statusOf(entries), received, titleOf,
    remove: { label: t("Remove"), title: t("Take this table off your personal link"), onclick: async (e) => {
      try {
        const res = await fetch(`${api}/${encodeURIComponent(e.table)}`, { method: "DELETE" });
        if (!res.ok && res.status !== 404) throw new Error(String(res.status));
      } catch (err) {
        toast(t("Could not remove the table — {error}", { error: err.message }));
      }
      load();
    } },
  }));
}

function showLink() {
  const mine = mySecret();
  if (!mine) keepSecret(secret);
  fill($("personal"),
    linkRow(t("This page's link"), pageOf(secret)),
    mine && mine !== secret ? h("p", { class: "hint" }, t("This browser adds tables to another personal link."), " ",
      h("button", { type: "button", class: "quiet", id: "use-link", onclick: () => { keepSecret(secret); showLink(); } },
        t("Add to this one instead"))) : null);
}

async function start() {
  translatePage();
  showLink();
  try {
    games = await getJSON("/api/games");
  } catch {
    games = [];
  }
  await load();
}

start();
