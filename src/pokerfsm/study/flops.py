"""One flop of a flop report: both ranges' exact equity, their strong and weak shares, what they
hit, and the flop's texture. :func:`flop_task` is what a Dask worker runs.

The flops are the suit-canonical flops of the game's deck
(:func:`canonical_flops`: 1,755 at hold'em, 573 of short deck's 36 cards); a
flop's weight is how many flops its suit renamings give (they add up to
22,100 and 7,140). Each range's equity is exact (every turn and river,
:mod:`.showdowns`, valued by the game's ranking); its ``high`` and ``low``
shares are the shares of its live combos (by weight) with at least 80 % and
below 20 % equity against the other range. ``matchups`` is the weight of the
pairs of hands, one from each range, that share no card with each other or
the flop: how likely the flop is once the two ranges are dealt, up to a
factor common to every flop (so flops weighted by ``weight * matchups``
average to the preflop equity).

Textures: ``paired`` (exactly two cards of one rank), ``trips`` (three),
``monotone``, ``two-tone`` or ``rainbow`` (by suits), ``connected`` (three
different ranks within five consecutive ranks, the ace also low: a straight
takes two hole cards; at short deck the ace plays below the six, as in
A-6-7-8-9) and ``high`` (the highest rank, ``A`` to ``4``; to ``6`` at short
deck).

Short deck (``game="short-deck"``) reads the ranges as its equity does
(:func:`pokerfsm.odds.short_deck_deal.prepare_short_deck_deal`: ranks six and
up, ``top X%`` in short deck's order, a random hand one of its 630).

>>> row = flop_row(0, "QQ+, AK", "22+, ATs+, KQs")
>>> row["flop"], row["weight"], row["suits"], row["paired"], row["trips"], row["connected"], row["high"]
('2d 2h 2s', 4, 'rainbow', False, True, False, '2')
>>> flop_row(300, "QQ+, AK", "22+, ATs+, KQs")["flop"]
'Kh 9s 2s'
>>> len(canonical_flops("short-deck")), flop_row(0, "QQ+, AK", "66+, ATs+, KQs", game="short-deck")["flop"]
(573, '6d 6h 6s')
"""
from __future__ import annotations

import functools
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
from ..evaluation.board_hits import DRAWS, classify, made_hands
from ..odds.deal import prepare_deal
from ..odds.short_deck_deal import prepare_short_deck_deal
from ..players import read_player
from ..precomputed.symmetry import canonical_boards, stabiliser
from ..precomputed.tasks import hand_rank_checksum
from ..ranges import HandRange
from ..variants import HOLDEM, Game, GameLike
from .equity_distribution import bucket_shares
from .showdowns import showdowns, study_game

__all__ = ["COLUMNS", "FLOPS", "report_game", "canonical_flops", "flop_row", "flop_task", "texture",
           "flop_weight", "hit_counts", "matchup_weight", "stored_row", "as_range", "table_checksum"]

FLOPS = 1_755
"""Suit-canonical flops of hold'em's 52 cards (:func:`canonical_flops` gives each game's)."""

COLUMNS: tuple[tuple[str, str], ...] = (
    ("key", "INTEGER NOT NULL"), ("flop", "TEXT NOT NULL"), ("weight", "INTEGER NOT NULL"),
    ("equity_a", "REAL"), ("equity_b", "REAL"), ("high_a", "REAL"), ("low_a", "REAL"),
    ("high_b", "REAL"), ("low_b", "REAL"), ("combos_a", "REAL NOT NULL"), ("combos_b", "REAL NOT NULL"),
    ("hits_a", "TEXT NOT NULL"), ("hits_b", "TEXT NOT NULL"), ("paired", "INTEGER NOT NULL"),
    ("trips", "INTEGER NOT NULL"), ("suits", "TEXT NOT NULL"), ("connected", "INTEGER NOT NULL"),
    ("high", "TEXT NOT NULL"), ("matchups", "REAL"))
"""A report row's columns (key: the flop's number among the game's canonical flops); the equities and
shares are NULL on a flop where a range has no hand left or the two collide on every deal. ``matchups``
comes last: a store made before it had the column gets it added at the end."""


def report_game(game: GameLike) -> Game:
    """The game a report is made for (a name or a :class:`~pokerfsm.variants.Game`: one of the
    :data:`~.showdowns.STUDY_GAMES`); OptionError naming the game and the games offered for any other.

    >>> report_game("omaha")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: pokerfsm computes no flop reports for Omaha (games with ...: holdem, short-deck)
    """
    return study_game(game, "flop reports")


