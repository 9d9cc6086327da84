import pytest

import parlour
from parlour.core.errors import BadOption, UnknownGame
from parlour.core.options import Option, coerce, resolve

OPTIONS = (Option("target", 101, "points to win", minimum=1, maximum=1000),
           Option("forced", False, "must capture"),
           Option("deck", "full", "which deck", choices=("full", "stripped")))


def test_defaults_and_overrides():
    assert resolve(OPTIONS, {}, "g") == {"target": 101, "forced": False, "deck": "full"}
    assert resolve(OPTIONS, {"target": 61, "deck": "stripped"}, "g")["target"] == 61


@pytest.mark.parametrize("given, message", [
    ({"targte": 5}, "has no option 'targte'; its options are: deck, forced, target"),
    ({"target": "many"}, "must be an integer"),
    ({"target": True}, "must be an integer"),
    ({"target": 0}, "must be in 1..1000"),
    ({"forced": "yes"}, "must be true or false"),
    ({"deck": "tiny"}, "must be one of"),
])
def test_bad_options_name_what_is_allowed(given, message):
    with pytest.raises(BadOption, match=message):
        resolve(OPTIONS, given, "g")


def test_coerce_from_command_line():
    assert coerce(OPTIONS[0], "61") == 61
    assert coerce(OPTIONS[1], "on") is True and coerce(OPTIONS[1], "no") is False
    assert coerce(OPTIONS[0], "x") == "x"  # left for check() to refuse with a clear message


def test_load_errors():
    with pytest.raises(UnknownGame, match="unknown game 'chess'; the games are: .*giacomotto"):
        parlour.load("chess")
    with pytest.raises(BadOption, match="played by 2, 4 players, not 3"):
        parlour.load("giacomotto", players=3)
    with pytest.raises(BadOption, match="has no option 'speed'"):
        parlour.load("giacomotto", speed=2)


def test_describe_lists_options():
    d = parlour.core.game_class("giacomotto").describe()
    assert d["id"] == "giacomotto" and d["players"] == [2, 4]
    assert {o["name"]: o["default"] for o in d["options"]} == {"target": 101, "forced_capture": False,
                                                              "last_card_tabla": True}


def test_float_options_take_whole_and_decimal_numbers():
    komi = Option("komi", 7.5, "points for White", minimum=-50, maximum=50)
    assert komi.check(6) == 6.0 and isinstance(komi.check(6), float) and komi.check(0.5) == 0.5
    for bad, message in ((True, "must be a number"), ("6.5", "must be a number"), (float("nan"), "must be a number"),
                         (51, r"must be in -50..50")):
        with pytest.raises(BadOption, match=message):
            komi.check(bad)
    assert coerce(komi, "6.5") == 6.5 and coerce(komi, "seven") == "seven"
    assert komi.describe()["type"] == "float"
