// The table page: one WebSocket to /ws/{table}?token=..., every `state` message redrawn from its `view`.
// A game with its own layout module (giacomotto.js) gets it; any other game gets generic.js.
// For tests and the curious, window.parlour holds {ctx, conn}.

import { Connection } from "./connection.js";
import { remember } from "./api.js";
import { h, fill, toast, label } from "./util.js";
import { sheetPanel, logPanel, legalPanel, seatName, sideOf, sideLabel } from "./panels.js";
import * as giacomotto from "./giacomotto.js";
import * as generic from "./generic.js";

const LAYOUTS = { giacomotto };
const PENDING_MS = 8000;
const $ = (id) => document.getElementById(id);

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[parts.length - 1] || "");
const token = new URLSearchParams(location.search).get("token");

/** Everything the layouts may read: the last state message, and `play(actionText)`. */
const ctx = {
  table: null, seat: null, version: null, view: null, deadline: null, clock: null, over: null,
  pending: false, ui: {}, play, rerender: render,
};

function play(action) {
  if (ctx.pending || !ctx.view) return;
  if (!conn.send({ type: "action", action, version: ctx.version })) {
    toast("Not connected — the move was not sent. Reconnecting…");
    return;
  }
  ctx.pending = true;
  clearTimeout(ctx.pendingTimer);
  ctx.pendingTimer = setTimeout(() => { ctx.pending = false; render(); }, PENDING_MS);
  render();
}

function layout() {
  return (ctx.view && LAYOUTS[ctx.view.game]) || generic;
}

function render() {
  const view = ctx.view;
  if (!view) return;
  const lay = layout();
  const myTurn = ctx.seat != null && (view.to_act || []).includes(ctx.seat);
  document.body.dataset.version = String(ctx.version);
  document.body.dataset.myTurn = String(myTurn && !ctx.pending);
  document.body.dataset.over = String(!!view.over);
  document.body.classList.toggle("my-turn", myTurn);
  const title = (lay.title && lay.title(view)) || label(view.game);
  $("title").textContent = title;
  document.title = `${myTurn ? "● " : ""}${title} — parlour`;
  $("info").textContent = [lay.info ? lay.info(view, ctx) : "", ctx.seat == null ? "spectating" : `seat ${ctx.seat}`]
    .filter(Boolean).join(" · ");
  fill($("board"), lay.board(view, ctx));
  fill($("sheet"), sheetPanel(view, ctx));
  fill($("log"), logPanel(view, ctx, lay.describe));
  fill($("legal"), lay.ownsLegal ? null : legalPanel(view, ctx));
  renderClock();
  renderBanner();
}

function renderClock() {
  const box = $("clock");
  const parts = [];
  if (Array.isArray(ctx.clock)) parts.push(ctx.clock.map((s, i) => `${seatName(ctx, i)} ${Math.round(s)}s`).join(" · "));
  if (ctx.deadline != null && ctx.deadlineAt) {
    parts.push(`window closes in ${Math.max(0, Math.ceil((ctx.deadlineAt - Date.now()) / 1000))}s`);
  }
  box.hidden = !parts.length;
  box.textContent = parts.join(" · ");
}

function outcome(view) {
  const winners = view.winners || [];
  if (!winners.length) return "Match over.";
  const sheet = view.sheet;
  const sides = [...new Set(winners.map((s) => sideOf(view, s)))];
  if (sheet && sheet.sides && sides.length === 1 && sides[0] >= 0) {
    const mine = sideOf(view, ctx.seat);
    const totals = sheet.totals || [];
    const score = totals.length === 2 ? ` ${totals[sides[0]]} – ${totals[1 - sides[0]]}` : "";
    if (mine >= 0) return `${mine === sides[0] ? "You win" : "You lose"}${score}.`;
    const single = (view.sides[sides[0]] || []).length === 1;
    return `${sideLabel(view, ctx, sides[0])} win${single ? "s" : ""}${score}.`;
  }
  return `Winner${winners.length > 1 ? "s" : ""}: ${winners.map((s) => seatName(ctx, s)).join(", ")}.`;
}

function renderBanner() {
  const box = $("banner");
  const view = ctx.view;
  if (!view || !view.over || ctx.bannerClosed) {
    box.hidden = true;
    return;
  }
  const o = ctx.over;
  fill(box, h("div", { class: "banner-card", role: "dialog", "aria-label": "Match over" },
    h("h2", {}, outcome(view)),
    o ? h("div", { class: "reveal" },
      h("p", {}, "The shuffle was fixed before the first deal. Revealed seed: ", h("code", { class: "seed" }, String(o.seed))),
      o.salt != null ? h("p", { class: "hint" }, "salt ", h("code", {}, String(o.salt)), " · commitment ",
        h("code", {}, String(o.commitment))) : null,
      o.record_url ? h("p", {}, h("a", { href: o.record_url, class: "button", target: "_blank", rel: "noopener" },
        "Match record"), " ", h("span", { class: "hint" }, "check it with parlour verify")) : null)
      : h("p", { class: "muted" }, "Waiting for the seed to be revealed…"),
    h("div", { class: "banner-actions" },
      h("a", { href: "/", class: "button primary" }, "Back to the lobby"),
      h("button", { type: "button", onclick: () => { ctx.bannerClosed = true; renderBanner(); } }, "Look at the table"))));
  box.hidden = false;
}

function addChat(msg) {
  const list = $("chat-list");
  const when = msg.t ? new Date(typeof msg.t === "number" ? msg.t * 1000 : msg.t) : new Date();
  const who = msg.name || seatName(ctx, msg.seat);
  list.append(h("li", { class: msg.seat === ctx.seat && ctx.seat != null ? "mine" : "" },
    h("span", { class: "who" }, who), " ", h("span", { class: "text" }, msg.text),
    h("time", { class: "hint" }, Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }))));
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function onmessage(msg, raw) {
  switch (msg.type) {
    case "state": {
      const fresh = ctx.view == null;
      Object.assign(ctx, {
        version: msg.version, seat: msg.seat ?? null, view: msg.view, table: msg.table ?? ctx.table,
        deadline: msg.deadline ?? null, clock: msg.clock ?? null, pending: false,
        deadlineAt: msg.deadline != null ? Date.now() + msg.deadline * 1000 : null,
      });
      clearTimeout(ctx.pendingTimer);
      // The lobby's "my tables" lists the seats this browser has sat at.
      if (fresh && token && ctx.seat != null) remember(token);
      render();
      break;
    }
    case "error":
      ctx.pending = false;
      toast(msg.message || `Error: ${msg.code}`);
      render();
      break;
    case "chat":
      addChat(msg);
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

function onstatus(status, info) {
  const b = $("conn");
  b.className = `conn ${status}`;
  document.body.dataset.conn = status;
  b.textContent = {
    connecting: "connecting…",
    open: "connected",
    waiting: `reconnecting in ${info}s`,
    closed: "disconnected",
  }[status];
  b.title = status === "waiting" ? "Click to reconnect now" : status === "closed" ? String(info || "") : "";
  if (status === "open") ctx.wasOpen = true;
}

const conn = new Connection(`/ws/${encodeURIComponent(tableId)}${token ? `?token=${encodeURIComponent(token)}` : ""}`,
  { onmessage, onstatus });
$("conn").addEventListener("click", () => conn.retryNow());
$("chat-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  if (conn.send({ type: "chat", text: text.slice(0, 500) })) input.value = "";
  else toast("Not connected — the message was not sent.");
});
setInterval(() => { if (ctx.deadline != null) renderClock(); }, 1000);
window.parlour = { ctx, conn };
