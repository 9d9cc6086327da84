// The lobby: choose a game, its players and variant, who sits where; create the table; hand out the links.
// Speaks GET /api/games, POST /api/tables, GET /api/tables?tokens=..., GET /api/open and POST /api/tables/{id}/join
// (docs/protocol.md); "Play now" is playnow.js. "My tables" is this browser's own list (history.js); "Open tables"
// the ones listed publicly.

import { getJSON, postJSON, tokens, remember, forget } from "./api.js";
import { h, fill, toast, label } from "./util.js";
import { t, tn, tx, number, translatePage, translator } from "./i18n.js";
import { tables as history, noteTable, forgetTable } from "./history.js";
import { learnButton } from "./learn.js";
import { myList, rowsOf, statusOf } from "./mylist.js";
import { linkRow } from "./copylink.js";
import { mySecret, pageOf, secretOf } from "./mine.js";
import { settingText } from "./turns.js";
import { playNow } from "./playnow.js";

const $ = (id) => document.getElementById(id);
/** Seconds a deal's result waits for the people at the table before the next deal's clocks and bots go. */
const DEAL_PAUSE = 30;
let games = [];
/** Each game's words (its title, options and bots in the page's language), by id. */
const words = {};
const w = (g) => words[g.id || g] || { t, tp: (c, m) => m };
const titleOf = (g) => w(g).t(g.title || label(g.id));
let game = null; // the chosen game's description
let players = 0;

function counts(g) {
  const p = g.players;
  if (Array.isArray(p)) return p;
  if (p && typeof p === "object" && "minimum" in p) {
    const out = [];
    for (let n = p.minimum; n <= p.maximum; n++) out.push(n);
    return out;
  }
  return [Number(p) || g.default_players || 2];
}

/** [2, 3, 4, 5] → "2–5 players"; [2, 4] → "2 or 4 players"; [3] → "3 players". */
function countText(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const last = sorted[sorted.length - 1];
  const run = sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  if (sorted.length > 2 && run) return tn("{low}–{n} player", "{low}–{n} players", last, { low: sorted[0] });
  if (sorted.length > 1) {
    return tn("{some} or {n} player", "{some} or {n} players", last, { some: sorted.slice(0, -1).join(", ") });
  }
  return tn("{n} player", "{n} players", last);
}

function renderGames() {
  if (!games.length) {
    fill($("games"), h("p", { class: "muted" }, t("No games are installed.")));
    return;
  }
  fill($("games"), games.map((g) =>
    h("button", {
      type: "button", class: "game-choice", role: "radio", "aria-checked": String(g === game),
      dataset: { game: g.id }, onclick: () => choose(g),
    },
    h("strong", {}, titleOf(g)),
    h("span", { class: "muted" }, countText(counts(g))))));
}

function choose(g) {
  game = g;
  players = counts(g).includes(g.default_players) ? g.default_players : counts(g)[0];
  renderGames();
  renderPlayers();
  renderOptions();
  renderSeats();
  renderRules();
  $("setup").hidden = false;
}

/** A link to the chosen game's rules, in the page's language. */
function renderRules() {
  const link = $("rules-link");
  link.href = `/rules/${encodeURIComponent(game.id)}`;
  link.textContent = t("How to play {game}", { game: titleOf(game) });
  // A first game that teaches: every rule explained as it comes up, against players the lesson moves.
  fill($("learn"), game.lesson ? learnButton(game, (err) => toast(t("The lesson did not start — {error}",
    { error: err.message }))) : null);
}

function renderPlayers() {
  fill($("players"), [...counts(game)].sort((a, b) => a - b).map((n) =>
    h("label", { class: "seg" },
      h("input", { type: "radio", name: "players", value: n, checked: n === players,
        onchange: () => { players = n; renderSeats(); } }),
      h("span", {}, String(n)))));
}

function optionInput(o) {
  const id = `opt-${o.name}`;
  const words = w(game);
  const choice = (c) => (typeof c === "string" ? words.tp("choice", c) : String(c));
  let input;
  if (Array.isArray(o.choices) && o.choices.length) {
    input = h("select", { id, name: o.name },
      o.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === o.default }, choice(c))));
  } else if (o.type === "bool") {
    input = h("input", { id, name: o.name, type: "checkbox", checked: !!o.default });
  } else if (o.type === "int" || o.type === "float") {
    input = h("input", { id, name: o.name, type: "number", value: o.default, step: o.type === "int" ? 1 : "any",
      min: o.minimum, max: o.maximum, inputmode: "numeric" });
  } else {
    input = h("input", { id, name: o.name, type: "text", value: o.default ?? "" });
  }
  const row = h("div", { class: `option ${o.type === "bool" ? "check" : ""}` });
  const name = words.t(label(o.name));
  if (o.type === "bool") row.append(h("label", { for: id }, input, h("span", {}, name)));
  else row.append(h("label", { for: id }, name), input);
  const about = o.description ? words.t(o.description) : "";
  // a free text's default is the game's own word (Spoons' SPOON), said as it is; an empty one is not said
  const value = Array.isArray(o.choices) && o.choices.length ? choice(o.default) : String(o.default ?? "");
  row.append(h("p", { class: "hint" }, o.type !== "bool" && value !== ""
    ? t("{about} (default {value})", { about, value }).trim() : about));
  return row;
}

