"""Exact (or Monte Carlo) equity of 2-10 hold'em hands, ranges and random hands.

>>> r = equity(["AhAd", "KsKc"])
>>> r.exact, r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
(True, 1712304, 1388072, 317694, 6538)
>>> round(r.players[0].equity, 6)
0.812555

Each player is a known hand (``"AhKd"``, ``"Ah Kd"`` or two cards), ``None``
or ``"??"`` for a random hand, or a range in PokerStove syntax (see
:mod:`pokerfsm.ranges`). The board has 0, 3, 4 or 5 cards; dead cards are
out of the deck.

How it is computed:

* known hands only: every completion of the board, each board card costing
  one table lookup per player per node of the enumeration tree;
* ranges and random hands: for every board, one range is walked against the
  known hands and each combination of the other ranges' hands. On a complete
  board only one suit can still make a flush, so a hand's value depends on
  its two ranks and which of its cards are of that suit: one hand per such
  class is walked (at most 338, 91 when no flush is possible), weighted by
  the range's hands of that class left in the deck. Suit permutations that
  leave the deal unchanged are used to walk one board (and one combination)
  per orbit, weighted by its size;
* when the exact work would exceed ``budget`` seconds, Monte Carlo: seeded,
  until the standard error of every equity is below ``target_std_error`` or
  the budget is spent.

Results count showdowns: ``win`` (alone with the best hand), ``tie`` (sharing
it), ``lose``, and ``equity`` (the share of the pot: wins plus 1/k of each
k-way tie). Category probabilities are keyed by :class:`HandCategory` member
names (``"HIGH_CARD"`` … ``"STRAIGHT_FLUSH"``).
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from .cards import Card, CardsLike, as_cards
from .errors import DuplicateCardError, Error, InvalidDealError
from .players import read_player
from .ranges import HandRange

__all__ = ["equity", "EquityResult", "PlayerResult", "LiveOdds", "PlayerSpec",
           "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "MAX_PLAYERS"]

MAX_PLAYERS = 10
DEFAULT_BUDGET = 2.0
"""Seconds the automatic mode may spend enumerating before it samples instead."""
DEFAULT_TARGET_STD_ERROR = 0.001
"""Monte Carlo stops once every player's equity has this standard error (0.1 %)."""

PlayerSpec = Union[str, Sequence[Union[Card, int, str]], HandRange, None]

_SLOTS = 21            # per player: 0 lost, k = won as one of k winners, 11 + c category c
_CATEGORY = 11
_LOOKUPS_PER_SECOND = 1.5e8   # one thread, for the budget estimate only
_TRIALS_PER_SECOND = 4e6      # one thread, per player-free trial unit (see _mc_cost)
_SECONDS_PER_COMBINATION = 1e-4  # Python work per combination of the outer ranges' hands
_PARALLEL_WORK = 2e6          # lookups below which one thread is faster than waking others
_STREAMS = 16
_FIRST_ROUND = 20_000
_ROUND = 1_000_000
_SUITS = tuple(itertools.permutations(range(4)))


def _kernels():
    from . import _equity
    return _equity


def _walk(state: int, cards: Sequence[int]) -> int:
    """The table state after ``cards`` (distinct, valid) from ``state``."""
    import numpy as np

    from ._eval import walk
    return walk(state, np.array(list(cards), dtype=np.uint8))


def _max_threads() -> int:
    from ._eval import max_threads
    return max_threads()


def _category_names() -> list[str]:
    from .ranking import HandCategory
    return [HandCategory(c).name for c in range(1, 10)]


