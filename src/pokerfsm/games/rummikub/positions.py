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
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ...errors import Error, InputFileError, InvalidDealError
from .rules import as_table, check_table, read_set, table_tiles
from .tiles import JOKER, Tile, as_tiles, check_supply, deal, full_set

__all__ = ["Position", "load_position", "random_position"]


@dataclass
class Position:
    """One player's view of a game: their hand, the table, whether they have melded."""

    hand: Counter
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


def load_position(path: str | Path, *, need_new_table: bool = False) -> Position:
    """Read a position file; raise :class:`~pokerfsm.errors.InputFileError` as ``FILE:LINE: message``.

    The table in the file must be valid and the tiles must exist in the game
    (at most two of each, two jokers).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{path}:1: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise InputFileError(f"{path}:1: expected a JSON object with \"hand\" and \"table\"")
    required = ("hand", "table", "new_table") if need_new_table else ("hand",)
    for key in required:
        if key not in data:
            raise InputFileError(f"{path}:1: missing key {key!r}")
    known = {"hand", "table", "initial_done", "new_table"}
    for key in data:
        if key not in known:
            raise InputFileError(f"{path}:{_line_of(text, json.dumps(key))}: unknown key {key!r}")

    def where(key: str) -> str:
        return f"{path}:{_line_of(text, json.dumps(key))}"

    def read(key: str, convert):
        try:
            return convert(data[key])
        except Error as exc:
            token = getattr(exc, "token", None)
            line = _line_of(text, json.dumps(token)) if token else _line_of(text, json.dumps(key))
            raise InputFileError(f"{path}:{line}: {key}: {exc}") from None

    hand = read("hand", lambda v: Counter(_tiles(v)))
    table = read("table", _table) if "table" in data else []
    initial_done = data.get("initial_done", True)
    if not isinstance(initial_done, bool):
        raise InputFileError(f"{where('initial_done')}: initial_done must be true or false, "
                             f"not {initial_done!r}")
    new_table = read("new_table", _table) if "new_table" in data else None
    try:
        check_table(table)
    except Error as exc:
        raise InputFileError(f"{where('table')}: the table is not valid: {exc}") from None
    try:
        check_supply(hand + table_tiles(table), "the hand and the table together")
    except Error as exc:
        raise InputFileError(f"{where('hand')}: {exc}") from None
    return Position(hand, table, initial_done, new_table)


def _tiles(value: Any) -> tuple[Tile, ...]:
    if isinstance(value, str):
        return as_tiles(value)
    if not isinstance(value, list):
        raise _TokenError(f"expected a list of tiles, got {value!r}", None)
    tiles = []
    for item in value:
        if not isinstance(item, str):
            raise _TokenError(f"expected a tile such as \"R7\", got {item!r}", None)
        try:
            tiles.extend(as_tiles(item))
        except Error as exc:
            raise _TokenError(str(exc), item) from None
    return tuple(tiles)


def _table(value: Any) -> list[tuple[Tile, ...]]:
    if isinstance(value, str):
        return as_table(value)
    if not isinstance(value, list):
        raise _TokenError(f"expected a list of sets, got {value!r}", None)
    return [_tiles(s) for s in value]


class _TokenError(Error, ValueError):
    """A bad value inside a position file; ``token`` is the text to locate."""

    def __init__(self, message: str, token: str | None) -> None:
        super().__init__(message)
        self.token = token


def _random_set(pool: Counter, rng: np.random.Generator, jokers: bool) -> list[Tile] | None:
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
