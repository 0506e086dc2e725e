"""Stud equity (seven-card stud, stud hi-lo 8 or better, razz), exact when it fits the budget, else Monte Carlo.

:func:`compute_stud` answers a deal checked by
:func:`~pokerfsm.odds.stud_deal.prepare_stud_deal` with the options already
checked, by the rules of :func:`~pokerfsm.odds.compute.compute` (the budget,
the time limit's hand-over to Monte Carlo, the standard error target, the
seed). The kernels are in :mod:`pokerfsm.odds._stud_equity`.

Every card a seat is still to be dealt, and every down card nobody sees, is
dealt from the cards left (the deck without the known and dead cards), so
the answer is each player's chance over every way the rest of the hand can
be dealt. Exact enumeration lists each seat's completions and counts every
combination of them with no card twice: heads-up on fifth street that is
861 × 780 = 671,580 deals. Monte Carlo deals them at random.

Stud's pot goes to the best high (categories counted as at hold'em); razz's
to the best ace-to-five low of seven cards (no categories); stud hi-lo's
half to the best high and half to the best 8-or-better low, all to the high
when no low qualifies, with ``scoop``, ``high_share``, ``low_share`` and the
result's ``low`` as at Omaha hi-lo.

With eight players the seventh card is one community card, part of every
hand (see :mod:`pokerfsm.odds.stud_deal`): exact enumeration counts the deals
of the rest for each card it may be (every card left, equally likely) and
adds them up; Monte Carlo deals it first, once a deal.

>>> from pokerfsm.odds.stud_deal import prepare_stud_deal
>>> r = compute_stud(prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"]))
>>> r.method.value, r.combinations, round(r.players[0].equity, 4)
('enumeration', 671580, 0.5836)
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import Card
from ..errors import TimeLimitError
from ..evaluation.compact import compact_tables
from ..evaluation.low_tables import low_tables
from ..variants import GAMES, LowRule, not_played
from . import _stud_equity
from .compute import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR, HAND_OVER
from .enumeration import max_threads
from .exact_cost import costly_error, refuse_costly
from .results import EquityResult, Method, from_game_row, row_width, share_std_errors, split_row
from .sampling import run_rounds
from .stopping import Stop
from .stud_deal import CARDS, StudDeal, StudSeat

__all__ = ["compute_stud", "exact_seconds", "deals"]

_SECONDS_PER_HAND = 0.5e-6      # listing (in Python) and valuing one completion (measured 0.4-0.6 µs)
_SECONDS_PER_TRY = 4e-9         # one thread: trying one completion of the last seat beside the others' (3-3.5 ns)
_SECONDS_PER_GROUP = 60e-9      # one thread: counting the last seat's completions once the others' are set
_MOST_LISTED = 10_000_000       # completions listed at most (about 150 bytes each): beyond, Monte Carlo only
_LOW_KINDS = {None: 0, LowRule.EIGHT_OR_BETTER: 1, LowRule.ACE_TO_FIVE: 2}
"""The kernels' low kind of each low a stud game may have."""
Progress = Callable[[float], None]


def _valuing(deal: StudDeal) -> tuple[bool, int, NDArray[np.uint16], NDArray[np.uint16], NDArray[np.uint8]]:
    """How the kernels value the deal's game: the high or not, the low kind, the low tables of seven cards."""
    tables = low_tables()
    kind = _LOW_KINDS.get(deal.game.low)
    if kind is None:
        raise not_played(deal.game, "equity", [g for g in GAMES if g.is_stud])
    return deal.game.high is not None, kind, tables.place, tables.ace_to_five[7], tables.eight_or_better[7]


def _left(deal: StudDeal) -> list[int]:
    """The cards left to deal (outside every known and dead card), as card ints."""
    return sorted(set(range(52)) - deal.known_cards)


def _with_community(deal: StudDeal, board: tuple[Card, ...]) -> StudDeal:
    """The deal with the community cards ``board`` in every seat's hand: seven cards of its
    own each, nothing shared (what the kernels count)."""
    seats = [StudSeat(seat.text, seat.hand + board, seat.unseen, CARDS) for seat in deal.seats]
    return StudDeal(deal.game, seats, deal.dead)


def _communities(deal: StudDeal) -> list[StudDeal]:
    """The deal once per community card it may get (every card left, equally likely), each with
    it in every hand; the deal itself, hands completed by its community card if dealt, without one."""
    if not deal.shared_missing:
        return [_with_community(deal, deal.board) if deal.board else deal]
    return [_with_community(deal, (Card(card),)) for card in _left(deal)]


def _sizes(deal: StudDeal) -> list[int]:
    """How many completions each seat has (of a deal with no community card to come)."""
    left = len(deal.game.deck) - len(deal.known_cards)
    return [math.comb(left, seat.missing) for seat in deal.seats]


