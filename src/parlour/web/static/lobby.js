// The lobby: choose a game, its players and variant, who sits where; create the table; hand out the links.
// Speaks GET /api/games, POST /api/tables and GET /api/tables?tokens=... (docs/protocol.md).

import { getJSON, postJSON, tokens, remember, forget } from "./api.js";
import { h, fill, toast, copyText, label } from "./util.js";

const $ = (id) => document.getElementById(id);
let games = [];
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

/** [2, 3, 4, 5] → "2–5"; [2, 4] → "2 or 4". */
function countText(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const run = sorted.every((n, i) => i === 0 || n === sorted[i - 1] + 1);
  if (sorted.length > 2 && run) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  return sorted.join(" or ");
}

function renderGames() {
  if (!games.length) {
    fill($("games"), h("p", { class: "muted" }, "No games are installed."));
    return;
  }
  fill($("games"), games.map((g) =>
    h("button", {
      type: "button", class: "game-choice", role: "radio", "aria-checked": String(g === game),
      dataset: { game: g.id }, onclick: () => choose(g),
    },
    h("strong", {}, g.title || label(g.id)),
    h("span", { class: "muted" }, `${countText(counts(g))} players`))));
}

function choose(g) {
  game = g;
  players = counts(g).includes(g.default_players) ? g.default_players : counts(g)[0];
  renderGames();
  renderPlayers();
  renderOptions();
  renderSeats();
  $("setup").hidden = false;
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
  let input;
  if (Array.isArray(o.choices) && o.choices.length) {
    input = h("select", { id, name: o.name },
      o.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === o.default }, String(c))));
  } else if (o.type === "bool") {
    input = h("input", { id, name: o.name, type: "checkbox", checked: !!o.default });
  } else if (o.type === "int" || o.type === "float") {
    input = h("input", { id, name: o.name, type: "number", value: o.default, step: o.type === "int" ? 1 : "any",
      min: o.minimum, max: o.maximum, inputmode: "numeric" });
  } else {
    input = h("input", { id, name: o.name, type: "text", value: o.default ?? "" });
  }
  const row = h("div", { class: `option ${o.type === "bool" ? "check" : ""}` });
  if (o.type === "bool") row.append(h("label", { for: id }, input, h("span", {}, label(o.name))));
  else row.append(h("label", { for: id }, label(o.name)), input);
  row.append(h("p", { class: "hint" }, o.description || "", o.type !== "bool" ? ` (default ${o.default})` : ""));
  return row;
}

