// The table page calls its player back while it is open but not looked at (another tab in front, the window
// minimised: document.hidden): when it becomes her move, when someone writes in the chat, when the match ends,
// the page's title gets a badge, "(1) Your move · Tarok — parlour", and, if she allowed notifications, the
// Notification API shows one (through the service worker when it is registered, so that pressing it focuses this
// window; else the page's own). The server does not push those while the page's socket is open (issue 26), so
// nothing is said twice; a push of the match's end has the same tag (table-seat) and replaces the page's.
// Seeing the page again clears the badge and closes the notifications.
// Which events are told follows the table's "Notify me" choice (notify.js); all three until it is read.
// For tests and the curious, window.parlourAttention holds {count, said, shown, refused}: the badge's count, its
// words, every notification the page asked for (each with `via`: "worker" or "page") and the browser's last refusal.
// Example:
//   const a = attention({ table, seat, game: () => "Tarok", url: location.pathname + location.search });
//   a.state(before, after); a.chat(msg, who); document.title = a.title("Tarok — parlour");

import { t } from "./i18n.js";

export function attention({ table, seat, game, url }) {
  const record = { count: 0, said: "", shown: [] };
  window.parlourAttention = record;
  const tag = `${table}-${seat}`;
  let events = new Set(["move", "chat", "end"]);
  let base = document.title;
  const seen = new Set();
  let pending = Promise.resolve();
  const own = [];  // the page's own notifications (without the worker), closed when it is seen
  const opened = Date.now() / 1000 - 5;  // chat lines from before the page opened come as its history, once

  function retitle() {
    document.title = record.count ? `(${record.count}) ${record.said} · ${base}` : base;
  }

  /** Show a notification, after those asked for before (so that seeing the page closes them all). */
  function notify(body) {
    pending = pending.then(() => show(body));
  }

  async function show(body) {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const options = { body, tag, data: { url }, icon: "/static/favicon.svg", renotify: true };
    const asked = { title: game(), ...options, via: "page" };
    record.shown.push(asked);
    try {
      const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
      if (reg && reg.active) {
        asked.via = "worker";
        await reg.showNotification(game(), options);
        asked.done = true;
        return;
      }
      const n = new Notification(game(), options);
      n.onclick = () => { window.focus(); n.close(); };
      own.push(n);
    } catch (err) {  // the browser refused (a phone's shows only the worker's): the title's badge still says it
      record.refused = String(err);
    }
  }

  function tell(kind, said, body) {
    if (!document.hidden || !events.has(kind)) return;
    record.count += 1;
    record.said = said;
    retitle();
    notify(body);
  }

  async function clear() {
    if (document.hidden) return;
    await pending;
    if (record.count) {
      record.count = 0;
      record.said = "";
      retitle();
    }
    for (const n of own.splice(0)) n.close();
    try {
      const reg = "serviceWorker" in navigator ? await navigator.serviceWorker.getRegistration("/") : null;
      for (const n of reg ? await reg.getNotifications({ tag }) : []) n.close();
    } catch { /* nothing to close */ }
  }
  document.addEventListener("visibilitychange", clear);
  addEventListener("focus", clear);

  return {
    /** The page's title as drawn (`text`), with the badge while something waits to be seen. */
    title(text) {
      base = text;
      retitle();
      return document.title;
    },
    /** The events told (the "Notify me" choice). */
    events(list) {
      events = new Set(list || []);
    },
    /** A new state drawn: `before` and `after` are {myTurn, over} (before null: the page's first state). */
    state(before, after) {
      if (!before || seat == null) return;
      if (after.over && !before.over) tell("end", t("Match over"), t("The match is over"));
      else if (after.myTurn && !before.myTurn) tell("move", t("Your move"), t("Your move at {game}", { game: game() }));
    },
    /** A chat line arrived (`msg` as the socket sent it), `who` its writer's name. */
    chat(msg, who) {
      const key = `${msg.t}|${msg.seat}|${msg.name}|${msg.text}`;
      if (seen.has(key)) return;  // a reconnection sends the recent lines again
      seen.add(key);
      if (seat == null || msg.seat === seat || (typeof msg.t === "number" && msg.t < opened)) return;
      tell("chat", t("{name} wrote", { name: who }), t("{name} wrote to you", { name: who }));
    },
  };
}
