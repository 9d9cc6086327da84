// The end of a round and the match: every layout turned up with each card's points, golf's column pairs and swept
// columns struck through, the knocker's (or ender's) penalty, and the score sheet a row per round.
// The reveal is read from `view.previous` (the events that ended the last round) once the next round is dealt,
// and from the log when the match is over.

import { h, cardSVG, seatName, translator } from "/static/kit/kit.js";

const { t, tn } = await translator(import.meta.url);

/** A card's points under `rules` ({two, king, redKing, jokers}). */
export function cardPoints(code, rules) {
  if (code === "JK") return 0;
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  if (rank === "A") return 1;
  if (rank === "J" || rank === "Q") return 10;
  if (rank === "K") return rules.redKing != null && (suit === "H" || suit === "D") ? rules.redKing : rules.king;
  if (rank === "2") return rules.two;
  return Number(rank);
}

/** The slots of a layout whose card shares its rank with another card of its column (they score 0). */
export function pairedSlots(layout, cols) {
  const out = new Set();
  for (let col = 0; col < cols; col++) {
    const slots = [];
    for (let i = col; i < layout.length; i += cols) if (layout[i]) slots.push(i);
    const rank = (i) => layout[i].slice(0, -1);
    for (const i of slots) if (slots.some((j) => j !== i && rank(j) === rank(i))) out.add(i);
  }
  return out;
}

/** The events that ended the round being shown: the last round's (view.previous), or this one's at the match's end. */
export function endingEvents(view) {
  if (view.over) return view.log || [];
  return view.previous || [];
}

/** One player's layout turned up, with points under each card. */
function revealGrid(layout, seat, sweeps, rules) {
  const cols = rules.cols;
  const paired = rules.pairs ? pairedSlots(layout, cols) : new Set();
  const cells = layout.map((code) => ({ code, swept: false }));
  // a swept column's cards lay in the slots of their column, top to bottom
  for (const sw of sweeps.filter((e) => e.seat === seat)) {
    sw.cards.forEach((code, k) => {
      const i = sw.column + k * cols;
      if (i < cells.length && !cells[i].code) cells[i] = { code, swept: true };
    });
  }
  return h("div", { class: "mem-reveal-grid", style: `--cols: ${cols}` }, cells.map((c, i) => {
    if (!c.code) return h("span", { class: "mem-reveal-card gap" }, h("span", { class: "kit-empty" }));
    const zero = c.swept || paired.has(i);
    const pts = zero ? 0 : cardPoints(c.code, rules);
    return h("span", { class: `mem-reveal-card${zero ? " struck" : ""}${c.swept ? " swept" : ""}`,
      dataset: { slot: i, code: c.code }, title: c.swept ? t("swept: 0") : paired.has(i) ? t("pair in the column: 0") : `${pts}` },
    cardSVG(c.code), h("span", { class: "mem-points" }, c.swept ? t("swept") : String(pts)));
  }));
}

/**
 * The round's reveal as a panel: a row per player with the cards turned up, the layout's points, the penalty of the
 * player who ended the round when he did not have the lowest, and the round's points. Null when there is none.
 * `pinned`: the whole table between rounds (a heading, not a folding summary).
 */