function renderOptions() {
  const opts = game.options || [];
  $("options-box").hidden = !opts.length && !game.position;
  // A game that can start from a position (Go: SGF) takes one pasted here; empty: its own start.
  const position = game.position ? h("div", { class: "option position" },
    h("label", { for: "position" }, t("Start from a position ({format})", { format: game.position })),
    h("textarea", { id: "position", name: "position", rows: 3,
      placeholder: t("optional: paste {format} text", { format: game.position }) }),
    h("p", { class: "hint" }, t("The game goes on from the position at the end of its main line."))) : null;
  fill($("options"), opts.map(optionInput), position);
}

function readOptions() {
  const out = {};
  for (const o of game.options || []) {
    const input = $(`opt-${o.name}`);
    let v;
    if (input.tagName === "SELECT") v = JSON.parse(input.value);
    else if (o.type === "bool") v = input.checked;
    else if (o.type === "int") v = input.value === "" ? o.default : Number.parseInt(input.value, 10);
    else if (o.type === "float") v = input.value === "" ? o.default : Number(input.value);
    else v = input.value;
    if (v !== o.default) out[o.name] = v;
  }
  return out;
}

/**
 * The seats: the first for you (a friend's link), every other one the game's default bot: its strongest (listed
 * first), or in a real-time game the level that reacts as people do. A real-time bot's label says how fast it is.
 */
function renderSeats() {
  const bots = game.bots || [];
  const words = w(game);
  const level = (b) => words.tp("bot", b.level);
  const about = (b) => (b.description ? words.t(b.description) : "");
  const described = bots.filter((b) => b.description);
  const chosen = bots.find((b) => b.default) || bots[0];
  const label = (b, k) => (b.reacts != null ? t("Bot — {level}, reacts in about {seconds} s", { level: level(b), seconds: number(b.reacts) })
    : k === 0 && bots.length > 1 ? t("Bot — {level} (strongest)", { level: level(b) }) : t("Bot — {level}", { level: level(b) }));
  fill($("seats"), Array.from({ length: players }, (_, i) => {
    const kind = h("select", { name: `seat-${i}`, id: `seat-${i}`, "aria-label": t("Seat {n}", { n: i }) },
      h("option", { value: "human", selected: i === 0 }, t("Invite a friend")),
      bots.map((b, k) => h("option", { value: `bot:${b.level}`, selected: i > 0 && b === chosen, title: about(b) }, label(b, k))));
    const name = h("input", { type: "text", name: `name-${i}`, id: `name-${i}`, placeholder: t("name (optional)"),
      maxlength: 40, "aria-label": t("Name for seat {n}", { n: i }) });
    const line = h("p", { class: "hint bot-hint", id: `about-${i}` });
    const sync = () => {
      const bot = bots.find((b) => `bot:${b.level}` === kind.value);
      name.hidden = !!bot;
      line.hidden = !bot;
      line.textContent = bot ? about(bot) : "";
    };
    kind.addEventListener("change", sync);
    kind.addEventListener("change", learnerDefaults);
    sync();
    return h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, t("Seat {n}", { n: i })), kind, name, line);
  }), described.length ? h("dl", { class: "bot-levels", "aria-label": t("Bot levels") }, described.map((b) => [
    h("dt", {}, level(b)), h("dd", {}, about(b))])) : null);
  learnerDefaults();
}

/**
 * Hints and player aids are on by default for a table with exactly one person (a learner and bots), as the server's
 * default is: the checkboxes follow the seats until the creator ticks or unticks one herself.
 */
function learnerDefaults() {
  const people = readSeats().filter((s) => s.kind === "human").length;
  for (const id of ["hints", "aids"]) {
    const box = $(id);
    if (box && !box.dataset.touched) box.checked = people === 1;
  }
}

function readSeats() {
  return Array.from({ length: players }, (_, i) => {
    const v = $(`seat-${i}`).value;
    if (v.startsWith("bot:")) return { kind: "bot", level: v.slice(4) };
    const name = $(`name-${i}`).value.trim();
    return name ? { kind: "human", name } : { kind: "human" };
  });
}

