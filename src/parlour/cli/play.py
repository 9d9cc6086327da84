"""``parlour play``: a match in the terminal, humans and bots at one table.

Humans see only their own seat's view; each bot is given only its seat's view and legal actions. The record
is written after every action, so quitting or a crash loses nothing that was played.
"""

from __future__ import annotations

import os
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import click
from rich.console import Console
from rich.text import Text

from parlour.bots import Bot, make
from parlour.bots.advice import Unadvisable, advise, remember, review, shown
from parlour.bots.pace import TYPING, Slowed
from parlour.bots.race import Race
from parlour.core.aids import with_aids
from parlour.core.errors import IllegalAction, RecordError
from parlour.core.game import Action, Game, State
from parlour.core.i18n import game_translator, translator
from parlour.core.record import TIMEOUT, Record
from parlour.core.terminal import Seats

from . import render
from .setup import HUMAN, UsageProblem, game_type, load_game, players_for, seat_kinds
from .lang import lang_option
from .timed import ask_within

QUIT = ("q", "quit", "exit")
#: What asks for a hint (the strongest bot's move, from the seat's view).
HINT = ("hint", "?")
#: A hint's thinking time, and a review's per decision; how many of the costliest decisions a review prints.
HINT_BUDGET = "1s"
REVIEW_BUDGET = "300ms"
REVIEWED = 3
tr = translator(__name__)


def default_record_path(game_id: str, seed: int) -> Path:
    """``./parlour-<game>-<seed>.json``, numbered ``-2``, ``-3``... rather than overwrite an earlier record."""
    name = f"parlour-{game_id}-{seed}" if seed >= 0 else f"parlour-{game_id}-minus{-seed}"
    path = Path(f"{name}.json")
    n = 2
    while path.exists():
        path = Path(f"{name}-{n}.json")
        n += 1
    return path


