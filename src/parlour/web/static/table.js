// The table page: one WebSocket to /ws/{table}?token=..., every `state` message drawn from its `view` by the
// game's own table module (/games/<id>/table.js, built from the kit in /static/kit/), or by generic.js for a game
// still without one. The module's interface is in kit/README.md.
// States are drawn in order, each kept on screen at least as long as the module's hold(view, ctx) asks (a
// finished trick stays a moment before the next card is drawn); `localStorage["parlour.pace"]` scales those holds
// (tests set it low). For tests and the curious, window.parlour holds {ctx, conn}.

import { Connection } from "./connection.js";
import { getJSON, postJSON, remember } from "./api.js";
import { h, fill, toast, label } from "./util.js";
import { t, tn, tx, translatePage, translator } from "./i18n.js";
import { sheetPanel, fitSheet, logPanel, legalPanel, seatName, botLevel, sideOf, sideLabel } from "./panels.js";
import { snapshot, animate } from "./kit/motion.js";
import { banner, keepBannersClear } from "./kit/banner.js";
import { notice, clearNotice, explainRefusals, explainDisabled, keepNoticeClear, whyNot } from "./kit/notice.js";
import * as generic from "./generic.js";
import { noteTable, noteResult } from "./history.js";
import { cue, cueFor, muteSwitch } from "./sound.js";
import { replayBar } from "./replay.js";
import { renderLesson } from "./kit/lesson.js";
import { aidSwitch, aidsOn } from "./aids.js";
import { addControl } from "./mine.js";
import { notifyControl } from "./notify.js";
import { attention } from "./attention.js";
import { turnLines, timeoutLine, settingText } from "./turns.js";

const PENDING_MS = 8000;
/** Errors about the page itself (its link, the table), not about a move: said in a toast, not beside a click. */
const PAGE_ERRORS = new Set(["bad_token", "not_found", "server_error", "full", "closed"]);
/** Beyond this many states waiting, holds are skipped to catch up (a tab woken from sleep). */
const CATCH_UP = 6;
const $ = (id) => document.getElementById(id);

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[parts.length - 1] || "");
const token = new URLSearchParams(location.search).get("token");
const pace = (() => {
  const v = Number.parseFloat(localStorage.getItem("parlour.pace") ?? "1");
  return Number.isFinite(v) && v >= 0 ? v : 1;
})();

/**
 * What a game's module may read and call (kit/README.md describes each): the last state message drawn, the
 * table's seats, per-table UI state, and the actions.
 */
const ctx = {
  table: null, seat: null, version: null, view: null, prev: null, fresh: [],
  deadline: null, deadlineAt: null, deadlineTotal: null, clock: null, over: null, at: null,
  pending: false, ui: {}, game: null, base: null, replay: false, rematch: null,
  play, rerender: render, name: (seat) => seatName(ctx, seat), banner,
  /** The player aids are drawn: allowed at this table, offered by the game, switched on by this player (aids.js). */
  get aids() {
    return !!ctx.view && aidsOn(ctx, layout);
  },
  get myTurn() {
    return !ctx.replay && ctx.seat != null && !!ctx.view && !ctx.view.over && (ctx.view.to_act || []).includes(ctx.seat);
  },
};

let layout = null; // the game's table module, once loaded
let loading = null;
const queue = [];
let holdUntil = 0;
let pumpTimer = null;

/** The move on its way: its text and the view it was made in (for a module's `retry`); the newest state received. */
let sent = null;
let newest = null;
/** Since when (this browser's clock, ms) each absent friend's seat has been empty: a bot may take it after a while. */
const awaySince = {};

function play(action) {
  if (!ctx.view) return;
  if (ctx.pending || ctx.replay) {
    notice(whyNot(ctx));
    return;
  }
  sent = { action, view: ctx.view, version: ctx.version };
  if (!conn.send({ type: "action", action, version: ctx.version })) {
    notice(t("Not connected — the move was not sent. Reconnecting…"), { kind: "error" });
    return;
  }
  clearNotice();
  ctx.pending = true;
  clearTimeout(ctx.pendingTimer);
  ctx.pendingTimer = setTimeout(() => { ctx.pending = false; render(); }, PENDING_MS);
  render();
}

