"""The catalogues' tools (babel, for developers and tests only; nothing at run time needs it).

    python scripts/i18n.py update            # extract every marked text; add the new ones to each .po, drop the gone
    python scripts/i18n.py compile           # .po -> .json (what the browser and the terminal read)
    python scripts/i18n.py status            # what each catalogue still lacks
    python scripts/i18n.py apply SHEET...    # fill translations from side-by-side sheets (below), then compile

Texts are marked in the code: ``t("...")``, ``tn("one", "many", n)``, ``tp("context", "...")``, ``tx``/``txn``
(rich Text or DOM nodes), ``N_("...")`` (marked only, translated where used), an engine's refusals
(``IllegalAction("...", card=...)``, ``Message("...")``, ``Message.counted("one", "many", n)``,
``Message.term("context", "word")``), in Python (a module's
``translator(__name__)``) and in the browser (``/static/i18n.js``); in HTML, elements with ``data-i18n`` (their text,
and the attributes it names). A game's lobby words come from its class: its title, each option's label, description
and choices, its bots' names and descriptions, its set chat messages.

Domains: the core (``src/parlour/locale/``: the web client, the kit, the terminal's frame, the CLI) and one per game
or family package (``games/<pkg>/locale/``: its ``web/``, ``terminal.py`` and lobby words). A game's text that the
core already has is looked up there and not repeated.

A sheet gives each text in every language at once, which is how translations are best written and reviewed::

    # parlour.games.tarok
    Deal {deal}
      sl: Deljenje {deal}
      pl: Rozdanie {deal}
    {n} card || {n} cards                     # plural: the forms separated by ||
      sl: {n} karta || {n} karti || {n} karte || {n} kart
    [bid] Pass                                # [context] text
      sl: Naprej
"""

from __future__ import annotations

import argparse
import ast
import html.parser
import importlib
import json
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Iterable, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "parlour"
sys.path.insert(0, str(ROOT / "src"))

from parlour.core.i18n import CONTEXT_SEP, LANGUAGES, PLACEHOLDER, domain_of, game_domains  # noqa: E402
from parlour.core.lesson import Lesson  # noqa: E402
from parlour.core.registry import game_class, games  # noqa: E402

CORE = "parlour"
LANGS = [lang for lang in LANGUAGES if lang != "en"]
#: babel's locale for each language (its plural rule and name).
LOCALES = {"sr": "sr_Latn", "sl": "sl", "lv": "lv", "pl": "pl", "ro": "ro", "zh": "zh_Hans"}
KEYWORDS = {"t": None, "tx": None, "tn": (1, 2), "txn": (1, 2), "tp": ((1, "c"), 2), "N_": None,
            # an engine's refusals: IllegalAction("you do not hold {card}", card=...), Message(...), Message.counted
            "IllegalAction": None, "Message": None, "counted": (1, 2), "term": ((1, "c"), 2)}
COMMENT_TAGS = ["i18n:"]


@dataclass
class Entry:
    id: str | tuple[str, str]
    context: str | None = None
    places: list[tuple[str, int]] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        text = self.id[0] if isinstance(self.id, tuple) else self.id
        return f"{self.context}{CONTEXT_SEP}{text}" if self.context else text


# --- extraction -----------------------------------------------------------------------------------------------------

