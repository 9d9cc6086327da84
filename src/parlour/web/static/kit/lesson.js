// A lesson table's bar and marks (server/lessons.py): what the lesson says now, how far it is, and the move it asks
// for marked on the table with `kit-lesson-next`. The table page calls both after every draw; a game's table helps
// find the move's elements with its optional `lessonTargets(text, view, ctx)` export (kit/README.md, "Lessons").
// Example: renderLesson($("lesson"), ctx, layout)

import { h, fill } from "../util.js";
import { t } from "../i18n.js";
import { startLesson } from "../learn.js";

export const NEXT = "kit-lesson-next";

/**
 * The elements to click now to make the action `text`: the game's own answer (`layout.lessonTargets`), else the
 * table's controls that name the action (`[data-action]`), else, for a text ending in a card code, that card in
 * your hand (`data-code`) or on the table (`data-card`), else the button of the "All legal actions" list.
 */
export function targetsFor(text, ctx, layout, root = document) {
  if (layout && layout.lessonTargets) {
    const own = [...(layout.lessonTargets(text, ctx.view, ctx) || [])].filter(Boolean);
    if (own.length) return own;
  }
  const quoted = CSS.escape(text);
  const board = root.querySelector("#board") || root;
  const named = [...board.querySelectorAll(`[data-action="${quoted}"]`)];
  if (named.length) return named;
  const last = text.trim().split(/\s+/).pop();
  if (last && /^(?:[2-9]|10|[AKQJ]|N)[SHDC]$|^T\d{1,2}$|^SKIS$|^(?:BJ|RJ|JK)$/.test(last)) {
    const code = CSS.escape(last);
    const mine = [...board.querySelectorAll(`.kit-hand [data-code="${code}"]`)];
    if (mine.length) return mine;
    const seen = [...board.querySelectorAll(`[data-card="${code}"], [data-code="${code}"]`)];
    if (seen.length) return seen.slice(0, 1);
  }
  return [...root.querySelectorAll(`#legal [data-action="${quoted}"]`)];
}

/** Draw the lesson's bar (hidden at a table without a lesson) and mark the move it asks for. */
export function renderLesson(box, ctx, layout) {
  for (const el of document.querySelectorAll(`.${NEXT}`)) el.classList.remove(NEXT);
  const lesson = ctx.table && ctx.table.lesson;
  document.body.dataset.lesson = lesson ? (lesson.done ? "done" : "on") : "";
  if (!lesson || ctx.replay) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const words = ctx.words || { t };
  // Only what the lesson says last is open: the earlier words fold away, so that the table keeps its height.
  const texts = (lesson.said || []).map((text) => words.t(text));
  const earlier = texts.slice(0, -1);
  const said = [earlier.length ? h("details", { class: "lesson-earlier" }, h("summary", {}, t("Before that")),
    ...earlier.map((text) => h("p", {}, text))) : null,
  texts.length ? h("p", { class: "lesson-said" }, texts[texts.length - 1]) : null];
  const waiting = !lesson.done && !lesson.expect;
  const key = JSON.stringify([lesson.step, lesson.done, ctx.pending, waiting]);
  if (box.dataset.key !== key) {
    box.dataset.key = key;
    fill(box,
      h("div", { class: "lesson-head" },
        h("strong", {}, words.t(lesson.title)),
        h("span", { class: "lesson-step" }, lesson.done ? t("Lesson over")
          : t("Step {n} of {total}", { n: Math.min(lesson.step + 1, lesson.steps), total: lesson.steps }))),
      ...said,
      waiting ? h("p", { class: "lesson-watch muted" }, t("Watch the others play…")) : null,
      lesson.done ? h("div", { class: "lesson-end" },
        h("a", { class: "button primary", href: `/?game=${encodeURIComponent(ctx.view.game)}` }, t("Play a real game")),
        h("button", { type: "button", onclick: () => startLesson(ctx.view.game) }, t("Start the lesson again")))
        : null);
  }
  document.body.dataset.lessonExpect = lesson.expect || "";
  if (!lesson.done && lesson.expect && ctx.myTurn && !ctx.pending) {
    const marked = targetsFor(lesson.expect, ctx, layout);
    for (const el of marked) el.classList.add(NEXT);
    // a phone's page scrolls with the last click (a card low in the hand): the next thing to press is brought back
    const r = marked.length ? marked[0].getBoundingClientRect() : null;
    if (r && (r.top < 0 || r.bottom > innerHeight)) marked[0].scrollIntoView({ block: "center" });
  }
}
