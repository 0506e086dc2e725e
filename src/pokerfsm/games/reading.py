"""Reading an opponent's range from their betting, for the solid player.

Before anyone acts an opponent may hold any two cards. Each of their moves
narrows that: a call keeps the hands they would not fold, a bet or a raise
keeps the hands they bet with, and a bigger bet fewer of them. How much a
move says depends on the player, so :class:`OpponentModel` counts, over the
whole session, how often each opponent bets or raises, folds to a bet, and
how big their bets are: a bluffer who raises at every turn says little with
a raise, a timid player who almost never does says a lot.

The range is a weight for each of the 1,326 two-card hands. A move keeps the
strongest share of the current weight (strongest before the flop by
:data:`~.preflop.PREFLOP_EQUITY`, after it by the made hand on the board at the
time of the move) and multiplies the rest by :data:`BLUFF_WEIGHT`, because
nobody's bets are all strong. A bet also stands for the bluffs its price makes
worth it (:func:`bluff_weight`): a small bet lays the caller good odds, so a
player who bets small can bluff often, and a call must be judged against
that wider range. :func:`hold_em_range` turns this into a
:class:`~pokerfsm.ranges.HandRange` for :func:`pokerfsm.equity`;
:func:`chance_to_beat` does the same reasoning for five-card draw, where a
hand's strength is its percentile among all five-card hands.

>>> model = OpponentModel()
>>> round(model.aggression, 3), round(model.fold_rate, 3), model.mean_size
(0.333, 0.333, 0.75)
>>> round(model.raise_keeps(0.75), 3), round(model.raise_keeps(3.0), 3)   # a big bet says more
(0.333, 0.167)
"""
from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..cards import Card
from ..combos import ALL_COMBOS, COMBO_CARDS, hand_class
from ..evaluation import evaluate_many
from ..ranges import HandRange
from .actions import Move, Step
from .preflop import PREFLOP_EQUITY

__all__ = ["OpponentModel", "BLUFF_WEIGHT", "MIN_KEEP", "range_weights", "hold_em_range",
           "chance_to_beat", "keep_share", "bluff_weight"]

BLUFF_WEIGHT = 0.15
"""Weight left to the hands a move makes unlikely: bluffs and odd plays happen."""
MIN_KEEP = 0.05
"""The narrowest a single move can make a range (the strongest 5 %)."""
_BOARD_SIZE = {"pre-flop": 0, "flop": 3, "turn": 4, "river": 5}


@dataclass
class OpponentModel:
    """One opponent's habits over the session, with a prior of a reasonable player.

    The prior counts as three decisions (one bet or raise) and three bets faced
    (one fold), and two bets of three quarters of the pot.
    """

    decisions: int = 0
    aggressive: int = 0
    faced: int = 0
    folds: int = 0
    sizes: float = 0.0
    bets: int = 0

    @property
    def aggression(self) -> float:
        """Share of their betting decisions that were bets or raises."""
        return (self.aggressive + 1) / (self.decisions + 3)

    @property
    def fold_rate(self) -> float:
        """Share of the bets they faced that they folded to."""
        return (self.folds + 1) / (self.faced + 3)

    @property
    def mean_size(self) -> float:
        """Their usual bet or raise, as a share of the pot."""
        return (self.sizes + 1.5) / (self.bets + 2)

    def record(self, step: Step) -> None:
        """Count one of their betting moves."""
        move = step.action.move
        if move is Move.DRAW:
            return
        self.decisions += 1
        if step.to_call:
            self.faced += 1
            self.folds += move is Move.FOLD
        if move in (Move.BET, Move.RAISE):
            self.aggressive += 1
            self.sizes += step.size
            self.bets += 1

    def raise_keeps(self, size: float) -> float:
        """The share of their range a bet or raise of ``size`` pots keeps.

        Their raising frequency, made smaller for a bet bigger than usual (by
        the square root of the ratio) and larger for a smaller one.
        """
        ratio = math.sqrt(self.mean_size / max(size, 0.05))
        return keep_share(self.aggression * ratio)

    def call_keeps(self) -> float:
        """The share of their range a call keeps: the hands they do not fold."""
        return keep_share(1.0 - self.fold_rate)

    def keeps(self, step: Step) -> float:
        """What one of their moves keeps of their range (1.0: it says nothing)."""
        move = step.action.move
        if move in (Move.BET, Move.RAISE):
            return self.raise_keeps(step.size)
        if move is Move.CALL:
            return self.call_keeps()
        return 1.0


def keep_share(share: float) -> float:
    """A share clamped to [:data:`MIN_KEEP`, 1].

    >>> keep_share(0.01), keep_share(0.5), keep_share(7)
    (0.05, 0.5, 1.0)
    """
    return min(1.0, max(MIN_KEEP, share))


