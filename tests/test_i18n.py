"""Every player in their own language: each text of the web client, the lobby and the terminal has a translation in
every language, for the core and for every game marked complete; the rules pages are translated faithfully.

The catalogues are checked as the code marks its texts (``scripts/i18n.py`` extracts them with babel): a marked text
with no translation, a translation whose placeholders differ from the English, a compiled catalogue older than its
.po file, all fail here. The terminal is then drawn in every language from real play, which catches a text looked up
that was never marked. The browser's side is ``tests/web/test_languages.py``.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import sys
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

import parlour
from parlour.bots import make
from parlour.cli import main, render
from parlour.core import i18n
from parlour.core.i18n import LANGUAGES, game_domains, using
from parlour.core.registry import game_class, games
from parlour.core.terminal import Seats, plain

ROOT = Path(__file__).resolve().parents[1]
LANGS = [lang for lang in LANGUAGES if lang != "en"]
STEPS = 150


def _tool():
    spec = importlib.util.spec_from_file_location("parlour_i18n_tool", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()
COMPLETE = [g for g in games() if game_class(g).status == "complete"]
#: The catalogues that must be whole: the core's, and those of every game marked complete (and of their families).
REQUIRED = ["parlour"] + sorted({d for g in COMPLETE for d in game_domains(game_class(g))})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", REQUIRED)
def test_every_text_has_a_translation(domain: str, lang: str) -> None:
    found = tool.problems(domain, lang)
    assert not found, f"{len(found)} texts of {domain} lack {LANGUAGES[lang]}:\n" + "\n".join(found[:40])


def test_compiled_catalogues_match_their_po_files() -> None:
    stale = []
    for domain in tool.domains():
        for lang in LANGS:
            if not tool.po_path(domain, lang).exists():
                continue
            path = tool.json_path(domain, lang)
            if not path.exists() or json.loads(path.read_text(encoding="utf-8")) != tool.compiled(domain, lang):
                stale.append(str(path.relative_to(ROOT)))
    assert not stale, "run `python scripts/i18n.py compile`: " + ", ".join(stale)


def test_po_files_hold_the_texts_the_code_marks() -> None:
    """Each .po has exactly its domain's texts (update adds the new, drops the gone), none padded with spaces."""
    for domain, entries in tool.templates().items():
        padded = [e.key for e in entries.values() if any(s != s.strip() for s in
                                                         (e.id if isinstance(e.id, tuple) else (e.id,)))]
        assert not padded, f"{domain}: texts padded with spaces (add them outside the text): {padded}"
        for lang in LANGS:
            if not tool.po_path(domain, lang).exists():
                continue
            have = {(m.context or "") + "\x04" + (m.id[0] if isinstance(m.id, (tuple, list)) else m.id)
                    for m in tool.read(domain, lang) if m.id}
            want = {(e.context or "") + "\x04" + (e.id[0] if isinstance(e.id, tuple) else e.id)
                    for e in entries.values()}
            assert have <= want, f"{domain} {lang}: texts no longer in the code (run update): {sorted(have - want)[:5]}"


def test_a_text_without_translation_falls_back_to_english_and_is_noted() -> None:
    tr = i18n.translator("parlour.games.giacomotto.terminal")
    i18n.missing.clear()
    with using("sl"):
        assert tr.t("Score sheet") == "Točkovnik"  # the core's word, through the game's translator
        assert tr.t("No such text {n}", n=3) == "No such text 3"
        assert tr.tn("{n} card", "{n} cards", 2) == "2 karti" and tr.tn("{n} card", "{n} cards", 5) == "5 kart"
    assert ("sl", "parlour.games.giacomotto", "No such text {n}") in i18n.missing
    i18n.missing.clear()
    with using("pl"):
        assert [tr.tn("{n} card", "{n} cards", n) for n in (1, 3, 5, 22)] == ["1 karta", "3 karty", "5 kart", "22 karty"]
    with using("lv"):
        assert [tr.tn("{n} card", "{n} cards", n) for n in (1, 2, 10)] == ["1 kārts", "2 kārtis", "10 kāršu"]