@functools.cache
def canonical_flops(game: GameLike = HOLDEM) -> tuple[tuple[int, ...], ...]:
    """The suit-canonical flops of the game's deck, in ascending order (a flop's number is its place here).

    >>> len(canonical_flops()), sum(flop_weight(f) for f in canonical_flops("short-deck"))
    (1755, 7140)
    """
    dealt = {int(c) for c in report_game(game).deck}
    return tuple(flop for flop in canonical_boards(3) if dealt.issuperset(flop))


def table_checksum(game: GameLike = HOLDEM) -> str:
    """The checksum of the hand-rank table whose values decide the game's showdowns (the 52-card
    table's, or short deck's 36-card table's): a report's provenance, rows of another table are
    computed again."""
    return hand_rank_checksum(report_game(game).name)


def flop_weight(flop: Sequence[int]) -> int:
    """How many flops a canonical flop stands for: the suit renamings that give a different flop."""
    return 24 // len(stabiliser(flop))


def texture(flop: Sequence[int], game: GameLike = HOLDEM) -> dict[str, Any]:
    """The texture of a flop (see the module).

    >>> texture([int(Card(c)) for c in ("Ah", "Kh", "Qd")])
    {'paired': False, 'trips': False, 'suits': 'two-tone', 'connected': True, 'high': 'A'}
    >>> [texture([int(Card(c)) for c in ("Ah", "8d", "9c")], g)["connected"] for g in ("holdem", "short-deck")]
    [False, True]
    """
    cards = [Card(c) for c in flop]
    ranks = sorted({int(c.rank) for c in cards})
    suits = len({c.suit for c in cards})
    below = min(int(c.rank) for c in report_game(game).deck) - 1   # the ace also plays low, below the lowest rank
    spans = [ranks] + ([[below, *ranks[:-1]]] if ranks[-1] == 12 else [])
    connected = len(ranks) == 3 and any(span[-1] - span[0] <= 4 for span in spans)
    return {"paired": len(ranks) == 2, "trips": len(ranks) == 1,
            "suits": {1: "monotone", 2: "two-tone", 3: "rainbow"}[suits], "connected": connected,
            "high": str(max(cards, key=lambda c: c.rank))[0]}


HitCache = dict[tuple[Any, ...], tuple[str, tuple[str, ...]]]
"""Classes of hands on flops, by game and spot (see :func:`hit_counts`)."""


def _hole_arrays(hand_range: HandRange) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The range's hands as (higher card, lower card, weight) arrays, computed once per range."""
    def make(r: HandRange) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        items = [(max(int(a), int(b)), min(int(a), int(b)), w) for (a, b), w in r.items()]
        high, low, weight = zip(*items) if items else ((), (), ())
        return np.array(high, dtype=np.int64), np.array(low, dtype=np.int64), np.array(weight, dtype=np.float64)

    return hand_range.derived("hole-arrays", make)


def hit_counts(hand_range: HandRange, board: Sequence[Card], cache: HitCache | None = None,
               game: GameLike = HOLDEM) -> dict[str, float]:
    """The range's weight in each made-hand class and draw it has on a flop, as
    :func:`pokerfsm.hits` counts them at ``game``.

    Each *spot* of the game is classified once (``cache`` keeps them across flops): the
    board's ranks, the hole ranks, how many board cards share each hole
    card's suit, and whether the hole cards are suited. On three board cards
    a flush, a straight flush, a flush draw or a backdoor one needs the hole
    cards' suits, so these counts decide them; the rest is ranks. (A card is
    ``4 * rank + suit``.)
    """
    cache = {} if cache is None else cache
    cards = [int(c) for c in board]
    high, low, weight = _live(_hole_arrays(hand_range), cards)
    on_board = np.bincount([c & 3 for c in cards], minlength=4)
    codes = ((((high >> 2) * 13 + (low >> 2)) * 4 + on_board[high & 3]) * 4 + on_board[low & 3]) * 2 \
        + ((high & 3) == (low & 3))
    unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    weights = np.bincount(inverse.reshape(-1), weights=weight, minlength=len(unique))
    chosen = report_game(game)
    ranks = tuple(sorted(c >> 2 for c in cards))
    counts: dict[str, float] = {}
    for code, index, total in zip(unique.tolist(), first.tolist(), weights.tolist()):
        spot = (chosen.name, *ranks, code)
        if spot not in cache:
            cache[spot] = classify((Card(int(high[index])), Card(int(low[index]))), board, chosen)
        made, draws = cache[spot]
        for name in (made, *draws):
            counts[name] = counts.get(name, 0.0) + total
    order = {name: number for number, name in enumerate((*made_hands(chosen), *DRAWS))}
    return {name: counts[name] for name in sorted(counts, key=order.__getitem__)}


