"""The terminal game: you against the computer (or the computer against itself).

What you type on your turn (:func:`parse_entry` reads it):

* ``draw`` — take a tile from the pool and end your turn;
* ``place R7 R8 R9`` — lay a new set from your hand (``place R7 R8 R9 | Y2 Y3 Y4`` for several);
* ``add R10 to 3`` — add tiles from your hand to set 3;
* ``move K4 from 2 to 5`` (or ``to new``) — move table tiles from one set to another;
* edits can be chained with ``;`` and are checked together, as one move:
  ``add K7 to 1; move K4 from 2 to new; add K3 K5 to 4``;
* a whole new table, sets separated by ``|``: ``R7 R8 R9 | B1 B2 B3 B4``;
* ``hint`` — the solver's best move; ``pass`` (pool empty, nothing to play); ``help``; ``quit``.

A bad entry is answered with the reason and asked again. This module is the
only one that reads the keyboard or prints.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from ...errors import Error, ParseError
from .game import Action, Draw, Game, Pass, Play, computer_action
from .rules import as_table
from .steps import describe_move
from .tiles import Tile, as_tiles, sorted_tiles

__all__ = ["EntryError", "parse_entry", "Hint", "Help", "Quit", "play_console", "tile_markup"]

STYLES = {0: "bold blue", 1: "bold red", 2: "bold yellow", 3: "bold", None: "bold magenta"}
PROMPT = "> "
HELP = (
    "draw | place R7 R8 R9 | add R10 to 3 | move K4 from 2 to 5 (or: to new) | "
    "edits joined by ';' | a whole table: R7 R8 R9 | B1 B2 B3 | hint | pass | quit"
)


class EntryError(ParseError):
    """A line typed in the terminal game that is not a command."""


class Hint:
    """Ask for the solver's best move."""


class Help:
    """Show the commands."""


class Quit:
    """Leave the game."""


_ADD = re.compile(r"add\s+(?P<tiles>.+?)\s+to\s+(?P<set>\S+)", re.IGNORECASE)
_MOVE = re.compile(r"move\s+(?P<tiles>.+?)\s+from\s+(?P<source>\S+)\s+to\s+(?P<target>\S+)", re.IGNORECASE)
_WORDS = {"draw": Draw, "d": Draw, "pass": Pass, "hint": Hint, "h": Hint, "help": Help, "?": Help,
          "quit": Quit, "exit": Quit, "q": Quit}