def save(record: Record, path: Path) -> None:
    """Write the record whole or not at all: a crash mid-write never leaves a half-written file.

    A path that is not a regular file (``/dev/null``, ``/dev/stdout``, a pipe) is written to as it is: replacing it
    with a file would, as root, swap the machine's ``/dev/null`` for a file only root may open."""
    path = path.resolve()
    if path.exists() and not path.is_file():
        path.write_text(record.to_json(), encoding="utf-8")
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(record.to_json())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class TerminalMatch:
    """One match played at this terminal. ``ask(prompt, seconds)`` reads a line from the human whose turn it is, or
    ``None`` when a timed window's ``seconds`` (``None``: no limit) run out first: the window closes then."""

    def __init__(self, console: Console, game: Game, kinds: list[str], path: Path,
                 ask: Callable[[str, float | None], str | None], record: Record, state: State | None = None,
                 seen: dict[int, int] | None = None, slowdown: float = 1.0, review: bool = False,
                 review_budget: str = REVIEW_BUDGET, aids: bool = False) -> None:
        """A new match (``record`` just started), or one resumed: ``state`` is its record replayed, ``seen`` how many
        events each person had seen when he last played. ``slowdown``: a real-time game's bots take that many
        times their own time (``TYPING``: as slow as a person typing his moves). ``aids``: each person's screen
        shows the game's player aids (:mod:`parlour.core.aids`), from that person's own view."""
        self.aids = aids
        self.console, self.game, self.kinds, self.path, self.ask = console, game, kinds, path, ask
        #: The game's words: its refusals (and its title) in the player's language.
        self.words = game_translator(type(game))
        self.record = record
        record.seats = list(kinds)
        seed = record.seed
        self.state: State = game.new(seed=seed, deck=record.deck) if state is None else state
        self.bots: dict[int, Bot] = {s: make(k, game, s, seed=seed * 16 + s) for s, k in enumerate(kinds) if k != HUMAN}
        if game.realtime and slowdown != 1.0:
            self.bots = {s: Slowed(bot, slowdown) for s, bot in self.bots.items()}
        self.humans = [s for s, k in enumerate(kinds) if k == HUMAN]
        if game.realtime and len(self.humans) > 1:
            raise click.ClickException(tr.t("{game} is played against the clock: one person at a terminal, the other "
                                            "seats bots (play it with friends in the browser: parlour serve)",
                                            game=game_translator(type(game)).t(game.title)))
        # per human: how many events it had seen when it last played
        self.seen = {s: (seen or {}).get(s, 0) for s in self.humans}
        self.shown = len(self.state.events) if state is not None else 0  # events already printed, when bots play alone
        self.last_human: int | None = None
        #: After each deal (the end of a Go or Jieqi game), each person's costliest decisions (``--no-review``: none).
        self.review = review and not game.realtime
        self.review_budget = review_budget
        self._reviewed = len(self.state.sheet.rows)
        #: What each person's hints remember of the views they saw (a card peeked at).
        self.memory: dict[int, dict] = {s: {} for s in self.humans}
        save(self.record, path)

    def seats(self, viewer: int | None) -> Seats:
        return Seats(tuple(self.kinds), viewer).with_view(self.state.view(viewer))

    def run(self) -> bool:
        """Play until the match ends (True) or a human quits (False)."""
        if self.game.realtime:
            return self.run_race()
        state = self.state
        while not state.over:
            to_act = state.to_act
            if not to_act:  # a timed window nobody acts in: close it, as the clock would
                state.timeout()
                self.played(None, TIMEOUT)
                continue
            seat = to_act[0]
            # a choice made together (a Rengo team at the count) is the person's at the keyboard, if one is there
            seat = next((s for s in state.together if s in self.humans), seat)
            if seat in self.bots:
                action = self.bots[seat].choose(state.bot_view(seat), state.legal(seat))
                try:
                    action = state.apply(seat, action)
                except IllegalAction as e:
                    raise click.ClickException(tr.t("the {bot} bot at seat {seat} chose {action}: {reason}",
                                                    bot=self.kinds[seat], seat=seat, action=action,
                                                    reason=self.words.message(e.message))) from None
                self.played(seat, action)
            elif not self.human_turn(seat):
                return False
            self.review_deals()
        self.record.scores = list(state.scores)
        save(self.record, self.path)
        self.show_end()
        return True

    def run_race(self) -> bool:
        """A real-time game (Spoons, the Claw) on a virtual clock: each bot acts after its reaction time, and the
        person's reaction time is the time he takes to answer. What the bots did meanwhile happens first; his move
        then counts if it is still legal (else he is told why, and sees the table again).

        The screen shows the table only between his moves: once what the bots did changes what he may do (the
        first spoon is taken, the call is won), the clock stops there until his answer, when he sees it; nobody
        reacts to that change before he can."""
        state, console = self.state, self.console
        race = Race(state, self.bots)
        human = self.humans[0] if self.humans else None
        while not state.over:
            if human is None or human not in state.to_act:
                event = race.step()
                if event is None:
                    raise click.ClickException(f"nobody may act at seat(s) {list(state.to_act)} and no window is open")
                self.played(*event, t=race.log[-1][2])
                continue
            view = state.view(human)
            events = state.visible_events(human, state.events[self.seen[human]:])
            self.seen[human] = len(state.events)
            console.print(render.turn_screen(view, self.seats(human), events))
            legal = [str(a) for a in state.legal(human)]
            started = time.monotonic()
            text = (self.ask(tr.t("Your move (1-{n}, text, q):", n=len(legal)) + " ", None) or "").strip()
            if text.lower() in QUIT:
                return False
            moved = lambda: [str(a) for a in state.legal(human)] != legal  # noqa: E731
            count = len(race.log)
            race.advance(race.now + time.monotonic() - started, unseen=moved)
            for seat, done, t in race.log[count:]:
                self.played(seat, done, t=t)
            if text.isdigit() and 1 <= int(text) <= len(legal):
                text = legal[int(text) - 1]
            try:
                action = race.play(human, text)
            except IllegalAction as e:
                console.print(Text(tr.t("Too late or not possible: {error}", error=self.words.message(e.message)),
                                   style="yellow"))
                continue
            self.played(human, action, t=race.log[-1][2])
        self.record.scores = list(state.scores)
        save(self.record, self.path)
        self.show_end()
        return True

    def review_deals(self) -> None:
        """Once a deal is scored (a Go or Jieqi game ends), print each person's costliest decisions in it."""
        rows = len(self.state.sheet.rows)
        if rows > self._reviewed and self.review:
            for seat in self.humans:
                for deal in range(self._reviewed, rows):
                    self.show_review(seat, deal)
        self._reviewed = rows

    def show_review(self, seat: int, deal: int) -> None:
        console = self.console
        console.print(Text(tr.t("Reviewing your decisions ({budget} each)...", budget=self.review_budget),
                           style="dim"))
        try:
            decisions = review(self.game, self.record.to_dict(), seat, deal=deal, budget=self.review_budget,
                               seed=deal)
        except Unadvisable as e:
            console.print(Text(self.words.message(e.message), style="yellow"))
            return
        costly = [d for d in decisions if d.loss > 0][:REVIEWED]
        title = (tr.t("Review of deal {n}", n=deal + 1) if len(self.humans) == 1
                 else tr.t("Review of deal {n} for seat {seat}", n=deal + 1, seat=seat))
        console.print(Text(title, style="bold"))
        if not costly:
            console.print(tr.t("Every decision was as good as the search could find."))
        for d in costly:
            console.print(f"  {self.words.message(d.where)}: {self.words.message(d.why)}")

    def show_hint(self, seat: int, view: dict, legal: list) -> None:
        """The strongest bot's move for the seat, from its view (and what it saw before), with why."""
        try:
            advice = advise(self.game, seat, view, legal, budget=HINT_BUDGET, memory=self.memory[seat])
        except Unadvisable as e:
            self.console.print(Text(self.words.message(e.message),
                                    style="yellow"))
            return
        now = "" if advice.first == advice.move else " " + tr.t("(now: {step})", step=advice.first)
        self.console.print(Text(tr.t("Hint: {move}", move=shown(advice.move)) + now, style="cyan"))
        self.console.print(Text("  " + self.words.message(advice.why), style="cyan"))

    def played(self, seat: int | None, action: Action | str, t: float | None = None) -> None:
        """Record an action (at ``t``: a real-time game's instant on the race's clock; else now) and save."""
        self.record.add(seat, action, t, check=self.state.record_check())
        save(self.record, self.path)
        if not self.humans:
            events = self.state.visible_events(None, self.state.events[self.shown:])
            self.shown = len(self.state.events)
            for line in render.event_lines(self.state.view(None), events, self.seats(None)):
                self.console.print(line)

    def human_turn(self, seat: int) -> bool:
        """Show the seat its view and apply the move it chooses; False if it quits."""
        state, console = self.state, self.console
        if len(self.humans) > 1 and seat != self.last_human:
            if console.is_terminal:
                console.clear()
            handover = tr.t("Seat {n} to play: pass the keyboard to seat {n} and press Enter (q quits)", n=seat)
            answer = self.ask(handover + " ", None) or ""
            if answer.strip().lower() in QUIT:
                return False
            if console.is_terminal:
                console.clear()
        self.last_human = seat
        view = state.view(seat)
        if self.aids:
            view = with_aids(self.game, view)
        events = state.visible_events(seat, state.events[self.seen[seat]:])
        console.print(render.turn_screen(view, self.seats(seat), events))
        legal = state.legal(seat)
        remember(self.game, state.bot_view(seat), self.memory.setdefault(seat, {}))
        # What this move causes (a sweep, a deal's score, the end) is news at the seat's next screen, or at the end.
        before = len(state.events)
        numbers = "1" if len(legal) == 1 else f"1-{len(legal)}"
        hint = tr.t("type a move number {numbers}, a move's text such as '{example}', hint (or ?) for a hint, or q to "
                    "quit", numbers=numbers,
                    example=legal[-1])
        prompt = (tr.t("Seat {n} ({numbers}, text, q):", n=seat, numbers=numbers) if len(self.humans) > 1
                  else tr.t("Your move ({numbers}, text, q):", numbers=numbers)) + " "
        # A timed window closes when its time is up, answered or not (the game clock restarted at the last change).
        closes = None if state.deadline is None else time.monotonic() + state.deadline
        while True:
            answer = self.ask(prompt, None if closes is None else closes - time.monotonic())
            if answer is None:
                console.print(Text(tr.t("Time is up: the window has closed."), style="yellow"))
                state.timeout()
                self.played(None, TIMEOUT)
                self.seen[seat] = before
                return True
            text = answer.strip()
            if text.lower() in QUIT:
                return False
            if text.lower() in HINT:
                self.show_hint(seat, state.bot_view(seat), legal)
                continue
            if not text:
                console.print(Text(hint, style="yellow"))
                continue
            if text.isdigit():
                n = int(text)
                if not 1 <= n <= len(legal):
                    console.print(Text(tr.t("there is no move {n}: {hint}", n=n, hint=hint), style="yellow"))
                    continue
                action = state.apply(seat, legal[n - 1])
            else:
                try:
                    action = state.apply(seat, text)
                except IllegalAction as e:
                    console.print(Text(f"{self.words.message(e.message)}\n{hint}", style="yellow"))
                    continue
            self.played(seat, action)
            self.seen[seat] = before
            return True

    def show_end(self) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        view = self.state.view(viewer)
        seats = self.seats(viewer)
        if self.humans:
            events = self.state.visible_events(viewer, self.state.events[self.seen[self.humans[0]]:])
            self.console.print(render.recent(view, events, seats, title=tr.t("The last turns")))
        self.console.print(render.final_screen(view, seats))


