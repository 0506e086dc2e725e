"""The terminal game: you against the computer (or the computer against itself).

What you type on your turn is read by :func:`~.entries.parse_entry` (``draw``,
``place R7 R8 R9``, ``add R10 to 3``, ``move K4 from 2 to new``, ``hint``,
``help``...). After a hint, ``y`` plays the move it showed. A bad entry is
answered with the reason and asked again; keys typed while the computer
plays are thrown away before each question.

Games follow one another with a running score (:class:`~.match.Match`): the
tiles left in each hand, a joker counting 30, the lowest total leading; after
each game you are asked for a rematch. However the session ends (``quit``,
the end of input, Ctrl-C) the score so far is shown. The computer plays at
one of three levels (:mod:`~pokerfsm.games.rummikub.players`), named with its style at the start.

This module is the only one that reads the keyboard or prints.
"""
from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ...errors import Error
from .entries import HELP, PROMPT, RULES, Accept, EntryError, Help, Hint, Quit, parse_entry
from .game import Action, Draw, Game, Pass, Play
from .match import Match
from .players import LEVEL_STYLES, computer_move
from .steps import describe_move
from .tiles import Tile, format_tiles, hand_points, sorted_tiles

__all__ = ["EntryError", "parse_entry", "Hint", "Help", "Quit", "Accept", "play_console", "tile_markup",
           "placed_words", "STYLES"]

FACE = "#fff8e1"
STYLES = {0: f"bold #1040c0 on {FACE}", 1: f"bold #c00000 on {FACE}", 2: f"bold #a05a00 on {FACE}",
          3: f"bold #000000 on {FACE}", None: f"bold #a0007a on {FACE}"}
"""Tiles as on the real game: coloured numbers on a cream face (explicit colours, so a dark
terminal palette cannot turn the black ones grey on cream); yellow is printed dark amber."""


def tile_markup(tile: Tile) -> str:
    """Rich markup for a coloured tile."""
    return f"[{STYLES[tile.colour]}] {tile} [/]"


def _tiles_markup(tiles: Iterable[Tile]) -> str:
    return " ".join(tile_markup(t) for t in tiles)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def placed_words(placed: Sequence[Tile], value_placed: int, first_meld: bool) -> str:
    """What a move is worth, in words a player can check.

    For an initial meld, the meld's value (30 are needed); otherwise the
    points the tiles take out of the hand, which is what counts at the end.

    >>> from .tiles import parse_tiles
    >>> placed_words(parse_tiles("B6 Y13"), 26, False)
    '2 tiles (B6 Y13): 19 points out of your hand'
    >>> placed_words(parse_tiles("R11 J B11"), 33, True)
    '3 tiles (R11 J B11): an initial meld worth 33 points'
    """
    tiles = f"{_count(len(placed), 'tile')} ({format_tiles(placed)})"
    if first_meld:
        return f"{tiles}: an initial meld worth {value_placed} points"
    return f"{tiles}: {hand_points(placed)} points out of your hand"