/** The vacation and weekend choices show while a move clock in days is chosen. */
function showCorrespondence() {
  $("correspondence-box").hidden = !$("clock").value.startsWith("d");
}

async function create(ev) {
  ev.preventDefault();
  const button = $("create");
  button.disabled = true;
  try {
    // wait_for_players: the clocks (a peek, a snap window, move clocks) start when the invited friends are here,
    // or when someone presses "Start now". deal_pause: a deal's result stays until everyone presses "Next round"
    // (or half a minute has passed) before the next deal's clocks and bots go.
    const body = { game: game.id, players, options: readOptions(), seats: readSeats(), wait_for_players: true,
      deal_pause: DEAL_PAUSE };
    const position = $("position") ? $("position").value.trim() : "";
    if (position) body.setup = position;
    if ($("listed").checked) body.listed = true;
    if ($("rated").checked) body.rated = true;  // unrated by default (server/ratings.py)
    // hints and aids (contract D): what the checkboxes say, which follow the seats until the creator touches them
    body.hints = $("hints").checked;
    body.aids = $("aids").checked;
    body.absent_seconds = Number($("absent").value);
    const chosen = $("clock").value;
    if (chosen.startsWith("d")) {  // a correspondence table: days a move (turns.js says them)
      body.correspondence = { days: Number(chosen.slice(1)), weekends: $("weekends").checked,
        vacation_days: Number($("vacation").value) };
    } else if (Number(chosen) > 0) body.clock = { seconds_per_move: Number(chosen) };
    const table = await postJSON("/api/tables", body);
    for (const s of table.seats) {
      if (!s.token) continue;
      remember(s.token);
      noteTable({ table: table.table, game: table.game, seat: s.seat, url: s.invite_url });
    }
    showCreated(table);
    loadMine();
    if (table.listed) loadOpen();
  } catch (err) {
    toast(t("Could not create the table — {error}", { error: err.message }));
  } finally {
    button.disabled = false;
  }
}

