// "Notify me" at a table (issue 26): a seated player chooses, for this table, how she hears that it is her move, that
// someone wrote to her in the chat, or that the match is over, while the page is closed: Web Push on this device
// (the service worker /sw.js shows it), e-mail (only when the server can send it), and which of those events.
// The server keeps the choice per seat (docs/protocol.md, the notifications API):
//   GET    /api/tables/{id}/notifications?token=SEAT        → {events, push: devices, email: "a***@x" | null, smtp}
//   PUT    /api/tables/{id}/notifications?token=SEAT        {events?, push?: PushSubscription.toJSON(), email?, lang}
//   DELETE /api/tables/{id}/notifications/push?token=SEAT&endpoint=URL    (this device's subscription)
//   GET    /api/push/key                                    → {key}: the server's VAPID public key, base64url
// One browser has one push subscription for the whole site; which tables use it on this device is kept in
// localStorage["parlour.push.<table>.<seat>"] (its endpoint), so that stopping one table leaves the others on.
// Every refusal is said in the panel at once, in words (a blocked permission says where to allow it).
// Example:
//   const control = notifyControl({ table: "abc", token, seat: 0, onchange: (s) => attention.events(s.events) });
//   bar.append(control.button); topbar.after(control.panel);

import { h, fill } from "./util.js";
import { getJSON, sendJSON } from "./api.js";
import { t, tn, lang } from "./i18n.js";

/** The events a person may choose, in the order shown, with their words. */
export const EVENTS = ["move", "chat", "end"];
const EVENT_WORDS = {
  move: () => t("When it is my move"), chat: () => t("When someone writes to me in the chat"),
  end: () => t("When the match ends"),
};
const PREFIX = "parlour.push.";

