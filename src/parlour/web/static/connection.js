// One WebSocket to a table that reconnects by itself with exponential backoff.
// Example:
//   const conn = new Connection("/ws/abc?token=t", {onmessage: (msg, raw) => ..., onstatus: (s, info) => ...});
//   conn.send({type: "chat", text: "hi"});
// Statuses: "connecting", "open", "waiting" (info = seconds until the next try), "closed" (given up for good).

const PING_MS = 20000;
const MAX_DELAY_MS = 15000;

export class Connection {
  constructor(path, { onmessage, onstatus }) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}${path}`;
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
