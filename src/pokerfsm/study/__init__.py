"""Study tools over many hands and boards: equity distributions and flop reports, at hold'em or short
deck (``game=``; :data:`.showdowns.STUDY_GAMES`).

* :func:`distribution` (:mod:`.equity_distribution`): each hand of a seat's range
  by its equity against the other seat, in buckets, from one pass over the
  boards (:mod:`.showdowns`);
* :func:`flop_report` (:mod:`.report`): two ranges on each suit-canonical
  flop of the game's deck, computed on Dask and kept in the tables store
  (:mod:`.flops` computes one flop).

Importing this package does no I/O and never imports Dask.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["distribution", "distributions", "Distribution", "flop_report", "FlopReport"]

_LAZY = {"distribution": "equity_distribution", "distributions": "equity_distribution",
         "Distribution": "equity_distribution", "flop_report": "report", "FlopReport": "report"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerfsm.study' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # pragma: no cover
    from .equity_distribution import Distribution, distribution, distributions
    from .report import FlopReport, flop_report
