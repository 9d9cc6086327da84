"""Languages: the words of the terminal, the web client and the rules pages in the player's own language.

Every text a player reads is written in English in the code, marked for translation, and looked up in a catalogue
for the language chosen. Catalogues are gettext ``.po`` files (the source translators edit) compiled to JSON (what
runs: the browser and the terminal read the same file); ``scripts/i18n.py`` extracts, updates and compiles them.

* The core catalogue (``parlour/locale/``) holds the words every game shares: the lobby, the table page, the kit,
  the terminal's frame.
* Each game folder carries its own (``games/<pkg>/locale/``) beside ``web/`` and ``terminal.py``: its table's words,
  its terminal's, its title, options and bots. A family package (``games/memory/``) holds its games' shared words.
A text missing from a catalogue is shown in English, and noted in :data:`missing` (the tests require none).

A text made where the reader's language is not known (an engine's refusal: ``IllegalAction``) is a :class:`Message`:
the English text as a ``str``, which also keeps its marked template and values, so that the terminal
(:meth:`Translator.message`) and the browser (``i18n.js``'s ``message``, from the wire's ``template`` and ``params``)
say it in their reader's language.

In Python, a module takes the translator of its own package::

    from parlour.core.i18n import translator
    tr = translator(__name__)           # this game's words, then the core's
    tr.t("Deal {deal}", deal=3)         # "Deal 3"; "Deljenje 3" in Slovenian
    tr.tn("{n} card", "{n} cards", 5)   # plural forms as the language has them
    tr.tx("{who} plays {card}", who="Ana", card=card_text("QH"))   # a rich Text, the card keeping its colour

>>> with using("sl"):
...     translator("parlour.core.terminal").t("Score sheet")
'Točkovnik'
>>> translator("parlour.core.terminal").t("Score sheet")
'Score sheet'
>>> normalize("sl_SI.UTF-8"), normalize("sr-Latn-RS"), normalize("zh-CN"), normalize("C"), normalize("de")
('sl', 'sr', 'zh', None, None)
"""

from __future__ import annotations

import gettext
import importlib
import json
import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