def deals(deal: StudDeal) -> int:
    """The number of ways to deal every seat's missing cards (and a community card to come): what
    exact enumeration counts.

    >>> from pokerfsm.odds.stud_deal import prepare_stud_deal
    >>> deals(prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7s 2s"]))
    671580
    >>> shown = [str(Card(c)) for c in range(48)]   # eight players on sixth street, every card seen
    >>> deals(prepare_stud_deal([" ".join(shown[6 * i:6 * i + 6]) for i in range(8)]))   # the community card
    4
    """
    parts = _communities(deal)
    one = parts[0]
    left = len(one.game.deck) - len(one.known_cards)
    total = 1
    for seat in one.seats:
        total *= math.comb(left, seat.missing)
        left -= seat.missing
    return total * len(parts)


def exact_seconds(deal: StudDeal) -> float:
    """The estimated time of exact enumeration on one thread."""
    parts = _communities(deal)
    sizes = sorted(_sizes(parts[0]))
    others = math.prod(sizes[:-1])
    one = sum(sizes) * _SECONDS_PER_HAND + others * (sizes[-1] * _SECONDS_PER_TRY + _SECONDS_PER_GROUP)
    return one * len(parts)


def _values(deal: StudDeal, hands: NDArray[np.uint8]) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """What the showdown compares of each seven-card row of ``hands``."""
    highs = np.zeros(len(hands), dtype=np.int32)
    lows = np.zeros(len(hands), dtype=np.int32)
    threads = 1 if len(hands) < 50_000 else max_threads()
    _stud_equity.hand_values(hands, *_valuing(deal), highs, lows, threads)
    return highs, lows


def _completions(deal: StudDeal, order: list[int]) -> tuple[NDArray[np.int32], NDArray[np.int32],
                                                            NDArray[np.uint64], NDArray[np.int32]]:
    """The seats' completions in ``order``: their values, card masks, and where each seat's start."""
    avail = np.array(_left(deal), dtype=np.uint8)
    by_size: dict[int, NDArray[np.uint8]] = {}
    highs, lows, masks, start = [], [], [], [0]
    for number in order:
        seat = deal.seats[number]
        k = seat.missing
        if k not in by_size:
            count = math.comb(len(avail), k)
            picks = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(len(avail)), k)),
                                dtype=np.intp, count=count * k)
            by_size[k] = avail[picks.reshape(count, k)]
        added = by_size[k]
        known = np.array([int(c) for c in seat.hand], dtype=np.uint8)
        hands = np.ascontiguousarray(np.hstack([np.broadcast_to(known, (len(added), len(known))), added]))
        high, low = _values(deal, hands)
        highs.append(high)
        lows.append(low)
        masks.append(np.bitwise_or.reduce(np.uint64(1) << added.astype(np.uint64), axis=1) if k else
                     np.zeros(1, dtype=np.uint64))
        start.append(start[-1] + len(added))
    return (np.concatenate(highs), np.concatenate(lows), np.ascontiguousarray(np.concatenate(masks)),
            np.array(start, dtype=np.int32))


def _enumerate(deal: StudDeal, progress: Progress | None, stop: Stop) -> NDArray[np.float64]:
    """Totals (one kernel row, seats in deal order) over every deal of the missing cards, a
    community card to come included."""
    parts = _communities(deal)
    totals: NDArray[np.float64] | None = None
    for number, part in enumerate(parts):
        step = None if progress is None else _scaled(progress, number, len(parts))
        row = _enumerate_dealt(part, step, stop)
        totals = row if totals is None else totals + row
    assert totals is not None
    return totals


def _scaled(progress: Progress, number: int, parts: int) -> Progress:
    """``progress`` of part ``number`` of ``parts`` equal parts."""
    return lambda done: progress((number + done) / parts)


