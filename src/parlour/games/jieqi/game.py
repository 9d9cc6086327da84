"""Hidden Xiangqi (Jieqi): the game, its variants, and determinization for bots."""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.options import Option
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import MOVES, Move, parse
from .board import BLACK, COVER_POINTS, COVERED, KIND_OF_LETTER, RED, square
from .bot import GreedyBot, SearchBot, QuickBot
from .fen import parse_fen
from .history import reversible_history
from .movegen import legal_moves
from .state import FACE_UP, SIDE, TOLD_BOTH, TOLD_CAPTURER, TOLD_NOBODY, JieqiState, game_bound


class Jieqi(Game):
    id = "jieqi"
    title = "Hidden Xiangqi (Jieqi)"
    status = "complete"
    hidden = "pieces"  # the covered pieces
    player_counts = (2,)
    default_players = 2
    options_spec = (
        Option("plain", False, "plain Xiangqi: every piece starts face up on its own point, no hidden pieces"),
        Option("captures_shown", "capturer", "who is told what a covered piece was when it is captured: "
               "the capturer only, or both players", choices=("capturer", "both")),
        Option("quiet_plies", 120, "plies without a capture or a reveal after which the game is drawn "
               "(120: sixty moves each)", minimum=10, maximum=1000),
        Option("games", 1, "games in the match, the seats changing colours each game (seat 0 has Red first); "
               "a win scores 2, a draw 1", minimum=1, maximum=20),
    )
    action_bound = game_bound(120)
    deck_doc = ("deck=\"FEN\": the game starts from this position (Jieqi FEN: X/x covered, C~ a covered piece "
                "that is a cannon, [..] captures, side to move); a list of them stacks the match's first games.")
    state_class = JieqiState
    bots = {"search": SearchBot, "quick": QuickBot, "greedy": GreedyBot}

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.action_bound = self.options["games"] * game_bound(self.options["quiet_plies"])

    def parse(self, text: str) -> Move:
        return parse(text)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> JieqiState:
        """A match consistent with ``view``: the pieces the seat has not seen dealt again at random.

        The covered pieces on the board, and the captured ones the seat was not told, get a random deal of
        what their side's fifteen pieces leave once everything the seat has seen is taken out. The plies since
        the last capture or reveal are taken back move by move (they only moved pieces) to rebuild the
        positions that count for repetition.
        """
        log = view["log"]
        if not log or log[0].get("type") != "game":
            raise ValueError("a Jieqi view's log starts with its game's first position")
        pos = parse_fen(view["fen"])
        s = JieqiState.__new__(JieqiState)
        s.game, s.seed = self, -1  # the seed is secret: the determinized future has its own shuffles
        s.rng = Rng(rng.next64())
        s.free = not self.options["plain"]
        s.events = [dict(e) for e in log]
        s.previous = [dict(e) for e in view["previous"]]
        s.stacked, s.finished = [], view["over"]
        s.sheet = ScoreSheet.from_dict(view["sheet"])
        s.number, s.red_seat = view["number"], view["red"]
        s.board, s.colour, s.kings = pos.board, pos.colour, pos.kings
        s.quiet, s.fullmove, s.ply = pos.quiet, pos.fullmove, view["ply"]
        s.last = -1 if view["last"] is None else square(view["last"]["from"]) | square(view["last"]["to"]) << 7
        s.result = view["result"]
        s.game_events = 0
        s.hidden = [0] * 90
        told = TOLD_BOTH if self.options["captures_shown"] == "both" else TOLD_CAPTURER
        setup = parse_fen(log[0]["fen"])
        s.captured = {RED: [], BLACK: []}
        for colour in (RED, BLACK):
            entries = view["captured"][SIDE[colour]]
            # the first captures are the setup's own: face up, or pieces nobody has seen
            before = len(setup.captured[colour]) + setup.captured_covered[colour]
            unknown = []
            for i, entry in enumerate(entries):
                how = FACE_UP if not entry["covered"] else TOLD_NOBODY if i < before else told
                if entry["piece"] in ("X", "x"):
                    unknown.append(i)
                    s.captured[colour].append((0, how))
                else:
                    s.captured[colour].append((KIND_OF_LETTER[entry["piece"].upper()], how))
            if not s.free:
                continue
            pool = [KIND_OF_LETTER[ch.upper()] for ch, n in view["unseen"][SIDE[colour]].items() for _ in range(n)]
            rng.shuffle(pool)
            for sq in COVER_POINTS[colour]:
                if s.board[sq] & COVERED:
                    s.hidden[sq] = pool.pop()
            for i in unknown:
                s.captured[colour][i] = (pool.pop(), s.captured[colour][i][1])
            if pool:
                raise ValueError(f"the view's unseen {SIDE[colour]} pieces do not match its covered ones")
        s.keys, s.checks = reversible_history(s.board, s.colour, s.kings, log)
        s._legal = [] if s.finished else [MOVES[m] for m in legal_moves(s.board, s.colour, s.kings[s.colour], s.free)]
        return s
