"""The rules of Rummikub: valid sets, points, and the referee for one move.

* A **run** is three or more consecutive numbers of one colour, with no wrap
  from 13 to 1. A **group** is three or four tiles of one number in distinct
  colours. A joker stands for exactly one tile.
* A set is worth the sum of its numbers, a joker counting as the tile it
  replaces. When a joker could stand for several tiles (``R5 R6 J`` is
  ``R4 R5 R6`` or ``R5 R6 R7``), it counts as the highest: this is the value a
  player may claim for the set, and the order the tiles are written in does
  not matter.
* A later move places at least one tile from the hand and may rearrange the
  whole table, as long as every set is valid and no table tile goes back to a
  hand: on multisets, new table = old table + the tiles played.
* The initial meld comes from the hand alone, leaves the table untouched and
  is worth at least 30 points.

>>> read_set("R7 J R9").value
24
>>> read_set("R13 J R12").tiles
(Tile('J'), Tile('R12'), Tile('R13'))
>>> read_set("R7 R8 R10")
Traceback (most recent call last):
...
pokerfsm.games.rummikub.rules.InvalidSetError: R7 R8 R10 is not a valid set: ... consecutive numbers: R9 is missing
"""
from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ...errors import IllegalActionError
from .tiles import JOKER, Colour, Tile, TilesLike, as_tiles, format_tiles, sorted_tiles

__all__ = [
    "SetKind", "SetReading", "IllegalMoveError", "InvalidSetError", "Rule",
    "read_set", "is_valid_set", "set_value", "table_value", "table_tiles",
    "check_table", "check_move", "MoveSummary", "INITIAL_MELD_POINTS",
    "MIN_SET", "MAX_GROUP", "as_table", "add_tile", "find_run", "find_group",
]

INITIAL_MELD_POINTS = 30
MIN_SET = 3
MAX_GROUP = 4
TOP = 13


class Rule(enum.StrEnum):
    """The rule a rejected move breaks (the ``rule`` of an :class:`IllegalMoveError`)."""

    INVALID_SET = "invalid-set"
    NOT_YOUR_TILE = "not-your-tile"
    TABLE_TILE_TAKEN = "table-tile-taken"
    NOTHING_PLACED = "nothing-placed"
    MELD_TOO_LOW = "initial-meld-below-30"
    MELD_TOUCHES_TABLE = "initial-meld-changes-table"
    NOT_YOUR_TURN = "not-your-turn"
    POOL_EMPTY = "pool-empty"
    POOL_NOT_EMPTY = "pool-not-empty"
    GAME_OVER = "game-over"


class IllegalMoveError(IllegalActionError):
    """A move the rules reject; ``rule`` says which rule, the message says why."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message)
        self.rule = rule


class InvalidSetError(IllegalMoveError):
    """Tiles that form neither a run nor a group."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Rule.INVALID_SET)


class SetKind(enum.StrEnum):
    RUN = "run"
    GROUP = "group"


@dataclass(frozen=True)
class SetReading:
    """How a valid set is read: its kind, its tiles in order, what each stands for.

    ``tiles`` is the set laid out (a run in increasing order with its jokers
    in place, a group by colour with jokers last); ``numbers`` gives the number
    each of those tiles counts as, so ``value == sum(numbers)``.
    """

    kind: SetKind
    tiles: tuple[Tile, ...]
    numbers: tuple[int, ...]

    @property
    def value(self) -> int:
        return sum(self.numbers)

    @property
    def colour(self) -> Colour | None:
        """The colour of a run (``None`` for a group or an all-joker run)."""
        return next((t.colour for t in self.tiles if not t.is_joker), None) if self.kind is SetKind.RUN else None


def _number_of(tile: Tile) -> int:
    """The number of a tile known not to be the joker."""
    number = tile.number
    assert number is not None, "the jokers of a set are counted apart"
    return number


def _letter_of(tile: Tile) -> str:
    """The colour letter of a tile known not to be the joker."""
    colour = tile.colour
    assert colour is not None, "the jokers of a set are counted apart"
    return colour.letter