/** Load the game's table module (and its stylesheets) once; generic.js when it has none. */
async function loadLayout(gameId) {
  let games = [];
  try {
    games = await getJSON("/api/games");
  } catch (err) {
    toast(t("Could not read the list of games — {error}", { error: err.message }));
  }
  const entry = games.find((g) => g.id === gameId) || { id: gameId };
  ctx.game = entry;
  ctx.words = await translator(`/games/${encodeURIComponent(gameId)}/`);
  if (!entry.table) return generic;
  ctx.base = `/games/${encodeURIComponent(gameId)}/`;
  try {
    const mod = await import(`${ctx.base}table.js`);
    await Promise.all((mod.styles || []).map((name) => new Promise((resolve) => {
      const link = h("link", { rel: "stylesheet", href: new URL(name, location.origin + ctx.base).href });
      link.onload = link.onerror = resolve;
      document.head.append(link);
    })));
    return mod;
  } catch (err) {
    console.error(err);
    toast(t("The table of {game} did not load ({error}); reload the page to try again.",
      { game: gameTitle(entry), error: err.message }));
    return entry.status === "complete" ? broken(entry) : generic;
  }
}

/** A game's name in the page's language (its catalogue has it once the game's words are loaded). */
function gameTitle(entry) {
  const title = entry.title || label(entry.id || "");
  return ctx.words ? ctx.words.t(title) : title;
}

/** What a complete game shows when its table failed to load: never the developer's fallback. */
function broken(entry) {
  return {
    board: () => h("div", { class: "panel" }, h("h2", {}, t("{game}: the table did not load", { game: gameTitle(entry) })),
      h("p", {}, t("Reload the page; if it happens again, the server's log says why."))),
    ownsLegal: true,
  };
}

/** The log entries of `view` that the previously drawn view did not have (all of them after a new deal). */
function freshEvents(prev, view) {
  const log = view.log || [];
  const old = (prev && prev.log) || [];
  if (!prev || !old.length) return prev ? log : [];
  const key = (e) => (e === undefined ? "" : JSON.stringify(e));
  const [last, before] = [key(old[old.length - 1]), key(old[old.length - 2])];
  for (let i = log.length - 1; i >= 0; i--) {
    if (key(log[i]) === last && key(log[i - 1]) === before) return log.slice(i + 1);
  }
  return log;
}

function applyState(msg) {
  const fresh = ctx.view == null;
  const before = { view: ctx.view, deadline: ctx.deadline, paused: !!(ctx.table && ctx.table.pause) };
  const deadlineAt = msg.deadline != null ? Date.now() + msg.deadline * 1000 : null;
  // A window's full length is the time left when it was first seen; it is kept while the same window stays open.
  const total = deadlineAt == null ? null
    : ctx.deadlineAt != null && Math.abs(deadlineAt - ctx.deadlineAt) < 1500 ? ctx.deadlineTotal : msg.deadline * 1000;
  ctx.prev = ctx.view;
  Object.assign(ctx, {
    version: msg.version, seat: msg.seat ?? null, view: msg.view, table: msg.table ?? ctx.table,
    deadline: msg.deadline ?? null, deadlineAt, deadlineTotal: total, clock: msg.clock ?? null, pending: false,
    at: msg.at ?? null,
  });
  // Between deals: when the pause runs out, on this browser's clock.
  const pause = msg.table && msg.table.pause;
  ctx.pauseUntil = pause ? (msg.received || Date.now()) + pause.left * 1000 : null;
  ctx.fresh = freshEvents(ctx.prev, ctx.view);
  noteAway(msg.table, msg.received);
  ctx.tableReceived = msg.received || Date.now();
  clearTimeout(ctx.pendingTimer);
  // The lobby's "my tables" lists the seats this browser has sat at, and their results.
  if (fresh && token && ctx.seat != null) {
    remember(token);
    noteTable({ table: tableId, game: msg.view.game, seat: ctx.seat, url: location.pathname + location.search });
    myTables.update(ctx.seat); // "Add to my tables": the personal link for every device (mine.js)
  }
  if (msg.view.over && token && ctx.seat != null) noteResult(tableId, ctx.seat, msg.view);
  if (fresh) seated();
  const sound = cueFor(ctx.seat, before, { view: ctx.view, deadline: ctx.deadline, paused: !!(ctx.table && ctx.table.pause) });
  if (sound && queue.length < CATCH_UP) cue(sound);
  if (calls && !fresh) {
    calls.state({ myTurn: false, over: !!before.view.over }, { myTurn: sound === "turn", over: !!ctx.view.over });
  }
  render();
  if (layout.headline && !document.hidden && queue.length < CATCH_UP) {
    for (const e of ctx.fresh) {
      const line = layout.headline(e, ctx);
      if (line) banner(line.text ?? line, { kind: line.kind || "info" });
    }
  }
}

