"""The conformance harness: every registered game, every player count, random play, the contract's promises.

A game added under ``parlour/games/`` is checked here without touching this file.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Game, State
from parlour.core.record import TIMEOUT, Record
from parlour.core.rng import Rng

SEEDS = (11, 23)
#: Heavy checks (every legal action, determinize, clones) run on every n-th decision.
SAMPLE_EVERY = 9


def player_counts(gid: str) -> list[int]:
    """The fewest, the default and the most players: the edges where dealing and turn order change."""
    cls = parlour.core.game_class(gid)
    return sorted({min(cls.player_counts), cls.default_players, max(cls.player_counts)})


CASES = [(gid, n, seed) for gid in parlour.games() for n in player_counts(gid) for seed in SEEDS]


def case_id(case: tuple[str, int, int]) -> str:
    return f"{case[0]}-{case[1]}p-seed{case[2]}"


def observe(state: State) -> Any:
    """Everything the outside can see of a state: each seat's view, the spectator's, whose turn, the log."""
    n = state.game.players
    return (json.dumps([state.view(s) for s in [*range(n), None]], sort_keys=True), state.to_act, len(state.events),
            state.over, state.scores)


def step(state: State, rng: Rng) -> tuple[int | None, str]:
    """One random legal step (a timeout when nobody may act); returns what a record holds."""
    seats = state.to_act
    if not seats:
        state.timeout()
        return None, TIMEOUT
    seat = rng.choice(list(seats))
    action = rng.choice(state.legal(seat))
    return seat, str(state.apply(seat, action))


def play_random(game: Game, seed: int) -> Record:
    state = game.new(seed=seed)
    rec = Record.start(game, seed)
    rng = Rng(seed ^ 0x5EED)
    while not state.over:
        seat, text = step(state, rng)
        rec.add(seat, text, 0)
        assert len(rec.actions) <= game.action_bound, f"no end after {game.action_bound} actions"
    return rec


def card_tokens(view: dict[str, Any]) -> set[str]:
    """Every token of a view's JSON that could be a card code (``8C+5D`` yields ``8C`` and ``5D``)."""
    return set(re.findall(r"[0-9A-Z]+", json.dumps(view)))


def load(gid: str, players: int) -> Game:
    """The game at the default player count as a player gets it; at the other counts with its quick options.
    A game whose random play would not end declares ``random_options``, added at every count."""
    cls = parlour.core.game_class(gid)
    options = {} if players == cls.default_players else dict(cls.quick_options)
    return parlour.load(gid, players=players, **{**cls.random_options, **options})


@pytest.fixture(params=CASES, ids=case_id)
def case(request: pytest.FixtureRequest) -> tuple[Game, int, Record]:
    gid, players, seed = request.param
    game = load(gid, players)
    return game, seed, play_random(game, seed)


def test_replay_is_deterministic(case: tuple[Game, int, Record]) -> None:
    game, seed, rec = case
    a, b = game.new(seed=seed), game.new(seed=seed)
    assert observe(a) == observe(b)
    replayed = Record.from_json(rec.to_json())
    for (entry, state), again in zip(replayed.states(), _replay_by_hand(game, seed, rec)):
        assert observe(state) == again
    assert state.over


def _replay_by_hand(game: Game, seed: int, rec: Record):
    state = game.new(seed=seed)
    yield observe(state)
    for entry in rec.actions:
        if entry["seat"] is None:
            state.timeout()
        else:
            state.apply(entry["seat"], game.parse(entry["action"]))
        yield observe(state)


def test_match_ends_and_scores_add_up(case: tuple[Game, int, Record]) -> None:
    game, seed, rec = case
    state = rec.replay()
    assert state.over and state.to_act == () and state.deadline is None
    assert len(rec.actions) <= game.action_bound
    sheet = state.sheet
    for i in range(len(sheet.sides)):
        assert sheet.totals[i] == sum(row[1][i] for row in sheet.rows)
    assert state.winners, "a finished match names its winners"
    best = (min if game.lowest_wins else max)(state.scores)
    assert all(state.scores[w] == best for w in state.winners)
    state.audit()  # the game's own accounting, recomputed from the public events


def test_every_step_keeps_the_contract(case: tuple[Game, int, Record]) -> None:
    """Legal actions apply, text round-trips, illegal ones change nothing, cards are conserved, clones are
    independent, and the views leak nothing (checked on sampled steps)."""
    game, seed, rec = case
    state = game.new(seed=seed)
    start_cards = Counter(c for cards in state.zones().values() for c in cards)
    foreign = _foreign_actions(game, seed)
    for i, entry in enumerate(rec.actions):
        for seat in range(game.players):
            if seat not in state.to_act:
                assert state.legal(seat) == []
        for seat in state.to_act:
            legal = state.legal(seat)
            assert legal, "a seat that may act has a legal action"
            assert len(set(legal)) == len(legal), "each legal action is listed once"
            for a in legal:
                assert game.parse(str(a)) == a and str(game.parse(str(a))) == str(a)
        assert Counter(c for cards in state.zones().values() for c in cards) == start_cards
        json.loads(json.dumps(state.view(None)))
        if i % SAMPLE_EVERY == 0:
            _check_all_legal_apply(state)
            _check_illegal_changes_nothing(state, foreign)
            _check_clone_is_independent(state, rec.actions[i:])
            _check_views_hide_what_they_must(game, state, seed + i)
        if entry["seat"] is None:
            state.timeout()
        else:
            state.apply(entry["seat"], entry["action"])


def _foreign_actions(game: Game, seed: int) -> list[str]:
    """Texts of legal actions from another match: mostly illegal here."""
    other = play_random(game, seed + 1000)
    return [a["action"] for a in other.actions if a["seat"] is not None][:200]


