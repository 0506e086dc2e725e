"""The computer's levels at Rummikub, from the first set it sees to the exact solver.

* ``easy`` — plays the first set a simple scan of its hand finds (the longest
  run, else the biggest group; for the initial meld, sets one after another
  until they are worth 30), or else adds one tile to a table set where it
  fits. It never rearranges the table.
* ``medium`` — the exact solver, but it holds tiles back: its jokers and a
  third of its other tiles, chosen at random each turn, stay out of the
  solver's sight (unless the whole hand can go out at once).
* ``hard`` — the exact solver (:func:`~.solver.solve`): the most tiles it can
  place every turn, then the most points, rearranging the table as needed.

Each level only ever plays a legal move; when it finds nothing it draws, and
with the pool empty it passes only when the rules allow it (otherwise it
falls back to the exact solver's move).

>>> from pokerfsm.games.rummikub.game import Game
>>> game = Game.from_state(["R10 R11 R12 Y8 Y9 B1", "K1"], table="Y5 Y6 Y7", melded=[True, True])
>>> def shown(move):
...     return " | ".join(" ".join(map(str, s)) for s in move.table)
>>> shown(computer_move(game, "easy"))            # the first run it sees
'Y5 Y6 Y7 | R10 R11 R12'
>>> shown(computer_move(game, "hard"))            # everything it can
'Y5 Y6 Y7 Y8 Y9 | R10 R11 R12'
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from .game import Action, Draw, Game, Pass, Play, computer_action
from .rules import INITIAL_MELD_POINTS, add_tile, find_group, find_run, set_value
from .tiles import JOKER, Tile, sorted_tiles

__all__ = ["LEVELS", "LEVEL_STYLES", "computer_move", "first_found", "held_back"]

LEVEL_STYLES = {
    "easy": "plays the first set it finds in its hand, or adds a tile where it fits; never rearranges the table",
    "medium": "the exact solver, but it holds back its jokers and a third of its tiles each turn",
    "hard": "the exact solver: the most tiles it can place every turn, rearranging the table",
}
LEVELS = tuple(LEVEL_STYLES)


def _find(hand: Counter[Tile]) -> tuple[Tile, ...] | None:
    return find_run(hand) or find_group(hand)


def first_found(game: Game) -> Play | None:
    """The easy level's move, or None when its scan finds nothing."""
    hand = +Counter(game.hand)
    table = [tuple(s) for s in game.table]
    if not game.melded[game.current]:
        sets, value = [], 0
        while value < INITIAL_MELD_POINTS:
            found = _find(hand)
            if found is None:
                return None
            sets.append(tuple(found))
            value += set_value(found)
            hand -= Counter(found)
        return Play(tuple(table + sets))
    found = _find(hand)
    if found is not None:
        return Play(tuple(table + [tuple(found)]))
    for tile in sorted_tiles(hand):
        grown = add_tile(table, tile)
        if grown is not None:
            return Play(tuple(grown))
    return None


def held_back(game: Game, rng: np.random.Generator) -> Play | None:
    """The medium level's move: the solver's best on the tiles it does not hold back."""
    from .solver import solve

    melded = game.melded[game.current]
    whole = solve(game.hand, game.table, initial_done=melded)
    if whole.tiles_placed == game.hand.total():
        return Play(whole.new_table)               # going out: nothing to hold back
    tiles = [t for t in sorted_tiles(game.hand) if t != JOKER]
    kept = set(rng.choice(len(tiles), size=len(tiles) // 3, replace=False).tolist()) if tiles else set()
    shown = Counter(t for i, t in enumerate(tiles) if i not in kept)
    best = solve(shown, game.table, initial_done=melded)
    return Play(best.new_table) if best.tiles_placed else None


def computer_move(game: Game, level: str = "hard", rng: np.random.Generator | None = None) -> Action:
    """The computer's action at ``level`` (``'easy'``, ``'medium'`` or ``'hard'``)."""
    if level not in LEVEL_STYLES:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    if level == "hard":
        return computer_action(game)
    move = first_found(game) if level == "easy" else held_back(game, rng or np.random.default_rng())
    if move is not None and game.can_play(move.table):
        return move
    if game.pool:
        return Draw()
    return Pass() if game.can_pass() else computer_action(game)
