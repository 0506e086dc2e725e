"""Positions: a hand, a table and the initial-meld flag, read from JSON files or dealt at random.

The file format (``pokerfsm rummikub solve FILE``)::

    {"hand": ["R7", "J", ...], "table": [["B1", "B2", "B3"], ...], "initial_done": true}

and, for the referee (``pokerfsm rummikub check FILE``), a proposed
``"new_table"`` as well. A tile may also be given as one string of tiles
(``"hand": "R7 R8 J"``), a set likewise (``["B1 B2 B3"]``).

>>> position = random_position(seed=7, hand_size=14, table_tiles=30)
>>> position.hand.total(), sum(len(s) for s in position.table) >= 30
(14, True)
"""
from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from ...errors import Error, InvalidDealError
from ...textfiles import file_error, read_text_file
from .rules import as_table, check_table, read_set, table_tiles
from .tiles import JOKER, Tile, as_tiles, check_supply, deal, full_set

__all__ = ["Position", "load_position", "random_position"]

_Value = TypeVar("_Value")


@dataclass
class Position:
    """One player's view of a game: their hand, the table, whether they have melded."""

    hand: Counter[Tile]
    table: list[tuple[Tile, ...]]
    initial_done: bool = True
    new_table: list[tuple[Tile, ...]] | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "hand": [str(t) for t in sorted(self.hand.elements())],
            "table": [[str(t) for t in s] for s in self.table],
            "initial_done": self.initial_done,
        }
        if self.new_table is not None:
            data["new_table"] = [[str(t) for t in s] for s in self.new_table]
        return data


def _line_of(text: str, needle: str) -> int:
    """The line (from 1) where ``needle`` first occurs in ``text``, else 1."""
    index = text.find(needle)
    return text.count("\n", 0, index) + 1 if index >= 0 else 1


MAX_DIGITS = 18
"""Longest number a position file may hold (none needs more than a few digits)."""
MAX_TILES = full_set().total()
"""A hand, a table or a new table never holds more tiles than the game has (106)."""
_TILE_TOKENS = re.compile(r"[^\s,;]+")


def brief(value: Any) -> str:
    """A short description of a JSON value for an error message, never its whole text.

    Deeply nested lists and huge numbers are summarised, not printed (printing
    them could recurse or convert a 5,000-digit integer).

    >>> brief("R7"), brief(7), brief([["R7"]]), brief({"a": 1}), brief(10 ** 30), brief("x" * 50)
    ("'R7'", '7', 'a list', 'an object', 'a 31-digit number', "'xxxxxxxxxxxxxxxxxxxxxxxx'... (50 characters)")
    """
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10 ** MAX_DIGITS else None
        return str(value) if digits else f"a {_digits(value)}-digit number"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else f"{value[:24]!r}... ({len(value)} characters)"
    return "a list" if isinstance(value, list) else "an object"


def _digits(value: int) -> int:
    """Decimal digits of a (possibly huge) integer without converting it to text."""
    value = abs(value)
    digits = max(1, int(value.bit_length() * 0.30102999566398120))
    while 10 ** digits <= value:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > value:
        digits -= 1
    return digits


class _LongNumber(Exception):
    """A number with more than :data:`MAX_DIGITS` digits in the JSON text."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _number(text: str) -> int | float:
    """``json.loads``'s ``parse_int``/``parse_float``: refuse numbers longer than any position needs."""
    if len(text.lstrip("-").split(".")[0].split("e")[0].split("E")[0]) > MAX_DIGITS:
        raise _LongNumber(text)
    return float(text) if any(c in text for c in ".eE") else int(text)


def _parse_json(path: Path, text: str) -> Any:
    """The JSON document in ``text``, or one :class:`InputFileError` line saying what is wrong."""
    try:
        return json.loads(text, parse_int=_number, parse_float=_number)
    except json.JSONDecodeError as exc:
        raise file_error(path, exc.lineno, f"not valid JSON: {exc.msg}") from None
    except _LongNumber as exc:
        digits = len(exc.text.lstrip("-"))
        raise file_error(path, _line_of(text, exc.text),
                         f"a {digits}-digit number; a position holds small numbers only") from None
    except RecursionError:
        raise file_error(path, 1, "nested too deeply: a position is an object of lists of tiles") from None


