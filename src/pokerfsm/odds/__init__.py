"""The odds of hands against each other: equity, live odds and outs.

* :mod:`pokerfsm.odds.deal` checks a deal (seats, board, dead cards) for
  every front end, by the card-or-range rule of :mod:`pokerfsm.players`;
* :mod:`pokerfsm.odds.equities` is :func:`equity`: exact enumeration
  (:mod:`~pokerfsm.odds.enumeration`, on the kernels ``_boards`` and
  ``_range_scan``) when it fits the time budget, else Monte Carlo
  (:mod:`~pokerfsm.odds.sampling`, on ``_sampling``);
* :mod:`pokerfsm.odds.symmetry`: suit renamings, used to walk one board per
  orbit and to file equivalent questions together;
* :mod:`pokerfsm.odds.results`: :class:`EquityResult` and :class:`PlayerResult`;
* :mod:`pokerfsm.odds.live`: :class:`LiveOdds`, street by street;
* :mod:`pokerfsm.odds.next_cards`: :func:`outs`, what each next card does;
* :mod:`pokerfsm.odds.stopping`: :class:`Stop`, a time limit and a cancel button
  that the kernels obey within milliseconds.
"""
from __future__ import annotations

from .deal import MAX_PLAYERS, Deal, PlayerSpec, Seat, prepare_deal
from .equities import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR, equity
from .live import LiveOdds
from .next_cards import OutsResult, PlayerOuts, RiverCard, TurnCard, outs
from .results import EquityResult, PlayerResult
from .stopping import Stop

__all__ = ["equity", "EquityResult", "PlayerResult", "LiveOdds", "outs", "OutsResult", "PlayerOuts",
           "RiverCard", "TurnCard", "prepare_deal", "Deal", "Seat", "PlayerSpec", "MAX_PLAYERS",
           "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "Stop"]
