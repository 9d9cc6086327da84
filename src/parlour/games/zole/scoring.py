"""Chips for one hand: the seed's table or the Latvian federation's, small zole, the table game, the pool.

Every settlement is between the declarer (the Big one, or the small zole's player) and *each* other player:
with four players the dealer, who sits the hand out, is paid and pays like a small one. A row lists the
chips each seat wins (+) or pays (−); rows add up to zero, except the chips paid into or taken from the
pool.

The seed's table (``scoring="standard"``) goes by the winning side's card points: 61–90 (60–90 for the small
ones, who win with 60) is 1 chip from each loser, 91–119 is 2, all 120 is 3; a Zole adds 4 (rulings Q2–Q6):

>>> big_hand(points=75, tricks=5, zole=False, table="standard")       # the Big one wins 75: 1 from each
1
>>> big_hand(points=60, tricks=4, zole=False, table="standard")       # 60-60: the small ones win, 1 each
-1
>>> big_hand(points=95, tricks=6, zole=True, table="standard")        # a Zole won with 95: 2 + 4 from each
6

The federation's table (``scoring="federation"``) is steeper for a Big one who loses, and its top tiers go by
tricks (all of them, or none):

>>> [big_hand(points=p, tricks=t, zole=False, table="federation") for p, t in ((61, 3), (91, 6), (100, 8))]
[1, 2, 3]
>>> [big_hand(points=p, tricks=t, zole=False, table="federation") for p, t in ((45, 3), (30, 1), (0, 0))]
[-2, -3, -4]
>>> settle(declarer=0, per_player=-2, players=3)                  # the Big one pays 2 to each
[-4, 2, 2]
>>> table_losers(tricks=[3, 3, 2], points=[40, 50, 30])           # most tricks, then most points
[1]
"""

from __future__ import annotations

#: Chips from each opponent for a small zole won (no trick) and paid to each for one lost (both tables).
SMALL_ZOLE_WON, SMALL_ZOLE_LOST = 6, 7
#: Chips the loser of the table game pays to each other player.
TABLE_LOSS = 2
#: A Zole's bonus, from (or to) each opponent.
ZOLE_BONUS = 4


def big_hand(points: int, tricks: int, zole: bool, table: str) -> int:
    """Chips each opponent pays the Big one (negative: the Big one pays each opponent).

    ``points`` are the Big one's card points (his tricks and, with the talon, his two discards); ``tricks``
    the tricks he took.
    """
    if table == "standard":
        if points >= 61:
            k = 1 if points <= 90 else 2 if points < 120 else 3
        else:
            small = 120 - points
            k = -(1 if small <= 90 else 2 if small < 120 else 3)
    else:
        if points >= 61:
            k = 3 if tricks == 8 else 2 if points > 90 else 1
        else:
            k = -(2 if points > 30 else 3 if tricks else 4)
    if zole:
        k += ZOLE_BONUS if k > 0 else -ZOLE_BONUS
    return k


def small_zole(tricks: int) -> int:
    """Chips each opponent pays the small zole's player: he must take no trick."""
    return SMALL_ZOLE_WON if tricks == 0 else -SMALL_ZOLE_LOST


def settle(declarer: int, per_player: int, players: int) -> list[int]:
    """The row when every other seat pays ``per_player`` chips to ``declarer`` (negative: is paid)."""
    row = [-per_player] * players
    row[declarer] = per_player * (players - 1)
    return row


def table_losers(tricks: list[int], points: list[int]) -> list[int]:
    """The losers of the table game (galdiņš): most tricks; a tie goes to the most card points among them;
    players still tied all lose. ``tricks`` and ``points`` are per seat (a seat sitting out has ``-1`` tricks)."""
    most = max(tricks)
    first = [s for s, t in enumerate(tricks) if t == most]
    top = max(points[s] for s in first)
    return [s for s in first if points[s] == top]


def table_row(losers: list[int], players: int) -> list[int]:
    """Each loser pays :data:`TABLE_LOSS` to every other player, other losers and a seat sitting out included.

    >>> table_row([0, 1], 3)
    [-2, -2, 4]
    """
    row = [0] * players
    for loser in losers:
        for s in range(players):
            if s != loser:
                row[loser] -= TABLE_LOSS
                row[s] += TABLE_LOSS
    return row


def share_pool(pool: int, winners: list[int], players: int) -> tuple[list[int], int]:
    """The pool's chips to the winners of a hand: one winner takes it all; several share it equally and an
    odd chip stays in the pool (ruling Q7). Returns the row and what stays.

    >>> share_pool(9, [1], 3), share_pool(9, [0, 2], 3)
    (([0, 9, 0], 0), ([4, 0, 4], 1))
    """
    row = [0] * players
    each = pool // len(winners)
    for s in winners:
        row[s] = each
    return row, pool - each * len(winners)


def settle_pules(common: int, personal: list[int], big: int, won: bool,
                 players: int) -> tuple[list[int], int, list[int], str]:
    """The federation's pules after a Big one's hand with the talon (``all_pass="pules"``).

    An all-pass hand writes a *common* pule and moves no chips. A Big one who wins then takes back a
    *personal* pule of his own if he has one; else a common pule (1 chip from each other player); else the
    oldest personal pule of another player, who pays him one chip per player. A Big one who loses while
    common pules are open gets a personal pule. Returns the extra row, the pules left and what happened.

    >>> settle_pules(1, [], big=0, won=True, players=3)
    ([2, -1, -1], 0, [], 'takes a common pule')
    >>> settle_pules(1, [], big=0, won=False, players=3)
    ([0, 0, 0], 1, [0], 'gets a personal pule')
    >>> settle_pules(0, [2], big=1, won=True, players=3)
    ([0, 3, -3], 0, [], "takes seat 2's personal pule")
    """
    row = [0] * players
    personal = list(personal)
    note = ""
    if won:
        if big in personal:
            personal.remove(big)
            note = "takes back his own personal pule"
        elif common:
            common -= 1
            row = settle(big, 1, players)
            note = "takes a common pule"
        elif personal:
            owner = personal.pop(0)
            row[owner] -= players
            row[big] += players
            note = f"takes seat {owner}'s personal pule"
    elif common:
        personal.append(big)
        note = "gets a personal pule"
    return row, common, personal, note
