// A finished match's replay on its table page: step by step (first, back, forward, last, a slider) from any seat's
// point of view, each view asked of the server (GET /api/tables/{id}/replay?seat=S&version=V), which answers only
// once the match is over. The game's own table module draws each view, as it drew the live ones.
// Example:
//   const bar = replayBar({ table: "abc", seats: 4, seat: 0, name: (s) => ..., show: (step) => ..., close });

import { getJSON } from "./api.js";
import { h, toast } from "./util.js";
import { t } from "./i18n.js";

/**
 * The replay's control bar. `show(step)` draws a step (the server's answer: {version, versions, seat, view, action});
 * `close()` goes back to the live table. `seat`: whose eyes to start with (null: a spectator's).
 */
export function replayBar({ table, seats, seat, name, show, close }) {
  let at = { seat, version: 0, versions: 0 };
  let asked = 0;
  const status = h("span", { class: "replay-step", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, step: 1, class: "replay-slider",
    "aria-label": t("Replay step") });
  const who = h("select", { class: "replay-seat", "aria-label": t("Point of view") },
    Array.from({ length: seats }, (_, s) => h("option", { value: String(s), selected: s === seat },
      s === seat ? t("As you saw it") : t("As {name} saw it", { name: name(s) }))),
    h("option", { value: "", selected: seat == null }, t("As a spectator saw it")));
  const button = (cls, label, text, to) => h("button", { type: "button", class: `replay-${cls}`, title: label,
    "aria-label": label, onclick: () => go(to()) }, text);
  const first = button("first", t("First step"), "⏮", () => 0);
  const back = button("back", t("Step back"), "◀", () => at.version - 1);
  const forward = button("forward", t("Step forward"), "▶", () => at.version + 1);
  const last = button("last", t("Last step"), "⏭", () => at.versions);

  async function go(version, viewer = at.seat) {
    const n = ++asked;
    const params = new URLSearchParams();
    if (viewer != null) params.set("seat", String(viewer));
    if (version != null) params.set("version", String(Math.max(0, Math.min(version, at.versions || version))));
    let step;
    try {
      step = await getJSON(`/api/tables/${encodeURIComponent(table)}/replay?${params}`);
    } catch (err) {
      toast(t("Could not load the replay — {error}", { error: err.message }));
      return;
    }
    if (n !== asked) return; // a later step was asked for meanwhile
    at = step;
    slider.max = String(step.versions);
    slider.value = String(step.version);
    first.disabled = back.disabled = step.version === 0;
    forward.disabled = last.disabled = step.version === step.versions;
    status.textContent = t("Step {n} of {total}", { n: step.version, total: step.versions });
    document.body.dataset.replayVersion = String(step.version);
    document.body.dataset.replayVersions = String(step.versions);
    show(step);
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  who.addEventListener("change", () => go(at.version, who.value === "" ? null : Number(who.value)));
  const bar = h("div", { id: "replay", class: "replay-bar panel", role: "group", "aria-label": t("Replay") },
    h("strong", {}, t("Replay")), first, back, slider, forward, last, status, who,
    h("button", { type: "button", class: "replay-close", onclick: close }, t("Back to the table")));
  go(0);
  return bar;
}