def _read_run(numbered: list[Tile], jokers: int) -> SetReading | str:
    """The run with the highest value, or the reason there is none."""
    size = len(numbered) + jokers
    colours = {t.colour for t in numbered}
    if len(colours) > 1:
        other = next(t for t in numbered if t.colour != numbered[0].colour)
        return f"a run is of one colour and a group of one number: {numbered[0]} and {other}"
    numbers = sorted(_number_of(t) for t in numbered)
    for low, high in pairwise(numbers):
        if low == high:
            return f"{_letter_of(numbered[0])}{low} appears twice in a run"
    if size > TOP:
        return f"a run has at most {TOP} tiles (no wrap from 13 to 1)"
    if numbers:
        missing = numbers[-1] - numbers[0] + 1 - len(numbers)
        if missing > jokers:
            colour = _letter_of(numbered[0])
            gaps = [f"{colour}{n}" for n in range(numbers[0], numbers[-1]) if n not in numbers]
            listed = " ".join(gaps) if len(gaps) <= 3 else f"{gaps[0]} ... {gaps[-1]}"
            verb = "is" if len(gaps) == 1 else "are"
            wrap = " (no wrap from 13 to 1)" if numbers[0] == 1 and numbers[-1] == TOP else ""
            with_jokers = f" and {jokers} joker{'s' if jokers > 1 else ''} cannot fill them" if jokers else ""
            return f"a run needs consecutive numbers: {listed} {verb} missing{with_jokers}{wrap}"
        start = min(numbers[0], TOP + 1 - size)
    else:
        start = TOP + 1 - size
    present = {t.number: t for t in numbered}
    laid = tuple(present.get(n, JOKER) for n in range(start, start + size))
    return SetReading(SetKind.RUN, laid, tuple(range(start, start + size)))


def _read_group(numbered: list[Tile], jokers: int) -> SetReading | str:
    """The group, or the reason there is none."""
    size = len(numbered) + jokers
    if len({t.number for t in numbered}) > 1:
        return "a group needs one number"
    if size > MAX_GROUP:
        return f"a group has at most {MAX_GROUP} tiles"
    seen: set[Colour | None] = set()
    for tile in numbered:
        if tile.colour in seen:
            return f"a group needs distinct colours: {tile} appears twice"
        seen.add(tile.colour)
    number = _number_of(numbered[0]) if numbered else TOP
    laid = tuple(sorted(numbered)) + (JOKER,) * jokers
    return SetReading(SetKind.GROUP, laid, (number,) * size)


def read_set(tiles: TilesLike) -> SetReading:
    """Read tiles (in any order) as a run or a group; raise :class:`InvalidSetError` if neither.

    When both readings fit (``R5 J J``) the one with the higher value wins.

    >>> read_set("R5 J J").kind, read_set("R5 J J").value, read_set("K13 J J").kind
    (<SetKind.RUN: 'run'>, 18, <SetKind.GROUP: 'group'>)
    """
    tiles = as_tiles(tiles)
    reading = _reading(tuple(sorted(tiles)))
    if isinstance(reading, str):
        raise InvalidSetError(f"{format_tiles(tiles) or 'an empty set'} is not a valid set: {reading}")
    return reading


@functools.lru_cache(maxsize=8192)
def _reading(tiles: tuple[Tile, ...]) -> SetReading | str:
    """The best reading of sorted tiles, or why they are not a set."""
    numbered = [t for t in tiles if not t.is_joker]
    jokers = len(tiles) - len(numbered)
    if len(tiles) < MIN_SET:
        return f"a set needs at least {MIN_SET} tiles"
    run = _read_run(numbered, jokers)
    group = _read_group(numbered, jokers)
    readings = [r for r in (run, group) if isinstance(r, SetReading)]
    if not readings:
        return group if len({t.number for t in numbered}) <= 1 else run
    return max(readings, key=lambda r: r.value)


def is_valid_set(tiles: TilesLike) -> bool:
    """Whether the tiles form a run or a group.

    >>> [is_valid_set(s) for s in ("B1 B2 B3", "K12 K13 K1", "R7 B7 Y7 K7", "R7 B7 R7", "J J B2")]
    [True, False, True, False, True]
    """
    try:
        read_set(tiles)
    except InvalidSetError:
        return False
    return True


