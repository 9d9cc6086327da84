// Panels every game's table shows: the score sheet, the log, the list of legal actions, seat names.
// Each function takes the `view` of a `state` message and the table context, and returns an element.

import { h } from "./util.js";
import { prettyText, cardSVG, isCardList } from "./cards.js";
import { t, N_ } from "./i18n.js";

/**
 * A seat's name, the same in the table, the log and the score sheet: "You", the name given in the lobby ("Ana"),
 * "Bot 1 (heuristic)" for a bot, "Seat 2" for a friend without a name, "Ana (bot)" while a bot plays for absent
 * Ana, "Spectator" for null.
 */
export function seatName(ctx, seat) {
  if (seat == null) return t("Spectator");
  if (seat === ctx.seat) return t("You");
  const s = ctx.table && ctx.table.seats && ctx.table.seats[seat];
  if (s && s.bot) return t("{name} (bot)", { name: s.name || t("Seat {n}", { n: seat }) });  // for an absent friend
  if (s && s.name) return s.name;
  if (s && s.kind === "bot") {
    return s.level ? t("Bot {n} ({level})", { n: seat, level: botLevel(ctx, s.level) }) : t("Bot {n}", { n: seat });
  }
  return t("Seat {n}", { n: seat });
}

/** A bot's level ("heuristic") in the page's language: the game's word for it. */
export function botLevel(ctx, level) {
  return ctx.words ? ctx.words.tp("bot", level) : level;
}

/** The name of seat `seat` without the "You" shortcut (for titles and tooltips). */
export function seatLabel(ctx, seat) {
  const s = ctx.table && ctx.table.seats && ctx.table.seats[seat];
  const who = s && s.name ? s.name : s && s.kind === "bot" ? t("bot {level}", { level: botLevel(ctx, s.level || "") }).trim()
    : t("friend");
  return t("Seat {n} · {who}", { n: seat, who });
}

/** The side (index into view.sides, or the seat itself when the sheet has a column per seat) a seat plays for, or -1. */
export function sideOf(view, seat) {
  if (!view.sides) return seat != null && view.sheet && (view.sheet.sides || []).length === view.players ? seat : -1;
  return view.sides.findIndex((members) => members.includes(seat));
}

/**
 * A side's name: the seat's name when the side is one seat ("You", "Bora"), else the sheet's ("North-South").
 * A game without `view.sides` whose sheet has one column per seat is scored seat by seat.
 */
export function sideLabel(view, ctx, side) {
  const members = view.sides ? view.sides[side] || [] : view.sheet && (view.sheet.sides || []).length === view.players
    ? [side] : [];
  if (members.length === 1) return seatName(ctx, members[0]);
  const names = view.sheet && view.sheet.sides;
  return (names && names[side]) ? sheetWord(ctx, names[side]) : t("side {n}", { n: side });
}

function detailValue(v) {
  if (Array.isArray(v) && v.every((x) => typeof x !== "object" || x === null)) return v.join("–");
  if (v && typeof v === "object") return Object.keys(v).length ? prettyText(JSON.stringify(v)) : "—";
  return prettyText(String(v));
}

// The words engines write on their score sheets ("deal 3", "North-South"), the common ones here; a game's own
// (Tarok's "wheels") are in its catalogue.
const ROWS = {
  deal: N_("deal {n}"), pack: N_("pack {n}"), round: N_("round {n}"), game: N_("game {n}"), hand: N_("hand {n}"),
  seat: N_("seat {n}"),
};
N_("game"); N_("match"); N_("North-South"); N_("East-West");

/** A word of an engine's score sheet in the page's language: "deal 3" → "Deljenje 3". */
export function sheetWord(ctx, text) {
  const m = /^(\w+) (\d+)$/.exec(String(text));
  const words = ctx.words || { t };
  if (m && ROWS[m[1]]) return words.t(ROWS[m[1]], { n: m[2] });
  return words.t(String(text));
}