def resume(path: Path, game_id: str | None, seats: str | None) -> tuple[Game, list[str], Record, State, dict[int, int]]:
    """A match record to play on: its game, seats (``seats`` given: those instead), the record, the state after its
    every action and, per person, how many events he had seen at his last move; a :class:`UsageProblem` saying why
    not for a file that is no record, a finished match, another game's record or one this parlour cannot replay."""
    try:
        record = Record.load(str(path))
    except RecordError as e:
        raise UsageProblem(tr.t("{path} is not a match record that parlour can read: {reason}", path=path,
                                reason=e)) from None
    if game_id is not None and game_type(game_id).id != record.game:
        raise UsageProblem(tr.t("{path} is a record of {other}, not of {game}: resume it with parlour play --resume "
                                "{path}", path=path, other=record.game, game=game_type(game_id).id))
    if record.scores is not None:
        raise UsageProblem(tr.t("The match in {path} is over: there is nothing to resume. Watch it with: parlour "
                                "replay {path}", path=path))
    try:
        game = record.make_game()
    except RecordError as e:
        raise UsageProblem(tr.t("{path} cannot be resumed with this version of parlour: {reason}", path=path,
                                reason=e)) from None
    if seats is None and record.seats is None:
        raise UsageProblem(tr.t("{path} does not say what played each seat (the server's records and older ones do "
                                "not): give them with --seats, e.g. --seats {example}", path=path,
                                example=",".join(seat_kinds(game, None))))
    kinds = seat_kinds(game, seats if seats is not None else ",".join(record.seats or []))
    seen = {s: 0 for s, kind in enumerate(kinds) if kind == HUMAN}
    count = 0
    try:
        for entry, state in record.states():
            if entry is not None and entry["seat"] in seen:
                seen[entry["seat"]] = count  # what his move caused is news at his next screen
            count = len(state.events)
    except RecordError as e:
        raise UsageProblem(tr.t("{path} cannot be resumed with this version of parlour: {reason}", path=path,
                                reason=e)) from None
    if state.over:
        raise UsageProblem(tr.t("The match in {path} is over: there is nothing to resume. Watch it with: parlour "
                                "replay {path}", path=path))
    return game, kinds, record, state, seen