def _enumerate_dealt(deal: StudDeal, progress: Progress | None, stop: Stop) -> NDArray[np.float64]:
    """:func:`_enumerate` of a deal with no community card to come."""
    n = len(deal.seats)
    sizes = _sizes(deal)
    order = sorted(range(n), key=lambda s: -sizes[s])  # the most completions last (the fastest loop), the
    order = order[1:] + order[:1]                      # next most first: they are split into tasks
    highs, lows, masks, start = _completions(deal, order)
    seconds = exact_seconds(deal)
    threads = 1 if seconds < 2e-3 else max_threads()
    first = int(start[1])
    pieces = min(first, 1 if seconds < 2e-3 else 64 * threads)
    tasks = np.unique(np.linspace(0, first, pieces + 1).astype(np.int32))
    out = np.zeros((len(tasks) - 1, int(_stud_equity.row_width(n))))
    chunks = 1 if progress is None or seconds / threads < 0.5 else 20
    bounds = [(len(tasks) - 1) * i // chunks for i in range(chunks + 1)]
    hilo = deal.game.eight_or_better
    for i in range(chunks):
        lo, hi = bounds[i], bounds[i + 1]
        if hi > lo:
            _stud_equity.count_deals(highs, lows, masks, start, hilo, deal.game.high is not None,
                                     np.ascontiguousarray(tasks[lo:hi + 1]), out[lo:hi], threads, stop.flag,
                                     stop.kernel_seconds())
        stop.check()
        if progress is not None:
            progress((i + 1) / chunks)
    return _in_seat_order(out.sum(axis=0), order)


def _in_seat_order(totals: NDArray[np.float64], order: list[int]) -> NDArray[np.float64]:
    """A kernel row whose player ``i`` is seat ``order[i]``, rewritten in seat order."""
    n = len(order)
    categories, winners = split_row(totals[:row_width(n)], n)
    seated = np.zeros_like(totals)
    seated_categories, seated_winners = split_row(seated[:row_width(n)], n)
    seated_categories[order] = categories
    masks = np.arange(1 << n)
    target = sum(((masks >> i) & 1) << seat for i, seat in enumerate(order))
    seated_winners[target] = winners
    tail, seated_tail = totals[row_width(n):], seated[row_width(n):]
    seated_tail[:2] = tail[:2]
    seated_tail[2:].reshape(5, n)[:, order] = tail[2:].reshape(5, n)
    return seated


def _sample(deal: StudDeal, samples: int | None, seed: Any, budget: float, target: float,
            progress: Progress | None, started: float, stop: Stop) -> tuple[NDArray[np.float64], int]:
    """Totals from random deals (see :func:`pokerfsm.odds.sampling.run_rounds`)."""
    n = len(deal.seats)
    shared = deal.shared_missing
    if not shared and deal.board:
        deal = _with_community(deal, deal.board)
    known = np.zeros((n, CARDS), dtype=np.uint8)
    for p, seat in enumerate(deal.seats):
        known[p, :len(seat.hand)] = [int(c) for c in seat.hand]
    missing = np.array([seat.missing for seat in deal.seats], dtype=np.int32)
    avail = np.array(_left(deal), dtype=np.uint8)
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    valuing = _valuing(deal)

    def play(seeds: Any, trials: Any, out: Any, threads: int) -> None:
        _stud_equity.monte_carlo(known, missing, shared, avail, *valuing, seeds, trials, out, threads, stop.flag,
                                 stop.kernel_seconds())

    totals, trials, _ = run_rounds(play, lambda totals, done: _errors(deal, totals, done),
                                   int(_stud_equity.row_width(n)), int(missing.sum()) + shared + 3 * n, samples, rng,
                                   budget, target, progress, started, stop)
    return totals, trials


def _errors(deal: StudDeal, totals: NDArray[np.float64], trials: int) -> list[float]:
    """Each player's standard error of the pot share over ``trials`` random deals."""
    return share_std_errors(totals, trials, len(deal.seats), deal.game.eight_or_better)


def _result(deal: StudDeal, totals: NDArray[np.float64], combinations: int, *, method: Method, started: float,
            trials: int | None = None) -> EquityResult:
    """The answer from one kernel row (seats in deal order)."""
    return from_game_row(deal, totals, combinations, hilo=deal.game.eight_or_better,
                         categories=deal.game.high is not None, method=method, exact=trials is None,
                         started=started, trials=trials)


def compute_stud(deal: StudDeal, *, samples: int | None = None, seed: Any = None, exact: bool | None = None,
                 budget: float = DEFAULT_BUDGET, progress: Progress | None = None,
                 target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None) -> EquityResult:
    """Each seat's equity at the deal's stud game, exact when it fits ``budget`` seconds.

    The options mean what they mean for :func:`pokerfsm.odds.compute.compute`.
    Raises InvalidDealError when exact enumeration would take hours,
    TimeLimitError or CancelledError when ``stop`` says so.
    """
    compact_tables()
    _valuing(deal)  # the tables built before the clock starts
    started = time.perf_counter()
    stop = stop if stop is not None else Stop()
    seconds = exact_seconds(deal)
    forced = exact is not None
    if exact is None:
        exact = samples is None and seconds / max_threads() <= budget
    if not exact:
        totals, trials = _sample(deal, samples, seed, budget, target_std_error, progress, started, stop)
        return _result(deal, totals, trials, method=Method.MONTE_CARLO, started=started, trials=trials)
    refuse_costly(seconds, max_threads())
    listed = sum(_sizes(_communities(deal)[0]))
    if listed > _MOST_LISTED:
        raise costly_error(f"would list {listed:,} hands, more than memory allows")
    timed = stop.time_limit is not None and not forced
    attempt = stop.within(HAND_OVER * budget) if timed else stop
    try:
        totals = _enumerate(deal, progress, attempt)
    except TimeLimitError:
        if attempt is stop:
            raise
        stop.resume()
        stop.check()
        resumed = time.perf_counter()
        totals, trials = _sample(deal, None, seed, max(0.5 * budget, 0.2), target_std_error, progress, resumed, stop)
        return _result(deal, totals, trials, method=Method.MONTE_CARLO, started=started, trials=trials)
    return _result(deal, totals, deals(deal), method=Method.ENUMERATION, started=started)