/** Draw the queued states in order, each held as long as the module asks. */
async function pump() {
  clearTimeout(pumpTimer);
  if (!layout) {
    if (!loading && queue.length) {
      loading = loadLayout(queue[0].view.game).then((mod) => { layout = mod; pump(); });
    }
    return;
  }
  while (queue.length && !ctx.replay) {
    const wait = holdUntil - Date.now();
    if (wait > 0 && queue.length < CATCH_UP && !document.hidden) {
      pumpTimer = setTimeout(pump, wait);
      return;
    }
    applyState(queue.shift());
    const ms = layout.hold ? Number(layout.hold(ctx.view, ctx)) || 0 : 0;
    holdUntil = Date.now() + ms * pace;
  }
}

function render() {
  const view = ctx.view;
  if (!view || !layout) return;
  const lay = layout;
  const myTurn = ctx.myTurn;
  document.body.dataset.version = String(ctx.version);
  document.body.dataset.myTurn = String(myTurn && !ctx.pending);
  document.body.dataset.over = String(!!view.over);
  document.body.dataset.replay = String(ctx.replay);
  document.body.dataset.game = view.game;
  $("rules-link").href = `/rules/${encodeURIComponent(view.game)}`;
  document.body.classList.toggle("my-turn", myTurn);
  const title = (lay.title && lay.title(view, ctx)) || gameTitle(ctx.game || { id: view.game });
  $("title").textContent = title;
  const heading = `${myTurn ? "● " : ""}${title} — parlour`;
  if (calls) calls.title(heading);
  else document.title = heading;
  $("info").textContent = [lay.info ? lay.info(view, ctx) : "", ctx.seat == null ? t("spectating") : "",
    ...learnerSettings(ctx.table),
    ctx.words && !ctx.words.translated ? t("this game's words are not translated yet") : ""].filter(Boolean).join(" · ");
  aids.update(ctx, lay);
  const board = $("board");
  const before = snapshot(board);
  fill(board, lay.board(view, ctx));
  const own = idleWhy();
  explainDisabled(board, own || whyNot(ctx),
    own || !ctx.myTurn || ctx.pending ? null : t("You cannot play a card now: first make the move the table asks for."));
  animate(board, before);
  fill($("sheet"), lay.sheet ? lay.sheet(view, ctx) : sheetPanel(view, ctx));
  fitSheet($("sheet"));
  fill($("log"), logPanel(view, ctx, lay.describe));
  fill($("legal"), lay.ownsLegal ? null : legalPanel(view, ctx));
  renderClock();
  renderChat();
  renderBanner();
  renderSeatsBar();
  renderMovesBar();
  renderLesson($("lesson"), ctx, lay);
  keepNoticeClear();
  keepBannersClear();
  renderNextBar();
}

/**
 * The seat is known (the first state): its player may choose how she is notified at this table ("Notify me",
 * notify.js), and the page calls her back itself while it is hidden (attention.js). Spectators get neither.
 */
let calls = null;
function seated() {
  if (ctx.seat == null || !token || calls) return;
  calls = attention({ table: tableId, seat: ctx.seat, game: () => gameTitle(ctx.game || { id: ctx.view.game }),
    url: location.pathname + location.search });
  const control = notifyControl({ table: tableId, token, seat: ctx.seat, onchange: (s) => calls.events(s.events) });
  $("aids").before(control.button);
  document.querySelector(".topbar").after(control.panel);
  control.load();
  window.parlour.notify = control;
}

/** What every seat is told of the table's settings for learners (contract D): "Hints on", "Player aids on"; and
 * whether the match is rated (server/ratings.py). */