@click.command()
@click.argument("game_id", metavar="GAME", required=False)
@click.option("--players", "-p", type=int, help="Number of players (the game's default if omitted).")
@click.option("--seats", "-s", metavar="KINDS",
              help="Comma-separated, one per seat: human or a bot name, e.g. human,greedy. "
                   "Default: you at seat 0, the default bot elsewhere (the strongest; in a real-time game the "
                   "level that reacts as people do; with --resume: as the record says).")
@click.option("--seed", type=int, help="Seed of everything left to chance (random if omitted): the same seed deals the same cards, covers "
                   "the same pieces, draws the same first player.")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="A variant option, e.g. -o target=61 (see parlour rules GAME). Repeatable.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write the match record (default ./parlour-GAME-SEED.json), saved after every action.")
@click.option("--bot-pace", type=click.Choice(["typing", "table"]), default="typing", show_default=True,
              help="A real-time game (Spoons, the Claw): the bots slowed to a person's typing speed, three times "
                   "their time, or as quick as at a table in the browser.")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE",
              help="Play on a match that was left (q) from its record: the same game, options, seed and seats, every "
                   "move played again, the record written on in FILE. GAME may be left out.")
@click.option("--no-review", is_flag=True,
              help="Print no review after each deal (by default each person's costliest decisions in it, weighed "
                   "by the strongest bot from what that person knew then).")