def load_position(path: str | Path, *, need_new_table: bool = False) -> Position:
    """Read a position file; raise :class:`~pokerfsm.errors.InputFileError` as ``FILE:LINE: message``.

    The file is read with :func:`pokerfsm.textfiles.read_text_file` (a regular
    file of at most 4 MiB, UTF-8 with or without a byte-order mark). The table
    in the file must be valid, the tiles must exist in the game (at most two
    of each, two jokers), and no hand or table may hold more than the game's
    106 tiles.
    """
    path = Path(path)
    text = read_text_file(path)
    data = _parse_json(path, text)
    if not isinstance(data, dict):
        raise file_error(path, 1, "expected a JSON object with \"hand\" and \"table\"")
    required = ("hand", "table", "new_table") if need_new_table else ("hand",)
    for key in required:
        if key not in data:
            raise file_error(path, 1, f"missing key {key!r}")
    known = {"hand", "table", "initial_done", "new_table"}
    for key in data:
        if key not in known:
            raise file_error(path, _line_of(text, json.dumps(key)), f"unknown key {brief(key)}")

    def where(key: str) -> int:
        return _line_of(text, json.dumps(key))

    def read(key: str, convert: Callable[[Any], _Value]) -> _Value:
        try:
            return convert(data[key])
        except Error as exc:
            token = getattr(exc, "token", None)
            line = _line_of(text, json.dumps(token)) if token else where(key)
            raise file_error(path, line, f"{key}: {exc}") from None

    hand = read("hand", lambda v: Counter(_tiles(v)))
    table = read("table", _table) if "table" in data else []
    initial_done = data.get("initial_done", True)
    if not isinstance(initial_done, bool):
        raise file_error(path, where("initial_done"),
                         f"initial_done must be true or false, not {brief(initial_done)}")
    new_table = read("new_table", _table) if "new_table" in data else None
    try:
        check_table(table)
    except Error as exc:
        raise file_error(path, where("table"), f"the table is not valid: {exc}") from None
    try:
        check_supply(hand + table_tiles(table), "the hand and the table together")
    except Error as exc:
        raise file_error(path, where("hand"), str(exc)) from None
    return Position(hand, table, initial_done, new_table)


def _too_many() -> _TokenError:
    return _TokenError(f"more than {MAX_TILES} tiles; the whole game has only {MAX_TILES}", None)


def _string_tiles(text: str, limit: int) -> list[Tile]:
    """Tiles in one string, refusing more than ``limit`` before reading them all."""
    tiles: list[Tile] = []
    for match in _TILE_TOKENS.finditer(text):
        if len(tiles) >= limit:
            raise _too_many()
        tiles.extend(as_tiles(match.group()))
    return tiles


def _tiles(value: Any, limit: int = MAX_TILES) -> tuple[Tile, ...]:
    if isinstance(value, str):
        return tuple(_string_tiles(value, limit))
    if not isinstance(value, list):
        raise _TokenError(f"expected a list of tiles, got {brief(value)}", None)
    tiles: list[Tile] = []
    for item in value:
        if not isinstance(item, str):
            raise _TokenError(f"expected a tile such as \"R7\", got {brief(item)}", None)
        try:
            tiles.extend(_string_tiles(item, limit - len(tiles)))
        except _TokenError:
            raise
        except Error as exc:
            raise _TokenError(str(exc), item) from None
    return tuple(tiles)


def _table(value: Any) -> list[tuple[Tile, ...]]:
    if isinstance(value, str):
        if len(value) > 8 * MAX_TILES:
            raise _too_many()
        return as_table(value)
    if not isinstance(value, list):
        raise _TokenError(f"expected a list of sets, got {brief(value)}", None)
    sets: list[tuple[Tile, ...]] = []
    placed = 0
    for item in value:
        tiles = _tiles(item, MAX_TILES - placed)
        placed += len(tiles)
        sets.append(tiles)
        if len(sets) > MAX_TILES:
            raise _too_many()
    return sets


class _TokenError(Error, ValueError):
    """A bad value inside a position file; ``token`` is the text to locate."""

    def __init__(self, message: str, token: str | None) -> None:
        super().__init__(message)
        self.token = token


def _random_set(pool: Counter[Tile], rng: np.random.Generator, jokers: bool) -> list[Tile] | None:
    """A random run or group that ``pool`` can supply, or ``None`` if this try failed."""
    if rng.random() < 0.5:
        colour, length = int(rng.integers(4)), int(rng.integers(3, 6))
        start = int(rng.integers(1, 15 - length))
        tiles = [Tile.of(colour, start + i) for i in range(length)]
    else:
        number, length = int(rng.integers(1, 14)), int(rng.integers(3, 5))
        colours = rng.permutation(4)[:length]
        tiles = [Tile.of(int(c), number) for c in colours]
    if jokers and pool[JOKER] and rng.random() < 0.3:
        tiles[int(rng.integers(len(tiles)))] = JOKER
    return tiles if not Counter(tiles) - pool else None


def random_position(*, seed: int | np.random.Generator | None = None, hand_size: int = 14,
                    table_tiles: int = 30, jokers: bool = True, initial_done: bool = True) -> Position:
    """Deal a position: random valid sets until the table holds ``table_tiles``, then a hand.

    ``seed`` is an int or a :class:`numpy.random.Generator`; ``jokers=False``
    takes the jokers out of the game first.
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    pool = full_set()
    if not jokers:
        del pool[JOKER]
    table: list[tuple[Tile, ...]] = []
    placed = tries = 0
    while placed < table_tiles:
        tries += 1
        if tries > 100 * table_tiles + 1000:
            raise InvalidDealError(f"could not lay {table_tiles} tiles on a table")
        tiles = _random_set(pool, rng, jokers)
        if tiles is None:
            continue
        pool -= Counter(tiles)
        table.append(read_set(tiles).tiles)
        placed += len(tiles)
    return Position(deal(pool, hand_size, rng), table, initial_done)