def as_range(given: str | HandRange, player: int = 0, game: GameLike = HOLDEM) -> HandRange:
    """A seat's text as a range of the game's deck (read as :func:`pokerfsm.read_player` reads it, at short
    deck as its equity reads a seat); a known hand is a range of one. Errors name the seat ``player``."""
    if report_game(game) is not HOLDEM:
        seat = prepare_short_deck_deal([given if number == player else None for number in range(max(2, player + 1))]
                                       ).seats[player]
        return HandRange.from_combos([seat.hand]) if seat.hand is not None else seat.cut_range
    read = read_player(given, player) if isinstance(given, str) else given
    return read if isinstance(read, HandRange) else HandRange.from_combos([read])


def matchup_weight(range_a: HandRange, range_b: HandRange, flop: Sequence[int] = ()) -> float:
    """The weight of the pairs of hands, one of each range, sharing no card with each other or ``flop``.

    >>> matchup_weight(HandRange.parse("AA"), HandRange.parse("AK"))   # 6 * 16 pairs, 6 * 8 of them share an ace
    48.0
    """
    (high_a, low_a, weight_a), (high_b, low_b, weight_b) = (_live(_hole_arrays(r), flop) for r in (range_a, range_b))
    per_card_a = np.bincount(high_a, weight_a, 52) + np.bincount(low_a, weight_a, 52)
    per_card_b = np.bincount(high_b, weight_b, 52) + np.bincount(low_b, weight_b, 52)
    same = dict(zip(zip(high_a.tolist(), low_a.tolist()), weight_a.tolist()))
    both = sum(same.get(hand, 0.0) * w for hand, w in zip(zip(high_b.tolist(), low_b.tolist()), weight_b.tolist()))
    # pairs sharing one card are counted once by the cards' sum, the same hand twice
    return float(weight_a.sum() * weight_b.sum() - per_card_a @ per_card_b + both)


def _live(arrays: tuple[np.ndarray, np.ndarray, np.ndarray], flop: Sequence[int]
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hands (as :func:`_hole_arrays` gives them) that share no card with ``flop``."""
    high, low, weight = arrays
    out = np.zeros(52, dtype=bool)
    out[list(flop)] = True
    live = ~(out[high] | out[low])
    return high[live], low[live], weight[live]


def flop_row(key: int, range_a: str | HandRange, range_b: str | HandRange,
             cache: HitCache | None = None, game: GameLike = HOLDEM) -> dict[str, Any]:
    """The report row of the game's canonical flop number ``key`` (0 to 1,754 at hold'em) for two ranges."""
    chosen = report_game(game)
    flop = canonical_flops(chosen)[key]
    board = tuple(sorted((Card(c) for c in flop), reverse=True))
    ranges = [as_range(r, number, chosen) for number, r in enumerate((range_a, range_b))]
    row: dict[str, Any] = {"key": key, "flop": " ".join(map(str, board)), "weight": flop_weight(flop),
                           "equity_a": None, "equity_b": None, "high_a": None, "low_a": None,
                           "high_b": None, "low_b": None, "matchups": matchup_weight(ranges[0], ranges[1], flop)}
    for side, hand_range in zip("ab", ranges):
        row[f"combos_{side}"] = float(sum(w for _, w in hand_range.without(flop).items()))
    deal = prepare_deal if chosen is HOLDEM else prepare_short_deck_deal
    try:
        result = showdowns(deal(ranges, board), exact=True)
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
        row[f"hits_{side}"] = hit_counts(hand_range, board, cache, chosen)
    row.update(texture(flop, chosen))
    return row


def stored_row(row: dict[str, Any], report: str) -> tuple[Any, ...]:
    """A row as the store keeps it (``report`` first, then :data:`COLUMNS`)."""
    values = dict(row, hits_a=json.dumps(row["hits_a"]), hits_b=json.dumps(row["hits_b"]),
                  paired=int(row["paired"]), trips=int(row["trips"]), connected=int(row["connected"]))
    return (report, *(values[name] for name, _ in COLUMNS))


def flop_task(report: str, range_a: str, range_b: str, keys: Sequence[int], game: str = HOLDEM.name
              ) -> dict[str, Any]:
    """Compute the rows of the game's flops ``keys`` (runs on a worker); returns them with their provenance
    (``hr_checksum``: :func:`table_checksum`) and the task's wall-clock and CPU seconds."""
    started, cpu = time.perf_counter(), time.process_time()
    checksum = table_checksum(game)
    ranges = as_range(range_a, 0, game), as_range(range_b, 1, game)
    cache: HitCache = {}
    rows = [stored_row(flop_row(key, *ranges, cache, game), report) for key in keys]
    return {"rows": rows, "seconds": time.perf_counter() - started, "cpu_seconds": time.process_time() - cpu,
            "version": __version__,
            "hr_checksum": checksum, "worker": f"{socket.gethostname()}:{os.getpid()}"}
