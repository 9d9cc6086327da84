// The page's player aids switch (issue 25): shown at a table that allows aids (the table setting `aids`, contract
// D) to a seated player of a game whose table draws aids (`export const playerAids = true`); each player switches
// them on for herself, remembered per game in localStorage["parlour.aids.<game>"]. The aids themselves come in
// the seat's own view (`view.aids`); the game's table draws them while `ctx.aids` is true (kit/aids.js).

import { h } from "./util.js";
import { t } from "./i18n.js";

const key = (game) => `parlour.aids.${game}`;

/** Whether this browser's player wants the aids of `game` (off until she switches them on). */
export function aidsWanted(game) {
  try {
    return localStorage.getItem(key(game)) === "on";
  } catch {
    return false;
  }
}

function setWanted(game, on) {
  try {
    localStorage.setItem(key(game), on ? "on" : "off");
  } catch {
    // storage refused (a private window): the switch still works for this page
  }
}

/** Whether the aids are on for this page: allowed at the table, offered by the game, wanted by the player. */
export function aidsOn(ctx, layout) {
  return aidsAllowed(ctx, layout) && (ctx.ui.aidsWanted ?? aidsWanted(ctx.view.game));
}

/** Whether the switch is offered at all. */
export function aidsAllowed(ctx, layout) {
  return !!(ctx.table && ctx.table.aids && ctx.seat != null && !ctx.replay && ctx.view && layout && layout.playerAids);
}

/** The switch: a button with aria-pressed; `redraw()` after a press. `update(ctx, layout)` shows or hides it. */
export function aidSwitch(redraw) {
  const button = h("button", { type: "button", id: "aids", class: "aids-switch quiet", hidden: true });
  let game = null;
  let on = false;
  button.update = (ctx, layout) => {
    const allowed = aidsAllowed(ctx, layout);
    button.hidden = !allowed;
    if (!allowed) return;
    game = ctx.view.game;
    on = aidsOn(ctx, layout);
    button.ctx = ctx;
    button.setAttribute("aria-pressed", String(on));
    button.textContent = t("Aids");
    button.title = on ? t("Player aids on: click to hide them") : t("Player aids off: click to show them");
    button.setAttribute("aria-label", button.title);
  };
  button.addEventListener("click", () => {
    if (!game) return;
    setWanted(game, !on);
    button.ctx.ui.aidsWanted = !on;
    redraw();
  });
  return button;
}
