"""A person plays a whole round of Kaboo in Debian's chromium against two expert bots, by clicking cards only: the
opening peek, draws, a power, a successful snap of their own card, a wrong snap, a knock, and the round's reveal.
Screenshots of each step go to ``artifacts/kaboo-*.png``.

The player is a small policy (below) that reads the page's view and clicks: it remembers its cards by their tags
as a person would, discards a drawn card that matches one it knows and snaps that one, snaps a card it knows to
be of another rank for the wrong snap, uses the first power it draws, and knocks once all of it is done.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import (click_and_wait, create_table, open_seat, replay, shot, version, view, wait_my_turn,
                     wait_version_change)

from memory.rounds import was_drawn, watch

SEED = 10
ME = 0
POWERS = {"7", "8", "9", "10", "Q"}  # the jack's blind swap is left alone: it would cost the policy its memory


def rank(code: str) -> str:
    return code[:-1]


def mine(i: int) -> str:
    return f".mem-grid.big .kit-slot[data-slot='{i}']"


def their(seat: int, slot: int) -> str:
    return f".mem-grid[data-seat='{seat}'] .kit-slot[data-slot='{slot}']"


class Player:
    """What the person knows and has done so far."""

    def __init__(self, page: Page, server: Any, table: dict[str, Any]) -> None:
        self.page, self.server, self.table = page, server, table
        self.known: dict[int, str] = {}  # tag -> card
        self.done: list[str] = []
        self.step = 0

    def cards(self, v: dict[str, Any]) -> dict[int, str | None]:
        """My slots and what I know of each."""
        tags = v["tags"][ME]
        for i, c in enumerate(v["layouts"][ME]):
            if c not in (None, "##"):
                self.known[tags[i]] = c
        return {i: self.known.get(tags[i]) for i, c in enumerate(v["layouts"][ME]) if c is not None}

    def click(self, selector: str, what: str, race: bool = False) -> None:
        """Click and wait for the next state. In a snap window (``race``) the window may close under the click
        (its time is up, a slow machine): then the loop looks at the table again."""
        self.step += 1
        shot(self.page, f"kaboo-{self.step:02d}-{what}")
        if not race:
            return click_and_wait(self.page, selector)
        before = version(self.page)
        try:
            self.page.locator(selector).click(timeout=4000)
            wait_version_change(self.page, before)
        except PlaywrightTimeout:
            pass

    def move(self, v: dict[str, Any]) -> None:
        legal, phase = v["legal"], v["phase"]
        cards = self.cards(v)
        if phase == "peek":
            return self.peek(v)
        if any(g[0] == ME for g in v["snap"]["gives"]):
            return self.click("button[data-action='stay']", "stay", race=True)
        if any(look[0] == ME for look in v["looking"]) and "pass" not in legal:
            return self.done_looking(v)
        my_turn = v["turn"] == ME and phase == "turn"
        if "pass" in legal and not (v["turn"] == ME and phase in ("power", "decide")):
            r = v["snap"]["rank"]
            hit = [i for i, c in cards.items() if c and rank(c) == r and f"snap {ME}.{i}" in legal]
            miss = [i for i, c in cards.items() if c and rank(c) != r and f"snap {ME}.{i}" in legal]
            if "snap" not in self.done and hit and not v["snap"]["claimed"]:
                return self.snap_own(v, hit[0])
            # the wrong snap in our own turn's window: the card stays shown until we draw
            if "snap" in self.done and "wrong" not in self.done and miss and my_turn and not v["snap"]["claimed"]:
                return self.wrong_snap(v, miss[0])
            if not my_turn:
                return self.click("button[data-action='pass']", "pass", race=True)
        if phase == "turn":
            if {"snap", "wrong", "power"} <= set(self.done) and "knock" in legal:
                return self.knock()
            return self.draw()
        if phase == "drawn":
            return self.place(v, cards)
        if phase == "power":
            return self.power(v, cards)
        if phase == "decide":
            return self.click("button[data-action='keep']", "keep")
        raise AssertionError(f"no move for phase {phase}: {legal}")

    # --- each kind of move, with what the page must show ---------------------------------------------------------

    def peek(self, v: dict[str, Any]) -> None:
        page = self.page
        for i in (2, 3):
            assert page.locator(f"{mine(i)}.peek[data-code='{v['layouts'][ME][i]}']").count() == 1
        assert page.locator(f"{mine(0)} svg.back, {mine(0)} svg.card").count() == 1 and v["layouts"][ME][0] == "##"
        assert page.locator(".mem-window .kit-countdown").count() == 1  # the look has a countdown ring
        self.done.append("peek")
        self.click("button[data-action='ready']", "peek")

    def done_looking(self, v: dict[str, Any]) -> None:
        """Our power's look outlasts our turn: the card stays up, the next player waits, until we are done."""
        _, owner, slot = next(look for look in v["looking"] if look[0] == ME)
        assert self.page.locator(f"{their(owner, slot) if owner != ME else mine(slot)}.peek").count() == 1
        self.click("button[data-action='ready']", "done-looking")
        self.done.append("looked")

    def draw(self) -> None:
        self.click(".kit-stock", "draw")
        v = view(self.page)
        assert v["phase"] in ("drawn", "turn")
        if v["phase"] == "drawn":  # held in view until placed or thrown
            assert self.page.locator(f".mem-drawn.mine .mem-drawn-card[data-code='{v['drawn']}']").count() == 1
        self.done.append("draw")

    def place(self, v: dict[str, Any], cards: dict[int, str | None]) -> None:
        d = v["drawn"]
        ranks = {rank(c) for c in cards.values() if c}
        matches = "snap" not in self.done and rank(d) in ranks and rank(d) not in POWERS | {"J"}
        if matches or ("power" not in self.done and rank(d) in POWERS):
            return self.click(".mem-discard", "discard")
        unknown = [i for i, c in cards.items() if c is None]
        self.click(mine(unknown[0] if unknown else max(cards)), "swap")

    def power(self, v: dict[str, Any], cards: dict[int, str | None]) -> None:
        unknown = [i for i, c in cards.items() if c is None]
        page = self.page
        if v["power"] == "peek" and unknown:
            self.click(mine(unknown[0]), "power-peek")
            seen = view(page)["layouts"][ME][unknown[0]]
            assert seen != "##" and page.locator(f"{mine(unknown[0])}.peek").count() == 1
        elif v["power"] == "spy":
            self.click(their(1, 0), "power-spy")
            assert page.locator(f"{their(1, 0)}.peek").count() == 1
        elif v["power"] == "look":
            page.click(mine(min(cards)))  # one of mine, then one of theirs
            assert page.locator(f"{mine(min(cards))}.chosen").count() == 1
            self.click(their(1, 0), "power-look")
            assert page.locator("button[data-action='trade']").count() == 1
            return  # keep or trade next
        else:
            return self.click("button[data-action='skip']", "skip")
        self.done.append("power")

    def my_snaps(self) -> list[dict[str, Any]]:
        """Our snaps so far, from the server's log (the table may have moved on past the page's last state)."""
        return [e for e in replay(self.server, self.table).events if e["type"] == "snap" and e["seat"] == ME]

    def snap_own(self, v: dict[str, Any], slot: int) -> None:
        assert self.page.locator(f"{mine(slot)}.snap-target").count() == 1
        card, before = self.cards(v)[slot], len(self.my_snaps())
        self.click(mine(slot), "snap", race=True)
        snaps = self.my_snaps()[before:]
        if not snaps or snaps[0]["result"] != "valid":  # a bot's move redrew the table under the click, or a bot
            return                                      # snapped that rank first: try again at the next window
        assert snaps[0]["card"] == card and snaps[0]["place"] == [ME, slot]
        self.page.wait_for_selector(f"{mine(slot)} .kit-empty")  # one card fewer
        self.done.append("snap")

    def wrong_snap(self, v: dict[str, Any], slot: int) -> None:
        page = self.page
        slots, before = len(v["layouts"][ME]), len(self.my_snaps())
        self.click(mine(slot), "wrong-snap", race=True)
        snaps = self.my_snaps()[before:]
        if not snaps:
            return  # the click fell on a redraw: try again
        assert snaps[0]["result"] == "wrong"
        page.wait_for_selector(f"{mine(slot)}.wrong")  # thrown face up for everyone, marked wrong, put back
        assert page.locator(f"{mine(slots)}.penalty").count() == 1  # and a penalty card in a new slot
        assert page.locator(f"{mine(slot)} .mem-mark.bad").text_content() == "✕ wrong"
        shot(page, "kaboo-wrong-snap")
        self.done.append("wrong")

    def knock(self) -> None:
        watch(self.page, ".mem-grid.big.frozen")
        self.click("button[data-action='knock']", "knock")
        self.done.append("knock")


