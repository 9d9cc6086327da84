// Why a click did nothing, said at once in words, where the player is looking (a phone has no hover).
// Anything a player might click that is not playable now carries `data-why="the reason"`; a click or tap on it
// shows that reason in the page's one notice (`#notice`, role=status) beside what was clicked, over none of her
// cards or buttons, until her next move or a few seconds later. The server's refusals are shown there too.
// The kit's parts set `data-why` themselves (a card that does not follow suit, an occupied point); the table page
// gives every other disabled button on the table the reason nothing may be done now (explainDisabled).
// Example:
//   h("button", { type: "button", "data-why": t("Pick three cards first") }, t("Lay away"))
//   notice(t("The table moved on before your move arrived."), { kind: "error" })

import { h } from "../util.js";
import { t, N_ } from "../i18n.js";
import { seatName } from "../panels.js";
import { placeAside, covers } from "./place.js";

const SHOW_MS = 5000;

// Reasons every board game may give for a refused point (the core's words, so no game repeats them):
N_("This point is taken."); N_("This piece has no move now."); N_("That piece is not yours.");
N_("Your piece cannot take that one."); N_("Your piece cannot go there."); N_("Pick one of your pieces first.");
let timer = null;
let anchor = null;
let touched = null;

function box() {
  let el = document.getElementById("notice");
  if (!el) {
    el = h("div", { id: "notice", class: "notice", role: "status", "aria-live": "polite" });
    document.body.append(el);
  }
  return el;
}

/** A plain copy of a DOMRect (the element it measured may be gone by the next draw). */
function copy(r) {
  return r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height } : null;
}

/**
 * Say `text` now in the notice, beside `near` (a DOMRect: what was clicked; default the last thing clicked);
 * kind "why" (a refusal the page knew) or "error" (one the server sent). It stays `ms`, or until clearNotice().
 */
export function notice(text, { near = undefined, kind = "why", ms = SHOW_MS } = {}) {
  const el = box();
  el.textContent = String(text);
  el.className = `notice ${kind}`;
  void el.offsetWidth;  // restart the pop: the same reason said twice is seen to be said again
  el.classList.add("pop");
  anchor = copy(near === undefined ? touched : near);
  placeAside(el, { near: anchor });
  clearTimeout(timer);
  timer = setTimeout(clearNotice, ms);
  return el;
}

/** Empty the notice (the player acted: what it said is old news). */
export function clearNotice() {
  clearTimeout(timer);
  const el = document.getElementById("notice");
  if (el && el.textContent) {
    el.textContent = "";
    el.className = "notice";
  }
}

/** After a redraw: move the notice if the table now has something it must not cover under it. */
export function keepNoticeClear() {
  const el = document.getElementById("notice");
  if (el && el.textContent && covers(el)) placeAside(el, { near: anchor });
}

/** Where the player clicked last (a DOMRect copy), for a refusal that comes back from the server. */
export function lastTouched() {
  return touched;
}

function onClick(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target) return;
  const spot = target.closest("[data-why], button, a, [role=button], .kit-hit") || target;
  touched = copy(spot.getBoundingClientRect());
  const refused = target.closest("[data-why]");
  if (!refused) return;
  // refused: nothing else happens (a game's own handler on a disabled-looking button must not run)
  ev.preventDefault();
  ev.stopPropagation();
  notice(refused.getAttribute("data-why") || t("Not possible now."), { near: refused.getBoundingClientRect() });
}

/** Listen once on the page: a click on anything with data-why says its reason instead of doing anything. */
export function explainRefusals(root = document) {
  root.removeEventListener("click", onClick, true);
  root.addEventListener("click", onClick, true);
}

/**
 * Every disabled button inside `root` becomes one that, clicked, says why (its own `data-why`, else `why`; a card
 * of a hand, `cardWhy` if given): a disabled button swallows clicks silently, which to a player looks like a broken
 * table. A board's refused points without a reason of their own (`.kit-miss`) get `why` too.
 */
export function explainDisabled(root, why, cardWhy = null) {
  for (const b of root.querySelectorAll("button:disabled")) {
    b.disabled = false;
    b.classList.add("kit-refused");
    if (!b.getAttribute("data-why")) b.setAttribute("data-why", (cardWhy && b.matches(".kit-hand .kit-card")) ? cardWhy : why);
  }
  for (const p of root.querySelectorAll(".kit-miss:not([data-why])")) p.setAttribute("data-why", why);
}

/** Why this page may do nothing now: a replay, the match over, a spectator, a move on its way, another's turn. */
export function whyNot(ctx) {
  const view = ctx.view || {};
  const toAct = view.to_act || [];
  if (ctx.replay) return t("This is a replay: nothing is played here.");
  if (view.over) return t("The match is over.");
  if (ctx.seat == null) return t("You are watching: only the players play.");
  if (ctx.pending) return t("Your move is on its way.");
  if (!toAct.includes(ctx.seat)) {
    return toAct.length ? t("Not your turn: waiting for {names}.", { names: toAct.map((s) => seatName(ctx, s)).join(", ") })
      : t("Not now: wait until play goes on.");
  }
  return t("Not one of your moves now.");
}