function learnerSettings(table) {
  // a phone's top bar has room for the game's own status only (its Aids switch says whether aids are on)
  if (!table || innerWidth < 700) return [];
  return [table.hints ? t("Hints on") : "", table.aids ? t("Player aids on") : "", table.rated ? t("Rated match") : ""];
}

/**
 * The module's own words for a disabled control on the table while the seat is to act (`why(view, ctx)`: "Bid
 * first: the cards are played after the auction"), or null: then the page's (whyNot) say it.
 */
function idleWhy() {
  return ctx.myTurn && !ctx.pending && layout && layout.why ? layout.why(ctx.view, ctx) || null : null;
}

/** Keep when each friend left, from a summary's `away` (seconds, as the server counted when it sent it). */
function noteAway(table, received) {
  for (const s of (table && table.seats) || []) {
    if (s.away != null) awaySince[s.seat] = (received || Date.now()) - s.away * 1000;
    else if (s.connected || s.bot) delete awaySince[s.seat];
  }
}

function send(message) {
  if (!conn.send(message)) notice(t("Not connected — nothing was sent. Reconnecting…"), { kind: "error" });
}

/**
 * A correspondence table's move clocks (turns.js): whose move since when, how many hours are left; and, for a
 * person whose days and vacation ran out, that a bot played for her meanwhile.
 */
function renderMovesBar() {
  const box = $("moves-bar");
  const table = ctx.table;
  if (!table || !table.correspondence || !ctx.view || ctx.view.over) {
    box.hidden = true;
    return;
  }
  const lines = turnLines(table, ctx.seat, (s) => seatName(ctx, s), ctx.tableReceived);
  const out = timeoutLine(table, ctx.seat);
  fill(box, h("span", { class: "setting muted" }, settingText(table.correspondence)),
    lines.map((l) => h("span", { class: `turn${l.mine ? " mine" : ""}`, dataset: { seat: String(l.seat) } }, l.text)),
    out ? h("span", { class: "timed-out" }, out) : null);
  box.hidden = false;
}

/**
 * The people missing from the table, for the seated players: before the clocks start, who is awaited and a
 * "Start now" button; a friend away for the table's `absent_seconds`, a button that lets a bot play for her
 * (she takes her seat back by opening her link again); the seats bots play meanwhile.
 */
function renderSeatsBar() {
  const box = $("seats-bar");
  const table = ctx.table;
  const view = ctx.view;
  if (!table || !view || view.over || ctx.seat == null) {
    box.hidden = true;
    box.dataset.key = "";
    return;
  }
  const seats = table.seats || [];
  const missing = seats.filter((s) => s.kind === "human" && !s.bot && !s.connected && s.seat !== ctx.seat);
  const lines = [];
  if (table.started === false && missing.length) {
    lines.push(["waiting", t("Waiting for {names}: the clocks start when everyone is here.",
      { names: missing.map((s) => seatName(ctx, s.seat)).join(", ") }), { start: t("Start now") }]);
  }
  const wait = (table.absent_seconds ?? 60) * 1000;
  for (const s of missing) {
    if (awaySince[s.seat] == null) continue;
    const name = seatName(ctx, s.seat);
    const left = Math.ceil((awaySince[s.seat] + wait - Date.now()) / 1000);
    lines.push(left > 0 ? ["away", t("{name} is away (a bot may play for {name} in {n} s).", { name, n: left }), null]
      : ["away", t("{name} has been away {n} s or more.", { name, n: Math.round(wait / 1000) }),
        { hand: s.seat, text: t("Let a bot play for {name}", { name }) }]);
  }
  for (const s of seats.filter((x) => x.bot)) {
    const name = s.name || t("Seat {n}", { n: s.seat });
    lines.push(["standin", t("A bot ({level}) plays for {name} until {name} opens the invitation link again.",
      { level: botLevel(ctx, s.bot), name }), null]);
  }
  const key = JSON.stringify(lines);
  box.hidden = !lines.length;
  box.toggleAttribute("data-now", !!lines.length);  // who is missing, and what to do about it: see it now
  if (box.dataset.key === key) return;  // unchanged: keep the buttons (a click may be on its way)
  box.dataset.key = key;
  fill(box, lines.map(([kind, text, button]) => h("div", { class: `line ${kind}` }, h("span", {}, text),
    button && button.start ? h("button", { type: "button", class: "primary", dataset: { act: "start" },
      onclick: () => send({ type: "start" }) }, button.start) : null,
    button && button.hand != null ? h("button", { type: "button", dataset: { act: "hand", seat: button.hand },
      onclick: () => send({ type: "hand", seat: button.hand }) }, button.text) : null)));
}

