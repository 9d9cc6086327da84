// HTTP calls of the lobby (docs/protocol.md) and the seat tokens this browser keeps in localStorage.
// Example: const games = await getJSON("/api/games");

const KEY = "parlour.tokens";

/** GET a JSON document; a 4xx/5xx throws an Error carrying the server's `detail`. */
export async function getJSON(url) {
  return answer(await fetch(url, { headers: { Accept: "application/json" } }));
}

/** POST a JSON body; same errors as getJSON. */
export async function postJSON(url, body) {
  return answer(await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  }));
}

/** PUT, POST or DELETE with a JSON body (or none); same errors as getJSON. */
export async function sendJSON(method, url, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return answer(await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

async function answer(res) {
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data && data.detail;
    const text = typeof detail === "string" ? detail : detail ? JSON.stringify(detail) : res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return data;
}

/** The seat tokens remembered by this browser, newest first. */
export function tokens() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** Remember a seat token (moved to the front if already known). */
export function remember(token) {
  if (!token) return;
  const list = [token, ...tokens().filter((t) => t !== token)].slice(0, 50);
  localStorage.setItem(KEY, JSON.stringify(list));
}

/** Forget a seat token. */
export function forget(token) {
  localStorage.setItem(KEY, JSON.stringify(tokens().filter((t) => t !== token)));
}