#: The languages, by code, each named in itself (as the language switch shows them).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "sr": "Srpski",
    "sl": "Slovenščina",
    "lv": "Latviešu",
    "pl": "Polski",
    "ro": "Română",
    "zh": "简体中文",
}
#: Each language's full tag (HTML ``lang``, ``--lang``): Serbian in the Latin script, Chinese simplified.
TAGS: dict[str, str] = {"en": "en", "sr": "sr-Latn", "sl": "sl", "lv": "lv", "pl": "pl", "ro": "ro", "zh": "zh-Hans"}
DEFAULT = "en"
#: Separates a message's context from its text in a compiled catalogue (as in gettext's .mo files).
CONTEXT_SEP = "\x04"
#: The core catalogue's folder.
CORE = Path(__file__).resolve().parent.parent / "locale"
#: The environment variables that choose the terminal's language, first found first (after ``--lang``).
ENVIRONMENT = ("PARLOUR_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_language: ContextVar[str] = ContextVar("parlour_language", default=DEFAULT)

#: (language, domain, message) looked up and not found: a text still to translate. Tests require none.
missing: set[tuple[str, str, str]] = set()


def normalize(tag: str | None) -> str | None:
    """The language of a tag as browsers and locales write it (``sl_SI.UTF-8``, ``sr-Latn-RS``, ``zh-CN``,
    ``sr@latin``), or ``None`` when it is none of :data:`LANGUAGES`."""
    if not tag:
        return None
    primary = re.split(r"[-_.@:]", tag.strip().lower(), maxsplit=1)[0]
    return primary if primary in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for (``PARLOUR_LANG``, then the locale's variables), else English.
    ``LANGUAGE`` may list several (``sl:en``): the first one we have wins.

    >>> from_environment({"LANG": "pl_PL.UTF-8"}), from_environment({"LANGUAGE": "de:ro", "LANG": "pl_PL"})
    ('pl', 'ro')
    >>> from_environment({"LC_ALL": "C.UTF-8", "LANG": "lv_LV"}), from_environment({})
    ('en', 'en')
    """
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalize(part)
            if found:
                return found
        if name != "LANGUAGE":  # a locale that is set but not ours (C, de_DE) decides: English
            return DEFAULT
    return DEFAULT


def language() -> str:
    """The language texts are translated to now."""
    return _language.get()


def set_language(lang: str) -> None:
    """Translate into ``lang`` from now on (the terminal does this once, from ``--lang`` or the environment)."""
    _language.set(check(lang))


def check(lang: str) -> str:
    """``lang`` as one of :data:`LANGUAGES`; a ValueError names the languages there are."""
    found = normalize(lang)
    if found is None:
        raise ValueError(f"no language {lang!r}; the languages are: "
                         + ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items()))
    return found


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Translate into ``lang`` inside the block (tests, a server answering one request)."""
    token = _language.set(check(lang))
    try:
        yield
    finally:
        _language.reset(token)


# --- catalogues -----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Catalogue:
    """One compiled catalogue: the translations of one domain into one language."""

    lang: str
    messages: dict[str, str | list[str]] = field(default_factory=dict)
    plural: Callable[[int], int] = lambda n: int(n != 1)

    @classmethod
    def read(cls, path: Path, lang: str) -> "Catalogue":
        """The catalogue compiled at ``path`` (JSON: ``language``, ``plural``, ``messages``); empty if absent."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls(lang)
        return cls(lang, data.get("messages", {}), plural_function(data.get("plural", "n != 1")))


def plural_function(expression: str) -> Callable[[int], int]:
    """gettext's plural expression (``n%100==1 ? 0 : ...``) as a function from a count to a form's index."""
    return gettext.c2py(expression)  # type: ignore[attr-defined]


def locale_folder(package: str) -> Path:
    """The ``locale/`` folder of a package (``parlour.games.tarok``); the core's for ``parlour`` itself."""
    if package in ("parlour", "parlour.core"):
        return CORE
    module = importlib.import_module(package)
    return Path(module.__file__ or "").resolve().parent / "locale"


@cache
def catalogue(folder: Path, lang: str) -> Catalogue:
    """The compiled catalogue ``folder/<lang>.json`` (read once)."""
    return Catalogue.read(folder / f"{lang}.json", lang)


def domain_of(module: str) -> str:
    """The catalogue a module's words live in: its game's (or family's) package, else the core.

    >>> domain_of("parlour.games.tarok.terminal"), domain_of("parlour.cli.play"), domain_of("parlour.games.kaboo")
    ('parlour.games.tarok', 'parlour', 'parlour.games.kaboo')
    """
    parts = module.split(".")
    if parts[:2] == ["parlour", "games"] and len(parts) >= 3:
        return ".".join(parts[:3])
    return "parlour"


def game_domains(game_cls: type) -> list[str]:
    """The catalogues a game's words are looked up in, first first: its own package's, then the packages of the
    classes it is built on (Kaboo: ``kaboo``, then its family ``memory``).

    >>> from parlour.core.registry import game_class
    >>> game_domains(game_class("tarok"))
    ['parlour.games.tarok']
    """
    out: list[str] = []
    for klass in game_cls.__mro__:
        domain = domain_of(klass.__module__)
        if domain != "parlour" and domain not in out:
            out.append(domain)
    return out


class Message(str):
    """A text for a person written where the reader's language is unknown (an engine's refusal): the English text
    itself, wherever a ``str`` is read, that also keeps the ``template`` it was made from (a text marked for the
    catalogues) and the ``params`` that fill it, so it can be said in another language.

    A param may itself be a Message (a phase's or a suit's name, a reason inside a reason): it is translated too.

    >>> m = Message("you do not hold {card}; your hand is {hand}", card="KH", hand="AS 10D")
    >>> m, m.template, m.to_wire()["params"]
    ('you do not hold KH; your hand is AS 10D', 'you do not hold {card}; your hand is {hand}', {'card': 'KH', 'hand': 'AS 10D'})
    >>> with using("sl"):
    ...     translator("parlour.cli").message(Message("{who}: {action}", who=Message("Seat {n}", n=2), action="pass"))
    'Sedež 2: pass'
    """

    template: str
    plural: str | None
    params: dict[str, Any]
    #: Tells apart two uses of the same English words (as :meth:`Translator.tp`): ``None`` for most.
    context: str | None = None

    def __new__(cls, template: str, /, **params: Any) -> "Message":
        return cls._made(template, None, params)

    @classmethod
    def term(cls, context: str, text: str, /) -> "Message":
        """A word said in a context, to be put in another Message: ``Message.term("tarok phase", "bid")``."""
        made = cls._made(text, None, {})
        made.context = context
        return made

    @classmethod
    def counted(cls, one: str, many: str, n: int, /, **params: Any) -> "Message":
        """A text with a count, as :meth:`Translator.tn`: ``Message.counted("{n} call", "{n} calls", 3)``."""
        return cls._made(one, many, {"n": n, **params})

    @classmethod
    def _made(cls, template: str, plural: str | None, params: dict[str, Any]) -> "Message":
        english = plural if plural is not None and params.get("n") != 1 else template
        self = super().__new__(cls, _format(english, params))
        self.template, self.plural, self.params = template, plural, params
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickled as made (a worker process's refusal)
        return (_remade, (self.template, self.plural, self.params, self.context))

    def to_wire(self) -> dict[str, Any]:
        """JSON for a page that translates it: ``template``, ``params`` (a Message param as such a dict),
        ``plural`` (the many form) for a text with a count, ``context`` for a :meth:`term`."""
        out: dict[str, Any] = {"template": self.template,
                               "params": {k: v.to_wire() if isinstance(v, Message) else
                                          v if type(v) in (int, float, str) else str(v)  # a Card: its code
                                          for k, v in self.params.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
        if self.context is not None:
            out["context"] = self.context
        return out

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> "Message":
        """The Message :meth:`to_wire` wrote (another server process's refusal).

        >>> m = Message("{a} or {b}", a=Message.term("phase", "bid"), b=Message.counted("{n} call", "{n} calls", 2))
        >>> again = Message.from_wire(m.to_wire())
        >>> again == m, again.to_wire() == m.to_wire()
        (True, True)
        """
        params = {k: cls.from_wire(v) if isinstance(v, Mapping) else v for k, v in data.get("params", {}).items()}
        return _remade(str(data["template"]), data.get("plural"), params, data.get("context"))


def _remade(template: str, plural: str | None, params: dict[str, Any], context: str | None = None) -> Message:
    made = Message._made(template, plural, params)
    made.context = context
    return made


def either(items: Sequence[Any]) -> str:
    """Choices in a refusal, the last after "or" in the reader's language: ``1 or 11``, ``'take 5C', 'take 8H' or
    'done'``.

    >>> either(["1", "11"]), either(["a", "b", "c"]), either(["done"])
    ('1 or 11', 'a, b or c', 'done')
    """
    texts = [str(i) for i in items]
    if len(texts) < 2:
        return texts[0] if texts else ""
    return Message("{items} or {last}", items=", ".join(texts[:-1]), last=texts[-1])


class Translator:
    """The words of a list of domains (a game's, its family's), then the core's, in the current language.

    Messages are English with ``{name}`` placeholders filled by keyword arguments (``str.format``).
    """

    def __init__(self, domains: list[str]) -> None:
        self.domains = [d for d in domains if d != "parlour"] + ["parlour"]

    def _lookup(self, key: str, lang: str) -> str | list[str] | None:
        for domain in self.domains:
            found = catalogue(locale_folder(domain), lang).messages.get(key)
            if found:
                return found
        return None

    def _find(self, message: str, context: str | None = None) -> str | list[str] | None:
        lang = language()
        if lang == DEFAULT:
            return None
        key = f"{context}{CONTEXT_SEP}{message}" if context else message
        found = self._lookup(key, lang)
        if found is None:
            missing.add((lang, self.domains[0], key))
        return found

    def gettext(self, message: str, context: str | None = None) -> str:
        """``message`` in the current language (English when it has no translation)."""
        found = self._find(message, context)
        return found if isinstance(found, str) else message

    def ngettext(self, one: str, many: str, n: int, context: str | None = None) -> str:
        """The form of ``one``/``many`` for the count ``n`` in the current language."""
        found = self._find(one, context)
        if isinstance(found, list):
            return found[min(_plural_of(language())(n), len(found) - 1)]
        return one if n == 1 else many

    def t(self, message: str, **values: Any) -> str:
        """A text: ``t("Deal {deal}", deal=3)``."""
        return _format(self.gettext(message), values)

    def tp(self, context: str, message: str, **values: Any) -> str:
        """A text in a context that tells apart two uses of the same English words: ``tp("bid", "Pass")``."""
        return _format(self.gettext(message, context), values)

    def tn(self, one: str, many: str, n: int, **values: Any) -> str:
        """A text with a count: ``tn("{n} card", "{n} cards", 3)`` (``n`` is filled in)."""
        return _format(self.ngettext(one, many, n), {"n": n, **values})

    def tx(self, message: str, style: str = "", **values: Any) -> Any:
        """A rich ``Text``: placeholders may be ``Text`` (a card in its colour) and keep their style."""
        return assemble(self.gettext(message), values, style)

    def txn(self, one: str, many: str, n: int, style: str = "", **values: Any) -> Any:
        """:meth:`tx` with a count, as :meth:`tn`."""
        return assemble(self.ngettext(one, many, n), {"n": n, **values}, style)

    def message(self, text: str) -> str:
        """A :class:`Message` (an engine's refusal) in the current language, its Message params too; any other
        text as it is."""
        if not isinstance(text, Message):
            return str(text)
        values = {k: self.message(v) if isinstance(v, Message) else v for k, v in text.params.items()}
        if text.plural is not None:
            return _format(self.ngettext(text.template, text.plural, int(values.get("n", 0))), values)
        return _format(self.gettext(text.template, text.context), values)


@cache
def _plural_of(lang: str) -> Callable[[int], int]:
    """The plural rule of a language, read from the core catalogue (every catalogue of a language shares it)."""
    return catalogue(CORE, lang).plural


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _format(text: str, values: Mapping[str, Any]) -> str:
    return PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], text) if values else text


def assemble(text: str, values: Mapping[str, Any], style: str = "") -> Any:
    """``text`` with its placeholders filled, as a rich Text whose Text values keep their styles."""
    from rich.text import Text

    out = Text(style=style)
    at = 0
    for m in PLACEHOLDER.finditer(text):
        if m[1] not in values:
            continue
        out.append(text[at:m.start()])
        value = values[m[1]]
        out.append_text(value) if isinstance(value, Text) else out.append(str(value))
        at = m.end()
    out.append(text[at:])
    return out


@cache
def translator(module: str) -> Translator:
    """The translator for a module's words: its game's catalogue (``parlour.games.tarok.terminal`` → Tarok's),
    then the core's."""
    return Translator([domain_of(module)])


@cache
def game_translator(game_cls: type) -> Translator:
    """The translator for a game's words as the lobby shows them (title, options, bots): see :func:`game_domains`."""
    return Translator(game_domains(game_cls))


def merged(domains: list[str], lang: str) -> dict[str, Any]:
    """One compiled catalogue made of several (the first's text wins): what a browser loads for a game.

    >>> sorted(merged(["parlour.games.tarok"], "sl"))
    ['language', 'messages', 'plural']
    """
    lang = check(lang)
    messages: dict[str, Any] = {}
    plural = "(n != 1)"
    for domain in reversed(domains):
        path = locale_folder(domain) / f"{lang}.json"
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            messages.update(data.get("messages", {}))
            plural = data.get("plural", plural)
    return {"language": lang, "plural": plural, "messages": messages}


def N_(text: str) -> str:
    """Marks a text for the catalogues where it is written; it is translated where it is used."""
    return text


#: The languages that write a decimal comma (0,9 s) rather than a point.
DECIMAL_COMMA = frozenset({"sr", "sl", "lv", "pl", "ro"})


def decimal(x: float) -> str:
    """A number with a fraction as the player's language writes it: ``0.35`` in English, ``0,35`` in Slovenian
    (as the browser's ``toLocaleString`` does).

    >>> decimal(0.35), decimal(2.0)
    ('0.35', '2')
    >>> with using("sl"):
    ...     decimal(0.35)
    '0,35'
    """
    text = f"{x:g}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


# --- rules pages ----------------------------------------------------------------------------------------------------

def rules_name(lang: str | None = None) -> str:
    """The file of the rules for players in a language: ``RULES.md`` (English), ``RULES.sl.md``."""
    lang = language() if lang is None else check(lang)
    return "RULES.md" if lang == DEFAULT else f"RULES.{lang}.md"


__all__ = ["LANGUAGES", "TAGS", "DEFAULT", "Message", "Translator", "translator", "game_translator", "language",
           "set_language", "using", "normalize", "from_environment", "check", "missing", "rules_name",
           "game_domains", "domain_of", "merged", "N_", "decimal", "either"]