/**
 * Between deals (a table with a pause, server/pause.py): the deal's result, drawn by the game's table, stays on
 * screen; this bar says when the next deal starts and offers "Next round" to each person until she has said so. It
 * sits at the bottom of the window, so that its button is in view however long the result is.
 */
function renderNextBar() {
  let bar = $("next-bar");
  const table = ctx.table;
  const pause = table && table.pause;
  const on = !!pause && !!ctx.view && !ctx.view.over && !ctx.replay;
  document.body.dataset.paused = String(on);
  document.body.classList.toggle("paused", on);
  if (!on) {
    if (bar) bar.hidden = true;
    return;
  }
  if (!bar) {
    bar = h("div", { id: "next-bar", class: "next-bar", role: "status", "aria-live": "polite" });
    document.body.append(bar);
  }
  bar.hidden = false;
  const left = Math.max(0, Math.ceil(((ctx.pauseUntil ?? Date.now()) - Date.now()) / 1000));
  const ready = new Set(pause.ready || []);
  const people = (table.seats || []).filter((s) => s.kind === "human" && !s.bot && s.connected);
  const waiting = people.filter((s) => !ready.has(s.seat)).map((s) => seatName(ctx, s.seat));
  const mine = ctx.seat != null && people.some((s) => s.seat === ctx.seat) && !ready.has(ctx.seat);
  const label = (layout && layout.nextRound && layout.nextRound(ctx.view, ctx)) || t("Next round");
  const text = mine ? t("The game goes on when everyone is ready, or in {n} s.", { n: left })
    : waiting.length ? t("Waiting for {names}: the game goes on in {n} s at the latest.", { names: waiting.join(", "), n: left })
      : t("The game goes on in {n} s.", { n: left });
  const sent = ctx.nextSent === ctx.version;  // pressed: waiting for the server to say so
  const key = JSON.stringify([text, mine, label, sent]);
  if (bar.dataset.key === key) return;
  bar.dataset.key = key;
  fill(bar, h("span", { class: "next-text" }, text),
    mine ? h("button", { type: "button", class: "primary next-round", disabled: sent,
      onclick: () => { ctx.nextSent = ctx.version; send({ type: "next" }); renderNextBar(); } }, label) : null);
}

/** Chat as the game allows it: free text, or (Rengo during play) only the game's set messages, as buttons. */
function renderChat() {
  const view = ctx.view;
  const canned = view && view.chat && view.chat.mode === "canned" && !view.over ? view.chat.messages || [] : null;
  const form = $("chat-form");
  form.hidden = !!canned && ctx.seat != null;
  let box = $("chat-canned");
  if (!canned || ctx.seat == null) {
    if (box) box.remove();
    if (canned) form.hidden = true;  // spectators say nothing while partners may not talk
    return;
  }
  if (!box) {
    box = h("div", { id: "chat-canned", class: "chat-canned", role: "group", "aria-label": t("Messages you may send") });
    form.after(box);
  }
  if (box.dataset.messages === JSON.stringify(canned)) return;
  box.dataset.messages = JSON.stringify(canned);
  fill(box, h("p", { class: "hint" }, t("Partners may not discuss the game: only these messages until it ends.")),
    canned.map((text) => h("button", { type: "button", class: "canned", dataset: { text },
      onclick: () => { if (!conn.send({ type: "chat", text })) toast(t("Not connected — the message was not sent.")); } },
    ctx.words ? ctx.words.t(text) : text)));
}

function renderClock() {
  const box = $("clock");
  const parts = [];
  if (Array.isArray(ctx.clock)) {
    parts.push(ctx.clock.map((s, i) => t("{name} {seconds}s", { name: seatName(ctx, i), seconds: Math.round(s) })).join(" · "));
  }
  if (ctx.deadline != null && ctx.deadlineAt) {
    parts.push(t("window closes in {seconds}s", { seconds: Math.max(0, Math.ceil((ctx.deadlineAt - Date.now()) / 1000)) }));
  }
  box.hidden = !parts.length;
  box.textContent = parts.join(" · ");
}