def set_value(tiles: TilesLike) -> int:
    """The points of a set, a joker counting as the (highest) tile it replaces.

    >>> set_value("Y7 Y8 J"), set_value("J R11 B11")
    (24, 33)
    """
    return read_set(tiles).value


def as_table(table: Iterable[TilesLike]) -> list[tuple[Tile, ...]]:
    """Normalise a table given as a list of sets, each a string or a list of tiles.

    A single string is read as sets separated by ``|``.

    >>> as_table("R7 R8 R9 | B1 B2 B3")
    [(Tile('R7'), Tile('R8'), Tile('R9')), (Tile('B1'), Tile('B2'), Tile('B3'))]
    """
    if isinstance(table, str):
        table = [part for part in table.split("|") if part.strip()]
    return [as_tiles(s) for s in table]


def table_tiles(table: Iterable[Sequence[Tile]]) -> Counter[Tile]:
    """All the tiles on a table as one multiset (the course's ``setof_tuiles``)."""
    bag: Counter[Tile] = Counter()
    for tiles in table:
        bag.update(tiles)
    return bag


def table_value(table: Iterable[Sequence[Tile]]) -> int:
    """The points of a table (or a meld): the sum of its sets' values."""
    return sum(read_set(s).value for s in table)


def check_table(table: Sequence[Sequence[Tile]]) -> None:
    """Raise :class:`InvalidSetError` naming the first invalid set (numbered from 1)."""
    for number, tiles in enumerate(table, 1):
        try:
            read_set(tiles)
        except InvalidSetError as exc:
            raise InvalidSetError(f"set {number}: {exc}") from None


def _set_key(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles))


def unchanged_sets(old_table: Sequence[Sequence[Tile]], new_table: Sequence[Sequence[Tile]]) -> list[int]:
    """Indices of old sets found, tile for tile, in the new table (each matched once)."""
    available = Counter(_set_key(s) for s in new_table)
    kept = []
    for index, tiles in enumerate(old_table):
        key = _set_key(tiles)
        if available[key]:
            available[key] -= 1
            kept.append(index)
    return kept


@dataclass(frozen=True)
class MoveSummary:
    """What a legal move does: the tiles it places and what they are worth."""

    placed: tuple[Tile, ...]
    value_placed: int
    sets_changed: int

    @property
    def tiles_placed(self) -> int:
        return len(self.placed)


def _describe(tiles: Counter[Tile]) -> str:
    return format_tiles(sorted_tiles(tiles))


def check_move(old_table: Sequence[Sequence[Tile]], hand: Counter[Tile],
               new_table: Sequence[Sequence[Tile]], *, initial_done: bool) -> MoveSummary:
    """Referee one move; return its :class:`MoveSummary` or raise :class:`IllegalMoveError`.

    ``old_table`` is assumed valid. The value placed is the value of the new
    table minus that of the old one (for an initial meld: the meld's value).

    >>> old = as_table("R9 R10 R11")
    >>> check_move(old, Counter(as_tiles("R8 B2")), as_table("R8 R9 R10 R11"), initial_done=True)
    MoveSummary(placed=(Tile('R8'),), value_placed=8, sets_changed=1)
    >>> check_move(old, Counter(as_tiles("R8 B2")), as_table("R9 R10 R11 | R8 B2 J"), initial_done=True)
    Traceback (most recent call last):
    ...
    pokerfsm.games.rummikub.rules.IllegalMoveError: J is not in your hand
    """
    old_tiles, new_tiles = table_tiles(old_table), table_tiles(new_table)
    taken = old_tiles - new_tiles
    if taken:
        raise IllegalMoveError(
            f"table tiles cannot go back to a hand: {_describe(taken)} "
            f"{'is' if taken.total() == 1 else 'are'} missing from the new table",
            Rule.TABLE_TILE_TAKEN)
    placed = new_tiles - old_tiles
    not_yours = placed - hand
    if not_yours:
        raise IllegalMoveError(
            f"{_describe(not_yours)} {'is' if not_yours.total() == 1 else 'are'} not in your hand",
            Rule.NOT_YOUR_TILE)
    if not placed:
        raise IllegalMoveError("a move places at least one tile from the hand (or draw a tile)",
                               Rule.NOTHING_PLACED)
    check_table(new_table)
    kept = unchanged_sets(old_table, new_table)
    if not initial_done:
        if len(kept) < len(old_table):
            first = next(i for i in range(len(old_table)) if i not in kept)
            raise IllegalMoveError(
                f"the initial meld must leave the table untouched, but set {first + 1} "
                f"({format_tiles(old_table[first])}) was changed", Rule.MELD_TOUCHES_TABLE)
        meld_value = table_value(new_table) - table_value(old_table)
        if meld_value < INITIAL_MELD_POINTS:
            raise IllegalMoveError(
                f"the initial meld is worth {meld_value} points; it needs at least {INITIAL_MELD_POINTS}",
                Rule.MELD_TOO_LOW)
    return MoveSummary(tuple(sorted_tiles(placed)), table_value(new_table) - table_value(old_table),
                       len(old_table) - len(kept))


