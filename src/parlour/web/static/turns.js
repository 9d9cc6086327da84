// Correspondence move clocks in words: "Your move since Tue 14:05, 20 hours left", "Ana's move, 20 hours left".
// Both the table page and the lobby's list of tables say them, from a table summary's `turns` (contract C of issue
// 26: per seat to act `since` and `due`, unix times on the server's clock, `left` seconds when the summary was made,
// `vacation_left` days) and `timeouts` (the seats whose days and vacation ran out, and when).

import { t, tn, lang } from "./i18n.js";

/** The server's instant (unix seconds) as this page's language writes a day and a time: "Tue 14:05". */
export function when(unix) {
  return new Date(unix * 1000).toLocaleString(lang, { weekday: "short", day: "numeric", month: "short",
    hour: "2-digit", minute: "2-digit" });
}

/** Hours left of a move clock: what `left` said when the summary arrived (`received`, ms), less the time since. */
function hoursLeft(turn, received) {
  const left = (turn.left ?? 0) - Math.max(0, (Date.now() - (received || Date.now())) / 1000);
  return Math.max(0, Math.floor(left / 3600));
}

/**
 * One line per move clock running at a correspondence table: `{seat, mine, text}`. `mySeat`: the reader's seat
 * (null for a spectator); `nameOf(seat)`: a seat's name; `received`: when the summary arrived (ms).
 */
export function turnLines(table, mySeat, nameOf, received) {
  if (!table || !table.correspondence) return [];
  return (table.turns || []).map((turn) => {
    const n = hoursLeft(turn, received);
    const mine = turn.seat === mySeat;
    let text = mine
      ? (n ? tn("Your move since {when}, {n} hour left", "Your move since {when}, {n} hours left", n, { when: when(turn.since) })
        : t("Your move since {when}, less than an hour left", { when: when(turn.since) }))
      : (n ? tn("{name}'s move, {n} hour left", "{name}'s move, {n} hours left", n, { name: nameOf(turn.seat) })
        : t("{name}'s move, less than an hour left", { name: nameOf(turn.seat) }));
    if (turn.vacation_left > 0) {
      text += ` (${tn("then {n} vacation day", "then {n} vacation days", turn.vacation_left)})`;
    }
    return { seat: turn.seat, mine, text };
  });
}

/** What the reader is told when her time ran out (a bot played for her until she came back), or null. */
export function timeoutLine(table, mySeat) {
  const out = ((table && table.timeouts) || []).find((x) => x.seat === mySeat);
  return out ? t("Your time ran out on {when}: a bot played for you until you came back.", { when: when(out.t) })
    : null;
}

/** The setting in words: "2 days a move, weekends not counted, 10 vacation days". */
export function settingText(c) {
  if (!c) return "";
  return [tn("{n} day a move", "{n} days a move", c.days), c.weekends ? "" : t("weekends not counted"),
    c.vacation_days ? tn("{n} vacation day", "{n} vacation days", c.vacation_days) : ""].filter(Boolean).join(", ");
}
