// The list of "my tables": one line per seat with its game, status or result, moves and date, and its link.
// Drawn by the lobby (this browser's seats: history.js and the server's summaries) and by a personal link's page
// (/me/<secret>: the seats added to the link), so that both show a table the same way.
// Example:
//   fill(box, myList(rows, { status, titleOf, remove: { label: t("Forget"), title: "...", onclick: (e) => ... } }));
// where rows are [{ table, game, seat, url, when (ms), result: { won, winners, scores } | null }], status a Map from
// "table/seat" to the entry GET /api/tables?tokens= answers, received when those entries arrived (ms: a
// correspondence table's hours left count from then), and titleOf(gameId) the game's name in the page's language.

import { h } from "./util.js";
import { t, tn } from "./i18n.js";
import { turnLines } from "./turns.js";

/** The list's <ul>: each row's game, status, table and seat, moves, date, a correspondence table's move clocks ("Your
 * move since …, N hours left"), and Open (or Review) and remove buttons. */
export function myList(rows, { status = new Map(), received = Date.now(), titleOf = (id) => id, remove = null } = {}) {
  return h("ul", { class: "my-list" }, rows.map((e) => {
    const server = status.get(`${e.table}/${e.seat}`);
    const over = !!e.result || server?.status === "over";
    const when = e.when ? new Date(e.when) : null;
    return h("li", { class: "my-table", dataset: { table: e.table, seat: String(e.seat) } },
      h("div", {},
        h("strong", {}, titleOf(e.game)), " ",
        h("span", { class: `status ${over ? "over" : server?.status || "playing"}` },
          e.result ? resultText(e.result) : statusText(over ? "over" : server?.status || "playing")),
        h("div", { class: "muted" },
          e.seat == null ? t("table {table}", { table: e.table }) : t("table {table} · seat {seat}", { table: e.table, seat: e.seat }),
          server ? ` · ${tn("{n} move", "{n} moves", server.actions ?? 0)}` : "",
          when && !Number.isNaN(when.getTime()) ? ` · ${when.toLocaleString(document.documentElement.lang)}` : "",
          e.result && (e.result.scores || []).length ? ` · ${t("scores {scores}", { scores: e.result.scores.join(" – ") })}` : ""),
        server && !over && server.correspondence ? h("div", { class: "turns" }, turnLines(server, e.seat,
          (s) => (server.seats[s] && server.seats[s].name) || t("Seat {n}", { n: s }), received)
          .map((l) => l.text).join(" · ")) : null),
      h("div", { class: "actions" },
        h("a", { class: "button", href: e.url }, over ? t("Review") : t("Open")),
        remove ? h("button", { type: "button", class: "quiet", title: remove.title, onclick: () => remove.onclick(e) },
          remove.label) : null));
  }));
}

/** The rows of the server's entries (GET /api/tables?tokens=, a personal link's list) for seats with no result kept
 * in this browser. */
export function rowsOf(entries) {
  return entries.map((m) => ({ table: m.table, game: m.game, seat: m.seat, url: m.invite_url,
    when: (m.created || 0) * 1000, result: null }));
}

/** The entries by "table/seat", as myList reads them. */
export function statusOf(entries) {
  return new Map(entries.map((m) => [`${m.table}/${m.seat}`, m]));
}

/** A finished table's result for the seat this browser sat in. */
export function resultText(result) {
  if (result.won === true) return t("you won");
  if (result.won === false && (result.winners || []).length) return t("you lost");
  if (!(result.winners || []).length) return t("no winner");
  return t("over");
}

/** A table's status as the server says it ("waiting", "playing", "over") in the page's language. */
export function statusText(status) {
  return { waiting: t("waiting"), playing: t("playing"), over: t("over") }[status] || status;
}
