"""Every parlour game as an OpenSpiel game: :func:`register` makes ``pyspiel.load_game("python_parlour_<id>")`` work.

Each game is registered (on import, and by :func:`register`) through OpenSpiel's Python-game API (a
``pyspiel.Game`` and ``pyspiel.State`` subclass and an observer) under ``python_parlour_<id>``, hyphens turned to
underscores (``python_parlour_crazy_nines``).
The game's parameters are its options (ints, floats, bools, text) and:

* ``players`` — the seat count (the game's default if not given);
* ``reward`` — ``"match"`` (the default): at the end, +1 to a lone winner of two, in general ``n/(n-1)`` times
  (won - share of winners), so that returns sum to zero and lie in [-1, 1]; or ``"points"``: each seat's match
  total less the others' mean (turned where the lowest total wins), as the PettingZoo env's per-deal rewards add
  up; both at the end (``RewardModel.TERMINAL``, which OpenSpiel's MCTS needs). Or ``"deal"``: those points as a
  reward when each deal is scored (``RewardModel.REWARDS``; returns are the points so far). The utility is
  ``ZERO_SUM`` in every case;
* ``deals`` — how many deals' decks are chosen by explicit chance nodes (default 1; decks for deals the match
  never reaches go unused; 0: the seed node alone deals, a coarse stand-in for the real shuffle);
* ``seeds`` — the size of one chance node over the match seed, before the deal (default 1024; 1: seed 0 and no
  node), for what else the seed decides: who deals or starts, later deals, a reshuffle of a discard pile.

Chance, as real as the game allows: a card game's deck is chosen one card at a time (the outcome is which of the
cards still out comes next, uniformly, two copies of a card twice as likely), and the match starts from that
stacked deck (``game.new(deck=...)``), so every later draw of that deal is exact too. Jieqi's covered pieces are
dealt the same way: each covered point in the engine's dealing order gets one of its side's pieces not yet placed
(:mod:`parlour.ai.chance` deals them).
Go and Rengo have no chance node; in Skelly the seed's node decides who shoots first, and its physics is
deterministic. Skelly's actions are its grid of flicks (72 directions by 10 powers: :mod:`parlour.games.skelly.ai`).

Real-time and timed play (Spoons, the Claw, Kaboo's snap windows) is made sequential: of the seats that may act,
the one after the last to act chooses first, as in the PettingZoo AEC env (:mod:`parlour.ai.aec`), so that seat
wins a tie. While a timed window is open (``state.deadline``), it may also ``wait`` (the action
``num_distinct_actions - 1``): the next seat that may act chooses, and once every one of them has waited the window
closes (``state.timeout()``), as the clock would close it. A window nobody may act in is closed at once.

Actions are the game's fixed action space (:func:`~parlour.ai.spaces.codec_for`) and ``wait``:
``num_distinct_actions`` is ``codec.size + 1``. A seat's observation string is its view (canonical JSON), its
information-state string adds every event it saw (``state.visible_events(seat)``: its own actions, the others',
its private deals) and its waits, so that two histories it cannot tell apart give one string; both tensors are
``codec.encode`` of the seat's bot view (what the PettingZoo env observes; a summary of the information state, not
all of it). A public observation (``private_info=NONE``) is the spectator's view. Where an action is chosen in
steps (a Tarok discard card by card, a Kaboo jack: ``codec.multistep``), a step with more to come leaves the same
seat to choose; its strings then hold the steps it took (``"chosen"``) and its tensors end with them marked.

>>> import pyspiel
>>> names = register()
>>> game = pyspiel.load_game("python_parlour_giacomotto", {"target": 21})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1024)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player() in (0, 1), len(state.history())
(True, 53)
"""

from __future__ import annotations

import json
import math
from typing import Any

from parlour.core.game import Game, State
from parlour.core.registry import game_class, games, load

from .aec import close_windows, relative
from .chance import dealer_for
from .arena import need
from .spaces import codec_for

pyspiel = need("pyspiel")
np = need("numpy")

REWARDS = ("match", "points", "deal")
#: Bound on a ``reward="points"`` return: OpenSpiel asks for one; no parlour match total comes near it.
POINTS_BOUND = 1e6
_registered: set[str] = set()
#: Options besides a game's quick and random ones that make its random match short (see :func:`short_params`).
SHORTER = {"go": {"size": 9}, "rengo": {"size": 9}, "gami": {"max_plies": 60}, "giacomotto": {"target": 21},
           "tysiac": {"deal_limit": 2}, "zole": {"hands": 3}, "tarok": {"rounds": 1}, "jieqi": {"quiet_plies": 30}}


