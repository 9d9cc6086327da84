// Play now: the lobby's control (game, players, wait) and its waiting view (how many wait, the time left, Leave).
// Speaks POST /api/play, GET /api/play/{ticket} every second (which keeps the person in the queue: a page that
// stops asking leaves it) and DELETE /api/play/{ticket} (docs/protocol.md). Once seated, the page goes to the seat's
// link, remembered in this browser as a created or joined table is.

import { getJSON, postJSON, sendJSON, remember } from "./api.js";
import { h, fill, toast } from "./util.js";
import { t, tn, number } from "./i18n.js";
import { noteTable } from "./history.js";

const $ = (id) => document.getElementById(id);
/** Milliseconds between two asks after the ticket (the server forgets a ticket nobody asked after for 10 s). */
const ASK_EVERY = 1000;

let ticket = null; // the ticket waiting now: {ticket, game, players, left, ...}
let deadline = 0; // when bots take the seats left, on this page's clock
let timer = null;

/** Set up the control for `games` (GET /api/games), `titleOf(game)` its title, `counts(game)` its player counts. */
export function playNow(games, titleOf, counts) {
  const select = $("play-game");
  const playable = games.filter((g) => g.table);
  fill(select, playable.map((g) => h("option", { value: g.id }, titleOf(g))));
  const players = () => {
    const g = playable.find((x) => x.id === select.value);
    if (!g) return;
    const list = [...counts(g)].sort((a, b) => a - b);
    fill($("play-players"), list.map((n) => h("option", { value: n, selected: n === g.default_players },
      String(n))));
  };
  select.addEventListener("change", players);
  players();
  $("play-form").addEventListener("submit", (ev) => { ev.preventDefault(); ask(playable, titleOf); });
  $("play-leave").addEventListener("click", leave);
  // Leaving the page leaves the queue at once (else within ten seconds, when the asks stop).
  addEventListener("pagehide", () => {
    if (ticket) fetch(`/api/play/${encodeURIComponent(ticket.ticket)}`, { method: "DELETE", keepalive: true });
  });
}

async function ask(games, titleOf) {
  const button = $("play");
  button.disabled = true;
  try {
    const wait = $("play-wait").value.trim();
    const body = { game: $("play-game").value, players: Number($("play-players").value),
      wait: wait === "" ? 30 : Number(wait) };
    const got = await postJSON("/api/play", body);
    const g = games.find((x) => x.id === got.game) || { id: got.game };
    $("play-what").textContent = tn("Looking for people for {game}, {n} player",
      "Looking for people for {game}, {n} players", got.players, { game: titleOf(g) });
    show(got);
  } catch (err) {
    toast(t("Could not join the queue — {error}", { error: err.message }));
  } finally {
    button.disabled = false;
  }
}

/** Show where the ticket stands; go to the table once it is seated. */
function show(got) {
  if (got.state === "seated") {
    ticket = null;
    clearInterval(timer);
    remember(got.token);
    noteTable({ table: got.table, game: got.game, seat: got.seat, url: got.invite_url });
    location.assign(got.invite_url);
    return;
  }
  if (!ticket) {
    ticket = got;
    clearInterval(timer);
    timer = setInterval(poll, ASK_EVERY);
  }
  ticket = got;
  if (typeof got.left === "number") deadline = Date.now() + got.left * 1000;
  $("play-form").hidden = true;
  $("play-waiting").hidden = false;
  $("play-count").textContent = got.state === "forming" ? t("Seating you…")
    : tn("{n} person waiting", "{n} people waiting", got.waiting);
  tick();
}

/** The time left until bots take the seats left, counted on this page between two asks. */
function tick() {
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  $("play-left").textContent = left > 0 ? tn("bots take the seats left in {n} second",
    "bots take the seats left in {n} seconds", left, { n: number(left) }) : t("bots are taking the seats left…");
}

async function poll() {
  if (!ticket) return;
  const id = ticket.ticket;
  try {
    show(await getJSON(`/api/play/${encodeURIComponent(id)}`));
  } catch (err) {
    if (!ticket || ticket.ticket !== id) return;
    if (err.message.startsWith("404")) {
      stop();
      toast(t("You are no longer in the queue — {error}", { error: err.message }));
    } else {
      tick(); // a moment without the server: the next ask tries again
    }
  }
}

function stop() {
  ticket = null;
  clearInterval(timer);
  $("play-waiting").hidden = true;
  $("play-form").hidden = false;
}

async function leave() {
  if (!ticket) return;
  const id = ticket.ticket;
  try {
    await sendJSON("DELETE", `/api/play/${encodeURIComponent(id)}`);
    stop();
    toast(t("You left the queue."), "info");
  } catch (err) {
    // seated a moment ago (409): the next ask takes the person to her seat
    toast(t("Could not leave the queue — {error}", { error: err.message }));
    poll();
  }
}
