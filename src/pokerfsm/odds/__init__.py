"""The computing back ends of equity: deals, enumeration, Monte Carlo, results and outs.

* :mod:`pokerfsm.odds.deal` checks a deal (seats, board, dead cards) for
  every front end, by the card-or-range rule of :mod:`pokerfsm.players`;
* :mod:`pokerfsm.odds.compute` is :func:`~pokerfsm.odds.compute.compute`: exact enumeration
  (:mod:`~pokerfsm.odds.enumeration`, on the kernels ``_boards`` and
  ``_range_scan``) when it fits the time budget, else Monte Carlo
  (:mod:`~pokerfsm.odds.sampling`, on ``_sampling``);
* :mod:`pokerfsm.odds.symmetry`: suit renamings, used to walk one board per
  orbit and to file equivalent questions together;
* :mod:`pokerfsm.odds.results`: :class:`EquityResult`, :class:`PlayerResult`
  and :class:`Method`, built from the counts every back end returns;
* :mod:`pokerfsm.odds.outs`: :func:`~pokerfsm.odds.outs.outs`, what each next card does;
* :mod:`pokerfsm.odds.stopping`: :class:`Stop`, a time limit and a cancel button
  that the kernels obey within milliseconds.

:func:`pokerfsm.equity`, which also reads the precomputed tables, and
:class:`~pokerfsm.LiveOdds` are in :mod:`pokerfsm.calculator`, above this package.
The functions ``compute`` and ``outs`` are imported from their modules
(``from pokerfsm.odds.outs import outs``), or ``outs`` as :func:`pokerfsm.outs`:
the package does not bind them, so that ``pokerfsm.odds.outs`` is always the module.
"""
from __future__ import annotations

from .deal import MAX_PLAYERS, Deal, PlayerSpec, Seat, prepare_deal
from .outs import OutsResult, PlayerOuts, RiverCard, TurnCard
from .results import EquityResult, Method, PlayerResult
from .stopping import Stop

__all__ = ["EquityResult", "PlayerResult", "Method", "OutsResult", "PlayerOuts",
           "RiverCard", "TurnCard", "prepare_deal", "Deal", "Seat", "PlayerSpec", "MAX_PLAYERS", "Stop"]