export function revealPanel(view, ctx, rules, { pinned = false } = {}) {
  const events = endingEvents(view);
  const reveal = [...events].reverse().find((e) => e.type === "reveal");
  const score = [...events].reverse().find((e) => e.type === "score");
  if (!reveal || !score) return null;
  const sweeps = events.filter((e) => e.type === "sweep");
  const low = Math.min(...score.points);
  const ender = rules.ends === "knock" ? t("knocked") : t("went out");
  const rows = reveal.layouts.map((layout, seat) => {
    const raw = (score.raw || score.points)[seat];
    const penalty = score.points[seat] - raw;
    return h("div", { class: `mem-reveal-row${seat === ctx.seat ? " mine" : ""}${score.points[seat] === low ? " low" : ""}`,
      dataset: { seat } },
    h("div", { class: "mem-reveal-who" }, h("strong", {}, seatName(ctx, seat)),
      score.closer === seat ? h("span", { class: "kit-badge gold" }, ender) : null),
    revealGrid(layout, seat, sweeps, rules),
    h("div", { class: "mem-reveal-sum" },
      penalty ? h("span", { class: "mem-penalty", title: rules.ends === "knock" ? t("knocked without the lowest total") : t("went out without the lowest total") }, `${raw} + ${penalty} = `) : null,
      h("strong", { class: "mem-round-points" }, String(score.points[seat]))));
  });
  const open = ctx.ui.revealOpen ?? true;
  const heading = t("Round {round}: the cards turned up", { round: score.round });
  return h(pinned ? "section" : "details", { class: `panel mem-reveal${pinned ? " pinned" : ""}`, open: pinned ? null : open,
    dataset: { round: score.round },
    // must be seen while the round's result is held, and once play resumes until it is closed
    "data-now": pinned || view.phase === "peek" || view.phase === "setup" ? "" : null, ontoggle: pinned ? null : (ev) => { ctx.ui.revealOpen = ev.target.open; } },
  pinned ? h("h2", { class: "mem-reveal-title" }, heading) : h("summary", {}, heading),
  h("div", { class: "mem-reveal-rows" }, rows),
  score.closer != null && score.points[score.closer] !== (score.raw || [])[score.closer]
    ? h("p", { class: "hint" }, (rules.ends === "knock" ? t("{who} knocked without the lowest total: +{points}.", late(score, ctx))
      : t("{who} went out without the lowest total: +{points}.", late(score, ctx))))
    : null);
}

const late = (score, ctx) => ({ who: seatName(ctx, score.closer), points: score.points[score.closer] - score.raw[score.closer] });

/** The score sheet: a column per player, a row per round (the player who ended it marked), the totals. */
export function sheet(view, ctx, rules) {
  const s = view.sheet;
  if (!s) return null;
  const n = view.players;
  const seats = Array.from({ length: n }, (_, i) => i);
  const totals = s.totals || [];
  const best = totals.length ? Math.min(...totals) : null;
  const cls = (i) => [i === ctx.seat ? "mine" : "", (s.rows || []).length && totals[i] === best ? "leader" : ""].join(" ").trim();
  const mark = rules.ends === "knock" ? t("knocked") : t("went out");
  const rows = (s.rows || []).map((r, k) => {
    const d = r.detail || {};
    return h("tr", { class: "row" }, h("th", { scope: "row" }, String(k + 1)),
      (r.points || []).map((p, i) => {
        const extra = d.closer === i ? p - (d.raw || [])[i] : 0;
        return h("td", { class: cls(i), title: d.closer === i ? `${mark}${extra ? `: +${extra}` : ""}` : "" },
          String(p), d.closer === i ? h("sup", { class: "mem-closer" }, extra ? `+${extra}` : "✓") : null);
      }));
  });
  return h("section", { class: "panel sheet mem-sheet", "aria-label": t("Score sheet") },
    h("h3", {}, `${t("Score sheet")} · ${tn("{n} round, lowest wins", "{n} rounds, lowest wins", view.rounds)}`),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col", title: t("round") }, "#"),
        seats.map((i) => h("th", { scope: "col", class: cls(i) }, seatName(ctx, i))))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: n + 1, class: "muted" }, t("No round scored yet.")))),
      h("tfoot", {}, h("tr", { class: "totals" }, h("th", { scope: "row" }, t("Total")),
        seats.map((i) => h("td", { class: cls(i) }, String(totals[i] ?? 0)))))),
    h("p", { class: "hint" }, `✓ ${mark} · +10 ${rules.ends === "knock" ? t("knocked without the lowest total") : t("went out without the lowest total")}`));
}