def bluff_weight(size: float, keep: float) -> float:
    """The weight a bet of ``size`` pots leaves the hands below its cut, when it keeps ``keep`` of them.

    A bet of ``size`` pots lays the caller odds of ``size / (1 + 2 * size)``:
    a bettor whose bets of that size hold bluffs in that share cannot be
    exploited by calling or folding, so the range a bet stands for holds at
    least that share below the cut (and at least :data:`BLUFF_WEIGHT`).

    >>> round(bluff_weight(1.0, 0.5), 3)        # a pot bet: a third of bluffs
    0.5
    >>> bluff_weight(0.0, 0.5), bluff_weight(3.0, 0.05)   # no bet; a big bet from a narrow range
    (0.15, 0.15)
    """
    if size <= 0 or keep >= 1:
        return BLUFF_WEIGHT
    odds = size / (1 + 2 * size)
    return min(1.0, max(BLUFF_WEIGHT, odds * keep / ((1 - odds) * (1 - keep))))


# --- hold'em: weights over the 1,326 hands ---------------------------------------------------

@functools.lru_cache(maxsize=1)
def _combo_arrays() -> tuple[np.ndarray, np.ndarray]:
    """Every combo's cards (:data:`~pokerfsm.combos.COMBO_CARDS`), and each combo's preflop equity."""
    preflop = np.array([PREFLOP_EQUITY[hand_class(c)] for c in ALL_COMBOS])
    return COMBO_CARDS, preflop


def _scores(board: Sequence[Card], alive: np.ndarray) -> np.ndarray:
    """Strength of each live combo: the made hand on ``board`` (preflop equity breaks ties)."""
    cards, preflop = _combo_arrays()
    if not board:
        return preflop.copy()
    rows = np.hstack([cards[alive], np.tile(np.array([int(c) for c in board], dtype=np.uint8),
                                              (int(alive.sum()), 1))])
    scores = np.full(len(cards), -1.0)
    scores[alive] = evaluate_many(np.ascontiguousarray(rows)).astype(np.float64) + preflop[alive]
    return scores


def _cut(weights: np.ndarray, scores: np.ndarray, keep: float, bluffs: float = BLUFF_WEIGHT) -> None:
    """Keep the strongest ``keep`` share of the weight; the rest gets ``bluffs`` of it.

    Hands of equal strength are kept or cut together (a whole starting-hand class before the flop).
    """
    if keep >= 1.0:
        return
    order = np.argsort(-scores, kind="stable")
    mass = np.cumsum(weights[order])
    if mass[-1] <= 0:
        return
    last = order[min(len(order) - 1, int(np.searchsorted(mass, keep * mass[-1])))]
    weights[scores < scores[last]] *= bluffs


def range_weights(history: Iterable[Step], opponent: int, model: OpponentModel,
                  board: Sequence[Card], dead: Iterable[Card]) -> np.ndarray:
    """Weights of the 1,326 combos for ``opponent`` after this hand's ``history``.

    ``board`` is the whole board so far (each move is read on the board it saw),
    ``dead`` the cards the opponent cannot hold (ours and the board).
    """
    cards, _ = _combo_arrays()
    blocked = np.zeros(52, dtype=bool)
    blocked[[int(c) for c in dead]] = True
    alive = ~(blocked[cards[:, 0]] | blocked[cards[:, 1]])
    weights: np.ndarray = alive.astype(np.float64)
    for step in history:
        if step.seat != opponent:
            continue
        keep = model.keeps(step)
        if keep < 1.0:
            _cut(weights, _scores(tuple(board)[:_BOARD_SIZE.get(step.street, 0)], alive), keep,
                 bluff_weight(step.size, keep))
    return weights


def hold_em_range(weights: np.ndarray) -> HandRange | None:
    """The :class:`HandRange` of these weights, or None when every live hand weighs the same."""
    live = weights > 0
    top = weights.max()
    if not live.any() or np.all(weights[live] == top):
        return None
    scaled = weights / top
    return HandRange({ALL_COMBOS[i]: float(scaled[i]) for i in np.flatnonzero(live)})


# --- five-card draw: percentiles ----------------------------------------------------------------

def chance_to_beat(percentile: float, keeps: Iterable[float]) -> float:
    """Chance that a hand beating ``percentile`` of all hands beats one opponent's range.

    The opponent's hands are spread evenly over the percentiles; each move of
    theirs kept its strongest share (``keeps``) and left the rest
    :data:`BLUFF_WEIGHT` of its weight, so their hand lies above the
    threshold ``1 - prod(keeps)`` with weight 1 and below it with the bluff weight.

    >>> chance_to_beat(0.7, [])                 # no move: a random hand
    0.7
    >>> round(chance_to_beat(0.7, [0.5]), 3)    # against the top half, mostly
    0.478
    """
    kept = 1.0
    for keep in keeps:
        kept *= keep
    if kept >= 1.0:
        return percentile
    threshold = 1.0 - kept
    below = BLUFF_WEIGHT * min(percentile, threshold) + max(0.0, percentile - threshold)
    return below / (BLUFF_WEIGHT * threshold + kept)