/** base64url (the VAPID key as the server gives it) → the bytes PushManager.subscribe takes. */
export function keyBytes(text) {
  const b64 = String(text).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameBytes(a, b) {
  if (!a || !b) return false;
  const x = new Uint8Array(a), y = new Uint8Array(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function store(key, value) {
  try {
    if (value == null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* storage refused: this page still knows */ }
}
/** Whether another table of this browser still sends to `endpoint`. */
function usedElsewhere(endpoint, mine) {
  try {
    return Object.keys(localStorage).some((k) => k.startsWith(PREFIX) && k !== mine && localStorage.getItem(k) === endpoint);
  } catch {
    return true;  // cannot tell: keep the browser's subscription
  }
}

/** Why this browser cannot take Web Push here, in words; null when it can. */
export function pushUnavailable() {
  if (!window.isSecureContext) {
    return t("Push notifications need this site on https:// (or on this computer): the browser refuses them on a plain http:// address.");
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return t("This browser cannot show notifications while the page is closed.");
  }
  return null;
}

/** The words for a refused or dismissed notification permission. */
export function permissionWords(permission) {
  if (permission === "denied") {
    return t("Notifications are blocked for this site in your browser. Allow them in the site's settings (the icon left of the address), then press again.");
  }
  return t("Notifications were not allowed: press again and choose Allow.");
}

const SVG = "http://www.w3.org/2000/svg";
function bell() {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: 18, height: 18, "aria-hidden": "true", class: "notify-icon" })) {
    svg.setAttribute(k, String(v));
  }
  for (const d of ["M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z", "M10 20a2 2 0 0 0 4 0"]) {
    const p = document.createElementNS(SVG, "path");
    for (const [k, v] of Object.entries({ d, fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round",
      "stroke-linecap": "round" })) p.setAttribute(k, String(v));
    svg.append(p);
  }
  return svg;
}

/**
 * The control: `button` for the top bar (opens and closes `panel`), `panel` to put below the bar, `state` the
 * server's last answer (null until read), `load()` reads it. `onchange(state)` hears each answer.
 */
export function notifyControl({ table, token, seat, onchange = () => {} }) {
  const base = `/api/tables/${encodeURIComponent(table)}/notifications`;
  const auth = `token=${encodeURIComponent(token)}`;
  const mine = `${PREFIX}${table}.${seat}`;
  const panelId = "notify-panel";
  const button = h("button", { type: "button", id: "notify", class: "notify-switch quiet", "aria-expanded": "false",
    "aria-controls": panelId, "aria-label": t("Notify me") }, bell(), h("span", { class: "notify-label" }, t("Notify me")));
  const said = h("p", { class: "notify-said", role: "status", "aria-live": "polite" });
  const body = h("div", { class: "notify-body" });
  const panel = h("section", { id: panelId, class: "notify-panel", role: "region", "aria-label": t("Notifications"), hidden: true },
    h("div", { class: "notify-head" }, h("h2", {}, t("Notify me at this table")),
      h("button", { type: "button", class: "notify-close", onclick: () => show(false) }, t("Close"))),
    h("p", { class: "hint" }, t("Only that it is your move, at which table, with your link: never a card or a position.")),
    body, said);
  const control = { button, panel, state: null, load, deviceOn: false, busy: false };

  function say(text, kind = "info") {
    said.textContent = text || "";
    said.className = `notify-said ${kind}`;
    said.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  function show(on) {
    panel.hidden = !on;
    button.setAttribute("aria-expanded", String(on));
    if (on && !control.state) load();
    if (!on) button.focus();
  }
  button.addEventListener("click", () => show(panel.hidden));
  panel.addEventListener("keydown", (ev) => { if (ev.key === "Escape") show(false); });

  async function subscription() {
    if (pushUnavailable()) return null;
    const reg = await navigator.serviceWorker.getRegistration("/");
    return reg ? reg.pushManager.getSubscription() : null;
  }

  async function load() {
    try {
      const [state, sub] = await Promise.all([getJSON(`${base}?${auth}`), subscription().catch(() => null)]);
      control.deviceOn = !!sub && stored(mine) === sub.endpoint;
      answered(state);
    } catch (err) {
      say(t("Could not read this table's notifications — {error}", { error: err.message }), "error");
      draw();
    }
  }

  function answered(state) {
    control.state = state;
    draw();
    onchange(state);
  }

  /** A change of the seat's choices, with the page's language: what the server's notifications say it in. */
  async function put(change) {
    return sendJSON("PUT", `${base}?${auth}`, { ...change, lang });
  }

  async function busy(work) {
    if (control.busy) return;
    control.busy = true;
    draw();
    try {
      await work();
    } finally {
      control.busy = false;
      draw();
    }
  }

  async function pushOn() {
    const why = pushUnavailable();
    if (why) return say(why, "error");
    say(t("Asking the browser…"));
    let permission = Notification.permission;
    if (permission !== "granted") {
      try {
        permission = await Notification.requestPermission();
      } catch {
        permission = Notification.permission;
      }
    }
    if (permission !== "granted") return say(permissionWords(permission), "error");
    let key;
    try {
      key = keyBytes((await getJSON("/api/push/key")).key);
    } catch (err) {
      return say(t("This server does not send push notifications — {error}", { error: err.message }), "error");
    }
    let sub;
    try {
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      sub = await reg.pushManager.getSubscription();
      if (sub && !sameBytes(sub.options && sub.options.applicationServerKey, key)) {
        await sub.unsubscribe();  // made for another key (the server's changed): a new one
        sub = null;
      }
      sub = sub || await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (err) {
      return say(t("The browser refused to subscribe to push notifications — {error}", { error: err.message || err.name }), "error");
    }
    try {
      const state = await put({ push: sub.toJSON() });
      store(mine, sub.endpoint);
      control.deviceOn = true;
      answered(state);
      say(t("This device will be notified."));
    } catch (err) {
      say(t("The server did not take this device — {error}", { error: err.message }), "error");
    }
  }

  async function pushOff() {
    const sub = await subscription().catch(() => null);
    const endpoint = stored(mine) || (sub && sub.endpoint);
    if (!endpoint) {
      control.deviceOn = false;
      return say(t("This device was not notified."));
    }
    try {
      await sendJSON("DELETE", `${base}/push?${auth}&endpoint=${encodeURIComponent(endpoint)}`);
    } catch (err) {
      return say(t("Could not stop the notifications on this device — {error}", { error: err.message }), "error");
    }
    store(mine, null);
    control.deviceOn = false;
    if (sub && sub.endpoint === endpoint && !usedElsewhere(endpoint, mine)) await sub.unsubscribe().catch(() => {});
    say(t("This device will not be notified any more."));
    await load();
  }

  async function setEvent(kind, on) {
    const now = new Set((control.state && control.state.events) || []);
    if (on) now.add(kind); else now.delete(kind);
    try {
      answered(await put({ events: EVENTS.filter((e) => now.has(e)) }));
      say(t("Saved."));
    } catch (err) {
      say(t("Could not save your choice — {error}", { error: err.message }), "error");
      draw();  // the box shows what the server keeps
    }
  }

  async function setEmail(address) {
    try {
      answered(await put({ email: address }));
      say(address ? t("E-mail notifications go to {address}.", { address }) : t("No more e-mail from this table."));
    } catch (err) {
      say(t("The server did not take this address — {error}", { error: err.message }), "error");
    }
  }

  function draw() {
    const s = control.state;
    if (!s) {
      fill(body, h("button", { type: "button", class: "notify-retry", onclick: () => busy(load) }, t("Try again")));
      return;
    }
    const events = new Set(s.events || []);
    const boxes = h("fieldset", { class: "notify-events" }, h("legend", {}, t("Tell me")),
      EVENTS.map((kind) => h("label", { class: "notify-event" },
        h("input", { type: "checkbox", name: "event", value: kind, checked: events.has(kind), disabled: control.busy,
          onchange: (ev) => busy(() => setEvent(kind, ev.target.checked)) }), " ", EVENT_WORDS[kind]())));
    const others = Math.max(0, (s.push || 0) - (control.deviceOn ? 1 : 0));
    const unavailable = pushUnavailable();
    const push = h("div", { class: "notify-row notify-push" },
      h("span", { class: "notify-now" }, control.deviceOn ? t("This device is notified.") : t("This device is not notified."),
        others ? [" ", tn("{n} other device is.", "{n} other devices are.", others)] : null),
      control.deviceOn
        ? h("button", { type: "button", class: "push-off", disabled: control.busy, onclick: () => busy(pushOff) },
          t("Stop on this device"))
        : h("button", { type: "button", class: "primary push-on", disabled: control.busy || !!unavailable,
          onclick: () => busy(pushOn) }, t("Notify this device")),
      unavailable ? h("p", { class: "hint" }, unavailable) : null);
    const email = s.smtp ? emailForm(s) : null;
    fill(body, boxes, push, email);
  }

  function emailForm(s) {
    const input = h("input", { type: "email", id: "notify-email", name: "email", autocomplete: "email", maxlength: "254",
      placeholder: t("you@example.com"), required: true });
    // novalidate: the page says what is wrong in the panel, not in the browser's passing bubble
    return h("form", { class: "notify-row notify-email", novalidate: true, onsubmit: (ev) => {
      ev.preventDefault();
      const address = input.value.trim();
      if (!input.checkValidity() || !address) return say(t("Write an e-mail address, such as ana@example.com."), "error");
      busy(() => setEmail(address));
    } },
    h("label", { for: "notify-email" }, t("E-mail")),
    input,
    h("button", { type: "submit", disabled: control.busy }, t("Save")),
    h("span", { class: "notify-now" }, s.email ? t("Now to {address}.", { address: s.email }) : t("No e-mail yet.")),
    s.email ? h("button", { type: "button", class: "email-off", disabled: control.busy, onclick: () => busy(() => setEmail(null)) },
      t("Stop e-mail")) : null);
  }

  return control;
}