# --- the course's small helpers (section 8.2 and 8.3) ----------------------------------------

def add_tile(table: Sequence[Sequence[Tile]], tile: Tile) -> list[tuple[Tile, ...]] | None:
    """The table with ``tile`` added to the first set it fits, or ``None`` (``ajouter_tuile``).

    >>> add_tile(as_table("R7 B7 Y7 | R1 R2 R3"), Tile("R4"))
    [(Tile('R7'), Tile('B7'), Tile('Y7')), (Tile('R1'), Tile('R2'), Tile('R3'), Tile('R4'))]
    >>> add_tile(as_table("R1 R2 R3"), Tile("B9")) is None
    True
    """
    for index, tiles in enumerate(table):
        grown = tuple(tiles) + (Tile(tile),)
        if is_valid_set(grown):
            return [tuple(s) for s in table[:index]] + [read_set(grown).tiles] + [
                tuple(s) for s in table[index + 1:]]
    return None


def _best(candidates: Iterable[tuple[Tile, ...]]) -> tuple[Tile, ...] | None:
    readings = [read_set(c) for c in candidates if is_valid_set(c)]
    if not readings:
        return None
    return max(readings, key=lambda r: (len(r.tiles), r.value, tuple(-t for t in r.tiles))).tiles


def find_run(hand: Counter[Tile]) -> tuple[Tile, ...] | None:
    """The longest run in a hand (then the highest), jokers filling gaps (``proposer_suite``).

    >>> find_run(Counter(as_tiles("R1 R2 R4 J B9 B10")))
    (Tile('R1'), Tile('R2'), Tile('J'), Tile('R4'))
    """
    jokers = hand[JOKER]
    candidates = []
    for colour in Colour:
        for start in range(1, TOP + 1):
            for end in range(start + MIN_SET - 1, TOP + 1):
                wanted = [Tile.of(colour, n) for n in range(start, end + 1)]
                missing = sum(1 for t in wanted if not hand[t])
                if missing <= jokers and missing < len(wanted):
                    candidates.append(tuple(t if hand[t] else JOKER for t in wanted))
    return _best(candidates)


def find_group(hand: Counter[Tile]) -> tuple[Tile, ...] | None:
    """The biggest group in a hand (then the highest), with jokers if needed (``proposer_groupe``).

    >>> find_group(Counter(as_tiles("R7 B7 K7 Y2 J")))
    (Tile('B7'), Tile('R7'), Tile('K7'), Tile('J'))
    """
    jokers = hand[JOKER]
    candidates = []
    for number in range(1, TOP + 1):
        present = [Tile.of(c, number) for c in Colour if hand[Tile.of(c, number)]]
        if present:
            for extra in range(min(jokers, MAX_GROUP - len(present)) + 1):
                candidates.append(tuple(present) + (JOKER,) * extra)
    return _best(candidates)