def test_the_language_comes_from_the_environment_or_lang() -> None:
    runner = CliRunner()
    env = {"PARLOUR_LANG": "", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "pl_PL.UTF-8"}
    assert "Gry" in runner.invoke(main, ["games"], env=env).output
    assert "Igre" in runner.invoke(main, ["--lang", "sl", "games"], env=env).output
    assert "Spēles" in runner.invoke(main, ["--lang", "sl", "games", "--lang", "lv"], env=env).output
    bad = runner.invoke(main, ["--lang", "xx", "games"], env=env)
    assert bad.exit_code == 2 and "sl (Slovenščina)" in bad.output


def has_terminal(game_id: str) -> bool:
    return resources.files(game_class(game_id).__module__.rsplit(".", 1)[0]).joinpath("terminal.py").is_file()


@pytest.mark.parametrize("game_id", [g for g in COMPLETE if has_terminal(g)])
def test_the_terminal_speaks_every_language(game_id: str) -> None:
    """Bots play the start of a match; every screen and log line is drawn in every language: no text may be
    looked up that its catalogue lacks (a text the code forgot to mark shows up here as English left over)."""
    game = parlour.load(game_id, **game_class(game_id).quick_options)
    state = game.new(seed=5)
    bots = [make("random", game, s, seed=s) for s in range(game.players)]
    kinds = ("human",) + ("random",) * (game.players - 1)
    screens = []
    shown = 0
    for step in range(STEPS):
        if state.over:
            break
        if not state.to_act:
            state.timeout()
            continue
        seat = state.to_act[0]
        view = state.view(seat)
        if step % 10 == 0 or len(state.events) > shown:
            screens.append((view, Seats(kinds, viewer=seat), state.visible_events(seat, state.events[shown:])))
        shown = len(state.events)
        state.apply(seat, bots[seat].choose(view, state.legal(seat)))
    screens.append((state.view(0), Seats(kinds, viewer=0), state.visible_events(0, state.events[shown:])))
    domains = set(game_domains(game_class(game_id))) | {"parlour"}
    for lang in LANGS:
        i18n.missing.clear()
        with using(lang):
            for view, seats, events in screens:
                plain(render.turn_screen(view, seats, events), width=110)
            plain(render.final_screen(screens[-1][0], screens[-1][1]), width=110)
        lost = sorted(key for language, domain, key in i18n.missing if domain in domains)
        assert not lost, f"{game_id} in {LANGUAGES[lang]}: texts drawn without a translation: {lost[:10]}"


# --- rules pages --------------------------------------------------------------------------------------------------

VARIANT_ROW = re.compile(r"^\| `(\w+)` \| ([^|]+?) \| ([^|]+?) \|$")


def folder(game_id: str):
    return resources.files(game_class(game_id).__module__.rsplit(".", 1)[0])


def outline(text: str) -> tuple[list[int], list[tuple[str, str]]]:
    """What a translation must keep: the heading levels in order, and the variants table (names and defaults)."""
    levels = [len(m[1]) for m in re.finditer(r"^(#+) ", text, re.M)]
    variants = [(m[1], m[2].strip()) for line in text.splitlines() if (m := VARIANT_ROW.match(line.strip()))]
    return levels, variants


RULED = sorted({g for g in games() if folder(g).joinpath("RULES.md").is_file()},
               key=lambda g: str(folder(g)))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", [g for g in RULED if g in COMPLETE])
def test_rules_are_translated_faithfully(game_id: str, lang: str) -> None:
    """Each complete game's rules page exists in every language with the English page's sections (the same headings,
    in the same order) and the same variants table (the same options with the same defaults)."""
    here = folder(game_id)
    name = f"RULES.{lang}.md"
    assert here.joinpath(name).is_file(), f"{game_id} has no {name}"
    english = outline(here.joinpath("RULES.md").read_text(encoding="utf-8"))
    translated = outline(here.joinpath(name).read_text(encoding="utf-8"))
    assert translated[0] == english[0], f"{name}: the headings differ from RULES.md's"
    assert translated[1] == english[1], f"{name}: the variants table differs from RULES.md's"


def test_rules_are_shown_in_the_language_asked() -> None:
    runner = CliRunner()
    sl = runner.invoke(main, ["rules", "giacomotto", "--lang", "sl"])
    assert sl.exit_code == 0 and "Različice" in sl.output
    with using("sl"):
        assert parlour.load("giacomotto").rules().startswith("# Giacomotto")
    assert "## Variants" in parlour.load("giacomotto").rules("en")


