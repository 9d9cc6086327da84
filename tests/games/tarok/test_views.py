"""What each seat may see: its own hand only, the called king's holder kept secret until the king is played,
the open beggar's hand, the talon by contract, the declarer's discards, and nothing of any hand for a spectator.

Every check reads the whole view: all its strings (keys and values, action texts included) are split into
words, so a card code hidden anywhere (a log event, an action text, a count field) is found.
"""

from __future__ import annotations

import json
import random
from typing import Any

import parlour
from parlour.core.rng import Rng
from parlour.games.tarok.cards import codes

from .helpers import act, legal, new, seat


def words(view: Any) -> set[str]:
    """Every word of every string in a view, keys included."""
    if isinstance(view, str):
        return set(view.split())
    if isinstance(view, dict):
        return set().union(*(words(k) | words(v) for k, v in view.items())) if view else set()
    if isinstance(view, (list, tuple)):
        return set().union(*(words(v) for v in view)) if view else set()
    return set()


def take_contract(state, contract: str) -> None:
    """Position 1 bids ``contract``, the others pass, and it keeps that contract."""
    act(state, 1, f"bid {contract}")
    for p in (2, 3, 0):
        act(state, p, "pass")
    if state.view(None)["phase"] == "contract":
        act(state, 1, f"contract {contract}")


def pass_announcements(state) -> None:
    while state.view(None)["phase"] == "announce":
        state.apply(state.to_act[0], "pass")


# --- hands ------------------------------------------------------------------------------------------------------


def test_each_seat_sees_its_own_hand_and_no_card_of_another_hand_through_whole_deals():
    game = parlour.load("tarok")
    for seed in range(6):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while state.deals < 2:
            public = set()  # cards taken from the exposed talon and an open beggar's hand: known to all
            for e in state.events[state.deal_start:]:
                if e["type"] in ("take", "open hand", "no tarok"):
                    public |= set(e["cards"])
            for s in range(4):
                view = state.view(s)
                assert view["hand"] == codes(state.hands[s])
                seen = words({k: v for k, v in view.items() if k != "previous"})  # the last deal's end: below
                assert set(view["hand"]) <= seen
                others = {c for o in range(4) if o != s for c in codes(state.hands[o])} - public
                assert not seen & others, f"seed {seed}: seat {s} sees {sorted(seen & others)}"
            actor = state.to_act[0]
            options = state.legal(actor)
            state.apply(actor, options[0] if state.phase == 0 and seed % 2 else rng.choice(options))


def test_a_spectator_sees_no_hand_nor_laid_away_card():
    state = new()
    take_contract(state, "solo three")
    act(state, 1, "talon 0")
    act(state, 1, legal(state, 1)[0])
    view = state.view(None)
    assert view["hand"] is None and view["laid_away"] is None and view["legal"] == []
    hidden = {c for h in state.hands for c in codes(h)} | set(codes(state.discards & ~state.shown))
    taken = set(next(e for e in state.events if e["type"] == "take")["cards"])
    assert not words(view) & (hidden - taken)
    assert [h for h in view["hands"]] == [h.bit_count() for h in state.hands]


# --- the called king ------------------------------------------------------------------------------------------


def two_deals_differing_in_the_kings_holder():
    """Two matches equal but for KH and 7S, swapped between positions 2 and 3; position 1 plays Two and calls
    the king of hearts. Neither position 0 nor the declarer can tell them apart until the king is played."""
    first = new("T21 T20", "T19 T18 SKIS QH", "KH", "7S")
    second = new("T21 T20", "T19 T18 SKIS QH", "7S", "KH")
    for state in (first, second):
        take_contract(state, "two")
        act(state, 1, "call king hearts")
    return first, second