@click.option("--aids", is_flag=True, help="Show the game's player aids on your screen: the cards already played "
              "(Tarok, Zole, Tysiąc), the marriages in your hand while bidding (Tysiąc), the cards that can capture "
              "(Giacomotto), the cards to take for a GAMI (Gami).")
@lang_option
def play(game_id: str | None, players: int | None, seats: str | None, seed: int | None, options: tuple[str, ...],
         record_path: Path | None, resume_path: Path | None, bot_pace: str, no_review: bool, aids: bool) -> None:
    """Play GAME in the terminal against bots, or hot-seat with friends; or play on a match left earlier (--resume)."""
    state: State | None = None
    seen: dict[int, int] | None = None
    if resume_path is not None:
        given = [name for name, value in (("--players", players), ("--seed", seed), ("--option", options),
                                          ("--record", record_path)) if value]
        if given:
            raise UsageProblem(tr.t("--resume takes the game, its options, the seed and the record from FILE: "
                                    "leave out {given}", given=", ".join(given)))
        game, kinds, record, state, seen = resume(resume_path, game_id, seats)
        path, seed = resume_path, record.seed
    elif game_id is None:
        raise UsageProblem(tr.t("give the GAME to play (parlour games lists them), or --resume FILE to play on a "
                                "match from its record"))
    else:
        game = load_game(game_id, players_for(seats, players), options)
        kinds = seat_kinds(game, seats)
        if seed is None:
            seed = secrets.randbelow(10**9)
        path = record_path or default_record_path(game.id, seed)
        record = Record.start(game, seed)
    console = Console(highlight=False)

    def ask(prompt: str, seconds: float | None) -> str | None:
        return ask_within(console, prompt, seconds)

    seat_names = Seats(tuple(kinds), game=game.id)
    title = game_translator(type(game)).t(game.title)
    console.print(f"[bold]{title}[/bold]: " + ", ".join(tr.t("seat {n} {kind}", n=s, kind=seat_names.kind_name(k))
                                                       for s, k in enumerate(kinds)))
    if state is not None:
        console.print("[dim]" + tr.tn("seed {seed} · {n} action played again from {path}; the record goes on there",
                                      "seed {seed} · {n} actions played again from {path}; the record goes on there",
                                      len(record.actions), seed=seed, path=path) + "[/dim]")
    else:
        console.print("[dim]" + tr.t("seed {seed} · record saved after every move in {path}", seed=seed, path=path)
                      + "[/dim]")
    slowdown = TYPING if bot_pace == "typing" else 1.0
    if game.realtime and HUMAN in kinds and len(kinds) > kinds.count(HUMAN):
        console.print(tr.t("The bots react at typing speed, three times slower than at a table, since you type "
                           "each move; --bot-pace table for their own speed.") if slowdown != 1.0 else
                      tr.t("The bots react at their own speed, as at a table in the browser (--bot-pace table)."))
    try:
        match = TerminalMatch(console, game, kinds, path, ask, record, state, seen, slowdown=slowdown,
                              review=not no_review, aids=aids)
        finished = match.run()
    except KeyboardInterrupt:
        console.print("\n" + tr.t("Interrupted. Everything played so far is in {path}.", path=path))
        sys.exit(130)
    actions = len(match.record.actions)
    if finished:
        console.print(tr.tn("The record of the match ({n} action) is in {path}.",
                            "The record of the match ({n} actions) is in {path}.", actions, path=path))
    else:
        console.print(tr.tn("Quit. {n} action played so far is in {path}.",
                            "Quit. {n} actions played so far are in {path}.", actions, path=path))
        console.print("[dim]" + tr.t("Play on with: parlour play --resume {path}", path=path) + "[/dim]")
    console.print("[dim]" + tr.t("Watch it again with: parlour replay {path}", path=path) + "[/dim]")
