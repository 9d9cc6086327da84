// One WebSocket to a table that reconnects by itself with exponential backoff.
// Example:
//   const conn = new Connection("/ws/abc?token=t", {onmessage: (msg, raw) => ..., onstatus: (s, info) => ...});
//   conn.send({type: "chat", text: "hi"});
// Statuses: "connecting", "open", "waiting" (info = seconds until the next try), "closed" (given up for good).
// With {patches: true} the server sends what changed in the view (`patch` messages) instead of the whole state at
// every change; the connection rebuilds each whole `state` message from them, so onmessage sees states as always.

const PING_MS = 20000;
const MAX_DELAY_MS = 15000;

export class Connection {
  constructor(path, { onmessage, onstatus, patches = false }) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = patches ? `${path.includes("?") ? "&" : "?"}patches=1` : "";
    this.url = `${scheme}//${location.host}${path}${query}`;
    this.last = null; // the last whole state, as received or rebuilt: what the next patch applies to
    this.onmessage = onmessage;
    this.onstatus = onstatus;
    this.attempt = 0;
    this.stopped = false;
    this.socket = null;
    this.open();
    window.addEventListener("online", () => this.retryNow());
  }

  open() {
    this.onstatus("connecting");
    const ws = new WebSocket(this.url);
    this.socket = ws;
    this.last = null; // a new socket starts with a whole state
    this.syncing = false;
    ws.onopen = () => {
      this.attempt = 0;
      this.onstatus("open");
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "patch") {
        msg = this.patched(msg);
        if (!msg) return;
      } else if (msg.type === "state") {
        this.last = msg;
        this.syncing = false;
        msg = structuredClone(msg); // what the page gets is its own: later states never share objects with it
      }
      this.onmessage(msg, ev.data);
    };
    ws.onclose = (ev) => {
      clearInterval(this.pinger);
      if (this.socket !== ws) return;
      this.socket = null;
      // 4403: the token is wrong; 4404: no such table. Trying again would not help.
      if (this.stopped || ev.code === 4403 || ev.code === 4404) {
        this.stopped = true;
        this.onstatus("closed", ev.reason || "");
        return;
      }
      this.schedule();
    };
  }

  /**
   * The whole state a patch stands for (a fresh object the page may keep or change), or null when the patch is
   * not against the state held: then the whole state is asked for again (`sync`). Mirrors server/patch.py apply.
   */
  patched(patch) {
    const last = this.last;
    if (!last || patch.base !== last.version) {
      if (last || !this.syncing) this.syncing = this.send({ type: "sync" }); // once, until a whole state comes
      this.last = null;
      return null;
    }
    const view = { ...last.view };
    for (const key of patch.gone || []) delete view[key];
    Object.assign(view, patch.view);
    for (const [key, items] of Object.entries(patch.append || {})) view[key] = (last.view[key] || []).concat(items);
    const table = patch.table !== undefined ? patch.table : { ...last.table, actions: patch.version };
    this.last = {
      type: "state", version: patch.version, seat: patch.seat, view, table,
      deadline: patch.deadline, clock: patch.clock, at: patch.at,
    };
    return structuredClone(this.last);
  }

  schedule() {
    const delay = Math.min(MAX_DELAY_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt += 1;
    this.onstatus("waiting", Math.ceil(delay / 1000));
    this.timer = setTimeout(() => this.open(), delay);
  }

  /** Reconnect at once (the user clicked "retry", or the network came back). */
  retryNow() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.timer);
    this.open();
  }

  /** Send one message; false when the socket is not open (the caller may tell the user). */
  send(msg) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /** Drop the socket as a network failure would (tests use it); reconnection follows. */
  drop() {
    if (this.socket) this.socket.close();
  }
}
