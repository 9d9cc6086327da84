// Languages in the browser: the page's language (the switch's choice, else the browser's), the core's words and
// each game's, looked up in the catalogues compiled from the same .po files the terminal reads
// (src/parlour/core/i18n.py says how they are made).
// Example:
//   import { t, tn, tx } from "/static/i18n.js";                 // the core's words (lobby, table page, kit)
//   t("Seat {n}", { n: 2 })      → "Sedež 2" in Slovenian
//   tn("{n} card", "{n} cards", 5)
//   h("p", {}, tx("Revealed seed: {seed}", { seed: h("code", {}, "42") }))   // an array of text and nodes
// A game's module takes its own folder's words (its catalogue first, then the core's):
//   const { t, tn, tx } = await translator(import.meta.url);
// A text with no translation is shown in English and noted in `missing` (the browser tests require none).

export const LANGUAGES = {
  en: "English", sr: "Srpski", sl: "Slovenščina", lv: "Latviešu", pl: "Polski", ro: "Română", zh: "简体中文",
};
const TAGS = { en: "en", sr: "sr-Latn", sl: "sl", lv: "lv", pl: "pl", ro: "ro", zh: "zh-Hans" };
const KEY = "parlour.lang";
const SEP = "\u0004";
const PLACEHOLDER = /\{(\w+)\}/g;

/** "sl-SI" → "sl", "sr-Latn-RS" → "sr", "de" → null. */
export function normalize(tag) {
  const primary = String(tag || "").trim().toLowerCase().split(/[-_.@]/)[0];
  return Object.hasOwn(LANGUAGES, primary) ? primary : null;
}

function choose() {
  const asked = normalize(new URLSearchParams(location.search).get("lang"));
  let saved = null;
  try {
    if (asked) localStorage.setItem(KEY, asked);
    saved = normalize(localStorage.getItem(KEY));
  } catch { /* storage may be off: the browser's language decides */ }
  if (asked || saved) return asked || saved;
  for (const tag of navigator.languages || [navigator.language]) {
    const found = normalize(tag);
    if (found) return found;
  }
  return "en";
}

/** The page's language: ?lang=, else the one chosen on an earlier page, else the browser's first we speak. */
export const lang = choose();

/** [lang, domain, key] of every text looked up without a translation. */
export const missing = [];

const TOKEN = /\s*(\d+|n|==|!=|<=|>=|&&|\|\||[<>%?:()])/y;

/** gettext's plural expression as a function, read by a small parser of its C subset (n, numbers, %, comparisons,
 * && || and ?:), not compiled: the page's policy (Content-Security-Policy) runs no text as code. An expression it
 * cannot read gives English's rule. */
export function pluralRule(expression) {
  const tokens = [];
  const text = String(expression || "").replace(/;\s*$/, "");
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      if (/^\s*$/.test(text.slice(at))) break;
      return (n) => (n === 1 ? 0 : 1);
    }
    tokens.push(m[1]);
  }
  let i = 0;
  const peek = () => tokens[i];
  const take = (t) => (tokens[i] === t ? (i++, true) : false);
  const BINARY = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["%"]];
  const OPS = {
    "||": (a, b) => (a || b ? 1 : 0), "&&": (a, b) => (a && b ? 1 : 0), "==": (a, b) => (a === b ? 1 : 0),
    "!=": (a, b) => (a !== b ? 1 : 0), "<": (a, b) => (a < b ? 1 : 0), ">": (a, b) => (a > b ? 1 : 0),
    "<=": (a, b) => (a <= b ? 1 : 0), ">=": (a, b) => (a >= b ? 1 : 0), "%": (a, b) => (b ? a % b : 0),
  };
  function atom() {
    const t = tokens[i++];
    if (t === "n") return (n) => n;
    if (t === "(") {
      const inner = ternary();
      if (!take(")")) throw new Error("unbalanced");
      return inner;
    }
    if (/^\d+$/.test(t || "")) { const v = Number(t); return () => v; }
    throw new Error(`unexpected ${t}`);
  }
  function binary(level) {
    if (level === BINARY.length) return atom();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = OPS[tokens[i++]], l = left, r = binary(level + 1);
      left = (n) => op(l(n), r(n));
    }
    return left;
  }
  function ternary() {
    const test = binary(0);
    if (!take("?")) return test;
    const yes = ternary();
    if (!take(":")) throw new Error("missing :");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  try {
    const rule = ternary();
    if (i !== tokens.length) throw new Error("trailing");
    return (n) => Number(rule(n));
  } catch {
    return (n) => (n === 1 ? 0 : 1);
  }
}

const EMPTY = { messages: {}, plural: (n) => (n === 1 ? 0 : 1), found: false };

async function fetchCatalogue(url) {
  if (lang === "en") return EMPTY;
  try {
    const res = await fetch(url, { headers: { Accept: "application/json" } });
    if (!res.ok) return EMPTY;
    const data = await res.json();
    return { messages: data.messages || {}, plural: pluralRule(data.plural), found: Object.keys(data.messages || {}).length > 0 };
  } catch {
    return EMPTY;
  }
}

function fill(text, values) {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (m, name) => (name in values ? String(values[name]) : m));
}