/** The match's headline: the game's own words if its module says them (outcome), else who won. */
function headlineOf(view) {
  const told = layout && layout.outcome ? layout.outcome(view, ctx) : null;
  return (told && told.headline) || outcome(view);
}

function outcome(view) {
  const winners = view.winners || [];
  if (!winners.length) return t("Match over.");
  const sheet = view.sheet;
  const sides = [...new Set(winners.map((s) => sideOf(view, s)))];
  if (sheet && sheet.sides && sides.length === 1 && sides[0] >= 0) {
    const mine = sideOf(view, ctx.seat);
    const totals = sheet.totals || [];
    const score = totals.length === 2 ? `${totals[sides[0]]} – ${totals[1 - sides[0]]}` : "";
    if (mine >= 0) {
      if (mine === sides[0]) return score ? t("You win {score}.", { score }) : t("You win.");
      return score ? t("You lose {score}.", { score }) : t("You lose.");
    }
    const who = sideLabel(view, ctx, sides[0]);
    return score ? t("{who} wins {score}.", { who, score }) : t("{who} wins.", { who });
  }
  return tn("Winner: {names}.", "Winners: {names}.", winners.length,
    { names: winners.map((s) => seatName(ctx, s)).join(", ") });
}

function renderBanner() {
  const box = $("banner");
  const view = ctx.view;
  renderOverBar();
  if (!view || !view.over || ctx.bannerClosed) {
    box.hidden = true;
    return;
  }
  const o = ctx.over;
  // the game's own words for how it ended, if its module says them (kit/README.md: outcome); null: not yet
  const told = layout && layout.outcome ? layout.outcome(view, ctx) : {};
  if (told === null) {
    box.hidden = true;
    return;
  }
  const seedSays = told.seed === undefined ? t("Everything left to chance was fixed before play began. Revealed seed: {seed}")
    : told.seed;
  fill(box, h("div", { class: "banner-card", role: "dialog", "aria-label": t("Match over"), "data-now": "" },
    h("h2", {}, told.headline || outcome(view)),
    (told.details || []).length ? h("div", { class: "outcome" }, told.details.map((line) => h("p", {}, line))) : null,
    o ? h("div", { class: "reveal" },
      seedSays ? h("p", {}, seedSays.split("{seed}").flatMap((part, i) => (i ? [h("code", { class: "seed" }, String(o.seed)), part]
        : [part]))) : null,
      seedSays && o.salt != null ? h("p", { class: "hint" }, tx("salt {salt} · commitment {commitment}",
        { salt: h("code", {}, String(o.salt)), commitment: h("code", {}, String(o.commitment)) })) : null,
      o.record_url ? h("p", {}, h("a", { href: o.record_url, class: "button", target: "_blank", rel: "noopener" },
        t("Match record")), " ", Object.entries(o.record_formats || {}).map(([fmt, url]) => [h("a", {
        href: url, class: "button", download: "", dataset: { format: fmt } }, fmt.toUpperCase()), " "]),
        h("span", { class: "hint" }, t("check it with parlour verify"))) : null)
      : seedSays ? h("p", { class: "muted" }, t("Waiting for the seed to be revealed…")) : null,
    rematchOffer(),
    h("div", { class: "banner-actions" },
      ctx.seat != null && !offeredToMe() ? h("button", { type: "button", class: "primary rematch", onclick: offerRematch },
        t("Rematch")) : null,
      h("button", { type: "button", class: "replay-open", onclick: startReplay }, t("Replay")),
      h("a", { href: "/", class: "button primary" }, t("Back to the lobby")),
      h("button", { type: "button", onclick: () => { ctx.bannerClosed = true; renderBanner(); } }, t("Look at the table")))));
  box.hidden = false;
}

/**
 * The match is over and its dialog closed ("Look at the table"): a bar above the table keeps the way to the
 * result, the rematch, the replay and the record.
 */