def comparable(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def test_the_called_kings_holder_is_hidden_from_the_others_until_the_king_is_played():
    first, second = two_deals_differing_in_the_kings_holder()
    assert first.partner != second.partner
    watchers = [seat(first, 0), seat(first, 1), None]  # forehand, the declarer, a spectator

    def same_views() -> None:
        for w in watchers:
            a, b = first.view(w), second.view(w)
            assert a["partner"] is None and b["partner"] is None
            assert comparable(a) == comparable(b), f"seat {w} can tell who holds the called king"

    same_views()
    for state in (first, second):
        act(state, 1, "talon 0")
        act(state, 1, legal(state, 1)[0])
    same_views()
    while first.view(None)["phase"] == "announce":  # each seat's legal kontras too: its turn, one at a time
        actor = first.to_act[0]
        for state in (first, second):
            state.apply(actor, "pass")
        same_views()
    # play the same cards in both deals, keeping the king of hearts and the swapped 7S back
    plays = 0
    while True:
        actor = first.to_act[0]
        common = [a for a in map(str, first.legal(actor)) if a in map(str, second.legal(actor))
                  and a not in ("play KH", "play 7S")]
        if not common:
            break
        for state in (first, second):
            state.apply(actor, common[0])
        plays += 1
        same_views()
    assert plays >= 8


def test_the_partnership_is_public_once_the_called_king_is_played():
    first, _ = two_deals_differing_in_the_kings_holder()
    act(first, 1, "talon 0")
    act(first, 1, legal(first, 1)[0])
    pass_announcements(first)
    holder = seat(first, 2)
    while first.hands[holder] >> 29 & 1:  # KH is card 29
        actor = first.to_act[0]
        options = [str(a) for a in first.legal(actor)]
        first.apply(actor, "play KH" if "play KH" in options else options[0])
    for w in (0, 1, 2, 3, None):
        assert first.view(w)["partner"] == holder


def test_only_the_holder_knows_itself_as_the_partner_before_the_king_is_played():
    first, second = two_deals_differing_in_the_kings_holder()
    assert first.view(seat(first, 2))["partner"] == seat(first, 2)
    assert first.view(seat(first, 3))["partner"] is None
    assert second.view(seat(second, 3))["partner"] == seat(second, 3)
    assert second.view(seat(second, 2))["partner"] is None


# --- the open beggar ------------------------------------------------------------------------------------------


def test_the_open_beggars_hand_is_public_from_the_first_trick_and_hidden_before():
    state = new("", "4H 3H 2H 7S 8S 7C 8C T2 T3 T4 T5 T6")
    declarer = seat(state, 1)
    take_contract(state, "open beggar")
    hand = codes(state.hands[declarer])
    for w in (0, 2, 3, None):
        view = state.view(seat(state, w) if w is not None else None)
        assert view["open_hand"] is None and not words(view) & set(hand)
    pass_announcements(state)
    assert state.view(None)["phase"] == "play"
    for w in (0, 2, 3, None):
        view = state.view(seat(state, w) if w is not None else None)
        assert view["open_hand"] == hand
        assert any(e["type"] == "open hand" and e["cards"] == hand for e in view["log"])
    act(state, 1, "play 4H")
    assert state.view(seat(state, 0))["open_hand"] == [c for c in hand if c != "4H"]


# --- the talon --------------------------------------------------------------------------------------------------


def test_the_talon_is_exposed_to_all_in_the_point_games():
    state = new(talon="7C 8C 9C 10C JC NC")
    take_contract(state, "solo two")
    for w in (0, 1, 2, 3, None):
        assert state.view(w)["talon"] == ["7C", "8C", "9C", "10C", "JC", "NC"]


def test_the_talon_stays_face_down_from_beggar_up_until_the_deal_ends():
    for contract in ("beggar", "solo without", "open beggar", "valat without"):
        talon = ["7C", "8C", "9C", "10C", "JC", "NC"]
        state = new("", "T21 T20 T19 T18 SKIS", talon=" ".join(talon))
        take_contract(state, contract)
        pass_announcements(state)
        while state.deals == 0:
            for w in (0, 1, 2, 3, None):
                view = state.view(w)
                assert view["talon"] is None and view["talon_count"] == 6
                assert not words(view) & set(talon), f"{contract}: seat {w} sees the talon"
            actor = state.to_act[0]
            state.apply(actor, state.legal(actor)[0])
        reveal = [e for e in state.visible_events(None) if e["type"] == "reveal"]  # the next deal's view
        assert reveal and sorted(reveal[0]["talon"]) == sorted(talon)                # shows the next talon


def test_klops_talon_cards_appear_one_by_one_as_they_join_the_first_six_tricks():
    talon = ["7C", "8C", "9C", "10C", "JC", "NC"]
    state = new(talon=" ".join(talon))
    for p in (1, 2, 3):
        act(state, p, "pass")
    act(state, 0, "bid klop")
    tricks = 0
    while tricks < 7:
        joined = talon[:min(tricks, 6)]
        for w in (0, 1, 2, 3, None):
            view = state.view(w)
            assert view["talon"] is None and view["talon_count"] == 6 - len(joined)
            seen = words(view)
            assert set(joined) <= seen and not seen & set(talon[len(joined):])
        for _ in range(4):
            actor = state.to_act[0]
            options = [a for a in map(str, state.legal(actor)) if a.split()[1] not in talon]
            state.apply(actor, options[0])
        tricks += 1
        events = [e for e in state.view(None)["log"] if e["type"] == "trick"]
        assert events[-1].get("talon") == (talon[tricks - 1] if tricks <= 6 else None)


# --- discards --------------------------------------------------------------------------------------------------


def test_the_declarers_discards_are_hidden_from_the_others_but_taroks_laid_away_are_shown():
    state = new("", "T20 T21 SKIS T1 KH KD KS KC T2 T3 T4 7C", talon="T5 T6 T7 T8 T9 T10")
    declarer = seat(state, 1)
    take_contract(state, "solo three")
    act(state, 1, "talon 1")
    act(state, 1, "discard 7C T2 T3")
    assert state.view(declarer)["laid_away"] == ["T2", "T3", "7C"]
    assert any(e["type"] == "laid away" for e in state.view(declarer)["log"])
    for w in (0, 2, 3, None):
        view = state.view(seat(state, w) if w is not None else None)
        assert view["laid_away"] is None and view["shown"] == ["T2", "T3"]
        assert "7C" not in words(view)
        assert not any(e["type"] == "laid away" for e in view["log"])
        discard = next(e for e in view["log"] if e["type"] == "discard")
        assert discard["count"] == 3 and discard["shown"] == ["T2", "T3"]


def test_plain_discards_leave_no_trace_in_the_opponents_view():
    state = new("", "T20 T21 SKIS T1 KH KD 7S 8S 9S 7C 8C 9C", talon="T5 T6 T7 T8 T9 T10")
    declarer = seat(state, 1)
    take_contract(state, "solo three")
    act(state, 1, "talon 0")
    act(state, 1, "discard 7S 8S 9S")
    pass_announcements(state)
    assert state.view(declarer)["laid_away"] == ["7S", "8S", "9S"]
    for w in (0, 2, 3, None):
        view = state.view(seat(state, w) if w is not None else None)
        assert view["shown"] == [] and not words(view) & {"7S", "8S", "9S"}


# --- card points taken --------------------------------------------------------------------------------------------


def test_points_taken_are_the_card_points_of_the_tricks_each_seat_won_as_the_log_shows_them():
    from parlour.games.tarok.cards import mask_of_codes, third_points

    game = parlour.load("tarok")
    for seed in range(4):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while state.deals < 1:
            view = state.view(None)
            won = [[] for _ in range(4)]
            plays: list[str] = []
            for e in view["log"]:
                if e["type"] == "play":
                    plays.append(e["card"])
                elif e["type"] == "trick":
                    won[e["winner"]] += plays + ([e["talon"]] if "talon" in e else []) + e.get("rest of talon", [])
                    plays = []
            assert view["points_taken"] == [third_points(mask_of_codes(w)) for w in won]
            assert all(state.view(s)["points_taken"] == view["points_taken"] for s in range(4))
            checked += sum(map(len, won))
            actor = state.to_act[0]
            options = [str(a) for a in state.legal(actor) if str(a) != "forfeit"]
            if view["phase"] in ("bid", "announce", "contract"):  # a Three or a Klop, played to the last trick
                wanted = [a for a in options if a in ("pass", "bid three", "bid klop", "contract three")]
                state.apply(actor, wanted[seed % len(wanted)] if "pass" not in wanted else "pass")
            else:
                state.apply(actor, rng.choice(options))
        assert checked >= 44



# --- how the previous deal ended --------------------------------------------------------------------------------


def test_previous_holds_the_last_trick_reveal_and_score_of_the_deal_before_as_every_seat_saw_them():
    game = parlour.load("tarok")
    for seed in range(3):
        state = game.new(seed=seed)
        assert state.view(0)["previous"] is None
        rng = random.Random(seed)
        while state.deals < 1:
            actor = state.to_act[0]
            options = [str(a) for a in state.legal(actor) if str(a) != "forfeit"]
            phase = state.view(None)["phase"]
            wanted = [a for a in options if a in ("pass", "bid three", "bid klop", "contract three")]
            state.apply(actor, ("pass" if "pass" in wanted else wanted[0]) if phase in ("bid", "announce", "contract")
                        else rng.choice(options))
        ended = state.events[:state.deal_start]
        score = max(i for i, e in enumerate(ended) if e["type"] == "score")
        trick = max(i for i, e in enumerate(ended[:score]) if e["type"] == "trick")
        for seat in (0, 1, 2, 3, None):
            prev = state.view(seat)["previous"]
            assert [e["type"] for e in prev] == ["play"] * 4 + ["trick", "reveal", "score"]
            assert prev == ended[trick - 4:score + 1]
            assert all("only" not in e for e in prev)
        # the next view still shows only this deal's own cards in its log, and determinize keeps `previous`
        view = state.view(2)
        assert view["log"][0]["type"] == "deal"
        d = game.determinize(json.loads(json.dumps(view)), Rng(seed))
        assert d.view(2) == view


def test_previous_of_a_forfeit_is_the_forfeit_and_its_score():
    state = new("", "", talon="KH T5 T6 T7 T8 T9")
    take_contract(state, "two")
    act(state, 1, "call king hearts")
    act(state, 1, "forfeit")
    prev = state.view(0)["previous"]
    assert [e["type"] for e in prev] == ["forfeit", "score"] and prev[1]["forfeit"] is True
