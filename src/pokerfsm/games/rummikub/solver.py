"""The exact best Rummikub move, as an integer linear programme solved by HiGHS.

Every valid table can be cut into sets of 3 to 5 tiles (a longer run splits
into shorter runs), so the model picks how many copies ``x_s`` of each such
set to lay down, how many tiles ``y_t`` of each kind leave the hand, and
which old table sets ``k_i`` stay exactly as they are:

    for every tile t:  sum_s A[t, s] x_s + sum_i K[t, i] k_i  =  table_t + y_t
                       0 <= y_t <= hand_t

It maximises, in this order of priority, the tiles placed (``sum y``), the
value of the new table (so, the value placed), and the old sets kept. The
three goals are folded into one integer objective with weights far enough
apart that the order is strict.

For an initial meld the table is left out, the sets come from the hand
alone and must be worth at least 30 points together.

Only the sets whose tiles are all at hand enter the model; a mid-game position
has a few hundred of them. The LP relaxation is solved by HiGHS (through
highspy) and integrality is enforced by a small depth-first branch and bound
that re-solves the LP warm from node to node. It is complete, so the answer
is exact, not a heuristic; an unusually deep search is handed to HiGHS's
MIP solver instead.

The course's worked example (section 8.4):

>>> best = solve(hand="K7 K7 R8 K3 K5 K5", table="R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11")
>>> best.tiles_placed, best.value_placed, best.sets_changed
(4, 23, 3)
>>> format_tiles(best.placed)
'R8 K3 K5 K7'
>>> len(best.new_table), len(best.steps)
(4, 4)

Ties on all three goals are broken arbitrarily (but repeatably).
"""
from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import highspy

from .rules import (
    INITIAL_MELD_POINTS,
    SetKind,
    SetReading,
    as_table,
    check_table,
    read_set,
    table_tiles,
    table_value,
    unchanged_sets,
)
from .steps import describe_move, lay_out
from .tiles import JOKER, JOKERS, Tile, TilesLike, as_tiles, check_supply, format_tiles  # noqa: F401 (doctests)

__all__ = ["Solution", "solve", "candidate_sets"]

MAX_PIECE = 5
TILE_KINDS = 53
# Weights of the three goals; each is larger than the whole range of the next.
KEEP_WEIGHT = 1
VALUE_WEIGHT = 64  # > the number of sets a table can hold (106 / 3)
TILE_WEIGHT = VALUE_WEIGHT * 4096  # > the value of any table (106 tiles * 13)
MAX_NODES = 400        # branch-and-bound nodes before handing over to HiGHS's MIP solver
BOUND_SLACK = 0.01     # LP bounds are exact to far better than this; objectives are integers
INTEGRALITY = 1e-6


