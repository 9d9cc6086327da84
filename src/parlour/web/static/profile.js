// A public profile, /u/NAME (GET /api/profiles/NAME, docs/protocol.md "Profiles and friends"): per game and player
// count the matches, won, lost, drawn and left, the rating as μ ± 2σ, the last matches (a link to the table, where
// its review is, and to the record, for the public tables only), and the public tables the person sits at.

import { h, fill } from "./util.js";
import { t, lang, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.replace(/^\/u\//, ""));
const OUTCOMES = { won: () => t("a win"), lost: () => t("a loss"), drawn: () => t("a draw") };

/** A rating as people read it: μ ± 2σ (95 times in 100 the skill lies within), one decimal. */
export function shown(rating) {
  if (!rating) return t("unrated");
  return `${rating.mu.toFixed(1)} ± ${(2 * rating.sigma).toFixed(1)}`;
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
}

function gamesTable(games, names) {
  if (!games.length) return h("p", { class: "muted", id: "no-matches" }, t("No match recorded yet."));
  // The rating first after the game: on a phone the counts may need a sideways scroll, the rating not.
  const head = [t("Game"), t("Rating (μ ± 2σ)"), t("Matches"), t("Won"), t("Lost"), t("Drawn"), t("Left")];
  // A region one may scroll sideways with the keyboard too (a narrow phone, a long game name).
  return h("div", { class: "profile-scroll", tabindex: "0", role: "region", "aria-labelledby": "games-title" }, h("table", { class: "profile-games", id: "games" },
    h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, games.map((g) => h("tr", { dataset: { family: g.family } },
      h("th", { scope: "row" }, t("{game}, {n} players", { game: names[g.game] || g.game, n: g.players })),
      h("td", { class: "rating", title: g.rating ? `μ ${g.rating.mu} σ ${g.rating.sigma}` : null },
        shown(g.rating)),
      h("td", {}, String(g.matches)), h("td", {}, String(g.won)), h("td", {}, String(g.lost)),
      h("td", {}, String(g.drawn)), h("td", {}, String(g.abandoned)))))));
}

function lastList(last, names) {
  if (!last.length) return null;
  return [h("h2", {}, t("Last matches")), h("ul", { class: "profile-last", id: "last" }, last.map((m) => h("li", {},
    `${when(m.t)} · ${t("{game}, {n} players", { game: names[m.game] || m.game, n: m.players })} · `,
    h("strong", {}, OUTCOMES[m.outcome] ? OUTCOMES[m.outcome]() : m.outcome),
    m.abandoned ? ` (${t("left it")})` : null,
    ` · ${m.rated ? t("rated") : t("unrated")}`,
    m.table_url ? [" · ", h("a", { href: m.table_url }, t("Review"))] : null,
    m.record_url ? [" · ", h("a", { href: m.record_url }, t("Record"))] : null)))];
}

function tablesList(tables, names) {
  if (!tables.length) return null;
  return [h("h2", {}, t("Public tables")), h("ul", { id: "public-tables" }, tables.map((x) => h("li", {},
    h("a", { href: x.spectator_url }, t("{game}, {n} players", { game: names[x.game] || x.game, n: x.players })))))];
}

async function show() {
  let res;
  try {
    res = await fetch(`/api/profiles/${encodeURIComponent(name)}`, { headers: { Accept: "application/json" } });
  } catch (err) {
    fill($("body"), h("p", { class: "account-said" }, t("The server could not be reached.")));
    return;
  }
  if (!res.ok) {
    const detail = await res.json().then((d) => d.detail).catch(() => res.statusText);
    fill($("body"));
    fill($("said"), res.status === 404 ? t("No account is named {name}.", { name })
      : t("The server refused: {status}.", { status: res.status }), h("span", { class: "why" }, String(detail)));
    return;
  }
  const profile = await res.json();
  const names = {};
  try {
    for (const g of await (await fetch("/api/games")).json()) names[g.id] = g.title;  // a proper name: as it is
  } catch {
    // the ids will do
  }
  document.title = `parlour — ${profile.name}`;
  fill($("who"), profile.name);
  fill($("body"),
    h("p", { class: "muted" }, t("Playing here since {date}.", { date: when(profile.since) })),
    h("h2", { id: "games-title" }, t("Games")),
    gamesTable(profile.games, names),
    lastList(profile.last, names),
    tablesList(profile.tables, names));
  document.body.dataset.loaded = "true";
}

translatePage();
show();
