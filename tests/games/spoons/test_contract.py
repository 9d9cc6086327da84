"""The conformance harness's checks on the default rules, in a match played by bots.

The harness plays Spoons at random with false grabs (``Spoons.random_options``): random passing would take
thousands of passes to gather four of a kind. Here bots play the default rules, passes, restocks, grab windows and
all, and every sampled step gets the harness's own checks.
"""

from __future__ import annotations

from collections import Counter

import parlour
from conformance.test_contract import (_check_all_legal_apply, _check_clone_is_independent,
                                       _check_illegal_changes_nothing, _check_views_hide_what_they_must, observe)
from parlour.bots import make, play_match


def test_a_bots_match_keeps_the_contract_at_every_sampled_step() -> None:
    game = parlour.load("spoons", players=4, word="SP")
    final, record = play_match(game, [make(b, game, s, seed=s) for s, b in
                                      enumerate(["sharp", "steady", "sleepy", "sharp"])], seed=22)  # 22: a match with a restock at today's bot speeds
    assert record is not None and final.over and {"restock", "timeout"} & {e["type"] for e in final.events}
    state = game.new(seed=22)
    cards = Counter(c for zone in state.zones().values() for c in zone)
    foreign = [a["action"] for a in record.actions if a["seat"] is not None][:60]
    for i, entry in enumerate(record.actions):
        assert Counter(c for zone in state.zones().values() for c in zone) == cards
        if i % 23 == 0:
            _check_all_legal_apply(state)
            _check_illegal_changes_nothing(state, foreign)
            _check_clone_is_independent(state, record.actions[i:])
            _check_views_hide_what_they_must(game, state, i)
        if entry["seat"] is None:
            state.timeout()
        else:
            state.apply(entry["seat"], entry["action"])
    assert observe(state) == observe(final) and state.over
    state.audit()