/** `text` with its placeholders filled by strings or DOM nodes: an array of both, for h() children. */
function assemble(text, values) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!values || !(m[1] in values)) continue;
    if (m.index > at) out.push(text.slice(at, m.index));
    const v = values[m[1]];
    out.push(v instanceof Node || Array.isArray(v) ? v : String(v));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** The words of one domain (a game's catalogue, then the core's). Its methods may be taken apart: const {t} = w. */
class Words {
  constructor(domain, catalogues) {
    this.domain = domain;
    this.catalogues = catalogues;
    /** False when this domain has no catalogue for the page's language: its words are shown in English. */
    this.translated = lang === "en" || catalogues[0].found;
    for (const name of ["t", "tn", "tp", "tx", "txn", "find", "message"]) this[name] = this[name].bind(this);
  }

  find(message, context) {
    if (lang === "en") return null;
    const key = context ? `${context}${SEP}${message}` : message;
    for (const c of this.catalogues) {
      const found = c.messages[key];
      if (found) return found;
    }
    missing.push([lang, this.domain, key]);
    return null;
  }

  /** A text: t("Deal {deal}", {deal: 3}). */
  t(message, values) {
    const found = this.find(message);
    return fill(typeof found === "string" ? found : message, values);
  }

  /** A text in a context that tells two uses of the same English apart: tp("bid", "Pass"). */
  tp(context, message, values) {
    const found = this.find(message, context);
    return fill(typeof found === "string" ? found : message, values);
  }

  /** The form for a count: tn("{n} card", "{n} cards", 5) (n is filled in). */
  tn(one, many, n, values) {
    return fill(this.form(one, many, n), { n, ...values });
  }

  /** A text whose placeholders may be DOM nodes: an array of strings and nodes. */
  tx(message, values) {
    const found = this.find(message);
    return assemble(typeof found === "string" ? found : message, values);
  }

  /** tx with a count. */
  txn(one, many, n, values) {
    return assemble(this.form(one, many, n), { n, ...values });
  }

  /**
   * A refusal from the server in the page's language: its `template` and `params` (a param of the same shape is
   * said first), `plural` and `context` where it has them (docs/protocol.md); its English `message` without them.
   */
  message(said) {
    if (!said || typeof said !== "object") return String(said ?? "");
    if (typeof said.template !== "string") return String(said.message ?? "");
    const values = {};
    for (const [name, value] of Object.entries(said.params || {})) {
      values[name] = value && typeof value === "object" ? this.message(value) : value;
    }
    if (typeof said.plural === "string") return fill(this.form(said.template, said.plural, Number(values.n)), values);
    return said.context ? this.tp(said.context, said.template, values) : this.t(said.template, values);
  }

  form(one, many, n) {
    const found = this.find(one);
    if (Array.isArray(found)) return found[Math.min(this.catalogues[0].plural(n), found.length - 1)];
    return n === 1 ? one : many;
  }
}

const core = await fetchCatalogue(`/locale/${lang}.json`);
const coreWords = new Words("parlour", [core]);

/** The core's words: the lobby, the table page, the kit. */
export const { t, tn, tp, tx, txn, message } = coreWords;

/** Marks a text for the catalogues where it is written; it is translated where it is used (t(NAME)). */
export const N_ = (text) => text;

const folders = new Map();

/**
 * The words of a game (or of a family of games), from any URL in its folder: a module passes import.meta.url,
 * the lobby "/games/<id>/". Looked up in its catalogue, then the core's. Returns a promise of {t, tn, tp, tx, txn,
 * translated}.
 */
export function translator(url) {
  const path = new URL(url, location.href).pathname;
  const m = /^\/games\/([^/]+)\//.exec(path);
  if (!m) return Promise.resolve(coreWords);
  const id = m[1];
  if (!folders.has(id)) {
    folders.set(id, fetchCatalogue(`/games/${id}/locale/${lang}.json`)
      .then((own) => new Words(decodeURIComponent(id), [own, core])));
  }
  return folders.get(id);
}

/** The language switch: the languages by their own names; a choice is kept for every page and reloads this one. */
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.id = "lang";
  select.setAttribute("aria-label", t("Language"));
  select.title = t("Language");
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = TAGS[code];
    option.textContent = name;
    option.selected = code === lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try { localStorage.setItem(KEY, select.value); } catch { /* the URL keeps it */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.replace(url.href);
  });
  return select;
}

/**
 * Translate the page's own HTML: each element marked data-i18n gets its text translated, and each attribute the
 * mark names (data-i18n="placeholder aria-label"); the page says its language; the switch joins the top bar.
 */
export function translatePage(root = document) {
  document.documentElement.lang = TAGS[lang];
  for (const node of root.querySelectorAll("[data-i18n]")) {
    for (const name of (node.dataset.i18n || "").split(/\s+/).filter(Boolean)) {
      const value = node.getAttribute(name);
      if (value) node.setAttribute(name, t(value));
    }
    if (!node.children.length && node.textContent.trim()) node.textContent = t(node.textContent.trim().replace(/\s+/g, " "));
  }
  const bar = root.querySelector(".topbar");
  if (bar && !bar.querySelector(".lang-switch")) (bar.querySelector(".topbar-tools") || bar).append(languageSwitch());
}

/** A number as the page's language writes it (1 000, 1.000, 1,000). */
export function number(n) {
  return Number(n).toLocaleString(TAGS[lang]);
}
