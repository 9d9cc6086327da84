// Sound cues at the table, made with WebAudio (no audio files): "turn" when it becomes your turn, "snap" when a
// timed window opens that you may act in (a Kaboo snap, Spoons' grab). Muted by the page's switch, remembered in
// localStorage. Headless browsers have no speakers: window.parlourSound counts the cues played (tests read it).
// Example:
//   import { cue, muteSwitch } from "./sound.js";
//   cue("turn");                 // a soft two-note chime, unless muted
//   bar.append(muteSwitch());

import { h } from "./util.js";
import { t } from "./i18n.js";

const KEY = "parlour.muted";
/** Per cue: notes as [frequency in Hz, start in s, length in s]. */
const CUES = {
  turn: [[660, 0, 0.14], [880, 0.12, 0.2]],
  snap: [[1320, 0, 0.06], [1320, 0.09, 0.06], [1760, 0.18, 0.1]],
};

const state = { played: { turn: 0, snap: 0 }, muted: readMuted() };
window.parlourSound = state;
let audio = null;

function readMuted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** Whether the cues are muted in this browser. */
export function muted() {
  return state.muted;
}

/** Mute or unmute the cues, remembered for every page. */
export function setMuted(value) {
  state.muted = !!value;
  try {
    localStorage.setItem(KEY, state.muted ? "1" : "0");
  } catch { /* the switch still works on this page */ }
}

/** Play cue `name` ("turn" or "snap") unless muted; true when it was played. */
export function cue(name) {
  const notes = CUES[name];
  if (!notes || state.muted) return false;
  state.played[name] += 1;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const now = audio.currentTime;
    for (const [freq, start, length] of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.2, now + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch { /* no audio here: the cue is counted, nothing is heard */ }
  return true;
}

const SVG = "http://www.w3.org/2000/svg";

/** A loudspeaker, with waves when the sound is on and a cross when it is off (drawn: no emoji font needed). */
function icon(off) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true",
    class: "sound-icon" })) svg.setAttribute(k, String(v));
  const paths = ["M4 9h4l5-4v14l-5-4H4z", off ? "M16 9l5 6M21 9l-5 6" : "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"];
  paths.forEach((d, i) => {
    const p = document.createElementNS(SVG, "path");
    for (const [k, v] of Object.entries({ d, fill: i === 0 ? "currentColor" : "none", stroke: "currentColor",
      "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" })) p.setAttribute(k, String(v));
    svg.append(p);
  });
  return svg;
}

/** The switch for the top bar: a button that mutes and unmutes, showing which it is. */
export function muteSwitch() {
  const button = h("button", { type: "button", id: "sound", class: "sound-switch quiet" });
  const show = () => {
    button.setAttribute("aria-pressed", String(state.muted));
    button.replaceChildren(icon(state.muted));
    button.title = state.muted ? t("Sound off: click to hear your turn and snap windows") : t("Sound on: click to mute");
    button.setAttribute("aria-label", button.title);
  };
  button.addEventListener("click", () => { setMuted(!state.muted); show(); });
  show();
  return button;
}

/**
 * The cue a new state calls for, if any: "turn" when `seat`'s turn begins, "snap" when a timed window opens that
 * `seat` may act in. `before`/`after`: {view, deadline, paused}; a spectator (seat null) hears nothing, and nobody
 * acts while the table pauses between deals.
 * A game that names whose turn it is (`view.turn`, a seat) has it begin when that becomes this seat, even if the
 * seat could act a moment before: in Kaboo the card thrown at the end of the last turn opens a snap window to
 * every seat just as the next turn begins. Other games: when the seat comes to act at all.
 */
export function cueFor(seat, before, after) {
  if (seat == null || !after.view || after.view.over) return null;
  const acts = (s) => !!(s && s.view && !s.view.over && !s.paused && (s.view.to_act || []).includes(seat));
  const windowOpen = (s) => !!s && s.deadline != null && acts(s);
  const named = (s) => !!(s && s.view && Number.isInteger(s.view.turn));
  const mine = (s) => acts(s) && named(s) && s.view.turn === seat;
  if (mine(after) && !mine(before)) return "turn";
  if (windowOpen(after) && !windowOpen(before)) return "snap";
  if (acts(after) && !acts(before) && (!named(after) || after.view.turn === seat)) return "turn";
  return null;
}