def _set_number(text: str, table: Sequence, edit: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= len(table):
        raise EntryError(f"{text!r} in {edit!r} is not a set number (the table has sets 1 to {len(table)})"
                         if table else f"{text!r} in {edit!r}: the table is empty")
    return int(text) - 1


def _apply_edit(edit: str, table: list[list[Tile]]) -> None:
    """Apply one shortcut to a working copy of the table (validity is checked later, as a whole)."""
    words = edit.split(None, 1)
    verb = words[0].lower()
    if verb == "place":
        if len(words) < 2:
            raise EntryError("place what? e.g. 'place R7 R8 R9'")
        table.extend(list(s) for s in as_table(words[1]))
    elif verb == "add":
        match = _ADD.fullmatch(edit)
        if match is None:
            raise EntryError(f"{edit!r}: write 'add R10 to 3'")
        table[_set_number(match["set"], table, edit)].extend(as_tiles(match["tiles"]))
    elif verb == "move":
        match = _MOVE.fullmatch(edit)
        if match is None:
            raise EntryError(f"{edit!r}: write 'move K4 from 2 to 5' or 'move K4 from 2 to new'")
        source = table[_set_number(match["source"], table, edit)]
        tiles = as_tiles(match["tiles"])
        for tile in tiles:
            if tile not in source:
                raise EntryError(f"{edit!r}: {tile} is not in set {match['source']}")
            source.remove(tile)
        if match["target"].lower() == "new":
            table.append(list(tiles))
        else:
            table[_set_number(match["target"], table, edit)].extend(tiles)
    else:
        raise EntryError(f"unknown command {words[0]!r} ({HELP})")


def parse_entry(text: str, table: Sequence[Sequence[Tile]]) -> Action | Hint | Help | Quit | None:
    """Read one line typed on the player's turn; ``None`` for an empty line.

    >>> parse_entry("add R10 to 1; place Y2 Y3 Y4", as_table("R7 R8 R9"))
    Play(table=((Tile('R7'), Tile('R8'), Tile('R9'), Tile('R10')), (Tile('Y2'), Tile('Y3'), Tile('Y4'))))
    >>> parse_entry("add R10 to 4", as_table("R7 R8 R9"))
    Traceback (most recent call last):
    ...
    pokerfsm.games.rummikub.console.EntryError: '4' in 'add R10 to 4' is not a set number (the table has sets 1 to 1)
    """
    line = text.strip()
    if not line:
        return None
    word = _WORDS.get(line.lower())
    if word is not None:
        return word()
    first = line.split(None, 1)[0].lower()
    if "|" in line and first not in ("place", "add", "move"):
        body = line[len("table"):] if first == "table" else line
        return Play.of(body)
    working = [list(s) for s in table]
    for edit in (e.strip() for e in line.split(";")):
        if edit:
            _apply_edit(edit, working)
    working = [s for s in working if s]  # a set emptied by moves disappears
    return Play(tuple(tuple(s) for s in working))


def tile_markup(tile: Tile) -> str:
    """Rich markup for a coloured tile."""
    return f"[{STYLES[tile.colour]}]{tile}[/]"


def _tiles_markup(tiles) -> str:
    return " ".join(tile_markup(t) for t in tiles)


class _Terminal:
    """Rendering and the loop; the only place that prints or reads input."""

    def __init__(self, game: Game, humans: set[int], ask: Callable[[str], str]) -> None:
        from rich.console import Console

        self.game, self.humans, self.ask = game, humans, ask
        self.out = Console(highlight=False)

    def name(self, player: int) -> str:
        if player in self.humans:
            return "You" if len(self.humans) == 1 else f"Player {player + 1}"
        return f"Computer {player + 1}" if len(self.humans) != 1 or self.game.players > 2 else "Computer"

    def show(self) -> None:
        game = self.game
        self.out.rule(f"turn {len(game.history) + 1} · {self.name(game.current)}")
        if game.table:
            for number, tiles in enumerate(game.table, 1):
                self.out.print(f"{number:>3}  {_tiles_markup(tiles)}")
        else:
            self.out.print("  (the table is empty)")
        others = ", ".join(
            f"{self.name(p)}: {game.hands[p].total()} tiles{'' if game.melded[p] else ' (no meld yet)'}"
            for p in range(game.players) if p != game.current)
        self.out.print(f"pool: {game.pool.total()} tiles · {others}")
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
            worth = f": an initial meld worth {summary.value_placed} points" if first_meld else ""
            self.out.print(f"{who} placed {_tiles_markup(summary.placed)}{worth}.")
            for step in steps:
                self.out.print(f"  · {step}")

    def human_turn(self) -> bool:
        """Ask until a legal action is entered; ``False`` when the player leaves."""
        game = self.game
        while True:
            try:
                entry = parse_entry(self.ask(PROMPT), game.table)
            except EOFError:
                self.out.print("\nBye.")
                return False
            except Error as exc:
                self.out.print(f"[red]{exc}[/] — try again (or 'help').")
                continue
            if entry is None:
                continue
            if isinstance(entry, Quit):
                self.out.print("Bye.")
                return False
            if isinstance(entry, Help):
                self.out.print(HELP)
                continue
            if isinstance(entry, Hint):
                self.show_hint()
                continue
            player, first_meld = game.current, not game.melded[game.current]
            try:
                game.apply(entry)
            except Error as exc:
                self.out.print(f"[red]{exc}[/] — try again.")
                continue
            self.report(player, entry, game, first_meld)
            return True

    def show_hint(self) -> None:
        best = self.game.hint()
        if not best.tiles_placed:
            self.out.print("No tiles can be placed: " + ("draw." if self.game.pool else "pass."))
            return
        self.out.print(f"Best move: place {best.tiles_placed} tiles worth {best.value_placed} points, "
                       f"changing {best.sets_changed} table set(s):")
        for step in best.steps:
            self.out.print(f"  · {step}")

    def computer_turn(self) -> None:
        game, player = self.game, self.game.current
        first_meld = not game.melded[player]
        action = computer_action(game)
        steps: Sequence[str] = ()
        if isinstance(action, Play):
            old_table = list(game.table)
            game.apply(action)
            steps = describe_move(old_table, game.table, Counter(game.history[-1].summary.placed),
                                  hand="its hand")
        else:
            game.apply(action)
        self.report(player, action, game, first_meld, steps)

    def run(self) -> int:
        game = self.game
        while not game.is_over:
            if game.current in self.humans:
                self.show()
                if not self.human_turn():
                    return 0
            else:
                if not self.humans:
                    self.show()
                self.computer_turn()
        self.show_outcome()
        return 0

    def show_outcome(self) -> None:
        outcome = self.game.outcome()
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


def play_console(*, seed: int | None = None, players: int = 2, auto: bool = False,
                 ask: Callable[[str], str] = input) -> int:
    """Play a game in the terminal; player 1 is you unless ``auto``. Returns the exit status."""
    game = Game(players, seed=seed)
    humans = set() if auto else {0}
    return _Terminal(game, humans, ask).run()
