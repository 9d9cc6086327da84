"""The conformance harness's checks on the Claw's variants (the harness plays the defaults), in a bots' match."""

from __future__ import annotations

from collections import Counter

import parlour
from conformance.test_contract import (_check_all_legal_apply, _check_clone_is_independent,
                                       _check_illegal_changes_nothing, _check_views_hide_what_they_must, observe)
from parlour.bots import make, play_match


def test_contest_rotating_caller_and_lost_cards_keep_the_contract() -> None:
    game = parlour.load("claw", players=3, contest=True, caller="rotating", lost=6)
    final, record = play_match(game, [make(b, game, s, seed=s) for s, b in enumerate(["sharp", "sleepy", "steady"])],
                               seed=12)
    kinds = {e["type"] for e in final.events}
    assert record is not None and final.over and {"tug", "take", "call"} <= kinds
    state = game.new(seed=12)
    cards = Counter(c for zone in state.zones().values() for c in zone)
    foreign = [a["action"] for a in record.actions if a["seat"] is not None][:60]
    for i, entry in enumerate(record.actions):
        assert Counter(c for zone in state.zones().values() for c in zone) == cards
        if i % 17 == 0:
            _check_all_legal_apply(state)
            _check_illegal_changes_nothing(state, foreign)
            _check_clone_is_independent(state, record.actions[i:])
            _check_views_hide_what_they_must(game, state, i)
        if entry["seat"] is None:
            state.timeout()
        else:
            state.apply(entry["seat"], entry["action"])
    assert observe(state) == observe(final)
    state.audit()


def test_the_claims_offered_are_the_cards_on_the_table_in_the_spreads_order_in_every_clone() -> None:
    """The legal claims of a call are listed once per call and kept: after cards leave the table, and in clones
    that go their own ways from the same call, each state still offers exactly its own table's cards."""
    from parlour.core.rng import Rng
    from parlour.games.claw.actions import claim

    game = parlour.load("claw", players=3)
    rng = Rng(5)
    states = [game.new(seed=4)]
    checked = 0
    for step in range(400):
        for state in list(states):
            if state.over:
                continue
            if step % 40 == 7 and len(states) < 6:
                states.append(state.clone())
            seats = state.to_act
            if not seats:
                state.timeout()
                continue
            seat = seats[rng.below(len(seats))]
            legal = state.legal(seat)
            if state.phase == "call":
                assert legal == [claim(c, state.call_no) for c, *_ in state.spread if c in state.present]
                assert all(state.legal(s) == legal for s in seats)
                checked += 1
                # the called card now and then, else a wrong one: both happen in every clone
                choice = claim(state.card, state.call_no) if rng.below(3) == 0 else legal[rng.below(len(legal))]
            else:
                choice = legal[rng.below(len(legal))]
            state.apply(seat, choice)
    assert checked > 100 and len(states) == 6 and len({len(s.present) for s in states}) > 1
