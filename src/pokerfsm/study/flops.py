"""One flop of a flop report: both ranges' exact equity, their strong and weak shares, what they
hit, and the flop's texture. :func:`flop_task` is what a Dask worker runs.

The flops are the 1,755 suit-canonical ones
(:func:`pokerfsm.precomputed.symmetry.canonical_boards`); a flop's weight is
how many of the 22,100 flops its suit renamings give. Each range's equity is
exact (every turn and river, :mod:`.showdowns`); its ``high`` and ``low``
shares are the shares of its live combos (by weight) with at least 80 % and
below 20 % equity against the other range.

Textures: ``paired`` (exactly two cards of one rank), ``trips`` (three),
``monotone``, ``two-tone`` or ``rainbow`` (by suits), ``connected`` (three
different ranks within five consecutive ranks, the ace also low: a straight
takes two hole cards) and ``high`` (the highest rank, ``A`` to ``4``).

>>> row = flop_row(0, "QQ+, AK", "22+, ATs+, KQs")
>>> row["flop"], row["weight"], row["suits"], row["paired"], row["trips"], row["connected"], row["high"]
('2d 2h 2s', 4, 'rainbow', False, True, False, '2')
>>> flop_row(300, "QQ+, AK", "22+, ATs+, KQs")["flop"]
'Kh 9s 2s'
"""
from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from .._version import __version__
from ..cards import Card
from ..errors import InvalidDealError
from ..evaluation.board_hits import DRAWS, MADE_HANDS, classify
from ..odds.deal import prepare_deal
from ..players import read_player
from ..precomputed.symmetry import canonical_boards, stabiliser
from ..precomputed.tasks import hand_rank_checksum
from ..ranges import HandRange
from .equity_distribution import bucket_shares
from .showdowns import showdowns

__all__ = ["COLUMNS", "FLOPS", "flop_row", "flop_task", "texture", "flop_weight", "hit_counts", "stored_row",
           "as_range"]

FLOPS = 1_755
"""Suit-canonical flops."""

COLUMNS: tuple[tuple[str, str], ...] = (
    ("key", "INTEGER NOT NULL"), ("flop", "TEXT NOT NULL"), ("weight", "INTEGER NOT NULL"),
    ("equity_a", "REAL"), ("equity_b", "REAL"), ("high_a", "REAL"), ("low_a", "REAL"),
    ("high_b", "REAL"), ("low_b", "REAL"), ("combos_a", "REAL NOT NULL"), ("combos_b", "REAL NOT NULL"),
    ("hits_a", "TEXT NOT NULL"), ("hits_b", "TEXT NOT NULL"), ("paired", "INTEGER NOT NULL"),
    ("trips", "INTEGER NOT NULL"), ("suits", "TEXT NOT NULL"), ("connected", "INTEGER NOT NULL"),
    ("high", "TEXT NOT NULL"))
"""A report row's columns (key: the flop's number among the canonical flops); the equities and shares
are NULL on a flop where a range has no hand left or the two collide on every deal."""


def flop_weight(flop: Sequence[int]) -> int:
    """How many flops a canonical flop stands for: the suit renamings that give a different flop."""
    return 24 // len(stabiliser(flop))


def texture(flop: Sequence[int]) -> dict[str, Any]:
    """The texture of a flop (see the module).

    >>> texture([int(Card(c)) for c in ("Ah", "Kh", "Qd")])
    {'paired': False, 'trips': False, 'suits': 'two-tone', 'connected': True, 'high': 'A'}
    """
    cards = [Card(c) for c in flop]
    ranks = sorted({c.rank for c in cards})
    suits = len({c.suit for c in cards})
    spans = [ranks] + ([[-1, *ranks[:-1]]] if ranks[-1] == 12 else [])   # the ace also plays low
    connected = len(ranks) == 3 and any(span[-1] - span[0] <= 4 for span in spans)
    return {"paired": len(ranks) == 2, "trips": len(ranks) == 1,
            "suits": {1: "monotone", 2: "two-tone", 3: "rainbow"}[suits], "connected": connected,
            "high": str(max(cards, key=lambda c: c.rank))[0]}


HitCache = dict[tuple[int, ...], tuple[str, tuple[str, ...]]]
"""Classes of hands on flops, by spot (see :func:`hit_counts`)."""


def _hole_arrays(hand_range: HandRange) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The range's hands as (higher card, lower card, weight) arrays, computed once per range."""
    def make(r: HandRange) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        items = [(max(int(a), int(b)), min(int(a), int(b)), w) for (a, b), w in r.items()]
        high, low, weight = zip(*items) if items else ((), (), ())
        return np.array(high, dtype=np.int64), np.array(low, dtype=np.int64), np.array(weight, dtype=np.float64)

    return hand_range.derived("hole-arrays", make)