# --- refusals ---------------------------------------------------------------------------------------------------

#: The calls that make a refusal's text: the template (marked for the catalogues) is their first argument (a term's
#: second), and must be written out, so that ``scripts/i18n.py`` finds it and a catalogue can translate it.
REFUSING = {"IllegalAction": 0, "Message": 0, "counted": 0, "term": 1}


def _refusal_templates(path: Path) -> list[tuple[int, ast.expr]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else \
            node.func.attr if isinstance(node.func, ast.Attribute) else None
        if name in REFUSING and len(node.args) > REFUSING[name]:
            found.append((node.lineno, node.args[REFUSING[name]]))
    return found


def _written_out(arg: ast.expr) -> bool:
    """A text written out (a literal), or one passed on from where it was made (a name, a subscript of marked texts,
    a method's Message): never one put together here (an f-string, a sum, ``str(...)``, ``.format(...)``)."""
    if isinstance(arg, ast.Constant):
        return isinstance(arg.value, str)
    if isinstance(arg, ast.Call):
        func = arg.func
        return not (isinstance(func, ast.Name) and func.id in ("str", "repr", "format")
                    or isinstance(func, ast.Attribute) and func.attr in ("format", "join", "replace"))
    return isinstance(arg, (ast.Name, ast.Attribute, ast.Subscript))


def test_every_refusal_is_made_from_a_template_the_catalogues_can_translate() -> None:
    """An engine's refusal (``IllegalAction``, ``why_illegal``, ``why_waiting``) is a marked template and its values,
    never an f-string: the terminal and the browser say it in their reader's language."""
    src = ROOT / "src" / "parlour"
    files = sorted((src / "games").rglob("*.py")) + [src / "core" / "game.py", src / "core" / "cards.py"]
    bad = [f"{path.relative_to(ROOT)}:{line}" for path in files for line, arg in _refusal_templates(path)
           if not _written_out(arg)]
    assert not bad, "refusals put together in the code (write a template and pass its values):\n" + "\n".join(bad)


def _refusals(game_id: str, seed: int = 3, steps: int = 120) -> list[Exception]:
    """Refusals met in the first stretch of a match between random bots: at every step, each seat that may not act
    tries the acting seat's move, the acting seat tries nonsense and the moves that were legal earlier or elsewhere."""
    from parlour.core.errors import IllegalAction

    game = parlour.load(game_id, **game_class(game_id).quick_options)
    state = game.new(seed=seed)
    bots = [make("random", game, s, seed=s) for s in range(game.players)]
    tried: set[str] = {"xyzzy", "", "play", "play XX 7", "pass 1.9.9"}
    out: list[Exception] = []
    for _ in range(steps):
        if state.over:
            break
        if not state.to_act:
            state.timeout()
            continue
        seat = state.to_act[0]
        legal = [str(a) for a in state.legal(seat)]
        others = [s for s in range(game.players) if s not in state.to_act]
        for text in sorted(tried - set(legal))[:40] + [legal[0]] * bool(others):
            for who in ([seat] if text not in legal else others[:1]):
                try:
                    state.clone().apply(who, text)
                except IllegalAction as e:
                    out.append(e)
        tried.update(legal[:8])
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))
    return out


@pytest.mark.parametrize("game_id", COMPLETE)
def test_every_refusal_met_in_play_has_a_translation(game_id: str) -> None:
    """Every refusal a match meets is said in every language: no template is missing from the game's catalogue (or
    the core's), and nothing is left unfilled."""
    refusals = _refusals(game_id)
    assert len({e.message.template for e in refusals}) >= 3, f"{game_id}: too few kinds of refusal were met"
    words = i18n.game_translator(game_class(game_id))
    domains = set(game_domains(game_class(game_id))) | {"parlour"}
    for lang in LANGS:
        i18n.missing.clear()
        with using(lang):
            said = {words.message(e.message) for e in refusals}
        lost = sorted({key for language, domain, key in i18n.missing if domain in domains})
        assert not lost, f"{game_id}: refusals without a {LANGUAGES[lang]} translation: {lost[:8]}"
        unfilled = [text for text in said if re.search(r"\{\w+\}", text)]
        assert not unfilled, f"{game_id} in {LANGUAGES[lang]}: placeholders left in {unfilled[:3]}"