class _HTMLTexts(html.parser.HTMLParser):
    """Texts of elements marked ``data-i18n``: the element's text, and each attribute named in the mark's value."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self.open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "data-i18n" not in a:
            return
        for name in (a["data-i18n"] or "").split():
            if a.get(name):
                self.found.append((self.getpos()[0], a[name] or ""))
        self.open.append((tag, []))

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open and self.open[-1][0] == tag:
            text = " ".join("".join(self.open.pop()[1]).split())
            if text:
                self.found.append((self.getpos()[0], text))


def extract_file(path: Path) -> Iterator[Entry]:
    """The marked texts of one source file."""
    where = str(path.relative_to(ROOT))
    if path.suffix == ".html":
        parser = _HTMLTexts()
        parser.feed(path.read_text(encoding="utf-8"))
        for line, text in parser.found:
            yield Entry(text, None, [(where, line)])
        return
    method = "javascript" if path.suffix == ".js" else "python"
    with path.open("rb") as f:
        for line, message, comments, context in extract(method, f, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                                                        options={"parse_template_string": True}):
            yield Entry(message, context, [(where, line)], [c.removeprefix("i18n:").strip() for c in comments])


def sources(domain: str) -> list[Path]:
    """The files whose texts belong to a domain."""
    if domain == CORE:
        web = SRC / "web" / "static"
        files = sorted(web.rglob("*.js")) + sorted(web.glob("*.html")) + [SRC / "core" / "terminal.py"]
        files += [SRC / "core" / name for name in ("game.py", "cards.py", "i18n.py", "lesson.py")]  # the refusals every game shares
        files.append(SRC / "bots" / "advice.py")  # hints and reviews: their words are every game's
        files += sorted((SRC / "cli").glob("*.py"))
        files += [SRC / "server" / name for name in ("notify.py", "notify_api.py", "correspondence.py")]  # told to a seat, in its words
        return files
    folder = package_folder(domain)
    files = sorted((folder / "web").rglob("*.js")) if (folder / "web").is_dir() else []
    # the modules with words: those that translate (the terminal), and those that refuse (IllegalAction's texts)
    words = re.compile(r"i18n import|IllegalAction\(|Message\(")
    return files + [p for p in sorted(folder.glob("*.py")) if words.search(p.read_text(encoding="utf-8"))]


def package_folder(domain: str) -> Path:
    return Path(importlib.import_module(domain).__file__).resolve().parent


def label(name: str) -> str:
    """As the lobby writes an option's name: ``last_card_tabla`` → ``Last card tabla`` (util.js ``label``)."""
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def lobby_entries(game_id: str) -> Iterator[Entry]:
    """What the lobby shows of a game, from its class: title, options (label, description, choices), bots, chat."""
    cls = game_class(game_id)
    d = cls.describe()
    where = (f"{cls.__module__}.{cls.__name__}", 0)
    yield Entry(d["title"], None, [where], ["the game's name"])
    for o in d["options"]:
        yield Entry(label(o["name"]), None, [where], [f"option {o['name']}'s name"])
        if o.get("description"):
            yield Entry(o["description"], None, [where], [f"option {o['name']}"])
        for choice in o.get("choices") or []:
            if isinstance(choice, str):
                yield Entry(choice, "choice", [where], [f"a value of option {o['name']}"])
    for name, bot in cls.bots.items():
        yield Entry(name, "bot", [where], ["a bot's name (its level)"])
        if getattr(bot, "description", ""):
            yield Entry(bot.description, None, [where], [f"what the {name} bot does"])
    for message in d.get("chat", {}).get("messages") or []:
        yield Entry(message, None, [where], ["a set chat message"])


def domains() -> list[str]:
    """Every domain: the core, then each game or family package that has words."""
    found = [CORE]
    for game_id in games():
        for domain in game_domains(game_class(game_id)):
            if domain not in found:
                found.append(domain)
    return found


def template(domain: str) -> dict[str, Entry]:
    """Every text of a domain, by key (context and first form), in the order met."""
    out: dict[str, Entry] = {}

    def add(entry: Entry) -> None:
        if entry.key in out:
            out[entry.key].places += entry.places
            out[entry.key].comments += [c for c in entry.comments if c not in out[entry.key].comments]
        else:
            out[entry.key] = entry

    for path in sources(domain):
        for entry in extract_file(path):
            add(entry)
    if domain == CORE:  # the bots every game has (the search bots play every turn-based one)
        from parlour.bots import GENERIC, _search_bots

        for name, bot in {**_search_bots(), **GENERIC}.items():
            add(Entry(name, "bot", [("parlour.bots", 0)], ["a bot's name (its level)"]))
            if getattr(bot, "description", ""):
                add(Entry(bot.description, None, [("parlour.bots", 0)], [f"what the {name} bot does"]))
            for hidden, about in getattr(bot, "ways", {}).items():  # in the words of each kind of game
                text = f"{about}; {bot.pace}" if getattr(bot, "pace", "") else about
                add(Entry(text, None, [("parlour.bots", 0)], [f"what the {name} bot does where a seat sees "
                                                               f"{'everything' if hidden is None else 'all but the ' + hidden}"]))
    else:
        for game_id in games():
            if game_domains(game_class(game_id))[-1] == domain:
                for entry in lobby_entries(game_id):
                    add(entry)
            for entry in lesson_entries(game_id, domain):
                add(entry)
    return out