@dataclass(frozen=True)
class PlayerResult:
    """One player's share of the showdowns (fractions from 0 to 1).

    ``wins``, ``ties`` and ``losses`` are the showdown counts behind them
    (weighted when ranges carry weights; estimates from the samples for Monte
    Carlo); ``categories`` maps each hand category to its probability.
    """

    hand: str
    win: float
    tie: float
    lose: float
    equity: float
    wins: float
    ties: float
    losses: float
    categories: dict[str, float]
    std_error: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand, "win": self.win, "tie": self.tie, "lose": self.lose,
                "equity": self.equity, "categories": dict(self.categories),
                "wins": self.wins, "ties": self.ties, "losses": self.losses,
                "std_error": self.std_error}


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`; :meth:`to_dict` is the JSON of ``pokerfsm equity --json``."""

    players: tuple[PlayerResult, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    combinations: int
    exact: bool
    std_error: float | None
    elapsed_s: float
    method: str = field(default="enumeration")

    def to_dict(self) -> dict[str, Any]:
        return {"players": [p.to_dict() for p in self.players],
                "board": [str(c) for c in self.board], "dead": [str(c) for c in self.dead],
                "combinations": self.combinations, "exact": self.exact, "std_error": self.std_error,
                "elapsed_s": self.elapsed_s, "method": self.method}


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


# ------------------------------------------------------------------ validation

@dataclass
class _Seat:
    """A validated player: a known hand, or a range already cut by the known cards."""

    text: str
    hand: tuple[Card, Card] | None = None
    range: HandRange | None = None
    random: bool = False
    source: HandRange | None = None  # the range as given (its arrays are cached)

    def __post_init__(self):
        self.source = self.range


def _seat(spec: PlayerSpec, number: int) -> _Seat:
    """Seat ``number`` (from 1) as given: text by the rule of :mod:`pokerfsm.players`, a
    :class:`HandRange`, ``None`` (random) or a sequence of two cards."""
    try:
        if spec is None:
            read: Any = HandRange.random()
        elif isinstance(spec, HandRange):
            read = spec
        elif isinstance(spec, str):
            read = read_player(spec, number - 1)
        else:
            read = as_cards(spec)
            if len(read) != 2:
                raise InvalidDealError(f"{len(read)} card{'s' * (len(read) != 1)} ({spec!r}); "
                                       "a hand has 2 cards", text=repr(spec))
    except Error as exc:
        raise exc.located("players", number - 1) from None
    if isinstance(read, HandRange):
        return _Seat(str(read), range=read, random=read.is_random)
    return _Seat(f"{read[0]}{read[1]}", hand=(read[0], read[1]))


@dataclass
class _Deal:
    seats: list[_Seat]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]

    @property
    def known_cards(self) -> set[int]:
        cards = {int(c) for c in self.board} | {int(c) for c in self.dead}
        for seat in self.seats:
            if seat.hand:
                cards.update(int(c) for c in seat.hand)
        return cards


def _prepare(players: Sequence[PlayerSpec], board: CardsLike, dead: CardsLike) -> _Deal:
    if isinstance(players, (str, HandRange)) or players is None:
        raise InvalidDealError(f"players must be a list of hands or ranges, got {players!r}")
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise InvalidDealError(f"hold'em takes 2 to {MAX_PLAYERS} players, got {len(players)}")
    seats = [_seat(spec, i + 1) for i, spec in enumerate(players)]
    board_cards = as_cards(board)
    if len(board_cards) not in (0, 3, 4, 5):
        raise InvalidDealError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)} "
                               f"({' '.join(map(str, board_cards))!r})")
    dead_cards = as_cards(dead)
    owner: dict[int, str] = {}
    places = [("the board", board_cards), ("the dead cards", dead_cards)]
    places += [(f"player {i + 1}'s hand", s.hand) for i, s in enumerate(seats) if s.hand]
    for place, cards in places:
        for c in cards:
            if int(c) in owner:
                raise DuplicateCardError(f"card {str(c)!r} is both in {owner[int(c)]} and in {place}")
            owner[int(c)] = place
    deal = _Deal(seats, board_cards, dead_cards)
    needed = 2 * sum(s.hand is None for s in seats) + 5 - len(board_cards)
    left = 52 - len(owner)
    if needed > left:
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards "
                               f"but only {left} remain in the deck")
    _cut_ranges(deal)
    return deal


def _cut_ranges(deal: _Deal) -> None:
    """Remove known cards from every range; a range left with one hand becomes that hand."""
    changed = True
    while changed:
        changed = False
        known = deal.known_cards
        for number, seat in enumerate(deal.seats, 1):
            if seat.hand:
                continue
            cut = seat.range.without(known)
            if not cut:
                raise InvalidDealError(f"player {number}'s range {seat.text!r} has no hand left "
                                       "once the known cards are removed")
            seat.range = cut
            if len(cut) == 1:
                seat.hand = next(iter(cut))
                seat.random = False
                changed = True
                break
    ranged = [i for i, s in enumerate(deal.seats) if s.hand is None]
    if len(ranged) > 1 and not _some_deal_exists(deal, ranged):
        names = " and ".join(f"player {i + 1}" for i in ranged)
        raise InvalidDealError(f"the ranges of {names} collide with every possible deal")


def _some_deal_exists(deal: _Deal, ranged: list[int], node_limit: int = 200_000) -> bool:
    """Whether the ranges admit one deal with no card twice (a bounded depth-first search)."""
    order = sorted(ranged, key=lambda i: len(deal.seats[i].range))
    budget = [node_limit]

    def search(depth: int, used: set[int]) -> bool:
        if depth == len(order):
            return True
        for a, b in deal.seats[order[depth]].range:
            budget[0] -= 1
            if budget[0] < 0:
                return True  # too many to try: let the dealing find out
            if a not in used and b not in used and search(depth + 1, used | {a, b}):
                return True
        return False

    return search(0, set())


# ------------------------------------------------------------------ symmetry

def _card_map(perm: tuple[int, ...]) -> list[int]:
    return [(c & ~3) | perm[c & 3] for c in range(52)]


def _fixes(perm: tuple[int, ...], cards: Iterable[int]) -> bool:
    cards = set(cards)
    image = _card_map(perm)
    return {image[c] for c in cards} == cards


def _weight_matrix(r: HandRange):
    import numpy as np

    w = np.zeros((52, 52))
    for (a, b), weight in r.items():
        w[a, b] = w[b, a] = weight
    return w


def _symmetries(deal: _Deal, ranges: list[HandRange]) -> list[tuple[int, ...]]:
    """Suit permutations that fix the board, the dead cards, each known hand and each range."""
    import numpy as np

    fixed_sets = [deal.board, deal.dead] + [s.hand for s in deal.seats if s.hand]
    matrices = [_weight_matrix(r) for r in ranges if not r.is_random]
    result = []
    for perm in _SUITS:
        if not all(_fixes(perm, cards) for cards in fixed_sets):
            continue
        image = np.array(_card_map(perm))
        if all(np.array_equal(m[np.ix_(image, image)], m) for m in matrices):
            result.append(perm)
    return result


# ------------------------------------------------------------------ enumeration

def _tasks(m: int, k: int, depth: int = 2):
    import numpy as np

    d = min(k, depth)
    if d == 0:
        return np.zeros((1, 0), dtype=np.int32)
    return np.array(list(itertools.combinations(range(m), d)), dtype=np.int32)


def _states(hands: Sequence[Sequence[int]], board: Sequence[int]):
    import numpy as np

    root = _kernels().ROOT_STATE
    return np.array([_walk(root, list(h) + list(board)) for h in hands], dtype=np.int32)


def _threads(lookups: float) -> int:
    return 1 if lookups < _PARALLEL_WORK else _max_threads()


def _run_chunked(call, tasks, out, seconds: float, progress) -> None:
    """Run ``call(tasks_slice, out_slice)`` in slices when long, reporting progress."""
    chunks = 1 if progress is None or seconds < 0.5 else 20
    bounds = [len(tasks) * i // chunks for i in range(chunks + 1)]
    for i in range(chunks):
        lo, hi = bounds[i], bounds[i + 1]
        if hi > lo:
            call(tasks[lo:hi], out[lo:hi])
        if progress is not None:
            progress((i + 1) / chunks)


def _enumerate_known(deal: _Deal, progress) -> tuple[Any, int]:
    """Totals (players, slots) over every board, all hands known."""
    import numpy as np

    board = [int(c) for c in deal.board]
    states = _states([s.hand for s in deal.seats], board)
    avail = np.array(sorted(set(range(52)) - deal.known_cards), dtype=np.uint8)
    k = 5 - len(board)
    tasks = _tasks(len(avail), k)
    boards = math.comb(len(avail), k)
    out = np.zeros((len(tasks), len(states), _SLOTS))
    work = boards * len(states)
    threads = _threads(work)
    kernel = _kernels().enumerate_boards
    _run_chunked(lambda t, o: kernel(states, avail, k, t, o, threads), tasks, out,
                 work / _LOOKUPS_PER_SECOND / threads, progress)
    return out.sum(axis=0), boards


@dataclass
class _Plan:
    """How the exact enumeration against ranges will go, and what it will cost."""

    inner: int                 # the range walked class by class on each board
    outer: list[int]           # ranges whose hand combinations are enumerated
    group: list[tuple[int, ...]]
    seconds: float             # estimated, one thread


def _plan(deal: _Deal) -> _Plan:
    ranged = [i for i, s in enumerate(deal.seats) if s.hand is None]
    inner = max(ranged, key=lambda i: (len(deal.seats[i].range), i))
    outer = [i for i in ranged if i != inner]
    group = _symmetries(deal, [deal.seats[i].range for i in ranged])
    left = 52 - len(deal.known_cards) - 2 * len(outer)
    k = 5 - len(deal.board)
    tuples = math.prod(len(deal.seats[i].range) for i in outer)
    per_board = _per_board(len(deal.seats[inner].range)) + len(deal.seats)
    lookups = tuples * math.comb(max(left, 0), k) * per_board / len(group)
    overhead = tuples * _SECONDS_PER_COMBINATION * (1 + len(group) / 4) / len(group)
    return _Plan(inner, outer, group, lookups / _LOOKUPS_PER_SECOND + overhead)


def _per_board(hands: int) -> float:
    """Work per board against a range of ``hands`` hands: one walk per class (at most 338, ~220
    on average), plus taking out the hands that hold the dealt cards."""
    return min(hands, 220) + hands / 5 + 20


def _combo_key(a: int, b: int) -> int:
    return a * 52 + b if a < b else b * 52 + a


def _outer_classes(deal: _Deal, plan: _Plan) -> list[tuple[tuple[tuple[int, int], ...], float]]:
    """Combinations of the outer ranges' hands, one per orbit of the group, with their weight."""
    maps = [_card_map(p) for p in plan.group]
    classes: dict[tuple, list] = {}
    ranges = [list(deal.seats[i].range.items()) for i in plan.outer]
    for choice in itertools.product(*ranges):
        hands = [tuple(sorted(map(int, combo))) for combo, _ in choice]
        cards = [c for h in hands for c in h]
        if len(set(cards)) != len(cards):
            continue
        key = min(tuple(_combo_key(m[a], m[b]) for a, b in hands) for m in maps)
        weight = math.prod(w for _, w in choice)
        entry = classes.setdefault(key, [tuple(hands), 0.0])
        entry[1] += weight
    return [(tuple(hands), weight) for hands, weight in classes.values()]


def _range_arrays(r: HandRange):
    """A range as numpy arrays (low card, high card, weight), sorted by low card then high card."""
    return r.derived("arrays", _make_range_arrays)


def _make_range_arrays(r: HandRange):
    import numpy as np

    items = sorted((min(a, b), max(a, b), w) for (a, b), w in r.items())
    return (np.array([i[0] for i in items], dtype=np.uint8), np.array([i[1] for i in items], dtype=np.uint8),
            np.array([i[2] for i in items], dtype=np.float64))


def _range_rows(arrays, used: set[int]):
    """The kernel's row layout of a range without the hands using ``used`` cards."""
    import numpy as np

    low, high, weight = arrays
    blocked = np.zeros(52, dtype=bool)
    blocked[list(used)] = True
    keep = ~(blocked[low] | blocked[high])
    row_start = np.searchsorted(low[keep], np.arange(53)).astype(np.int32)
    return row_start, np.ascontiguousarray(high[keep]), np.ascontiguousarray(weight[keep])


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << int(c)
    return mask


def _scan_range(states, board_state: int, board: Sequence[int], used: set[int], arrays,
                group: list[tuple[int, ...]], progress=None) -> tuple[Any, int]:
    """Known players (their ``states`` after hole cards and board) against a range (its
    :func:`_range_arrays`) over every completion of the board; returns (totals with the range
    player last, showdowns)."""
    import numpy as np

    row_start, second, weights = _range_rows(arrays, used)
    n = len(states)
    if len(second) == 0:
        return np.zeros((n + 1, _SLOTS)), 0
    avail = np.array(sorted(set(range(52)) - used), dtype=np.uint8)
    k = 5 - len(board)
    tasks = _tasks(len(avail), k)
    perms = np.array([p for p in group if p != (0, 1, 2, 3)], dtype=np.uint8).reshape(-1, 4)
    out = np.zeros((len(tasks), n + 1, _SLOTS))
    boards = math.comb(len(avail) - 2, k)
    lookups = math.comb(len(avail), k) * (_per_board(len(second)) + n) / len(group)
    threads = _threads(lookups)
    kernel = _kernels().enumerate_vs_range
    _run_chunked(lambda t, o: kernel(states, board_state, _mask(board), _mask(used), avail, k, t,
                                     row_start, second, weights, perms, o, threads),
                 tasks, out, lookups / _LOOKUPS_PER_SECOND / threads, progress)
    return out.sum(axis=0), len(second) * boards


def _enumerate_ranges(deal: _Deal, plan: _Plan, progress) -> tuple[Any, int]:
    """Totals (players, slots) over every board and every combination of range hands."""
    import numpy as np

    known = [i for i, s in enumerate(deal.seats) if s.hand is not None]
    board = [int(c) for c in deal.board]
    board_state = int(_states([[]], board)[0])
    totals = np.zeros((len(deal.seats), _SLOTS))
    combinations = 0
    classes = _outer_classes(deal, plan)
    arrays = _range_arrays(deal.seats[plan.inner].source)
    for number, (hands, weight) in enumerate(classes):
        players = known + plan.outer
        hole = [tuple(map(int, deal.seats[i].hand)) for i in known] + list(hands)
        group = [p for p in plan.group if all(_fixes(p, h) for h in hands)]
        summed, showdowns = _scan_range(_states(hole, board), board_state, board,
                                        deal.known_cards | {c for h in hands for c in h},
                                        arrays, group,
                                        progress if len(classes) == 1 else None)
        for row, seat in enumerate(players + [plan.inner]):
            totals[seat] += summed[row] * weight
        combinations += len(_orbit(hands, plan.group)) * showdowns
        if progress is not None and len(classes) > 1:
            progress((number + 1) / len(classes))
    return totals, combinations


def _orbit(hands, group) -> set:
    maps = [_card_map(p) for p in group]
    return {tuple(_combo_key(m[a], m[b]) for a, b in hands) for m in maps}


# ------------------------------------------------------------------ Monte Carlo

def _mc_cost(deal: _Deal) -> float:
    """Relative cost of one random deal (lookups and draws)."""
    return (5 - len(deal.board)) + 3 * len(deal.seats)


def _monte_carlo(deal: _Deal, samples: int | None, seed, budget: float, target: float,
                 progress, started: float) -> tuple[Any, int, float]:
    """Totals from random deals; returns (totals, trials, max standard error)."""
    import numpy as np

    k = _kernels()
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    n = len(deal.seats)
    kind = np.zeros(n, dtype=np.uint8)
    hole = np.zeros(2 * n, dtype=np.uint8)
    range_start = np.zeros(n, dtype=np.int32)
    range_end = np.zeros(n, dtype=np.int32)
    combo_cards: list[int] = []
    cumulative: list[float] = []
    for p, seat in enumerate(deal.seats):
        if seat.hand is not None:
            hole[2 * p:2 * p + 2] = [int(c) for c in seat.hand]
        elif seat.random:
            kind[p] = 2
        else:
            kind[p] = 1
            range_start[p] = len(cumulative)
            running = 0.0
            for (a, b), w in seat.range.items():
                combo_cards += [int(a), int(b)]
                running += w
                cumulative.append(running)
            range_end[p] = len(cumulative)
    used = 0
    for c in deal.known_cards:
        used |= 1 << c
    board_state = int(_states([[]], [int(c) for c in deal.board])[0])
    cards = np.array(combo_cards, dtype=np.uint8)
    cum = np.array(cumulative, dtype=np.float64)
    totals = np.zeros((n, _SLOTS))
    done = 0
    goal = min(samples, _ROUND) if samples is not None else _FIRST_ROUND
    while True:
        size = goal - done
        trials = np.full(_STREAMS, size // _STREAMS, dtype=np.int64)
        trials[: size % _STREAMS] += 1
        seeds = rng.integers(0, 2**63, size=_STREAMS, dtype=np.uint64)
        out = np.zeros((_STREAMS, n, _SLOTS))
        threads = _threads(size * _mc_cost(deal) * 4)
        try:
            k.monte_carlo(kind, hole, range_start, range_end, cards, cum, used, board_state,
                          5 - len(deal.board), seeds, trials, out, threads)
        except RuntimeError:
            raise InvalidDealError("the ranges almost never fit together without sharing a card; "
                                   "narrow them or remove dead cards") from None
        totals += out.sum(axis=0)
        done = goal
        error = max(_std_errors(totals, done))
        if samples is not None:  # rounds of fixed sizes: the same seed gives the same answer
            if progress is not None:
                progress(done / samples)
            if done == samples:
                return totals, done, error
            goal = min(samples, done + _ROUND)
            continue
        spent = time.perf_counter() - started
        if progress is not None:
            progress(min(1.0, max(spent / budget, (target / error) ** 2 if error > 0 else 1.0)))
        if error <= target or spent >= budget:
            return totals, done, error
        rate = done / max(spent, 1e-6)
        wanted = int(done * (error / target) ** 2 * 1.05) + _STREAMS
        goal = max(done + _STREAMS, min(wanted, done + int(rate * (budget - spent))))


def _std_errors(totals, trials: int) -> list[float]:
    """Standard error of each player's mean pot share over ``trials`` independent deals."""
    errors = []
    for row in totals:
        mean = sum(row[k] / k for k in range(1, 11)) / trials
        square = sum(row[k] / (k * k) for k in range(1, 11)) / trials
        errors.append(math.sqrt(max(square - mean * mean, 0.0) / max(trials - 1, 1)))
    return errors


# ------------------------------------------------------------------ the API

def _result(deal: _Deal, totals, combinations: int, exact: bool, error: float | None,
            started: float, method: str, trials: int | None = None) -> EquityResult:
    names = _category_names()
    total = float(totals[0, :11].sum())
    if total <= 0:
        raise InvalidDealError("the ranges collide with every possible deal")
    errors = _std_errors(totals, trials) if trials else [None] * len(deal.seats)
    players = []
    for seat, row, err in zip(deal.seats, totals, errors):
        wins, ties, losses = float(row[1]), float(row[2:11].sum()), float(row[0])
        share = sum(float(row[k]) / k for k in range(1, 11))
        players.append(PlayerResult(
            hand=seat.text, win=wins / total, tie=ties / total, lose=losses / total,
            equity=share / total, wins=_number(wins), ties=_number(ties), losses=_number(losses),
            categories={name: float(row[_CATEGORY + c]) / total for c, name in enumerate(names, 1)},
            std_error=err))
    return EquityResult(tuple(players), deal.board, deal.dead, int(combinations), exact, error,
                        time.perf_counter() - started, method)


def equity(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (), *,
           samples: int | None = None, seed=None, exact: bool | None = None,
           budget: float | None = None, progress: Callable[[float], None] | None = None,
           target_std_error: float = DEFAULT_TARGET_STD_ERROR) -> EquityResult:
    """Win, tie and equity of each player, exact when it fits the budget.

    ``players``: 2-10 hands, ``None``/``"??"`` (random) or range strings.
    ``exact``: True forces enumeration, False Monte Carlo, None chooses by the
    estimated time against ``budget`` seconds (default :data:`DEFAULT_BUDGET`).
    ``samples`` fixes the number of Monte Carlo deals (and implies Monte Carlo
    unless ``exact`` is True); ``seed`` (an int or a numpy Generator) makes it
    repeatable. ``progress(fraction)`` is called as the work advances.

    >>> r = equity(["AdTs", "QcAh"], board="Kh Tc Td")
    >>> r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
    (990, 843, 131, 16)

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError for a bad deal (the message says which player or card).
    """
    started = time.perf_counter()
    deal = _prepare(players, board, dead)
    budget = DEFAULT_BUDGET if budget is None else float(budget)
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise InvalidDealError(f"samples must be a positive whole number, got {samples!r}")
    if not target_std_error > 0:
        raise InvalidDealError(f"target_std_error must be positive, got {target_std_error!r}")
    all_known = all(s.hand is not None for s in deal.seats)
    plan = None if all_known else _plan(deal)
    if exact is None:
        exact = samples is None and (all_known or plan.seconds / _max_threads() <= budget)
    if exact:
        if plan is not None and plan.seconds > 3600 * _max_threads():
            raise InvalidDealError(
                f"exact enumeration of this deal would take about {plan.seconds / 3600:.0f} hours; "
                "use Monte Carlo (leave exact unset or pass samples=)")
        totals, combinations = (_enumerate_known(deal, progress) if all_known
                                else _enumerate_ranges(deal, plan, progress))
        return _result(deal, totals, combinations, True, None, started, "enumeration")
    totals, trials, error = _monte_carlo(deal, samples, seed, budget, target_std_error, progress, started)
    return _result(deal, totals, trials, False, error, started, "monte-carlo", trials)


# ------------------------------------------------------------------ live odds

class LiveOdds:
    """The equity of a known hand against unknown opponents, street after street.

    Each :meth:`update` walks only the board cards that are new: the hero's
    state (hole cards plus board so far) and the board's own state are kept.
    Against one opponent the answer is exact (the preflop one is cached per
    starting-hand class); against more it is exact when that fits
    ``budget`` seconds, otherwise a seeded Monte Carlo estimate to
    ``target_std_error``.

    >>> odds = LiveOdds("AdTs")
    >>> round(odds.update("Kh Tc Td 3c").players[0].win, 5)
    0.95624
    """

    _preflop_cache: dict[tuple, EquityResult] = {}

    def __init__(self, hero: CardsLike, opponents: int = 1, dead: CardsLike = (), *,
                 budget: float = 0.25, target_std_error: float = 0.003, seed: int = 0):
        seat = _seat(hero, 1)
        if seat.hand is None:
            raise InvalidDealError(f"the hero needs a known hand, got {hero!r}")
        if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents < MAX_PLAYERS:
            raise InvalidDealError(f"1 to {MAX_PLAYERS - 1} opponents, got {opponents!r}")
        self.hero = seat.hand
        self.opponents = opponents
        self.dead = as_cards(dead)
        self.budget, self.target_std_error, self.seed = budget, target_std_error, seed
        _prepare([self.hero] + [None] * opponents, (), self.dead)
        self._reset()

    def _reset(self) -> None:
        self.board: tuple[Card, ...] = ()
        self._hero_state = int(_states([[int(c) for c in self.hero]], [])[0])
        self._board_state = _kernels().ROOT_STATE
        self._last: EquityResult | None = None

    def update(self, board: CardsLike = ()) -> EquityResult:
        """The odds with this board (0, 3, 4 or 5 cards); a board that does not extend the
        previous one starts a new hand."""
        board = as_cards(board)
        players = [self.hero] + [None] * self.opponents
        deal = _prepare(players, board, self.dead)
        if board[:len(self.board)] != self.board:
            self._reset()
        elif board == self.board and self._last is not None:
            return self._last
        new = [int(c) for c in board[len(self.board):]]
        self._hero_state = _walk(self._hero_state, new)
        self._board_state = _walk(self._board_state, new)
        self.board = tuple(board)
        if self.opponents == 1:
            self._last = self._heads_up(deal)
        else:
            self._last = equity(players, board, self.dead, budget=self.budget, seed=self.seed,
                                target_std_error=self.target_std_error)
        return self._last

    def _heads_up(self, deal: _Deal) -> EquityResult:
        started = time.perf_counter()
        key = None
        if not self.board:
            from .ranges import hand_class
            key = (hand_class(self.hero),) if not self.dead else (self.hero, tuple(sorted(self.dead)))
            cached = self._preflop_cache.get(key)
            if cached is not None:
                return _relabel(cached, self.hero, self.dead, started)
        plan = _plan(deal)
        totals, combinations = _scan_range(_numpy().array([self._hero_state], dtype="int32"),
                                           self._board_state, [int(c) for c in self.board],
                                           deal.known_cards, _range_arrays(deal.seats[1].source),
                                           plan.group)
        result = _result(deal, totals, combinations, True, None, started, "enumeration")
        if key is not None:
            self._preflop_cache[key] = result
        return result


def _relabel(result: EquityResult, hero, dead, started: float) -> EquityResult:
    """A cached result for a suit-isomorphic hand, shown with this hand."""
    first = result.players[0]
    players = (PlayerResult(**{**first.__dict__, "hand": f"{hero[0]}{hero[1]}"}),) + result.players[1:]
    return EquityResult(players, (), tuple(dead), result.combinations, result.exact, result.std_error,
                        time.perf_counter() - started, result.method)


def _numpy():
    import numpy
    return numpy