class _Terminal:
    """Rendering and the loop; the only place that prints or reads input."""

    def __init__(self, game: Game, humans: set[int], ask: Callable[[str], str], level: str = "hard",
                 rng: np.random.Generator | None = None, flush: bool = False) -> None:
        from rich.console import Console

        self.game, self.humans, self.ask, self.level = game, humans, ask, level
        self.rng = rng if rng is not None else np.random.default_rng()
        self.out = Console(highlight=False)
        self.flush = flush
        self.hinted: Play | None = None

    def name(self, player: int) -> str:
        if player in self.humans:
            return "You" if len(self.humans) == 1 else f"Player {player + 1}"
        return f"Computer {player + 1}" if len(self.humans) != 1 or self.game.players > 2 else "Computer"

    def read(self, prompt: str) -> str:
        """One line from the player; keys typed before the question are thrown away first."""
        if self.flush:
            try:
                import termios
                termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
            except Exception:  # not a terminal after all  # pragma: no cover
                pass
        return self.ask(prompt)

    def show(self) -> None:
        game = self.game
        self.out.rule(f"round {game.round} · {self.name(game.current)}")
        if game.table:
            for number, tiles in enumerate(game.table, 1):
                self.out.print(f"{number:>3}  {_tiles_markup(tiles)}")
        else:
            self.out.print("  (the table is empty)")
        others = ", ".join(
            f"{self.name(p)}: {_count(game.hands[p].total(), 'tile')}{'' if game.melded[p] else ' (no meld yet)'}"
            for p in range(game.players) if p != game.current)
        self.out.print(f"pool: {_count(game.pool.total(), 'tile')} · {others}")
        if game.current in self.humans:
            meld = "" if game.melded[game.current] else " — initial meld still to make (30 points)"
            self.out.print(f"your hand ({game.hand.total()}): {_tiles_markup(sorted_tiles(game.hand))}{meld}")

    def report(self, player: int, action: Action, game: Game, first_meld: bool,
               steps: Sequence[str] = ()) -> None:
        who = self.name(player)
        if isinstance(action, Draw):
            drawn = game.history[-1].drawn
            seen = f" ({tile_markup(drawn)})" if player in self.humans and drawn is not None else ""
            self.out.print(f"{who} drew a tile{seen}.")
        elif isinstance(action, Pass):
            self.out.print(f"{who} passed.")
        else:
            summary = game.history[-1].summary
            assert summary is not None, "a play is summed up"
            worth = f": an initial meld worth {summary.value_placed} points" if first_meld else ""
            self.out.print(f"{who} placed {_tiles_markup(summary.placed)}{worth}.")
            for step in steps:
                self.out.print(f"  · {step}")

    def human_turn(self) -> bool:
        """Ask until a legal action is entered; ``False`` when the player leaves."""
        game = self.game
        self.hinted = None
        while True:
            try:
                entry = parse_entry(self.read(PROMPT), game.table)
            except EOFError:
                self.out.print()
                return False
            except Error as exc:
                self.out.print(f"[red]{exc}[/] — try again (or 'help').")
                continue
            if entry is None:
                continue
            if isinstance(entry, Quit):
                return False
            if isinstance(entry, Help):
                self.out.print(RULES, markup=False)
                self.out.print(HELP, markup=False)
                continue
            if isinstance(entry, Hint):
                self.show_hint()
                continue
            if isinstance(entry, Accept):
                if self.hinted is None:
                    self.out.print("[red]y plays the move a hint showed: ask for a hint first.[/]")
                    continue
                entry = self.hinted
            player, first_meld = game.current, not game.melded[game.current]
            old_table = list(game.table)
            try:
                game.apply(entry)
            except Error as exc:
                self.out.print(f"[red]{exc}[/] — try again.")
                continue
            steps = ()
            if isinstance(entry, Play) and entry is self.hinted:
                steps = describe_move(old_table, game.table, Counter(game.history[-1].summary.placed))
            self.report(player, entry, game, first_meld, steps)
            return True

    def show_hint(self) -> None:
        best = self.game.hint()
        if not best.tiles_placed:
            self.out.print("No tiles can be placed: " + ("draw." if self.game.pool else "pass."))
            self.hinted = None
            return
        first_meld = not self.game.melded[self.game.current]
        changed = f", changing {_count(best.sets_changed, 'table set')}" if best.sets_changed else ""
        self.out.print(f"Best move: place {placed_words(best.placed, best.value_placed, first_meld)}{changed}:")
        for step in best.steps:
            self.out.print(f"  · {step}")
        self.out.print("[bold]y[/] plays this move.")
        self.hinted = Play(best.new_table)

    def computer_turn(self) -> None:
        game, player = self.game, self.game.current
        first_meld = not game.melded[player]
        action = computer_move(game, self.level, self.rng)
        steps: Sequence[str] = ()
        if isinstance(action, Play):
            old_table = list(game.table)
            summary = game.apply(action).summary
            assert summary is not None, "a play is summed up"
            steps = describe_move(old_table, game.table, Counter(summary.placed), hand="its hand")
        else:
            game.apply(action)
        self.report(player, action, game, first_meld, steps)

    def run(self) -> bool:
        """Play the game to its end; ``False`` when the player left before it."""
        game = self.game
        while not game.is_over:
            if game.current in self.humans:
                self.show()
                if not self.human_turn():
                    return False
            else:
                if not self.humans:
                    self.show()
                self.computer_turn()
        self.show_outcome()
        return True

    def show_outcome(self) -> None:
        outcome = self.game.outcome()
        assert outcome is not None, "shown once the game is over"
        self.out.rule("game over")
        if outcome.reason == "out":
            self.out.print(f"{self.name(outcome.winners[0])} went out.")
        else:
            self.out.print("The pool is empty and nobody can play.")
        for player, score in enumerate(outcome.scores):
            left = _tiles_markup(sorted_tiles(self.game.hands[player])) or "-"
            self.out.print(f"{self.name(player)}: {score} points ({left})")
        winners = " and ".join(self.name(w) for w in outcome.winners)
        self.out.print(f"Winner: {winners}.")

    def show_match(self, match: Match) -> None:
        """The running score: each player's total over the games, lowest first."""
        self.out.rule("score")
        game = self.game
        if not game.is_over and game.history:
            standing = ", ".join(f"{self.name(p)} {hand_points(game.hands[p])}" for p in range(game.players))
            self.out.print(f"The game in progress is not scored; the hands hold {standing} points.")
        if not match.games:
            self.out.print("No game finished: no score yet.")
            return
        self.out.print(f"{_count(match.games, 'game')}; a hand's tiles count against it, a joker 30: "
                       "the lowest total leads.")
        for player in sorted(range(match.players), key=lambda p: match.totals[p]):
            lead = "  ← leads" if player in match.leaders and match.games else ""
            self.out.print(f"  {self.name(player):<11} total {match.totals[player]:>4} · "
                           f"{_count(match.wins[player], 'game')} won{lead}")


