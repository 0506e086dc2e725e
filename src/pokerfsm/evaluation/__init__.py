"""Evaluate poker hands: the hand-rank table's state machine and the compact evaluator.

* :mod:`pokerfsm.evaluation.hands`: ``evaluate``, ``evaluate_many``,
  ``best_five``, ``compare_hands``, on the compact evaluator
  :mod:`pokerfsm.evaluation._compact` (tables of 194 KiB, built on first use
  by :mod:`pokerfsm.evaluation.compact`);
* :mod:`pokerfsm.evaluation.handrank`: the :class:`HandRank` value and the
  checks on a hand's cards;
* :mod:`pokerfsm.evaluation.omaha`: Omaha's hands (two hole cards and three
  board cards), the 8-or-better low (:class:`LowRank`) and hi-lo values
  (:class:`HiLo`), on the kernels of :mod:`pokerfsm.evaluation._omaha` and the
  tables of :mod:`pokerfsm.evaluation.omaha_tables`; ``evaluate``,
  ``evaluate_many`` and ``best_five`` reach them with ``game="omaha"`` (see
  :mod:`pokerfsm.variants` for the games; ``evaluate`` itself is compiled,
  :mod:`pokerfsm.evaluation._evaluate`, so that the default call stays as
  fast as the kernel);
* :mod:`pokerfsm.evaluation.other_games`: the games without a board (stud,
  stud hi-lo, razz, deuce-to-seven, ace-to-five lowball, badugi), their lows
  (:class:`AceToFiveLow`, :class:`DeuceToSevenLow`, :class:`BadugiLow`) in
  :mod:`pokerfsm.evaluation.lows` on the tables of
  :mod:`pokerfsm.evaluation.low_tables`; ``evaluate``, ``evaluate_many`` and
  ``best_five`` reach them with ``game="razz"`` and so on;
* :mod:`pokerfsm.evaluation.category_odds`: ``hand_odds``, the category counts
  over every completion of some cards;
* :mod:`pokerfsm.evaluation.board_hits`: ``hits``, what a range makes on a
  board (made hands and draws);
* :mod:`pokerfsm.evaluation.reference`: a slow, independent evaluator, the
  tests' oracle.

The hand-rank table, walked by :mod:`pokerfsm.evaluation._walk` where a prefix
of cards is shared (``hand_odds``, ranges), is opened (and built, the first
time) when it is first walked.
"""
from __future__ import annotations

from ..ranking import HandCategory
from .board_hits import BoardHits, hits
from .category_odds import HandOdds, hand_odds
from .handrank import HandRank
from .hands import best_five, compare_hands, evaluate, evaluate_many, threads_for
from .lows import AceToFiveLow, BadugiLow, DeuceToSevenLow
from .omaha import HiLo, HiLoValues, LowRank

__all__ = ["HandCategory", "HandRank", "HandOdds", "evaluate", "evaluate_many", "best_five",
           "compare_hands", "hand_odds", "threads_for", "hits", "BoardHits", "LowRank", "HiLo", "HiLoValues",
           "AceToFiveLow", "DeuceToSevenLow", "BadugiLow"]