def short_name(game_id: str) -> str:
    """OpenSpiel's name of a parlour game.

    >>> short_name("crazy-nines")
    'python_parlour_crazy_nines'
    """
    return "python_parlour_" + game_id.replace("-", "_")


def short_params(game_id: str) -> dict[str, Any]:
    """Parameters for a short match that random play ends soon: the game's ``quick_options`` and
    ``random_options`` and :data:`SHORTER` (what the tests and ``python -m bench openspiel`` play).

    >>> short_params("golf6"), short_params("go")
    ({'rounds': 2}, {'size': 9})
    """
    cls = game_class(game_id)
    return {**cls.quick_options, **cls.random_options, **SHORTER.get(game_id, {})}


def register() -> list[str]:
    """Register every parlour game with OpenSpiel; idempotent. Returns their names."""
    names = []
    for game_id in games():
        name = short_name(game_id)
        if name not in _registered and name not in pyspiel.registered_names():
            cls = game_class(game_id)
            pyspiel.register_game(_game_type(cls), _game_class(game_id))
        _registered.add(name)
        names.append(name)
    return names


def _simple(value: Any) -> bool:
    return isinstance(value, (bool, int, float, str))


def _game_type(cls: type[Game], per_step: bool = False) -> Any:
    params: dict[str, Any] = {o.name: o.default for o in cls.options_spec if _simple(o.default)}
    params.update(players=cls.default_players, reward="match", deals=1, seeds=1024 if cls.chance else 1)
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(cls.id), long_name=f"parlour {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if cls.chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=info.PERFECT_INFORMATION if cls.hidden is None else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS if per_step else pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(cls.player_counts), min_num_players=min(cls.player_counts),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def _game_class(game_id: str) -> type["ParlourGame"]:
    # A class per game, as OpenSpiel's own Python games register theirs: OpenSpiel keeps the factory until the
    # process ends, and a plain function freed that late (without the interpreter) aborts the exit.
    return type(f"ParlourGame_{game_id.replace('-', '_')}", (ParlourGame,), {"game_id": game_id})


# --- the game ---------------------------------------------------------------------------------------------------