@dataclass(frozen=True)
class Solution:
    """The best move for a position; ``tiles_placed == 0`` means there is none (draw).

    ``new_table`` lists the old sets in their places (changed or not), then the
    new ones; ``steps`` says how to get there, numbering sets as before the move.
    """

    tiles_placed: int
    value_placed: int
    sets_changed: int
    placed: tuple[Tile, ...]
    new_table: tuple[tuple[Tile, ...], ...]
    steps: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` form: tile names as strings."""
        return {
            "tiles_placed": self.tiles_placed,
            "value_placed": self.value_placed,
            "sets_changed": self.sets_changed,
            "placed": [str(t) for t in self.placed],
            "new_table": [[str(t) for t in s] for s in self.new_table],
            "steps": list(self.steps),
        }


@dataclass(frozen=True)
class _Catalogue:
    """Every valid set of 3-5 tiles, as rows of tile counts."""

    tiles: tuple[tuple[Tile, ...], ...]   # each set as laid out on the table
    counts: np.ndarray                    # (sets, 53) int16
    values: np.ndarray                    # (sets,) points, jokers at their best
    members: np.ndarray                   # (sets, 5) distinct tile kinds, -1 padded
    multiplicity: np.ndarray              # (sets, 5) copies of each member


def candidate_sets() -> tuple[tuple[Tile, ...], ...]:
    """All distinct valid sets of 3 to 5 tiles, jokers included (the model's columns).

    >>> sets = candidate_sets()
    >>> len(sets), sum(JOKER not in s for s in sets)
    (1173, 185)
    """
    return _catalogue().tiles


@functools.lru_cache(maxsize=1)
def _catalogue() -> _Catalogue:
    keys: dict[tuple[Tile, ...], None] = {}
    for colour in range(4):
        for length in range(3, MAX_PIECE + 1):
            for start in range(1, 15 - length):
                run = [Tile.of(colour, start + i) for i in range(length)]
                for jokers in range(min(JOKERS, length - 1) + 1):
                    for spots in combinations(range(length), jokers):
                        kept = [t for i, t in enumerate(run) if i not in spots]
                        keys[tuple(sorted(kept + [JOKER] * jokers))] = None
    for number in range(1, 14):
        colours = [Tile.of(c, number) for c in range(4)]
        for length in (3, 4):
            for jokers in range(JOKERS + 1):
                for chosen in combinations(colours, length - jokers):
                    keys[tuple(chosen) + (JOKER,) * jokers] = None
    readings = [read_set(key) for key in keys]
    counts = np.zeros((len(keys), TILE_KINDS), dtype=np.int16)
    members = np.full((len(keys), MAX_PIECE), -1, dtype=np.int32)
    multiplicity = np.zeros((len(keys), MAX_PIECE), dtype=np.int32)
    for row, key in enumerate(keys):
        for column, (tile, copies) in enumerate(sorted(Counter(key).items())):
            counts[row, tile] = copies
            members[row, column] = tile
            multiplicity[row, column] = copies
    values = np.array([r.value for r in readings], dtype=np.int64)
    return _Catalogue(tuple(r.tiles for r in readings), counts, values, members, multiplicity)


def _as_counts(tiles: Counter[Tile]) -> np.ndarray:
    counts = np.zeros(TILE_KINDS, dtype=np.int16)
    for tile, copies in tiles.items():
        counts[tile] = copies
    return counts


def _optimise(hand: np.ndarray, table: np.ndarray, kept: Sequence[Sequence[Tile]],
              min_value: int) -> tuple[list[int], list[int]] | None:
    """Solve the model; return (catalogue rows used, with repeats; indices of kept sets).

    ``hand`` and ``table`` are tile counts; ``kept`` the old sets that may stay
    as they are; ``min_value`` a floor on the value of the sets laid (initial
    meld). Returns ``None`` when nothing is feasible (no meld reaches the floor).
    """

    catalogue = _catalogue()
    available = hand + table
    usable = np.flatnonzero((catalogue.counts <= available).all(axis=1))
    rows = np.flatnonzero(available)
    row_of = np.full(TILE_KINDS, -1, dtype=np.int32)
    row_of[rows] = np.arange(len(rows), dtype=np.int32)
    hand_kinds = np.flatnonzero(hand)

    # columns: the usable sets, then one per hand tile kind, then one per old set
    members = catalogue.members[usable]
    present = members >= 0
    set_index = row_of[members[present]]
    set_value = catalogue.multiplicity[usable][present].astype(np.float64)
    set_lengths = present.sum(axis=1)
    with np.errstate(divide="ignore"):
        copies_possible = np.where(catalogue.counts[usable] > 0,
                                   available // np.maximum(catalogue.counts[usable], 1), 99)
    set_upper = copies_possible.min(axis=1).astype(np.float64)
    kept_counts = [Counter(s) for s in kept]
    kept_index = [row_of[np.array(sorted(c), dtype=np.int64)] for c in kept_counts]
    kept_value = [np.array([c[t] for t in sorted(c)], dtype=np.float64) for c in kept_counts]

    lengths = np.concatenate((set_lengths, np.ones(len(hand_kinds), dtype=np.int64),
                              [len(index) for index in kept_index])).astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int32)
    a_index = np.concatenate([set_index, row_of[hand_kinds], *kept_index]).astype(np.int32)
    a_value = np.concatenate([set_value, -np.ones(len(hand_kinds)), *kept_value])
    kept_points = np.array([read_set(s).value for s in kept], dtype=np.float64)
    cost = np.concatenate((
        VALUE_WEIGHT * catalogue.values[usable].astype(np.float64),
        np.full(len(hand_kinds), float(TILE_WEIGHT)),
        VALUE_WEIGHT * kept_points + KEEP_WEIGHT,
    ))
    lower = np.zeros(len(cost))
    upper = np.concatenate((set_upper, hand[hand_kinds].astype(np.float64), np.ones(len(kept))))
    row_bounds = table[rows].astype(np.float64)
    num_rows = len(rows)

    highs = _quiet_highs()
    highs.setOptionValue("threads", 1)
    highs.setOptionValue("presolve", "off")  # keeps the basis between branch-and-bound nodes
    highs.passModel(
        len(cost), num_rows, len(a_index), 1, -1, 0.0,  # column-wise, maximise
        cost, lower, upper, row_bounds, row_bounds,
        starts, a_index, a_value,
        np.zeros(len(cost), dtype=np.int32),  # the relaxation; integrality is ours to enforce
    )
    if min_value:
        columns = np.arange(len(usable), dtype=np.int32)
        highs.addRow(float(min_value), highs.inf, len(columns), columns,
                     catalogue.values[usable].astype(np.float64))
    solution = _branch_and_bound(highs, cost, lower, upper)
    if solution is None:
        return None
    chosen = np.repeat(usable, solution[:len(usable)]).tolist()
    kept_sets = np.flatnonzero(solution[len(usable) + len(hand_kinds):]).tolist()
    return chosen, kept_sets


def _quiet_highs() -> highspy.Highs:
    """A ``highspy.Highs`` that prints nothing.

    highspy 1.16 prints a banner on standard output (from C++) when the first
    ``Highs`` is constructed, before any option can be set; older versions
    print nothing. Descriptor 1 is silenced around the construction, which
    works with every version.
    """
    import highspy

    from ...stdio import silenced_stdout

    with silenced_stdout():
        highs = highspy.Highs()
    highs.setOptionValue("output_flag", False)
    return highs


def _branch_and_bound(highs: highspy.Highs, cost: np.ndarray, lower: np.ndarray, upper: np.ndarray,
                      max_nodes: int | None = None) -> np.ndarray | None:
    """The integer optimum of the LP loaded in ``highs``, or ``None`` if there is no integer point.

    A depth-first branch and bound on the LP relaxation, warm-started from node
    to node: the relaxation is integral or nearly so on most positions, and
    this beats HiGHS's MIP solver (whose root cuts and heuristics cost several
    milliseconds) by about two to one. Every cost is an integer, so a node
    whose bound rounds down to the best value found is pruned; the search is
    complete, hence exact. Past ``max_nodes`` nodes it hands the model to
    HiGHS's MIP solver instead, so no position can take long.
    """
    import highspy

    limit = MAX_NODES if max_nodes is None else max_nodes
    optimal = highspy.HighsModelStatus.kOptimal
    columns = np.arange(len(cost), dtype=np.int32)
    best_value, best = -math.inf, None
    stack = [(lower, upper)]
    nodes = 0
    while stack:
        nodes += 1
        if nodes > limit:
            return _mip(highs, columns, lower, upper)
        low, high = stack.pop()
        highs.changeColsBounds(len(columns), columns, low, high)
        highs.run()
        if highs.getModelStatus() != optimal:
            continue  # infeasible branch
        bound = highs.getInfo().objective_function_value
        if math.floor(bound + BOUND_SLACK) <= best_value:
            continue
        x = np.asarray(highs.getSolution().col_value)
        distance = np.abs(x - np.rint(x))
        column = int(np.argmax(distance))
        if distance[column] < INTEGRALITY:
            best = np.rint(x).astype(np.int64)
            best_value = int(cost @ best)
            continue
        down, up = high.copy(), low.copy()
        down[column] = math.floor(x[column])
        up[column] = math.ceil(x[column])
        stack.append((low, down))
        stack.append((up, high))  # explored first: placing more tends to pay
    return best


def _mip(highs: highspy.Highs, columns: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> np.ndarray | None:
    """Solve the loaded model as a MIP with HiGHS (exact: gap below 1 on an integer objective)."""
    import highspy

    highs.changeColsBounds(len(columns), columns, lower, upper)
    highs.changeColsIntegrality(len(columns), columns, np.ones(len(columns), dtype=np.uint8))
    highs.setOptionValue("mip_rel_gap", 0.0)
    highs.setOptionValue("mip_abs_gap", 0.5)
    highs.setOptionValue("mip_heuristic_run_feasibility_jump", False)
    highs.setOptionValue("mip_detect_symmetry", False)
    highs.run()
    if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    solution: np.ndarray = np.rint(np.asarray(highs.getSolution().col_value)).astype(np.int64)
    return solution


def _merge_runs(sets: list[tuple[Tile, ...]]) -> list[tuple[Tile, ...]]:
    """Join runs of one colour that follow each other (``R1 R2 R3`` + ``R4 R5 R6``)."""
    readings = [read_set(s) for s in sets]
    runs = sorted((r for r in readings if r.kind is SetKind.RUN and r.colour is not None),
                  key=lambda r: (r.colour, r.numbers[0], r.tiles))
    joined: list[SetReading] = []
    for run in runs:
        last = joined[-1] if joined else None
        if last is not None and last.colour == run.colour and last.numbers[-1] + 1 == run.numbers[0]:
            joined[-1] = read_set(last.tiles + run.tiles)
        else:
            joined.append(run)
    others = [r for r in readings if not (r.kind is SetKind.RUN and r.colour is not None)]
    return sorted(r.tiles for r in joined + others)


def solve(hand: TilesLike | Counter[Tile], table: Iterable[TilesLike] | str = (), *,
          initial_done: bool = True) -> Solution:
    """Find the exact best move: most tiles placed, then most value, then fewest sets changed.

    ``hand`` is tiles (a string such as ``"R7 R8 J"``, a list, or a Counter);
    ``table`` a list of sets (or one string with sets separated by ``|``);
    ``initial_done`` says whether the player has made their initial meld.

    Raises :class:`~pokerfsm.games.rummikub.rules.InvalidSetError` for an
    invalid table set, :class:`~pokerfsm.games.rummikub.tiles.TileSupplyError`
    when the position holds more copies of a tile than the game has.

    >>> solve("R1 R2 R3 B4", initial_done=False).tiles_placed  # 6 points: no meld
    0
    >>> solve("R12 R13 J B4", initial_done=False).steps
    ('place J R12 R13 from your hand as a new run',)
    """
    hand_tiles = hand.copy() if isinstance(hand, Counter) else Counter(as_tiles(hand))
    hand_tiles = Counter({Tile(t): n for t, n in hand_tiles.items() if n > 0})
    old_table = as_table(table)
    check_table(old_table)
    check_supply(hand_tiles + table_tiles(old_table), "the hand and the table together")
    nothing = Solution(0, 0, 0, (), tuple(tuple(s) for s in old_table), ())
    if not hand_tiles:
        return nothing
    hand_counts = _as_counts(hand_tiles)
    if initial_done:
        result = _optimise(hand_counts, _as_counts(table_tiles(old_table)), old_table, 0)
    else:
        zero = np.zeros(TILE_KINDS, dtype=np.int16)
        result = _optimise(hand_counts, zero, (), INITIAL_MELD_POINTS)
        if result is not None:
            result = (result[0], list(range(len(old_table))))
    if result is None:
        return nothing
    chosen, kept = result
    catalogue = _catalogue()
    new_sets = _merge_runs([catalogue.tiles[row] for row in chosen])
    placed = table_tiles(new_sets) + table_tiles(old_table[i] for i in kept) - table_tiles(old_table)
    if not placed:
        return nothing
    new_table = lay_out(old_table, kept, new_sets)
    changed = len(old_table) - len(unchanged_sets(old_table, new_table))
    return Solution(
        tiles_placed=placed.total(),
        value_placed=table_value(new_table) - table_value(old_table),
        sets_changed=changed,
        placed=tuple(sorted(placed.elements())),
        new_table=tuple(new_table),
        steps=tuple(describe_move(old_table, new_table, placed)),
    )

