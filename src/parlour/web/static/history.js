// This browser's tables and their results, kept in localStorage (nothing leaves the browser): the lobby lists them.
// Example:
//   noteTable({ table: "abc", game: "kaboo", seat: 0, url: "/t/abc?token=..." });
//   noteResult("abc", 0, { winners: [0], scores: [12, 30] });
//   tables() → [{ table, game, seat, url, when, result: { winners, scores, won } | null }, ...] newest first

const KEY = "parlour.history";
const LIMIT = 100;

/** The tables remembered, newest first. */
export function tables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.table === "string") : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, LIMIT)));
  } catch { /* storage full or off: the list is a convenience */ }
}

const same = (e, table, seat) => e.table === table && (e.seat ?? null) === (seat ?? null);

/** Remember a seat at a table (kept where it was if known, its result too). */
export function noteTable({ table, game, seat = null, url }) {
  const list = tables();
  const known = list.find((e) => same(e, table, seat));
  if (known) {
    Object.assign(known, { game, url: url || known.url });
    save(list);
    return;
  }
  save([{ table, game, seat, url, when: Date.now(), result: null }, ...list]);
}

/** The result of a finished table, as its seat saw it: winners, scores, and whether that seat won. */
export function noteResult(table, seat, { winners = [], scores = [] }) {
  const list = tables();
  const known = list.find((e) => same(e, table, seat));
  if (!known) return;
  known.result = { winners, scores, won: seat == null ? null : winners.includes(seat) };
  save(list);
}

/** Forget a table's seat in this browser. */
export function forgetTable(table, seat) {
  save(tables().filter((e) => !same(e, table, seat)));
}