function renderOptions() {
  const opts = game.options || [];
  $("options-box").hidden = !opts.length && !game.position;
  // A game that can start from a position (Go: SGF) takes one pasted here; empty: its own start.
  const position = game.position ? h("div", { class: "option position" },
    h("label", { for: "position" }, `Start from a position (${game.position})`),
    h("textarea", { id: "position", name: "position", rows: 3, placeholder: `optional: paste ${game.position} text` }),
    h("p", { class: "hint" }, "The game goes on from the position at the end of its main line.")) : null;
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

/** The seats: the first for you (a friend's link), every other one the game's strongest bot (listed first). */
function renderSeats() {
  const bots = game.bots || [];
  const described = bots.filter((b) => b.description);
  fill($("seats"), Array.from({ length: players }, (_, i) => {
    const kind = h("select", { name: `seat-${i}`, id: `seat-${i}`, "aria-label": `Seat ${i}` },
      h("option", { value: "human", selected: i === 0 }, "Invite a friend"),
      bots.map((b, k) => h("option", { value: `bot:${b.level}`, selected: i > 0 && k === 0, title: b.description || "" },
        `Bot — ${b.level}${k === 0 && bots.length > 1 ? " (strongest)" : ""}`)));
    const name = h("input", { type: "text", name: `name-${i}`, id: `name-${i}`, placeholder: "name (optional)",
      maxlength: 40, "aria-label": `Name for seat ${i}` });
    const about = h("p", { class: "hint bot-hint", id: `about-${i}` });
    const sync = () => {
      const bot = bots.find((b) => `bot:${b.level}` === kind.value);
      name.hidden = !!bot;
      about.hidden = !bot;
      about.textContent = bot ? bot.description || "" : "";
    };
    kind.addEventListener("change", sync);
    sync();
    return h("div", { class: "seat-row" }, h("span", { class: "seat-no" }, `Seat ${i}`), kind, name, about);
  }), described.length ? h("dl", { class: "bot-levels", "aria-label": "Bot levels" }, described.map((b) => [
    h("dt", {}, b.level), h("dd", {}, b.description)])) : null);
}

function readSeats() {
  return Array.from({ length: players }, (_, i) => {
    const v = $(`seat-${i}`).value;
    if (v.startsWith("bot:")) return { kind: "bot", level: v.slice(4) };
    const name = $(`name-${i}`).value.trim();
    return name ? { kind: "human", name } : { kind: "human" };
  });
}

async function create(ev) {
  ev.preventDefault();
  const button = $("create");
  button.disabled = true;
  try {
    const body = { game: game.id, players, options: readOptions(), seats: readSeats() };
    const position = $("position") ? $("position").value.trim() : "";
    if (position) body.setup = position;
    const seconds = Number($("clock").value);
    if (seconds > 0) body.clock = { seconds_per_move: seconds };
    const table = await postJSON("/api/tables", body);
    for (const s of table.seats) if (s.token) remember(s.token);
    showCreated(table);
    loadMine();
  } catch (err) {
    toast(`Could not create the table — ${err.message}`);
  } finally {
    button.disabled = false;
  }
}

function linkRow(title, url, extra) {
  const full = new URL(url, location.origin).href;
  const field = h("input", { type: "text", readonly: true, value: full, class: "link", "aria-label": title,
    onfocus: (e) => e.target.select() });
  return h("div", { class: "link-row" },
    h("span", { class: "link-title" }, title),
    field,
    h("button", { type: "button", class: "copy", onclick: async (e) => {
      await copyText(full);
      e.target.textContent = "Copied";
      setTimeout(() => { e.target.textContent = "Copy"; }, 1500);
    } }, "Copy"),
    extra);
}

function showCreated(table) {
  const box = $("created");
  const title = (games.find((g) => g.id === table.game) || {}).title || table.game;
  fill(box,
    h("h2", {}, `${title} — table ${table.table}`),
    h("p", { class: "muted" }, "Send each friend their own link: the link is their seat. Keep one for yourself."),
    table.clock ? h("p", { class: "hint clock-note" }, `Move clock: ${table.clock.seconds_per_move} seconds a move.`) : null,
    table.seats.map((s) => s.kind === "human"
      ? linkRow(`Seat ${s.seat}${s.name ? ` · ${s.name}` : ""}`, s.invite_url,
        h("a", { class: "button take", href: s.invite_url }, `Take seat ${s.seat}`))
      : h("div", { class: "link-row bot" }, h("span", { class: "link-title" }, `Seat ${s.seat}`),
        h("span", { class: "muted" }, `bot — ${s.level}`))),
    linkRow("Spectators", table.spectator_url, h("a", { class: "button take", href: table.spectator_url }, "Watch")),
    table.commitment ? h("p", { class: "hint" }, "Shuffle commitment (SHA-256 of the seed): ",
      h("code", {}, table.commitment)) : null);
  box.hidden = false;
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

async function loadMine() {
  const list = tokens();
  const box = $("my-tables");
  if (!list.length) {
    fill(box, h("p", { class: "muted" }, "Tables you create or join are remembered in this browser."));
    return;
  }
  let tables;
  try {
    tables = await getJSON(`/api/tables?tokens=${encodeURIComponent(list.join(","))}`);
  } catch (err) {
    fill(box, h("p", { class: "muted" }, `Could not list your tables — ${err.message}`));
    return;
  }
  if (!tables.length) {
    fill(box, h("p", { class: "muted" }, "None of your tables is open any more."));
    return;
  }
  fill(box, h("ul", { class: "my-list" }, tables.map((t) => {
    const token = new URL(t.invite_url, location.origin).searchParams.get("token");
    const title = (games.find((g) => g.id === t.game) || {}).title || t.game;
    const created = t.created ? new Date(typeof t.created === "number" ? t.created * 1000 : t.created) : null;
    return h("li", { class: "my-table" },
      h("div", {},
        h("strong", {}, title), " ", h("span", { class: `status ${t.status}` }, t.status),
        h("div", { class: "muted" }, `table ${t.table} · seat ${t.seat} · ${t.actions ?? 0} moves`,
          created && !Number.isNaN(created.getTime()) ? ` · ${created.toLocaleString()}` : "")),
      h("div", { class: "actions" },
        h("a", { class: "button", href: t.invite_url }, t.status === "over" ? "Review" : "Open"),
        h("button", { type: "button", class: "quiet", title: "Forget this seat in this browser",
          onclick: () => { forget(token); loadMine(); } }, "Forget")));
  })));
}

async function start() {
  $("setup").addEventListener("submit", create);
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    fill($("games"), h("p", { class: "muted" }, `Could not load the games — ${err.message}`));
    return;
  }
  renderGames();
  if (games.length) choose(games[0]);
  loadMine();
}

start();
