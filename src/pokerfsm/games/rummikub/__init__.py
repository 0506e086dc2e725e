"""Rummikub: the rules, an exact move solver, and a game against the computer.

* :mod:`.tiles` — tiles (``R7``, ``K13``, ``J``) and multisets of them (``Counter``);
* :mod:`.rules` — valid sets, points, and :func:`check_move`, the referee;
* :mod:`.solver` — :func:`solve`, the exact best move (an integer programme, HiGHS);
* :mod:`.game` — :class:`Game`, the state machine of a whole game, and the computer player;
* :mod:`.console` — the terminal game (``pokerfsm rummikub play``).

>>> from pokerfsm.games.rummikub import solve
>>> best = solve(hand="R7 R8 R9 B1", table=["B2 B3 B4"])
>>> best.tiles_placed, best.value_placed, best.steps
(4, 25, ('add B1 to set 1: B1 B2 B3 B4', 'place R7 R8 R9 from your hand as a new run'))

The course's functions, and where they live here:

* ``cardinal``, ``subset``, ``sum``, ... — :class:`collections.Counter`
  (``total()``, ``<=``, ``+``, ``&``, ``-``);
* ``getrandom``, ``extraire`` — :func:`.tiles.draw_tile`, :func:`.tiles.deal`;
  ``en_ordre`` — :func:`.tiles.sorted_tiles`;
* ``suite_valide``, ``groupe_valide`` — :func:`.rules.read_set`, :func:`.rules.is_valid_set`;
  points — :func:`.rules.set_value`, :func:`.rules.table_value`;
  ``setof_tuiles`` — :func:`.rules.table_tiles`;
* ``premier_coup_valide``, ``coup_valide`` — :func:`.rules.check_move`
  (``initial_done=False`` / ``True``);
* ``ajouter_tuile`` — :func:`.rules.add_tile`; ``proposer_suite``, ``proposer_groupe`` —
  :func:`.rules.find_run`, :func:`.rules.find_group`;
* ``initialiser``, ``distribuer`` — ``Game(players=2, seed=...)``; ``piocher``,
  ``jouer_un_coup``, ``jouer_premier_coup`` — :meth:`.game.Game.draw`,
  :meth:`~.game.Game.play`, :meth:`~.game.Game.meld`.

Names are loaded on first use, so importing the package costs nothing.
"""
from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "Colour": "tiles", "Tile": "tiles", "JOKER": "tiles", "TileParseError": "tiles",
    "TileSupplyError": "tiles", "as_tiles": "tiles", "parse_tiles": "tiles", "format_tiles": "tiles",
    "full_set": "tiles", "hand_points": "tiles", "sorted_tiles": "tiles", "draw_tile": "tiles",
    "deal": "tiles",
    "SetKind": "rules", "Rule": "rules", "IllegalMoveError": "rules", "InvalidSetError": "rules",
    "MoveSummary": "rules", "read_set": "rules", "is_valid_set": "rules", "set_value": "rules",
    "table_value": "rules", "check_table": "rules", "check_move": "rules", "table_tiles": "rules",
    "add_tile": "rules", "find_run": "rules", "find_group": "rules",
    "Solution": "solver", "solve": "solver",
    "Position": "positions", "load_position": "positions", "random_position": "positions",
    "Game": "game", "Draw": "game", "Play": "game", "Pass": "game", "Outcome": "game",
    "computer_action": "game",
}

__all__ = list(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
