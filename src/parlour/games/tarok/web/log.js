// Reading a Tarok deal's log (view.log: this deal's public events, and the seat's own private ones):
// the bids and announcements of each seat, the tricks with their owners and winners.

/** Each seat's bids in order: {seat: ["two", "pass"]} ("pass", or the contract's name). */
export function bidsBySeat(log) {
  const out = {};
  for (const e of log || []) {
    if (e.type !== "bid") continue;
    const words = e.action.split(" ");
    (out[e.seat] ||= []).push(words[0] === "pass" ? "pass" : words.slice(1).join(" "));
  }
  return out;
}

/** Each seat's announcements and kontras in order: {seat: ["announce trula", "kontra game", "pass"]}. */
export function announcementsBySeat(log) {
  const out = {};
  for (const e of log || []) if (e.type === "announce") (out[e.seat] ||= []).push(e.action);
  return out;
}

/**
 * The tricks of the deal: [{plays: [{seat, card}], winner, talon, rest}] (talon: Klop's talon card that joined it;
 * rest: the rest of the talon that went with the called king), the last one still open (winner null).
 */
export function tricks(log) {
  const out = [];
  let plays = [];
  for (const e of log || []) {
    if (e.type === "play") plays.push({ seat: e.seat, card: e.card });
    else if (e.type === "trick") {
      out.push({ plays, winner: e.winner, talon: e.talon || null, rest: e["rest of talon"] || null });
      plays = [];
    }
  }
  if (plays.length) out.push({ plays, winner: null, talon: null, rest: null });
  return out;
}

/** The tricks that are complete (with a winner). */
export function doneTricks(log) {
  return tricks(log).filter((t) => t.winner != null);
}

/** The type of the newest event of the log among `types`, or null. */
export function lastOf(log, types) {
  for (let i = (log || []).length - 1; i >= 0; i--) if (types.includes(log[i].type)) return log[i];
  return null;
}

/** The event that fixed the contract ({type: "declarer", seat, contract}) or null. */
export function declared(log) {
  return lastOf(log, ["declarer"]);
}

/** The talon group taken ({seat, cards, action: "talon 1"}) or null. */
export function taken(log) {
  return lastOf(log, ["take"]);
}