function renderOverBar() {
  const bar = $("over-bar");
  const view = ctx.view;
  bar.hidden = !view || !view.over || !ctx.bannerClosed || ctx.replay;
  if (bar.hidden) return;
  const o = ctx.over;
  fill(bar, h("strong", { class: "over-text" }, headlineOf(view)),
    h("button", { type: "button", class: "show-result", onclick: () => { ctx.bannerClosed = false; renderBanner(); } },
      t("Show the result")),
    ctx.seat != null && !offeredToMe() ? h("button", { type: "button", class: "primary rematch", onclick: offerRematch },
      t("Rematch")) : null,
    h("button", { type: "button", class: "replay-open", onclick: startReplay }, t("Replay")),
    o && o.record_url ? h("a", { href: o.record_url, class: "button", target: "_blank", rel: "noopener" }, t("Match record"))
      : null);
}

/** Whether someone else offered a rematch that this page has not followed yet. */
function offeredToMe() {
  return !!ctx.rematch && ctx.rematch.by !== ctx.seat;
}

/** Someone's offer of a rematch: this seat's own link to the new table (a spectator's: to watch it). */
function rematchOffer() {
  if (!offeredToMe()) return null;
  const r = ctx.rematch;
  const who = r.by == null ? t("Someone") : seatName(ctx, r.by);
  return h("div", { class: "rematch-offer" },
    h("p", {}, ctx.seat == null ? t("{who} started a rematch.", { who }) : t("{who} offers a rematch.", { who })),
    h("button", { type: "button", class: "primary accept-rematch", onclick: () => follow(r.url) },
      ctx.seat == null ? t("Watch the rematch") : t("Accept the rematch")));
}

/** Go to the rematch, remembering the new seat in this browser. */
function follow(url) {
  const next = new URL(url, location.origin);
  const seatToken = next.searchParams.get("token");
  if (seatToken) {
    remember(seatToken);
    noteTable({ table: next.pathname.split("/").pop(), game: ctx.view.game, seat: ctx.seat, url: next.pathname + next.search });
  }
  location.assign(next.href);
}

async function offerRematch(ev) {
  ev.target.disabled = true;
  try {
    const made = await postJSON(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { token });
    follow(made.invite_url);
  } catch (err) {
    ev.target.disabled = false;
    toast(t("Could not start a rematch — {error}", { error: err.message }));
  }
}

/** The replay of the finished match, in place of the live table until "Back to the table". */
let live = null;
function startReplay() {
  if (ctx.replay) return;
  live = { seat: ctx.seat, view: ctx.view, version: ctx.version, prev: ctx.prev, bannerClosed: ctx.bannerClosed };
  ctx.replay = true;
  ctx.bannerClosed = true;
  const seats = (ctx.table && ctx.table.players) || (ctx.table?.seats || []).length;
  const bar = replayBar({
    table: tableId, seats, seat: ctx.seat, name: (s) => seatName({ ...ctx, seat: live.seat }, s),
    show: (step) => {
      ctx.prev = ctx.view;
      Object.assign(ctx, { view: step.view, seat: step.seat, version: step.version, deadline: null, deadlineAt: null,
        clock: null });
      ctx.fresh = freshEvents(ctx.prev, ctx.view);
      render();
    },
    close: () => {
      bar.remove();
      Object.assign(ctx, live, { replay: false });
      ctx.fresh = [];
      delete document.body.dataset.replayVersion;
      render();
      pump();
    },
  });
  $("board").before(bar);
  render();
}

