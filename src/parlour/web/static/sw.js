// The service worker (served at /sw.js, so that its scope is the whole site: server/static.py): a Web Push from
// the server becomes a notification, and pressing the notification brings up the table it names.
// The push's data is contract B's JSON, {title, body, url, tag}: who is to move and at which table, never a card
// or a position. A notification's `url` must be a path on this site (a seat link, /t/<table>?token=...); anything
// else opens the lobby. The page's own notifications (attention.js, while it is open but hidden) come here too when
// pressed: they carry the same {url} in their data.

const FALLBACK = { title: "parlour", body: "", url: "/", tag: "parlour" };

/** The push's JSON, each field a string (a push without data, or not JSON, says only "parlour"). */
function payload(data) {
  let said = {};
  try {
    said = data ? data.json() : {};
  } catch {
    said = { body: data ? data.text() : "" };
  }
  const pick = (name) => (typeof said[name] === "string" && said[name] ? said[name] : FALLBACK[name]);
  return { title: pick("title"), body: pick("body"), url: sitePath(pick("url")), tag: pick("tag") };
}

/** `url` as a path of this site ("/t/abc?token=x"), or "/" when it names another site or is no URL at all. */
function sitePath(url) {
  try {
    const at = new URL(url, self.location.origin);
    return at.origin === self.location.origin ? at.pathname + at.search + at.hash : "/";
  } catch {
    return "/";
  }
}

/** Show the notification a push asks for (one per table and seat: a newer one replaces it, by its tag). */
function showPush(data) {
  const p = payload(data);
  return self.registration.showNotification(p.title, {
    body: p.body, tag: p.tag, data: { url: p.url }, icon: "/static/favicon.svg", renotify: true,
  });
}

/** Whether two addresses are the same page for the same seat (a table's link with its token, whatever else its
 * query says: ?lang=sl). */
function sameSeat(a, b) {
  const [x, y] = [new URL(a), new URL(b)];
  return x.origin === y.origin && x.pathname === y.pathname
    && x.searchParams.get("token") === y.searchParams.get("token");
}

/**
 * Bring up the page at `url`: a window of this site already showing it is focused, else a new one is opened.
 * What it chose and how that went is kept in self.lastClick ({url, chose: "focus" | "open", settled, done | error})
 * for the tests and the curious: only a person's click on the notification lets a worker focus or open a window.
 */
async function bringUp(url) {
  const wanted = new URL(sitePath(url), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => w.url === wanted) || windows.find((w) => sameSeat(w.url, wanted));
  const click = { url: wanted, chose: open ? "focus" : "open", settled: false };
  self.lastClick = click;
  try {
    if (open) await open.focus();
    else await self.clients.openWindow(wanted);
    click.done = true;
  } catch (err) {
    click.error = String(err);
  }
  click.settled = true;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("push", (event) => event.waitUntil(showPush(event.data)));
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(bringUp((event.notification.data && event.notification.data.url) || "/"));
});