def hit_counts(hand_range: HandRange, board: Sequence[Card], cache: HitCache | None = None) -> dict[str, float]:
    """The range's weight in each made-hand class and draw it has on a flop, as
    :func:`pokerfsm.hits` counts them.

    Each *spot* is classified once (``cache`` keeps them across flops): the
    board's ranks, the hole ranks, how many board cards share each hole
    card's suit, and whether the hole cards are suited. On three board cards
    a flush, a straight flush, a flush draw or a backdoor one needs the hole
    cards' suits, so these counts decide them; the rest is ranks. (A card is
    ``4 * rank + suit``.)
    """
    cache = {} if cache is None else cache
    cards = [int(c) for c in board]
    high, low, weight = _hole_arrays(hand_range)
    out = np.zeros(52, dtype=bool)
    out[cards] = True
    live = ~(out[high] | out[low])
    high, low, weight = high[live], low[live], weight[live]
    on_board = np.bincount([c & 3 for c in cards], minlength=4)
    codes = ((((high >> 2) * 13 + (low >> 2)) * 4 + on_board[high & 3]) * 4 + on_board[low & 3]) * 2 \
        + ((high & 3) == (low & 3))
    unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    weights = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(unique))
    ranks = tuple(sorted(c >> 2 for c in cards))
    counts: dict[str, float] = {}
    for code, index, total in zip(unique.tolist(), first.tolist(), weights.tolist()):
        spot = (*ranks, code)
        if spot not in cache:
            cache[spot] = classify((Card(int(high[index])), Card(int(low[index]))), board)
        made, draws = cache[spot]
        for name in (made, *draws):
            counts[name] = counts.get(name, 0.0) + total
    order = {name: number for number, name in enumerate((*MADE_HANDS, *DRAWS))}
    return {name: counts[name] for name in sorted(counts, key=order.__getitem__)}


def as_range(given: str | HandRange, player: int = 0) -> HandRange:
    """A seat's text (read by :func:`pokerfsm.read_player`) as a range; a known hand is a range of one."""
    read = read_player(given, player) if isinstance(given, str) else given
    return read if isinstance(read, HandRange) else HandRange.from_combos([read])


def flop_row(key: int, range_a: str | HandRange, range_b: str | HandRange,
             cache: HitCache | None = None) -> dict[str, Any]:
    """The report row of canonical flop number ``key`` (0 to 1,754) for two ranges."""
    flop = canonical_boards(3)[key]
    board = tuple(sorted((Card(c) for c in flop), reverse=True))
    ranges = [as_range(r) for r in (range_a, range_b)]
    row: dict[str, Any] = {"key": key, "flop": " ".join(map(str, board)), "weight": flop_weight(flop),
                           "equity_a": None, "equity_b": None, "high_a": None, "low_a": None,
                           "high_b": None, "low_b": None}
    for side, hand_range in zip("ab", ranges):
        row[f"combos_{side}"] = float(sum(w for _, w in hand_range.without(flop).items()))
    try:
        result = showdowns(prepare_deal(ranges, board), exact=True)
    except InvalidDealError:
        result = None
    if result is not None:
        for seat, side in enumerate("ab"):
            weight = result.weights[seat]
            live = (weight > 0) & (result.showdown_weight(seat) > 0)
            buckets = bucket_shares(result.equity(seat)[live], weight[live])
            row[f"equity_{side}"] = result.seat_equity(seat)
            row[f"high_{side}"], row[f"low_{side}"] = buckets[0].share, buckets[-1].share
    for side, hand_range in zip("ab", ranges):
        row[f"hits_{side}"] = hit_counts(hand_range, board, cache)
    row.update(texture(flop))
    return row


def stored_row(row: dict[str, Any], report: str) -> tuple[Any, ...]:
    """A row as the store keeps it (``report`` first, then :data:`COLUMNS`)."""
    values = dict(row, hits_a=json.dumps(row["hits_a"]), hits_b=json.dumps(row["hits_b"]),
                  paired=int(row["paired"]), trips=int(row["trips"]), connected=int(row["connected"]))
    return (report, *(values[name] for name, _ in COLUMNS))


def flop_task(report: str, range_a: str, range_b: str, keys: Sequence[int]) -> dict[str, Any]:
    """Compute the rows of flops ``keys`` (runs on a worker); returns them with their provenance and
    the task's wall-clock and CPU seconds."""
    started, cpu = time.perf_counter(), time.process_time()
    checksum = hand_rank_checksum()
    ranges = as_range(range_a), as_range(range_b)
    cache: HitCache = {}
    rows = [stored_row(flop_row(key, *ranges, cache), report) for key in keys]
    return {"rows": rows, "seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu,
            "version": __version__,
            "hr_checksum": checksum, "worker": f"{socket.gethostname()}:{os.getpid()}"}