def _check_all_legal_apply(state: State) -> None:
    """Each legal action applies, as an object and as its text, to the same effect (as the actor and a
    spectator see it)."""
    for seat in state.to_act:
        for a in state.legal(seat):
            c = state.clone()
            assert c.apply(seat, a) == a
            c2 = state.clone()
            c2.apply(seat, str(a))
            assert (c.view(seat), c.view(None), c.to_act) == (c2.view(seat), c2.view(None), c2.to_act)


def _check_illegal_changes_nothing(state: State, foreign: list[str]) -> None:
    before = observe(state)
    seats = state.to_act
    legal = {seat: set(map(str, state.legal(seat))) for seat in range(state.game.players)}
    tries: list[tuple[Any, Any]] = [(seat, "no such move") for seat in seats] + [(-1, "x"), (99, "x"), ("0", "x")]
    tries += [(seat, Action(n)) for seat in seats for n in (-1, 1 << 80, 12345)]  # not this game's own actions
    tries += [(seat, text) for seat in seats for text in foreign if text not in legal[seat]][:40]
    idle = [s for s in range(state.game.players) if s not in seats]
    tries += [(s, a) for s in idle for a in state.legal(seats[0])[:3]] if seats else []
    for seat, action in tries:
        with pytest.raises(IllegalAction) as err:
            state.apply(seat, action)
        assert str(err.value), "an illegal action says why"
        assert state.to_act == before[1] and len(state.events) == before[2]
    assert observe(state) == before  # every view, once after all the tries: a change would have stayed


def _check_clone_is_independent(state: State, rest: list[dict[str, Any]]) -> None:
    before = observe(state)
    c = state.clone()
    for entry in rest[:5]:
        if entry["seat"] is None:
            c.timeout()
        else:
            c.apply(entry["seat"], entry["action"])
    assert observe(state) == before
    c2 = state.clone()
    assert observe(c2) == before


def _check_views_hide_what_they_must(game: Game, state: State, salt: int) -> None:
    """Deal the unseen cards again consistently with a seat's view: the view must not change, and it must not
    name any card whose place the seat cannot know (a card the redeal moved)."""
    zones = state.zones()
    where = _places(zones)
    every_card = Counter(c for cards in zones.values() for c in cards)
    for seat in [*range(game.players), None]:
        view = state.view(seat)
        moved: set[str] = set()
        for attempt in range(3):
            d = game.determinize(json.loads(json.dumps(view)), Rng(salt * 7 + attempt))
            assert d.view(seat) == view, f"determinize for seat {seat} disagrees with its view"
            d_where = _places(d.zones())
            # with several decks a card has several copies: it moved unless some zone kept all its copies of it
            moved |= {str(c) for c, places in where.items()
                      if all(d_where.get(c, Counter())[z] < k for z, k in places.items())}
            assert Counter(c for cards in d.zones().values() for c in cards) == every_card
        # `previous` (how the last deal ended) says where cards were, not where they are: it is checked apart
        visible = state.visible_events(seat)
        assert all(e in visible for e in view.get("previous") or []), "`previous` holds only events the seat saw"
        leaked = card_tokens({k: v for k, v in view.items() if k != "previous"}) & moved
        assert not leaked, f"seat {seat}'s view names cards it cannot locate: {sorted(leaked)}"


def _places(zones: dict[str, list[Any]]) -> dict[Any, Counter]:
    """For each card, how many of its copies lie in each zone."""
    places: dict[Any, Counter] = {}
    for name, cards in zones.items():
        for c in cards:
            places.setdefault(c, Counter())[name] += 1
    return places


# --- advice: a hint holds only what its seat may know ---------------------------------------------------------------

ADVISED = [gid for gid in parlour.games() if not parlour.core.game_class(gid).realtime]
SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def advice_tokens(advice: Any) -> set[str]:
    """Every card code a hint's words name (a rank and a suit, a Tarok trump), its suit symbols read back."""
    texts = [advice.move, advice.first, *(c.move for c in advice.choices),
             *(v for v in advice.why.params.values() if isinstance(v, str))]
    text = re.sub("[♠♥♦♣]", lambda m: SUITS[m.group(0)], " ".join(texts))
    return {t for t in re.findall(r"[0-9A-Z]+", text) if re.fullmatch(r"(?:10|[2-9AKQJ])[SHDC]|T\d{1,2}|SKIS", t)}


@pytest.mark.parametrize("gid", ADVISED)
def test_advice_names_only_what_its_seat_may_know(gid: str) -> None:
    """At a few random positions a random seat to act is given a hint on a budget of iterations (the same every
    run): it names no card its view does not hold, and it is the same hint in a redeal that agrees with the view."""
    from parlour.bots.advice import advise
    from parlour.bots.hooks import hooks_for

    game = load(gid, parlour.core.game_class(gid).default_players)
    rng = Rng(0xAD51CE)
    state = game.new(seed=5)
    checked = 0
    for i in range(game.action_bound):
        if state.over or checked >= 2:
            break
        if state.to_act and i % 7 == 3:
            seat = rng.choice(list(state.to_act))
            view, legal = state.bot_view(seat), state.legal(seat)
            if len(legal) > 1:
                advice = advise(game, seat, view, legal, budget="2", seed=1)
                state.clone().apply(seat, advice.first)  # legal now (a Skelly flick: in range, not one of a list)
                assert advice_tokens(advice) <= card_tokens(view), advice
                world = hooks_for(game).determinize(json.loads(json.dumps(view)), Rng(i), {})
                if world.bot_view(seat) == view:
                    assert advise(game, seat, world.bot_view(seat), world.legal(seat), budget="2", seed=1) == advice
                checked += 1
        step(state, rng)