function addChat(msg) {
  const list = $("chat-list");
  const when = msg.t ? new Date(typeof msg.t === "number" ? msg.t * 1000 : msg.t) : new Date();
  const who = msg.name || seatName(ctx, msg.seat);
  if (calls) calls.chat(msg, who);
  list.append(h("li", { class: msg.seat === ctx.seat && ctx.seat != null ? "mine" : "" },
    h("span", { class: "who" }, who), " ", h("span", { class: "text" }, msg.text),
    h("time", { class: "hint" }, Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))));
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function onmessage(msg, raw) {
  switch (msg.type) {
    case "state":
      msg.received = Date.now();
      newest = msg;
      queue.push(msg);
      pump();
      break;
    case "error":
      ctx.pending = false;
      if (msg.template && ctx.words) msg.message = ctx.words.message(msg);  // a game's refusal, in the page's language
      if (msg.code === "stale" && resend()) break;
      if (msg.code === "retry" && retryLater()) break;
      render();
      if (PAGE_ERRORS.has(msg.code)) toast(msg.message || t("Error: {code}", { code: msg.code }));
      else notice(refusal(msg), { kind: "error" });
      break;
    case "chat":
      addChat(msg);
      break;
    case "presence":
      // Seats coming and going: patch the summary shown now and those of the states still queued.
      for (const table of [ctx.table, ...queue.map((m) => m.table)]) {
        (table?.seats || []).forEach((s, i) => { if (i < msg.seats.length) s.connected = msg.seats[i]; });
      }
      msg.seats.forEach((here, i) => {
        if (here) delete awaySince[i];
        else if (awaySince[i] == null) awaySince[i] = Date.now();
      });
      if (!queue.length) render();
      break;
    case "rematch":
      ctx.rematch = msg;
      if (offeredToMe() && !ctx.replay) ctx.bannerClosed = false;
      renderBanner();
      break;
    case "back":
      banner(tn("You have your seat back. A bot ({level}) played {n} move for you meanwhile.",
        "You have your seat back. A bot ({level}) played {n} moves for you meanwhile.", msg.moves,
        { level: botLevel(ctx, msg.level) }), { kind: "info", ms: 8000 });
      break;
    case "over": {
      // Seeds are 64-bit: read the digits from the text, since a JS number would round them.
      const digits = /"seed"\s*:\s*(-?\d+)/.exec(raw || "");
      ctx.over = digits ? { ...msg, seed: digits[1] } : msg;
      renderBanner();
      break;
    }
    default:
      break;
  }
}

/** A refusal from the server in words: the page says the ones it knows better than the server's plain text. */
function refusal(msg) {
  switch (msg.code) {
    case "stale": return t("The table moved on before your move arrived: look again and play.");
    case "not_your_turn": return whyNot({ ...ctx, pending: false });
    case "flood": return t("Too many clicks at once: wait a moment, then play again.");
    default: return msg.message || t("Error: {code}", { code: msg.code });
  }
}

/**
 * A move made against a state that has just changed (another seat acted first) is refused as stale. The module's
 * `retry(action, then, now, ctx)` may say it still means the same (`then` the view it was made in, `now` the
 * newest): it is sent again once, against the newest version. True when it was.
 */
function resend() {
  const last = sent;
  sent = null;
  if (!last || !newest || !layout || !layout.retry) return false;
  const again = layout.retry(last.action, last.view, newest.view, ctx);
  if (!again || !conn.send({ type: "action", action: again, version: newest.version })) return false;
  ctx.pending = true;
  render();
  return true;
}

/**
 * One of several servers refused the move as `retry`: the table is changing hands between them (nothing was
 * taken). Send the same move again in a moment, up to 20 times, unless a newer state came meanwhile.
 */
function retryLater() {
  const last = sent;
  if (!last || (last.tries = (last.tries || 0) + 1) > 20) return false;
  ctx.pending = true;
  setTimeout(() => {
    if (sent === last && newest && newest.version === last.version) {
      conn.send({ type: "action", action: last.action, version: last.version });
    }
  }, 500);
  return true;
}

function onstatus(status, info) {
  const b = $("conn");
  b.className = `conn ${status}`;
  document.body.dataset.conn = status;
  b.textContent = {
    connecting: t("connecting…"),
    open: t("connected"),
    waiting: t("reconnecting in {seconds}s", { seconds: info }),
    closed: t("disconnected"),
  }[status];
  b.title = status === "waiting" ? t("Click to reconnect now") : status === "closed" ? String(info || "") : "";
  if (status === "open") ctx.wasOpen = true;
}

translatePage();
explainRefusals(document);
const aids = aidSwitch(() => render());
$("conn").before(aids, muteSwitch());
const myTables = addControl(tableId, token);
$("side").append(myTables);
const conn = new Connection(`/ws/${encodeURIComponent(tableId)}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
  { onmessage, onstatus, patches: true });
$("conn").addEventListener("click", () => conn.retryNow());
$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (conn.send({ type: "chat", text: text.slice(0, 500) })) input.value = "";
  else toast(t("Not connected — the message was not sent."));
});
addEventListener("resize", () => fitSheet($("sheet")));
setInterval(() => {
  if (ctx.deadline != null) renderClock();
  renderSeatsBar();
  renderNextBar();
  if (ctx.table && ctx.table.correspondence) renderMovesBar();
}, 1000);
window.parlour = { ctx, conn, queue };