/** The match score sheet: one column per side, a row per scored deal with its detail, the totals. */
export function sheetPanel(view, ctx) {
  const sheet = view.sheet;
  if (!sheet) return null;
  const mySide = sideOf(view, ctx.seat);
  const sides = sheet.sides || [];
  const target = view.options && view.options.target;
  const head = h("tr", {}, h("th", { scope: "col" }, target ? t("to {target}", { target }) : ""),
    sides.map((s, i) => h("th", { scope: "col", class: i === mySide ? "mine" : "" }, sideLabel(view, ctx, i))));
  const rows = (sheet.rows || []).map((r) => {
    const detail = r.detail && typeof r.detail === "object"
      ? Object.entries(r.detail).map(([k, v]) => `${sheetWord(ctx, k.replace(/_/g, " "))} ${detailValue(v)}`).join(" · ")
      : r.detail || "";
    return [
      h("tr", { class: "row" }, h("th", { scope: "row" }, sheetWord(ctx, r.label)),
        (r.points || []).map((p, i) => h("td", { class: i === mySide ? "mine" : "" }, String(p)))),
      detail ? h("tr", { class: "detail" }, h("td", { colspan: sides.length + 1 }, detail)) : null,
    ];
  });
  const totals = h("tr", { class: "totals" }, h("th", { scope: "row" }, t("Total")),
    (sheet.totals || []).map((t, i) => h("td", { class: i === mySide ? "mine" : "" }, String(t))));
  return h("section", { class: "panel sheet", "aria-label": t("Score sheet") },
    h("h3", {}, t("Score sheet")),
    h("table", {}, h("thead", {}, head), h("tbody", {}, rows.length ? rows : h("tr", {},
      h("td", { colspan: sides.length + 1, class: "muted" }, t("Nothing scored yet.")))), h("tfoot", {}, totals)));
}

/**
 * Make a drawn score sheet (`.sheet` inside `box`: the generic one or a game's own) show every column: crowded
 * (smaller, the names standing up) when its columns are wider than its panel; if even that is too wide, its table
 * scrolls sideways under a visible hint, the row labels stay put and your column (or the leader's) is scrolled
 * into view.
 */
export function fitSheet(box) {
  const sheet = box && box.querySelector(".sheet");
  const table = sheet && sheet.querySelector("table");
  if (!table || !sheet.clientWidth) return;
  const wide = () => sheet.scrollWidth > sheet.clientWidth + 1;
  sheet.classList.remove("crowded", "scrolls");
  sheet.querySelector(".sheet-more")?.remove();
  if (!wide()) return;
  sheet.classList.add("crowded");
  if (!wide()) return;
  sheet.classList.add("scrolls");  // the table scrolls inside the panel; its heading and the hint stay
  table.before(h("p", { class: "sheet-more hint" }, t("Scroll sideways for every column →")));
  const col = table.querySelector("thead .leader, thead .mine");
  const label = table.querySelector("thead th");
  if (col) table.scrollLeft = Math.max(0, col.offsetLeft - (label ? label.offsetWidth : 0) - 8);
}

/** A log entry as plain words, for games without their own wording. */
export function genericEntry(e, ctx) {
  const who = e.seat != null ? `${seatName(ctx, e.seat)}: ` : "";
  if (e.action) return `${who}${prettyText(e.action)}`;
  const rest = Object.entries(e).filter(([k]) => k !== "type" && k !== "seat" && k !== "only")
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.map(prettyText).join(" ") : prettyText(JSON.stringify(v))}`);
  return `${who}${e.type}${rest.length ? " — " + rest.join(", ") : ""}`;
}

/** The newest log entries, newest last; `describe(entry)` words one entry (or returns null to skip it). */
export function logPanel(view, ctx, describe = genericEntry, limit = 40) {
  const log = view.log || [];
  const items = [];
  for (const e of log.slice(-limit)) {
    const text = describe(e, ctx);
    if (text) items.push(h("li", { class: `log-${e.type}` }, text));
  }
  // tabindex: a list that scrolls can be scrolled from the keyboard too
  const list = h("ol", { class: "log", tabindex: "0" }, items);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return h("section", { class: "panel log-panel", "aria-label": t("What happened") }, h("h3", {}, t("Log")), list);
}

/** Every legal action as a button: the fallback that plays any game. */
export function legalPanel(view, ctx, { open = false } = {}) {
  const legal = view.legal || [];
  const mine = ctx.seat != null && (view.to_act || []).includes(ctx.seat);
  const body = legal.length
    ? h("div", { class: "legal-list" }, legal.map((a) => h("button", {
      type: "button", class: "legal", dataset: { action: a }, disabled: !mine || ctx.pending,
      onclick: () => ctx.play(a),
    }, prettyText(a))))
    : h("p", { class: "muted" }, mine ? t("No action.") : t("Nothing to do for you now."));
  return h("details", { class: "panel legal-panel", open },
    h("summary", {}, t("All legal actions ({n})", { n: legal.length })), body);
}

/** A row of cards (drawn) or of plain strings. */
export function cardRow(list, cls = "") {
  if (isCardList(list)) return h("div", { class: `cards ${cls}` }, list.map((c) => cardSVG(c)));
  return h("div", { class: `chips ${cls}` }, (list || []).map((x) => h("span", { class: "chip" }, prettyText(
    typeof x === "string" ? x : JSON.stringify(x)))));
}
