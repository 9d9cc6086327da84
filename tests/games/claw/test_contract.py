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
