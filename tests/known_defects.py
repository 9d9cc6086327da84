"""The defects of issue 23 still open, by test: each is expected to fail (xfail, not strict) until it is mended.

tests/conftest.py marks them. The list is what failed at the start of the 2026-12-02 session, less what was mended
in it; a test that passes shows as XPASS in the run's summary: strike it off. Everything else must pass.
"""

KNOWN: dict[str, str] = {
    'tests/web/test_refusals.py::test_an_occupied_go_point_says_it_is_taken[1280x800]':
        '#notice drawn over the Go board',
    'tests/web/test_refusals.py::test_an_occupied_go_point_says_it_is_taken[390x844]':
        '#notice drawn over the Go board',
    'tests/web/test_refusals.py::test_a_move_the_server_refuses_is_said_in_words':
        '#notice drawn over the Go board',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-2p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-2p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-2p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-4p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-4p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-4p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-4p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-4p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-4p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-12p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-12p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-12p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-12p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[crazy-nines-12p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_axe_finds_nothing_serious[crazy-nines-12p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[crazy-nines-12p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[go-2p-opening]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[go-2p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_a_refused_click_says_why[go-2p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[go-2p-result]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-2p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-2p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-2p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-4p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-4p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-4p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-4p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-4p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-4p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-12p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-12p-opening]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-12p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-12p-mid]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[golf6-12p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[golf6-12p-result]':
        "the round's reveal cut at the result; slots under 24 px on the phone at 12 players; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-2p-opening]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-2p-mid]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-2p-result]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-4p-opening]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[kaboo-4p-opening]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-4p-mid]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-4p-result]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[kaboo-4p-result]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-8p-opening]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[kaboo-8p-opening]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-8p-mid]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[kaboo-8p-mid]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[kaboo-8p-result]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[kaboo-8p-result]':
        "the round's reveal cut at the result; snap targets under 24 px on the phone; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-2p-opening]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-2p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_a_refused_click_says_why[rengo-2p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-2p-result]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-4p-opening]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-4p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_a_refused_click_says_why[rengo-4p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-4p-result]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-16p-opening]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-16p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_a_refused_click_says_why[rengo-16p-mid]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[rengo-16p-result]':
        'the info line cut on the phone; 19×19 points about 20 px for a finger; a refused click without a notice',
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-2p-opening]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-2p-mid]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-2p-result]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-4p-opening]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-4p-opening]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-4p-mid]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-4p-mid]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-4p-result]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-4p-result]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-8p-opening]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-8p-opening]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-8p-mid]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-8p-mid]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_the_table_shows_what_the_player_needs[testoasa-8p-result]':
        "the round's reveal cut at the result; a refused click without a notice",
    'tests/web/test_table_check.py::test_a_refused_click_says_why[testoasa-8p-result]':
        "the round's reveal cut at the result; a refused click without a notice",
}
