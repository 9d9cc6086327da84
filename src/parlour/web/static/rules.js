// A game's rules for players, in the page's language where they are translated (RULES.sl.md beside RULES.md),
// else in English with a note that says so. Speaks GET /rules/{game}.json?lang=xx (docs/protocol.md).

import { getJSON } from "./api.js";
import { h, fill, label } from "./util.js";
import { learnButton } from "./learn.js";
import { LANGUAGES, lang, t, translatePage, translator } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");

async function start() {
  translatePage();
  let page;
  try {
    page = await getJSON(`/rules/${encodeURIComponent(gameId)}.json?lang=${lang}`);
  } catch (err) {
    fill($("rules"), h("p", {}, t("There are no rules here for {game} — {error}", { game: gameId, error: err.message })));
    return;
  }
  const words = await translator(`/games/${encodeURIComponent(gameId)}/`);
  const games = await getJSON("/api/games").catch(() => []);
  const entry = games.find((g) => g.id === page.game) || { id: page.game };
  const title = words.t(entry.title || label(page.game));
  $("title").textContent = t("How to play {game}", { game: title });
  document.title = `${title} — parlour`;
  if (entry.lesson) {
    fill($("learn"), learnButton(entry, (err) => fill($("learn"), h("span", { class: "error" },
      t("The lesson did not start — {error}", { error: err.message })))));
  }
  const article = $("rules");
  article.innerHTML = page.html; // rendered by the server from the game's own RULES file (raw HTML is not passed)
  article.lang = page.lang === "zh" ? "zh-Hans" : page.lang === "sr" ? "sr-Latn" : page.lang;
  const note = $("note");
  note.hidden = page.lang === lang;
  if (!note.hidden) note.textContent = t("These rules are not translated into {language} yet: here they are in English.",
    { language: LANGUAGES[lang] });
}

start();
