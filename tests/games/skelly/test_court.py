"""The court as data: the standard layout of the rules file, its variants, and the geometry of "touching a line"."""

from __future__ import annotations

import pytest

from parlour.games.skelly.court import CAP_RADIUS, COURSE, COURTS, STANDARD

# The rules file's table (metres): box -> centre.
TABLE = {1: (-0.85, -0.85), 2: (0.85, 0.85), 3: (-0.85, 0.85), 4: (0.85, -0.85), 5: (-0.25, 0.85), 6: (-0.25, -0.85),
         7: (0.25, 0.85), 8: (0.25, -0.85), 9: (-0.85, 0.25), 10: (0.85, 0.25), 11: (-0.85, -0.25), 12: (0.85, -0.25),
         13: (0.0, 0.0)}


def test_the_standard_court_is_the_rules_files_layout():
    d = STANDARD.to_dict()
    assert {int(n): tuple(c) for n, c in d["boxes"].items()} == TABLE
    assert (d["side"], d["box"], d["box13"], d["line"], d["skull"], d["cap_radius"]) == (2.0, 0.2, 0.2, 0.02, 0.8, 0.016)
    assert d["start"] == {"at": [-0.85, -1.3], "length": 0.15}
    assert d["quadrants"] == {"NE": [0.25, 0.25], "NW": [-0.25, 0.25], "SW": [-0.25, -0.25], "SE": [0.25, -0.25]}
    assert COURSE == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


def crosses_skull(a, b, half=4000, samples=200) -> bool:
    return any(max(abs(a[0] + (b[0] - a[0]) * t / samples), abs(a[1] + (b[1] - a[1]) * t / samples)) < half
               for t in range(1, samples))


def test_every_leg_but_2_to_3_crosses_the_dead_box():
    legs = [(a, b) for a, b in zip(range(1, 13), range(2, 14))]
    crossing = {leg for leg in legs if crosses_skull(STANDARD.box_centre(leg[0]), STANDARD.box_centre(leg[1]))}
    assert set(legs) - crossing == {(2, 3)}


@pytest.mark.parametrize("court", list(COURTS.values()), ids=list(COURTS))
def test_every_layout_keeps_its_boxes_apart_on_the_court_and_out_of_the_dead_box(court):
    boxes = sorted(court.boxes.items())
    for n, (x, y) in boxes:
        half = court.box_half(n)
        assert abs(x) + half < court.side // 2 and abs(y) + half < court.side // 2
        if n != 13:
            assert max(abs(x), abs(y)) - half > court.skull // 2
        for m, (u, v) in boxes:
            if m > n:
                assert max(abs(x - u), abs(y - v)) > half + court.box_half(m)
    assert -court.start[1] > court.side // 2  # the start line lies outside the court


def test_the_bronx_court_has_a_small_13():
    assert COURTS["bronx"].box13 == STANDARD.box13 // 2 and COURTS["bronx"].boxes == STANDARD.boxes
    assert COURTS["big"].side == 24000


def test_in_a_box_means_the_cap_touches_none_of_its_lines():
    room = STANDARD.box // 2 - STANDARD.line // 2 - CAP_RADIUS  # 1000 - 100 - 160 = 740 units: 7.4 cm
    assert room == 740
    for dx, dy, inside in ((740, 0, True), (741, 0, False), (0, -740, True), (0, -741, False), (740, 740, True),
                           (-741, 300, False)):
        assert STANDARD.in_box((-8500 + dx, -8500 + dy), 1) is inside


def test_the_dead_box_is_the_skull_less_box_13():
    assert STANDARD.in_skull((3999, 0)) and not STANDARD.in_skull((4000, 0)) and not STANDARD.in_skull((0, -4000))
    assert not STANDARD.in_skull((999, 999)) and STANDARD.in_skull((1000, 0))  # box 13 is not the dead box
    assert not STANDARD.in_skull((-8500, -8500))


def test_a_quadrant_holds_a_cap_wholly_inside_it():
    m = CAP_RADIUS + STANDARD.line // 2  # 260 units from any line's middle
    q = STANDARD.quadrant
    assert q((2500, 2500)) == "NE" and q((-2500, 2500)) == "NW" and q((-2500, -2500)) == "SW" and q((2500, -2500)) == "SE"
    assert q((m, 2500)) == "NE" and q((m - 1, 2500)) is None  # the cross that splits the dead box
    assert q((4000 - m, 2500)) == "NE" and q((4001 - m, 2500)) is None  # the skull's edge
    assert q((500, 1000 + m)) == "NE" and q((500, 999 + m)) is None  # box 13's side
    # by box 13's corner the cap must keep 26 mm from the corner itself
    assert q((1000 + 184, 1000 + 184)) == "NE" and q((1000 + 183, 1000 + 183)) is None


def test_a_cap_off_the_court_comes_back_wholly_inside_and_never_onto_another():
    assert STANDARD.back_in_bounds((12000, 500)) == (9740, 500)
    spot = STANDARD.free_spot((9740, 500), [(9740, 500)])
    assert STANDARD.wholly_on_court(spot) and (spot[0] - 9740) ** 2 + (spot[1] - 500) ** 2 >= (2 * CAP_RADIUS) ** 2
