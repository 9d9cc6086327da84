"""The contracts, bonuses and kontra levels of Slovenian tarok, as small ints in order of rank.

>>> NAMES[SOLO_ONE], VALUES_4[SOLO_ONE], TALON_TAKE[SOLO_ONE], CALLS_KING[TWO]
('solo one', 60, 1, True)
>>> [NAMES[c] for c in bid_list(3)]
['three', 'two', 'one', 'beggar', 'solo without', 'open beggar', 'colour valat without', 'valat without']
"""

from __future__ import annotations

(KLOP, THREE, TWO, ONE, SOLO_THREE, SOLO_TWO, SOLO_ONE, BEGGAR, SOLO_WITHOUT, OPEN_BEGGAR,
 COLOUR_VALAT_WITHOUT, VALAT_WITHOUT, COLOUR_VALAT) = range(13)

NAMES = ("klop", "three", "two", "one", "solo three", "solo two", "solo one", "beggar", "solo without",
         "open beggar", "colour valat without", "valat without", "colour valat")
BY_NAME = {name: i for i, name in enumerate(NAMES)}
VALUES_4 = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 125, 500, 125)
#: In the 3-player game Three, Two and One are played alone and are worth 10, 20, 30.
VALUES_3 = VALUES_4
TALON_TAKE = (0, 3, 2, 1, 3, 2, 1, 0, 0, 0, 0, 0, 0)
CALLS_KING = tuple(c in (THREE, TWO, ONE) for c in range(13))
#: Contracts won by taking at least 36 card points (with the difference from 35 added).
POINT_GAMES = frozenset((THREE, TWO, ONE, SOLO_THREE, SOLO_TWO, SOLO_ONE))
NEGATIVE = frozenset((KLOP, BEGGAR, OPEN_BEGGAR))
VALATS = frozenset((COLOUR_VALAT_WITHOUT, VALAT_WITHOUT, COLOUR_VALAT))
COLOUR_VALATS = frozenset((COLOUR_VALAT_WITHOUT, COLOUR_VALAT))
#: Contracts whose declarer leads the first trick (the others: forehand leads).
DECLARER_LEADS = frozenset((BEGGAR, SOLO_WITHOUT, OPEN_BEGGAR, COLOUR_VALAT_WITHOUT, VALAT_WITHOUT, COLOUR_VALAT))
#: The contracts whose losing XXI costs its player 21 (seed: normal games and Solo without).
MOND_PENALTY = POINT_GAMES | {SOLO_WITHOUT}

TRULA_B, KINGS_B, PAGAT_B, KING_ULTIMO_B, VALAT_B = range(5)
BONUS_NAMES = ("trula", "kings", "pagat ultimo", "king ultimo", "valat")
BONUS_BY_NAME = {name: i for i, name in enumerate(BONUS_NAMES)}
ANNOUNCED = (20, 20, 50, 20, 500)
SILENT = (10, 10, 25, 10, 250)
#: Kontra targets: 0 is the game, 1 + bonus for an announced bonus.
TARGET_NAMES = ("game",) + BONUS_NAMES
TARGET_BY_NAME = {name: i for i, name in enumerate(TARGET_NAMES)}
KONTRA_NAMES = ("", "kontra", "rekontra", "subkontra", "mordkontra")
KONTRA_BY_NAME = {name: i for i, name in enumerate(KONTRA_NAMES) if name}
FORFEIT = {THREE: 10, TWO: 20, ONE: 30}


BIDS_3 = (THREE, TWO, ONE, BEGGAR, SOLO_WITHOUT, OPEN_BEGGAR, COLOUR_VALAT_WITHOUT, VALAT_WITHOUT)
BIDS_4 = tuple(range(THREE, COLOUR_VALAT))


def bid_list(players: int) -> list[int]:
    """The contracts a player may bid (Klop is no bid: it is forehand's choice when all pass)."""
    return list(BIDS_3 if players == 3 else BIDS_4)


def value(contract: int, players: int) -> int:
    return (VALUES_3 if players == 3 else VALUES_4)[contract]