class ParlourGame(pyspiel.Game):
    """One parlour game (players and options fixed by the parameters) as an OpenSpiel game; :func:`register`
    makes a subclass per game, naming it in ``game_id``."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        game_id = self.game_id
        cls = game_class(game_id)
        spec = dict(_game_type(cls).parameter_specification)
        merged = {k: v.value() if hasattr(v, "value") else v for k, v in spec.items()}
        merged.update(params)
        options = {o.name: merged[o.name] for o in cls.options_spec if o.name in merged}
        for o in cls.options_spec:  # OpenSpiel reads 8 as an int where the option is a float
            if o.name in options and isinstance(o.default, float):
                options[o.name] = float(options[o.name])
        if merged["reward"] not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {merged['reward']!r}")
        if merged["deals"] < 0 or merged["seeds"] < 1:
            raise ValueError(f"deals is 0 or more and seeds 1 or more, not {merged['deals']} and {merged['seeds']}")
        self.parlour = load(game_id, players=int(merged["players"]), **options)
        self.codec = codec_for(self.parlour)
        self.reward = merged["reward"]
        self.seeds = int(merged["seeds"]) if cls.chance else 1
        self.dealer = dealer_for(self.parlour, int(merged["deals"]))
        self.chance_steps = self.dealer.steps + (self.seeds > 1)
        n = self.parlour.players
        bound = 1.0 if self.reward == "match" else POINTS_BOUND
        timed = cls.state_class.deadline is not State.deadline
        #: The action "wait": let the open timed window run (one more than the game's own action space).
        self.wait = self.codec.size
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size + 1,
            max_chance_outcomes=max(self.dealer.size if self.dealer.steps else 0, self.seeds if self.seeds > 1 else 0),
            num_players=n, min_utility=-bound, max_utility=bound, utility_sum=0.0,
            # a timed window may take a wait from every seat before each action or timeout
            max_game_length=cls.action_bound * self.codec.most_steps * (n + 1 if timed else 1) + self.chance_steps)
        # reward="deal" gives rewards along the way: the game's type says so (OpenSpiel's MCTS then refuses it)
        super().__init__(_game_type(cls, per_step=self.reward == "deal"), info,
                         {k: v for k, v in merged.items() if k in spec})
        self.shape = self.codec.shape or (0,)

    def new_initial_state(self) -> "ParlourState":
        return ParlourState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ParlourObserver":
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return ParlourObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Match:
    """What a :class:`ParlourState` holds, in one attribute: OpenSpiel's ``clone`` deep-copies each attribute
    (here :meth:`State.clone`, the parlour state's own fast copy) and its ``serialize`` pickles them (here the
    game's name and the actions, replayed by :func:`_replay`)."""

    __slots__ = ("name", "seed", "drawn", "state", "last", "seat", "actions", "waited", "waits", "start", "rewards",
                 "chosen")

    def __init__(self, name: str) -> None:
        self.name = name
        self.seed = 0
        self.drawn: list[int] = []
        self.state: State | None = None
        self.last = -1
        self.seat = 0
        self.actions: list[int] = []
        #: The seats that let the open timed window run since anything happened; and, per seat, the event count at
        #: each of its waits (its own choices, which its information state recalls).
        self.waited: set[int] = set()
        self.waits: dict[int, list[int]] = {}
        #: The match totals when the match started, and what the last action earned (``reward="deal"``).
        self.start: tuple[int, ...] = ()
        self.rewards: list[float] = []
        #: The steps the seat to act has taken toward an action of several steps (a Tarok discard's cards).
        self.chosen: list[int] = []

    def __deepcopy__(self, memo: Any) -> "_Match":
        copy = _Match(self.name)
        copy.seed, copy.drawn, copy.last, copy.seat = self.seed, list(self.drawn), self.last, self.seat
        copy.state = None if self.state is None else self.state.clone()
        copy.actions = list(self.actions)
        copy.waited = set(self.waited)
        copy.waits = {seat: list(w) for seat, w in self.waits.items()}
        copy.start, copy.rewards = self.start, list(self.rewards)
        copy.chosen = list(self.chosen)
        return copy

    def __reduce__(self) -> tuple[Any, ...]:
        return _replay, (self.name, list(self.actions))


def _replay(name: str, actions: list[int]) -> _Match:
    """The match of game ``name`` after ``actions`` (what a serialized state holds)."""
    register()  # in another process (a pickle read back), the games are not registered yet
    state = pyspiel.load_game(name).new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state.m


class ParlourState(pyspiel.State):
    """A match: first the chance nodes (the seed, the deck), then the parlour state's own play."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self.m = _Match(str(game))
        if game.chance_steps == 0:
            self._deal()

    @property
    def pgame(self) -> ParlourGame:
        return self.get_game()

    @property
    def state(self) -> State | None:
        """The parlour state (``None`` while the chance nodes deal)."""
        return self.m.state

    # what the parlour state is, and who acts in it
    def _deal(self) -> None:
        m = self.m
        m.state = self.pgame.dealer.start(self.pgame.parlour, m.seed, m.drawn)
        m.start = m.state.scores
        self._settle()

    def _settle(self) -> None:
        m = self.m
        m.waited.clear()
        close_windows(m.state)
        if not m.state.over:
            self._select()

    def _select(self) -> None:
        """The seat to act: of those that may and have not let the window run, the one after the last to act."""
        m = self.m
        n = m.state.game.players
        m.seat = min((s for s in m.state.to_act if s not in m.waited), key=lambda s: (s - m.last - 1) % n)

    def _wait(self) -> None:
        """The seat lets the open timed window run: the next seat may act in it; once none will, it closes."""
        m = self.m
        m.waited.add(m.seat)
        m.waits.setdefault(m.seat, []).append(len(m.state.events))
        if all(s in m.waited for s in m.state.to_act):
            m.state.timeout()
            self._settle()
        else:
            self._select()

    def _seed_pending(self) -> bool:
        return self.pgame.seeds > 1 and len(self.history()) == 0

    # --- OpenSpiel's API ---
    def current_player(self) -> int:
        state = self.m.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.over:
            return pyspiel.PlayerId.TERMINAL
        return self.m.seat

    def _legal_actions(self, player: int) -> list[int]:
        legal = self.state.legal(player)
        mask = sorted(self.pgame.codec.mask(legal, self.m.chosen))
        # a seat half way through an action of several steps finishes it before it may let a window run
        return mask + [self.pgame.wait] if self.state.deadline is not None and not self.m.chosen else mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._seed_pending():
            p = 1.0 / self.pgame.seeds
            return [(s, p) for s in range(self.pgame.seeds)]
        return self.pgame.dealer.outcomes(self.m.drawn)

    def _apply_action(self, action: int) -> None:
        m = self.m
        m.actions.append(action)
        if self.pgame.reward == "deal":
            before = self._points()
            self._act(action)
            m.rewards = [now - was for now, was in zip(self._points(), before)]
        else:
            self._act(action)

    def _act(self, action: int) -> None:
        m = self.m
        if m.state is None:
            if self._seed_pending():
                m.seed = action
            else:
                m.drawn.append(action)
            if len(m.drawn) == self.pgame.dealer.steps:
                self._deal()
            return
        if action == self.pgame.wait:
            self._wait()
            return
        legal = m.state.legal(m.seat)
        chosen = self.pgame.codec.action(action, legal, m.chosen)
        if chosen is None:  # a step with more to come (a Tarok discard's card): the same seat chooses again
            m.chosen.append(action)
            return
        m.chosen = []
        m.state.apply(m.seat, chosen)
        m.last = m.seat
        self._settle()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.pgame.seeds > 1 and not self.history() and self.state is None:
                return f"seed {action}"
            return f"deal {self.pgame.dealer.text(action)}"
        if action == self.pgame.wait:
            return "wait"
        if self.state is not None and player == self.current_player():
            legal = self.state.legal(player)
            chosen = self.pgame.codec.action(action, legal, self.m.chosen)
            return f"step {action}" if chosen is None else str(chosen)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self.state is not None and self.state.over

    def _points(self) -> list[float]:
        """Each seat's points since the match began less the others' mean (zero while dealing)."""
        m = self.m
        if m.state is None:
            return [0.0] * self.pgame.parlour.players
        return relative([now - was for now, was in zip(m.state.scores, m.start)], self.pgame.parlour.lowest_wins)

    def rewards(self) -> list[float]:
        """What the last action earned each seat: with ``reward="deal"``, the points of a deal it ended (relative,
        as :meth:`returns`); otherwise the returns, at the end."""
        if self.pgame.reward == "deal":
            return list(self.m.rewards) or [0.0] * self.pgame.parlour.players
        return self.returns()

    def returns(self) -> list[float]:
        n = self.pgame.parlour.players
        if self.pgame.reward == "deal":
            return self._points()
        if not self.is_terminal():
            return [0.0] * n
        if self.pgame.reward == "match":
            won = set(self.state.winners)
            share = len(won) / n
            return [((s in won) - share) * n / (n - 1) for s in range(n)]
        return self._points()

    def __str__(self) -> str:
        if self.state is None:
            return f"dealing: {len(self.history())} of {self.pgame.chance_steps} chance outcomes"
        return _json(self.state.view(None))


class ParlourObserver:
    """A seat's view as a string (JSON) and as the game's tensor (see the module docstring)."""

    def __init__(self, game: ParlourGame, iig_obs_type: Any) -> None:
        self.game = game
        self.recall = iig_obs_type.perfect_recall
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        # the game's observation, then (in a game of actions in steps) the steps the seat has taken so far
        self.size = math.prod(game.shape)
        steps = game.codec.size if game.codec.multistep else 0
        self.tensor = np.zeros(self.size + steps, np.float32)
        self.dict = {"observation": self.tensor[:self.size].reshape(game.shape)}
        if steps:
            self.dict["chosen"] = self.tensor[self.size:]

    def _seat(self, player: int) -> int | None:
        return player if self.private else None

    def set_from(self, state: ParlourState, player: int) -> None:
        self.tensor.fill(0)
        if state.state is None or self.game.codec.shape is None:
            return
        seat = self._seat(player)
        if seat is None:
            view = state.state.view(None)
        elif type(state.state).bot_view is not State.bot_view:  # the memory games: what the seat has seen
            view = state.state.bot_view(seat)
        else:
            view = state.state.view(seat)
        self.tensor[:self.size] = self.game.codec.encode(view)
        if seat is not None and seat == state.m.seat:
            self.tensor[self.size + np.asarray(state.m.chosen, dtype=int)] = 1.0

    def string_from(self, state: ParlourState, player: int) -> str:
        if state.state is None:
            return "dealing"
        seat = self._seat(player)
        # the steps a seat has taken toward its action are its own: in its strings only
        chosen = state.m.chosen if seat is not None and seat == state.m.seat else []
        if not self.recall:
            view = state.state.view(seat)
            return _json({"view": view, "chosen": chosen} if chosen else view)
        return _json({"seat": seat, "events": state.state.visible_events(seat), "view": state.state.view(seat),
                      "waits": state.m.waits.get(seat, []), "chosen": chosen})


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


# Importing the module registers the games, as importing one of OpenSpiel's own Python games does: a pickled state
# names its game, which must be known before the state can be read back.
register()

__all__ = ["ParlourGame", "ParlourState", "register", "short_name", "short_params"]