def test_a_person_plays_a_round_of_kaboo_by_clicking_cards(parlour_server, browser):
    # Windows long enough that a loaded machine never closes one under the test's clicks: it plays by the page's
    # state, never by the clock (the windows' own time is tested in test_looks_wait.py and test_next_round.py).
    table = create_table(parlour_server, "kaboo", ["human", "expert", "expert"], seed=SEED,
                         options={"peek_seconds": 60, "snap_seconds": 30})
    page = open_seat(browser, parlour_server, table, ME)
    player = Player(page, parlour_server, table)
    while True:
        wait_my_turn(page)
        v = view(page)
        if v["round"] > 1:
            break
        player.move(v)
    assert player.done.count("peek") == 1 and {"draw", "power", "snap", "wrong", "knock"} <= set(player.done)
    assert was_drawn(page, ".mem-grid.big.frozen"), "our knocked cards were never shown frozen"

    # the new round shows how the last one ended: every card turned up with its points, the knocker marked
    reveal = page.locator(".mem-reveal")
    assert reveal.locator("summary").text_content() == "Round 1: the cards turned up"
    score = next(e for e in v["previous"] if e["type"] == "score")
    shown = [int(t) for t in reveal.locator(".mem-round-points").all_text_contents()]
    assert shown == score["points"] and score["closer"] == ME
    assert reveal.locator(f".mem-reveal-row[data-seat='{ME}'] .kit-badge").text_content() == "knocked"
    pts = [int(t) for t in reveal.locator(f".mem-reveal-row[data-seat='{ME}'] .mem-points").all_text_contents()]
    assert sum(pts) == score["raw"][ME]
    assert page.locator(".mem-sheet tbody tr").count() == 1
    shot(page, "kaboo-reveal")
    assert replay(parlour_server, table).view(ME)["previous"] == v["previous"]
    assert page.errors == []