def lesson_entries(game_id: str, domain: str) -> Iterator[Entry]:
    """The texts of the game's lesson (core/lesson.py), if its file lies in this domain's package."""
    path = Lesson.path(game_id)
    if path is None or path.resolve().parent.parent != package_folder(domain):
        return
    where = str(path.resolve().relative_to(ROOT))
    for text in Lesson.load(game_id).texts():
        yield Entry(text, None, [(where, 0)], ["a lesson's words (lessons/*.toml)"])


@cache
def templates() -> dict[str, dict[str, Entry]]:
    """Every domain's template, by domain."""
    return {domain: template(domain) for domain in domains()}


# --- catalogues -----------------------------------------------------------------------------------------------------

def folder_of(domain: str) -> Path:
    return SRC / "locale" if domain == CORE else package_folder(domain) / "locale"


def po_path(domain: str, lang: str) -> Path:
    return folder_of(domain) / f"{lang}.po"


def read(domain: str, lang: str) -> Catalog:
    path = po_path(domain, lang)
    if path.is_file():
        with path.open("rb") as f:
            return read_po(f, locale=LOCALES[lang])
    return Catalog(locale=LOCALES[lang], project="parlour", fuzzy=False)


def write(catalog: Catalog, domain: str, lang: str) -> None:
    path = po_path(domain, lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.project, catalog.version = "parlour", ""
    catalog.msgid_bugs_address = ""
    catalog.language_team = f"{LANGUAGES[lang]} <{lang}>"
    catalog.last_translator = "parlour"
    catalog.fuzzy = False
    with path.open("wb") as f:
        write_po(f, catalog, width=120, omit_header=False, ignore_obsolete=True, include_previous=False,
                 sort_output=False, include_lineno=False)
    # babel stamps each header with today's date: keep the files stable between runs
    text = path.read_text(encoding="utf-8")
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    text = re.sub(r"^# .*\n(# Copyright.*\n)?(# This file.*\n)?(# FIRST AUTHOR.*\n)?#\n", "", text, count=1)
    path.write_text(text.lstrip("\n"), encoding="utf-8")  # a header read back without its comment leaves a blank


def flags(entry: Entry) -> set[str]:
    ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
    return {"python-brace-format"} if any(PLACEHOLDER.search(i) for i in ids) else set()


def update() -> None:
    """Each .po gets the texts of its domain's template (new ones untranslated) and loses the texts gone."""
    core_keys = set(templates()[CORE])
    for domain, entries in templates().items():
        for lang in LANGS:
            old = read(domain, lang)
            new = Catalog(locale=LOCALES[lang], project="parlour", fuzzy=False)
            for entry in entries.values():
                before = old.get(entry.id if isinstance(entry.id, str) else entry.id[0], entry.context)
                if domain != CORE and entry.key in core_keys and not (before and before.string):
                    continue  # the core's translation serves
                message = Message(entry.id, before.string if before else ("", "") if isinstance(entry.id, tuple)
                                  else "", locations=entry.places, auto_comments=entry.comments,
                                  flags=flags(entry), context=entry.context)
                if isinstance(entry.id, tuple) and not (before and isinstance(before.string, (tuple, list))):
                    message.string = tuple("" for _ in range(new.num_plurals))
                new[entry.id] = message
            if len(new) or po_path(domain, lang).exists():
                write(new, domain, lang)


def compiled(domain: str, lang: str) -> dict:
    """The JSON a .po compiles to: its language, plural rule and every translated text (contexts joined by \\x04)."""
    catalog = read(domain, lang)
    messages: dict[str, str | list[str]] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        key = m.id[0] if isinstance(m.id, (tuple, list)) else m.id
        if m.context:
            key = f"{m.context}{CONTEXT_SEP}{key}"
        if isinstance(m.string, (tuple, list)):
            if all(m.string):
                messages[key] = list(m.string)
        elif m.string:
            messages[key] = m.string
    plural = get_plural(LOCALES[lang]).plural_expr
    return {"language": lang, "plural": plural, "messages": messages}


def json_path(domain: str, lang: str) -> Path:
    return folder_of(domain) / f"{lang}.json"


def compile_all() -> list[Path]:
    written = []
    for domain in domains():
        for lang in LANGS:
            if not po_path(domain, lang).exists():
                continue
            text = json.dumps(compiled(domain, lang), ensure_ascii=False, indent=0, sort_keys=True) + "\n"
            path = json_path(domain, lang)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                written.append(path)
    return written


# --- checks ---------------------------------------------------------------------------------------------------------

def problems(domain: str, lang: str) -> list[str]:
    """What a domain lacks in a language: texts with no translation (here or, for a game, in the core), plural forms
    missing, placeholders that differ from the English."""
    out = []
    core = read(CORE, lang)
    own = read(domain, lang)
    for entry in templates()[domain].values():
        first = entry.id[0] if isinstance(entry.id, tuple) else entry.id
        m = own.get(first, entry.context)
        if (m is None or not m.string) and domain != CORE:
            m = core.get(first, entry.context)
        where = f"{entry.places[0][0]}:{entry.places[0][1]}" if entry.places else domain
        if m is None or not m.string or m.fuzzy or (isinstance(m.string, (tuple, list)) and not all(m.string)):
            out.append(f"{lang}: no translation of {entry.key!r} ({where})")
            continue
        wanted = {p for i in (entry.id if isinstance(entry.id, tuple) else (entry.id,)) for p in PLACEHOLDER.findall(i)}
        for text in (m.string if isinstance(m.string, (tuple, list)) else (m.string,)):
            got = set(PLACEHOLDER.findall(text))
            # a plural form may leave the count out ("one card" for n = 1), nothing else
            if got - wanted or wanted - got - {"n"}:
                out.append(f"{lang}: {entry.key!r} has placeholders {sorted(got)}, the English {sorted(wanted)}")
    return out


# --- sheets ---------------------------------------------------------------------------------------------------------

SHEET_TEXT = re.compile(r"^(?:\[(?P<context>[^\]]+)\]\s*)?(?P<text>.+?)\s*$")
SHEET_LANG = re.compile(r"^\s+(?P<lang>[a-z]{2}):\s?(?P<text>.*?)\s*$")


def read_sheet(text: str) -> Iterator[tuple[str, str | None, tuple[str, ...], str, tuple[str, ...]]]:
    """(domain, context, English forms, language, its forms) for every translation in a sheet."""
    domain = None
    current: tuple[str | None, tuple[str, ...]] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if line.startswith("# "):
            domain = line[2:].strip()
            continue
        m = SHEET_LANG.match(line)
        if m and line[:1].isspace():
            if current is None or domain is None:
                raise SystemExit(f"line {number}: a translation before its English text or domain")
            yield domain, current[0], current[1], m["lang"], tuple(p.strip() for p in m["text"].split("||"))
            continue
        m = SHEET_TEXT.match(line)
        current = (m["context"], tuple(p.strip() for p in m["text"].split("||")))


def apply(paths: Iterable[Path]) -> None:
    """Write every translation of the sheets into the .po files (the texts must be in the template)."""
    changed: dict[tuple[str, str], Catalog] = {}
    unknown = []
    for path in paths:
        for domain, context, english, lang, forms in read_sheet(path.read_text(encoding="utf-8")):
            if lang not in LANGS:
                raise SystemExit(f"{path}: unknown language {lang}")
            catalog = changed.get((domain, lang)) or read(domain, lang)
            changed[(domain, lang)] = catalog
            m = catalog.get(english[0], context)
            if m is None:
                unknown.append(f"{domain} {lang}: {english[0]!r}")
                continue
            if isinstance(m.id, (tuple, list)):
                n = catalog.num_plurals
                if len(forms) == 1:
                    forms = forms * n
                if len(forms) != n:
                    raise SystemExit(f"{path}: {english[0]!r} in {lang} needs {n} plural forms, got {len(forms)}")
                m.string = forms
            else:
                m.string = forms[0]
            m.flags.discard("fuzzy")
    for (domain, lang), catalog in changed.items():
        write(catalog, domain, lang)
    if unknown:
        print("not in the templates (run update first, or fix the English):\n  " + "\n  ".join(sorted(set(unknown))))
    compile_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("update")
    sub.add_parser("compile")
    status = sub.add_parser("status")
    status.add_argument("domain", nargs="*")
    sheets = sub.add_parser("apply")
    sheets.add_argument("sheet", nargs="+", type=Path)
    args = parser.parse_args()
    if args.command == "update":
        update()
        compile_all()
    elif args.command == "compile":
        for path in compile_all():
            print("wrote", path.relative_to(ROOT))
    elif args.command == "apply":
        apply(args.sheet)
    else:
        for domain in args.domain or domains():
            for lang in LANGS:
                found = problems(domain, lang)
                print(f"{domain} {lang}: {len(found)} missing")
                for line in found[:5]:
                    print("   ", line)


if __name__ == "__main__":
    main()