def _another(line: str) -> bool | None:
    """A rematch? ``True``, ``False``, or None for anything else (asked again).

    Enter alone means yes: the question shows it as ``[Y/n]`` and the answer is announced.
    """
    word = line.strip().lower()
    if word in ("", "y", "yes", "o", "oui"):
        return True
    if word in ("n", "no", "non", "q", "quit"):
        return False
    return None


def play_console(*, seed: int | None = None, players: int = 2, auto: bool = False, level: str = "hard",
                 games: int | None = None, ask: Callable[[str], str] = input) -> int:
    """Play games in the terminal; player 1 is you unless ``auto``. Returns the exit status.

    With a human playing, a rematch is offered after each game; ``games``
    caps how many are played (``auto`` plays one unless told more).
    """
    streams = np.random.SeedSequence(seed)
    humans = set() if auto else {0}
    flush = ask is input and sys.stdin.isatty()
    match = Match(players)
    limit = games if games is not None else (1 if auto else None)
    terminal = _Terminal(Game(players, seed=seed), humans, ask, level, flush=flush)
    level_line = f"Computer ({level}): {LEVEL_STYLES[level]}."
    terminal.out.print(level_line)
    try:
        while True:
            if match.games:
                game_seed = np.random.default_rng(streams.spawn(1)[0])
                terminal.game = Game(players, seed=game_seed)
            terminal.rng = np.random.default_rng(streams.spawn(1)[0])
            if not terminal.run():
                break
            outcome = terminal.game.outcome()
            assert outcome is not None, "run() returns True once the game is over"
            match.record(outcome)
            if limit is not None and match.games >= limit:
                break
            if humans:
                answer = None
                while answer is None:
                    line = terminal.read("Another game? [Y/n] ")
                    answer = _another(line)
                    if answer is None:
                        terminal.out.print(RULES if line.strip() in ("?", "help")
                                           else "Answer y or n (Enter alone means yes).", markup=False)
                    elif not line.strip():
                        terminal.out.print("Another game (Enter means yes).")
                if not answer:
                    break
    except EOFError:
        terminal.out.print()
    except KeyboardInterrupt:
        terminal.out.print("\nInterrupted (Ctrl-C).")
    if humans or match.games > 1:
        terminal.show_match(match)
    if humans:
        terminal.out.print("Bye.")
    return 0
