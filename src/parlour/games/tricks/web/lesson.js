// What to click now to make a lesson's move on a trick game's table (contract B of issue 25: the page marks the
// elements a table's lessonTargets returns). Shared by Tarok, Zole and Tysiąc, whose tables draw their hand with
// the kit (`.kit-hand [data-code]`), a compound pick of several cards with the kit's confirm bar
// (`.kit-confirm[data-action]` once the pick is complete) and every other move as a button with its action text.

/**
 * The elements to click for `text`. `picks` names the verbs whose move is a pick of several cards from the hand
 * ({ discard: "discard" }: the verb and the id of its picker), `single` the verbs that play one hand card
 * ("play KH"). A pick's target is its confirm button once every card is picked, else the next card not picked.
 */
export function trickTargets(text, ctx, { picks = {}, single = ["play"] } = {}) {
  const root = document.getElementById("board") || document;
  const first = (sel) => [...root.querySelectorAll(sel)].slice(0, 1);
  const [verb, ...rest] = text.split(" ");
  if (verb in picks) {
    const ready = first(`.kit-confirm[data-action="${text}"]`);
    if (ready.length) return ready;
    const store = (ctx.ui && ctx.ui.pickers && ctx.ui.pickers[picks[verb]]) || null;
    const picked = new Set((store && store.parts) || []);
    const next = rest.find((code) => !picked.has(code));
    return next ? first(`.kit-hand [data-code="${next}"]`) : [];
  }
  if (single.includes(verb) && rest.length === 1) {
    const card = first(`.kit-hand [data-code="${rest[0]}"]`);
    if (card.length) return card;
  }
  return first(`[data-action="${text}"]`);
}
