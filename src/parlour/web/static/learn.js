// "Learn to play": start a game's first lesson (POST /api/lessons/{game}, docs/protocol.md) and open its table.
// The lobby offers it for every game that has one (GET /api/games says `lesson: true`), and so does each rules page.
// Example: learnButton(game, (err) => toast(err.message))

import { postJSON, remember } from "./api.js";
import { h } from "./util.js";
import { t } from "./i18n.js";

/** Start the lesson of `gameId` and go to its table (the learner's seat). */
export async function startLesson(gameId) {
  const made = await postJSON(`/api/lessons/${encodeURIComponent(gameId)}`, {});
  const seat = made.seats.find((s) => s.token);
  remember(seat.token);
  location.assign(seat.invite_url);
}

/** A "Learn to play" button for `game` (an entry of GET /api/games); a failure is said by `onError(err)`. */
export function learnButton(game, onError, title = null) {
  const button = h("button", { type: "button", class: "learn", "data-game": game.id }, t("Learn to play"));
  button.title = title || "";
  button.onclick = async () => {
    button.disabled = true;
    try {
      await startLesson(game.id);
    } catch (err) {
      button.disabled = false;
      onError(err);
    }
  };
  return button;
}