function showCreated(table) {
  const box = $("created");
  const g = games.find((x) => x.id === table.game) || { id: table.game };
  fill(box,
    h("h2", {}, t("{game} — table {table}", { game: titleOf(g), table: table.table })),
    h("p", { class: "muted" }, t("Send each friend their own link: the link is their seat. Keep one for yourself.")),
    table.clock ? h("p", { class: "hint clock-note" }, tn("Move clock: {n} second a move.", "Move clock: {n} seconds a move.",
      table.clock.seconds_per_move)) : null,
    table.correspondence ? h("p", { class: "hint clock-note" }, t("By correspondence: {setting}.",
      { setting: settingText(table.correspondence) })) : null,
    table.seats.map((s) => s.open
      ? h("div", { class: "link-row open-seat" }, h("span", { class: "link-title" }, t("Seat {n}", { n: s.seat })),
        h("span", { class: "muted" }, t("open to anyone from the list of open tables")))
      : s.kind === "human"
      ? linkRow(s.name ? t("Seat {n} · {who}", { n: s.seat, who: s.name }) : t("Seat {n}", { n: s.seat }), s.invite_url,
        h("a", { class: "button take", href: s.invite_url }, t("Take seat {n}", { n: s.seat })))
      : h("div", { class: "link-row bot" }, h("span", { class: "link-title" }, t("Seat {n}", { n: s.seat })),
        h("span", { class: "muted" }, t("bot {level}", { level: w(g).tp("bot", s.level) })))),
    linkRow(t("Spectators"), table.spectator_url, h("a", { class: "button take", href: table.spectator_url }, t("Watch"))),
    table.commitment ? h("p", { class: "hint" }, tx("Commitment to the seed (its SHA-256, the seed shown when the match ends): {hash}",
      { hash: h("code", {}, table.commitment) })) : null);
  box.hidden = false;
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** This browser's tables (history.js), newest first, with their results; the server says which still play. */
async function loadMine() {
  const box = $("my-tables");
  const mine = history();
  // Seats remembered before this list was kept (their tokens only) are asked of the server.
  const known = new Set(mine.map((e) => new URL(e.url || "/", location.origin).searchParams.get("token")));
  const list = tokens();
  let live = [];
  let received = Date.now();
  if (list.length) {
    try {
      live = await getJSON(`/api/tables?tokens=${encodeURIComponent(list.join(","))}`);
      received = Date.now();
    } catch (err) {
      live = [];
    }
  }
  const older = rowsOf(live.filter((m) => !known.has(new URL(m.invite_url, location.origin).searchParams.get("token"))));
  const rows = [...mine, ...older];
  if (!rows.length) {
    fill(box, h("p", { class: "muted" }, t("Tables you create or join are remembered in this browser.")));
    return;
  }
  fill(box, myList(rows, {
    status: statusOf(live),
    received,
    titleOf: (id) => titleOf(games.find((x) => x.id === id) || { id }),
    remove: { label: t("Forget"), title: t("Forget this seat in this browser"), onclick: (e) => {
      forgetTable(e.table, e.seat);
      const token = new URL(e.url || "/", location.origin).searchParams.get("token");
      if (token) forget(token);
      loadMine();
    } },
  }));
}

/**
 * The personal link (mine.js): this browser's, to open or copy to another device; or, if it has none, a field to
 * open one made on another device (pasted), which this browser then keeps.
 */
function renderPersonal() {
  const secret = mySecret();
  if (secret) {
    fill($("personal"), h("p", { class: "hint" }, t("Your personal link lists your tables on every device.")),
      linkRow(t("Your personal link"), pageOf(secret), h("a", { class: "button", href: pageOf(secret) }, t("Open"))));
    return;
  }
  const input = h("input", { type: "text", id: "personal-link", autocomplete: "off",
    placeholder: t("paste the link from your other device") });
  const form = h("form", { class: "personal-open" },
    h("label", { for: "personal-link" }, t("Open a personal link")), input,
    h("button", { type: "submit" }, t("Open")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const found = secretOf(input.value);
    if (!found) {
      toast(t("That is not a personal link: one ends in /me/ and a code."));
      return;
    }
    location.assign(pageOf(found)); // the page keeps it in this browser, once the server knows it
  });
  fill($("personal"), h("p", { class: "hint" }, t("Press “Add to my tables” at a table to list it on a personal link for all your devices.")), form);
}

/** The publicly listed tables with free seats: join one to play with whoever is there. */
async function loadOpen() {
  const box = $("open-tables");
  let open;
  try {
    open = await getJSON("/api/open");
  } catch (err) {
    fill(box, h("p", { class: "muted" }, t("Could not list the open tables — {error}", { error: err.message })));
    return;
  }
  if (!open.length) {
    fill(box, h("p", { class: "muted" }, t("No table is waiting for players. Create one and tick “List this table publicly”.")));
    return;
  }
  fill(box, h("ul", { class: "my-list open-list" }, open.map((o) => {
    const g = games.find((x) => x.id === o.game) || { id: o.game };
    const seated = o.seats.filter((s) => !o.free.includes(s.seat))
      .map((s) => (s.kind === "bot" ? t("bot {level}", { level: w(g).tp("bot", s.level) }) : s.name || t("Seat {n}", { n: s.seat })));
    return h("li", { class: "my-table open-table", dataset: { table: o.table } },
      h("div", {},
        h("strong", {}, titleOf(g)), " ",
        h("span", { class: "muted" }, tn("{n} free seat", "{n} free seats", o.free.length)),
        h("div", { class: "muted" }, t("at the table: {who}", { who: seated.join(", ") || "—" }))),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "primary join", onclick: (ev) => join(o, ev.target) }, t("Join"))));
  })));
}

async function join(o, button) {
  button.disabled = true;
  try {
    const seat = await postJSON(`/api/tables/${encodeURIComponent(o.table)}/join`, {});
    remember(seat.token);
    noteTable({ table: seat.table, game: seat.game, seat: seat.seat, url: seat.invite_url });
    location.assign(seat.invite_url);
  } catch (err) {
    toast(t("Could not join the table — {error}", { error: err.message }));
    loadOpen();
  }
}

async function start() {
  translatePage();
  renderPersonal();
  $("setup").addEventListener("submit", create);
  $("clock").addEventListener("change", showCorrespondence);
  for (const id of ["hints", "aids"]) $(id).addEventListener("change", (ev) => { ev.target.dataset.touched = "1"; });
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    fill($("games"), h("p", { class: "muted" }, t("Could not load the games — {error}", { error: err.message })));
    return;
  }
  await Promise.all(games.map(async (g) => { words[g.id] = await translator(`/games/${encodeURIComponent(g.id)}/`); }));
  renderGames();
  playNow(games, titleOf, counts);
  // ?game=ID (a lesson's "Play a real game") opens the lobby with that game chosen
  const asked = new URLSearchParams(location.search).get("game");
  if (games.length) choose(games.find((g) => g.id === asked) || games[0]);
  loadMine();
  loadOpen();
  $("refresh-open").addEventListener("click", loadOpen);
  setInterval(() => { if (!document.hidden) loadOpen(); }, 15000);
}

start();
