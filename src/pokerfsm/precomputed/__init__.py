"""Precomputed tables: exact preflop answers in microseconds, built on Dask, kept in SQLite.

Six tables (see :mod:`pokerfsm.precomputed.tasks`): ``preflop-hu``
(every heads-up preflop matchup, exact, one row per suit class: 47,008),
``preflop-vs-random`` (169 classes against 1-9 random hands),
``flop-ehs`` (every canonical hand on every flop, with E[HS^2]),
``omaha-vs-random`` (the 16,432 classes of 4-card Omaha hands against one
random hand, the source of the shipped Omaha order) and the first two at
short deck, ``short-deck-preflop-hu`` and ``short-deck-vs-random``
(:mod:`.short_deck_tables`). Build them
with ``pokerfsm tables build NAME`` (extra ``tables``), then ask:

>>> from pokerfsm import precomputed
>>> precomputed.matchup("AhAd", "KsKc").wins             # doctest: +SKIP
1388072
>>> str(precomputed.percentile_range(5))
'77+, AK, AQs-AJs'

The lookups (:func:`matchup`, :func:`range_vs_range`, :func:`vs_random`,
:func:`flop_ehs`, :func:`short_deck_matchup`, :func:`short_deck_range_vs_range`,
:func:`short_deck_vs_random`) raise :class:`pokerfsm.errors.TableNotBuiltError` when the table they need
is not built; :func:`available` says so without raising.
:func:`pokerfsm.equity` needs none of this: it answers a heads-up preflop
question from the tables by itself when they hold it (:mod:`.answers`).
Importing this package does no I/O and never imports Dask.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["matchup", "range_vs_range", "vs_random", "flop_ehs", "short_deck_matchup", "short_deck_range_vs_range",
           "short_deck_vs_random", "available", "reload",
           "TableFigures", "FlopStrength", "percentile_range", "preflop_order", "build",
           "verify", "export", "Store", "default_store_path", "SPECS"]

_LAZY = {
    "matchup": "lookup", "range_vs_range": "lookup", "vs_random": "lookup", "flop_ehs": "lookup",
    "short_deck_matchup": "lookup", "short_deck_range_vs_range": "lookup", "short_deck_vs_random": "lookup",
    "available": "lookup", "reload": "lookup", "TableFigures": "lookup", "FlopStrength": "lookup",
    "percentile_range": "..ranges", "preflop_order": "..preflop_order",
    "build": "engine", "verify": "verify", "export": "export",
    "Store": "store", "default_store_path": "store", "SPECS": "tasks",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerfsm.precomputed' has no attribute {name!r}")
    value = getattr(importlib.import_module(module if module.startswith("..") else f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # pragma: no cover
    from ..preflop_order import preflop_order
    from ..ranges import percentile_range
    from .engine import build
    from .export import export
    from .lookup import (
        FlopStrength,
        TableFigures,
        available,
        flop_ehs,
        matchup,
        range_vs_range,
        reload,
        short_deck_matchup,
        short_deck_range_vs_range,
        short_deck_vs_random,
        vs_random,
    )
    from .store import Store, default_store_path
    from .tasks import SPECS
    from .verify import verify
