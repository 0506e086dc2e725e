"""Each hand of every seat's range against all the other seats, three seats or more, by random deals.

With three seats or more a hand's equity depends on how the other seats'
hands combine, so there is no single pass over boards as heads-up
(:mod:`.showdowns`). Instead whole deals are drawn: each seat's hand from
its range in proportion to its weight (a known hand stays), a deal where two
seats share a card is thrown away (which leaves the deals in proportion to
the product of the weights, as :func:`pokerfsm.equity` counts them), then
the rest of the board; every hand is evaluated once per deal
(:func:`pokerfsm.evaluate_many`) and each seat's pot share is added to the
hand it held. A hand's equity is its mean pot share over the deals where its
seat held it, with a standard error; weighted by those deal counts, the
hands' equities average to the seat's equity over all the deals drawn.
A short-deck deal is drawn from the 36 cards and valued by short deck's
ranking.

>>> from pokerfsm.odds.deal import prepare_deal
>>> m = multiway_deals(prepare_deal(["QQ+, AK", "22+, ATs+, KQs", "TT+"], "Kd 7c 2h"), seed=1, budget=0.5)
>>> m.deals > 0, len(m.hands[0]), round(float(m.counts[0].sum())) == m.deals
(True, 27, True)
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..combos import Hand
from ..evaluation import evaluate_many
from ..odds.deal import Deal
from ..odds.short_deck_deal import ShortDeckDeal
from ..odds.stopping import Stop
from .showdowns import deal_game

__all__ = ["MultiwayDeals", "multiway_deals"]

_ROUND = 20_000   # deals drawn per round


@dataclass(frozen=True)
class MultiwayDeals:
    """Per seat: its hands, their range weights, and over the deals drawn how often each was held
    (``counts``), its pot shares summed (``shares``) and their squares (``squares``)."""

    hands: list[list[Hand]]
    weights: list[NDArray[np.float64]]
    counts: list[NDArray[np.float64]]
    shares: list[NDArray[np.float64]]
    squares: list[NDArray[np.float64]]
    deals: int

    def equity(self, seat: int) -> NDArray[np.float64]:
        """Each hand's mean pot share (NaN where it was never dealt)."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(self.counts[seat] > 0, self.shares[seat] / self.counts[seat], np.nan)

    def std_error(self, seat: int) -> NDArray[np.float64]:
        """Each hand's standard error (infinite below two deals)."""
        n, mean = self.counts[seat], self.equity(seat)
        with np.errstate(invalid="ignore", divide="ignore"):
            spread = np.maximum(self.squares[seat] / n - mean * mean, 0.0)
            return np.where(n > 1, np.sqrt(spread / (n - 1)), np.inf)

    def seat_equity(self, seat: int) -> float:
        """The seat's mean pot share over every deal drawn."""
        return float(self.shares[seat].sum() / self.deals) if self.deals else float("nan")


def _seat_hands(deal: Deal | ShortDeckDeal, seat: int) -> tuple[list[Hand], NDArray[np.float64]]:
    player = deal.seats[seat]
    if player.hand is not None:
        return [player.hand], np.ones(1)
    items = sorted(player.cut_range.items())
    return [h for h, _ in items], np.array([float(w) for _, w in items])


def multiway_deals(deal: Deal | ShortDeckDeal, *, budget: float, seed: Any = None, target_std_error: float = 0.005,
                   stop: Stop | None = None) -> MultiwayDeals:
    """Draw deals of ``deal`` in rounds until every hand dealt has a standard error of at most
    ``target_std_error`` or ``budget`` seconds are spent (see the module); ``stop`` is checked
    before each round."""
    started = time.perf_counter()
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    seats = len(deal.seats)
    table = [_seat_hands(deal, s) for s in range(seats)]
    cards = [np.array([[int(a), int(b)] for a, b in hands], dtype=np.uint8) for hands, _ in table]
    chances = [w / w.sum() for _, w in table]
    board = np.array([int(c) for c in deal.board], dtype=np.uint8)
    game = deal_game(deal)
    out = np.ones(52, dtype=bool)   # the cards the rest of the board is not dealt from
    out[[int(c) for c in game.deck]] = False
    out[[int(c) for c in (*deal.board, *deal.dead)]] = True
    k = 5 - len(board)
    counts, shares, squares = ([np.zeros(len(t[0])) for t in table] for _ in range(3))
    deals = 0
    while True:
        if stop is not None:
            stop.check()
        picks = np.stack([rng.choice(len(c), size=_ROUND, p=p) for c, p in zip(cards, chances)], axis=1)
        hole = np.concatenate([cards[s][picks[:, s]] for s in range(seats)], axis=1)   # (n, 2 * seats)
        ordered = np.sort(hole, axis=1)
        apart = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)   # no card held by two seats
        picks, hole = picks[apart], hole[apart]
        n = len(picks)
        if n:
            keys = rng.random((n, 52))
            keys[:, out] = 2.0
            np.put_along_axis(keys, hole.astype(np.intp), 2.0, axis=1)
            runout = np.argsort(keys, axis=1)[:, :k].astype(np.uint8)
            full = np.concatenate([np.broadcast_to(board, (n, len(board))), runout], axis=1)
            values = np.stack([evaluate_many(np.concatenate([hole[:, 2 * s:2 * s + 2], full], axis=1), game=game)
                               for s in range(seats)], axis=1)
            best = values == values.max(axis=1, keepdims=True)
            pot = best / best.sum(axis=1, keepdims=True)
            for s in range(seats):
                counts[s] += np.bincount(picks[:, s], minlength=len(counts[s]))
                shares[s] += np.bincount(picks[:, s], weights=pot[:, s], minlength=len(counts[s]))
                squares[s] += np.bincount(picks[:, s], weights=pot[:, s] ** 2, minlength=len(counts[s]))
            deals += n
        result = MultiwayDeals([t[0] for t in table], [t[1] for t in table], counts, shares, squares, deals)
        worst = max((float(np.max(np.where(result.counts[s] > 0, result.std_error(s), np.inf)))
                     for s in range(seats)), default=0.0)
        if (deals and worst <= target_std_error) or time.perf_counter() - started >= budget:
            return result
