"""Rengo (Go by teams) and plain Go: one engine, two ids. Go is Rengo with teams of one.

>>> import parlour
>>> game = parlour.load("go", size=9)
>>> state = game.new()
>>> state.apply(0, "play E5"), state.to_act
(<Move play E5>, (1,))
>>> parlour.load("rengo").go_rules.lineup.teams      # 2 against 2 by default, in the order of play
((0, 2), (1, 3))
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from parlour import native
from parlour.core.errors import IllegalAction
from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng

from .actions import Move, parse
from .bots import BOTS, RaveBot
from .points import SIZES
from .rules import CANNED_MESSAGES, Rules
from .state import RengoState

BOARD_OPTIONS = (
    Option("size", 19, "board size: 9×9, 13×13 or 19×19", choices=SIZES),
    Option("komi", 7.5, "points White receives for moving second (whole or half points)", minimum=-50, maximum=50),
    Option("handicap", 0, "handicap stones Black sets on the star points before White's first move (2-9; 0 for "
           "none)", minimum=0, maximum=9),
    Option("scoring", "area", "area: stones and territory count (Chinese); territory: territory and prisoners "
           "(Japanese)", choices=("area", "territory")),
)


class Rengo(Game):
    id = "rengo"
    title = "Rengo (Go by teams)"
    status = "complete"
    hidden = None  # Go hides nothing
    chance = False  # nor deals anything: the seed decides nothing
    player_counts = tuple(range(2, 17))
    default_players = 4
    options_spec = BOARD_OPTIONS + (
        Option("teams", "", "players per team as BLACK+WHITE, e.g. 2+2 or 3+2 (default: half each, Black takes "
               "the odd one)"),
        Option("mode", "strict", "strict: one resignation ends the game for the team, one clock per team; "
               "casual: a player who resigns drops out and the team plays on", choices=("strict", "casual")),
        Option("pair_go", False, "Pair Go: two pairs, each a woman and a man; the order is Black woman, White "
               "woman, Black man, White man"),
        Option("all_pass", False, "play stops only when every player has passed since the last stone (instead "
               "of two passes in a row)"),
    )
    # Random play: about 140 moves on 9×9, 650 on 19×19 before two passes; resignations end it sooner.
    action_bound = 20_000
    deck_doc = ("deck=SGF text: start from the position at the end of its main line (its stones, captures and "
                "the player to move); the table's options give the rules. A list is not accepted.")
    state_class = RengoState
    bots = BOTS
    #: Partners may not discuss the game: chat during play is these messages only.
    chat = "canned"
    chat_messages = CANNED_MESSAGES
    position_format = "SGF"
    record_formats = {"sgf": "application/x-go-sgf"}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        #: The rules of the table (``rules()`` is the rules document).
        self.go_rules = Rules.read(self.players, self.options)
        if self.go_rules.size == 9 and native.engine().compiled:
            # On 9×9 the compiled tree search beats GNU Go's strongest level (bench vs-external go: 20 of 20 games
            # at 30,000 simulations, under a CPU second a move); on the bigger boards, and on the pure engine
            # (fifty times slower), GNU Go stays the level people are seated against where it is installed.
            self.default_bot = RaveBot.name

    def write_record(self, record: Any, fmt: str, names: Sequence[str | None] | None = None) -> str:
        """The record as SGF (``fmt="sgf"``), the teams' players named."""
        if fmt != "sgf":
            return super().write_record(record, fmt, names)
        from .sgf import record_to_sgf

        return record_to_sgf(record, names)

    @classmethod
    def position_too_big(cls, text: str) -> str | None:
        """The SGF's size, nodes, values or nesting beyond a new table's bounds (see :func:`.sgf.within_bounds`)."""
        from .sgf import within_bounds

        return within_bounds(text)

    @classmethod
    def read_record(cls, text: str, fmt: str) -> Any:
        """A record from SGF text (``fmt="sgf"``): parlour's own files, or another program's."""
        if fmt != "sgf":
            return super().read_record(text, fmt)
        from .sgf import sgf_to_record

        return sgf_to_record(text)

    def parse(self, text: str) -> Move:
        return parse(text, self.go_rules.size)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> RengoState:
        """Go hides nothing: the game is rebuilt from the view's start position and its actions."""
        state = self.new(seed=0, deck=view.get("setup"))
        for text in view["actions"]:
            to_act = state.to_act
            if not to_act:
                raise IllegalAction("the view's actions go on after the end of the game")
            state.apply(to_act[0], text)
        return state


class Go(Rengo):
    id = "go"
    title = "Go"
    player_counts = (2,)
    default_players = 2
    options_spec = BOARD_OPTIONS
    #: Two players: nobody to keep from conferring.
    chat = "free"
    chat_messages = ()
