"""Rummikub tiles and the multisets they live in.

A tile is the integer ``13 * colour + (number - 1)`` with colours blue = 0,
red = 1, yellow = 2, black = 3, and the joker is 52. Order, equality and
hashing all come from that integer, so sorting tiles gives the course's
display order (blue < red < yellow < black, then by number, jokers last).
This module is the only place that knows the encoding.

Hands, the pool and the contents of the table are multisets of tiles, kept in
plain :class:`collections.Counter` objects: the course's multiset operations
map onto it (cardinal ``c.total()``, occurrences ``c[t]``, subset ``a <= b``,
sum ``a + b``, intersection ``a & b``, difference ``a - b``), and
:func:`draw_tile` is the random draw weighted by multiplicity.

>>> parse_tiles("R7 r8, K13 J")
(Tile('R7'), Tile('R8'), Tile('K13'), Tile('J'))
>>> str(Tile.parse("b12")), Tile.parse("B12").number, Tile.parse("B12").colour
('B12', 12, <Colour.BLUE: 0>)
>>> full_set().total(), full_set()[JOKER]
(106, 2)
"""
from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable

import numpy as np

from ...errors import InvalidDealError, ParseError

__all__ = [
    "Colour", "Tile", "JOKER", "TILES", "COPIES", "JOKERS", "JOKER_PENALTY",
    "TileParseError", "TileSupplyError", "TilesLike",
    "parse_tiles", "as_tiles", "format_tiles", "full_set", "draw_tile", "deal",
    "check_supply", "hand_points", "sorted_tiles",
]

COPIES = 2
"""Copies of each numbered tile in a game."""
JOKERS = 2
"""Jokers in a game."""
JOKER_PENALTY = 30
"""What a joker left in a hand costs at the end."""
NUMBERS = range(1, 14)


class TileParseError(ParseError):
    """A token that is not a tile, e.g. ``'G7'`` or ``'R14'``."""


class TileSupplyError(InvalidDealError):
    """More copies of a tile than the game has (two of each, two jokers)."""


class Colour(enum.IntEnum):
    """Tile colours, in the course's display order."""

    BLUE = 0
    RED = 1
    YELLOW = 2
    BLACK = 3

    @property
    def letter(self) -> str:
        """``'B'``, ``'R'``, ``'Y'`` or ``'K'``."""
        return "BRYK"[self]


_COLOURS = {"b": Colour.BLUE, "r": Colour.RED, "y": Colour.YELLOW, "k": Colour.BLACK}
_TOKEN = re.compile(r"([brykBRYK])([0-9]{1,2})")  # ASCII digits only: not R٧ or R７
_SEPARATORS = re.compile(r"[\s,;]+")
_HINT = "expected a colour B, R, Y or K and a number 1-13 (e.g. 'R7', 'K13'), or 'J' for a joker"


class Tile(int):
    """A Rummikub tile, an ``int`` from 0 (``B1``) to 51 (``K13``), or 52 (the joker).

    >>> Tile("Y3") == Tile(28) == 28, Tile("j").is_joker
    (True, True)
    >>> sorted([Tile("J"), Tile("K1"), Tile("B13"), Tile("R2")])
    [Tile('B13'), Tile('R2'), Tile('K1'), Tile('J')]
    """

    __slots__ = ()
    _cache: list[Tile] = []

    def __new__(cls, value: int | str | Tile) -> Tile:
        if isinstance(value, str):
            return cls.parse(value)
        if type(value) is cls:
            return value
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 52:
            raise TileParseError(f"{value!r} is not a tile index (0-52) or tile text")
        return cls._cache[value]

    @classmethod
    def of(cls, colour: Colour | int, number: int) -> Tile:
        """The numbered tile of a colour.

        >>> Tile.of(Colour.RED, 7)
        Tile('R7')
        """
        if number not in NUMBERS or not 0 <= colour <= 3:
            raise TileParseError(f"no tile of colour {colour!r} and number {number!r}")
        return cls._cache[13 * colour + number - 1]

    @classmethod
    def parse(cls, token: str) -> Tile:
        """Read one tile: a colour letter and a number, or ``J`` (case-insensitive).

        Raises :class:`TileParseError` quoting the token.
        """
        if not isinstance(token, str):
            raise TileParseError(f"expected tile text, got {token!r}")
        text = token.strip()
        if text.lower() in ("j", "joker"):
            return JOKER
        match = _TOKEN.fullmatch(text)
        if match is None or int(match[2]) not in NUMBERS:
            raise TileParseError(f"{token!r} is not a tile ({_HINT})")
        return cls.of(_COLOURS[match[1].lower()], int(match[2]))

    @property
    def is_joker(self) -> bool:
        return int(self) == 52

    @property
    def colour(self) -> Colour | None:
        """The colour, or ``None`` for the joker."""
        return _COLOUR_OF[self]

    @property
    def number(self) -> int | None:
        """The number 1-13, or ``None`` for the joker."""
        return None if self.is_joker else int(self) % 13 + 1

    @property
    def points(self) -> int:
        """What the tile costs when left in a hand: its number, or 30 for a joker."""
        return JOKER_PENALTY if self.is_joker else int(self) % 13 + 1

    def __str__(self) -> str:
        if self.is_joker:
            return "J"
        return "BRYK"[int(self) // 13] + str(int(self) % 13 + 1)

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        return (Tile, (int(self),))


Tile._cache.extend(int.__new__(Tile, i) for i in range(53))
TILES: tuple[Tile, ...] = tuple(Tile._cache)
"""The 53 distinct tiles in encoding order (the joker last)."""
JOKER: Tile = TILES[52]
_COLOUR_OF: tuple[Colour | None, ...] = tuple(Colour(i // 13) for i in range(52)) + (None,)

TilesLike = str | Iterable[str | int | Tile]


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse tiles separated by spaces, commas or semicolons.

    >>> parse_tiles("")
    ()
    >>> parse_tiles("R7 G8")
    Traceback (most recent call last):
    ...
    pokerfsm.games.rummikub.tiles.TileParseError: 'G8' is not a tile (expected a colour B, R, Y or K ...)
    """
    if not isinstance(text, str):
        raise TileParseError(f"expected tile text, got {text!r}")
    return tuple(Tile.parse(token) for token in _SEPARATORS.split(text.strip()) if token)


def as_tiles(tiles: TilesLike) -> tuple[Tile, ...]:
    """Normalise a string or an iterable of strings, ints and Tiles to Tiles.

    >>> as_tiles(["R7", 52, Tile("B1")])
    (Tile('R7'), Tile('J'), Tile('B1'))
    """
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    try:
        items = list(tiles)
    except TypeError:
        raise TileParseError(f"expected tiles, got {tiles!r}") from None
    return tuple(Tile(t) for t in items)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles as text, separated by spaces.

    >>> format_tiles(parse_tiles("r1 r2 j"))
    'R1 R2 J'
    """
    return " ".join(str(t) for t in tiles)


def sorted_tiles(tiles: Counter[Tile] | Iterable[Tile]) -> list[Tile]:
    """The tiles of a multiset in display order (the course's ``en_ordre``).

    >>> sorted_tiles(Counter(parse_tiles("J K1 R5 B9 R5")))
    [Tile('B9'), Tile('R5'), Tile('R5'), Tile('K1'), Tile('J')]
    """
    items = tiles.elements() if isinstance(tiles, Counter) else tiles
    return sorted(items)


def full_set() -> Counter[Tile]:
    """A fresh multiset of the 106 tiles: two of each numbered tile and two jokers."""
    bag = Counter({tile: COPIES for tile in TILES[:52]})
    bag[JOKER] = JOKERS
    return bag


def hand_points(hand: Counter[Tile] | Iterable[Tile]) -> int:
    """The score of a hand at the end: the sum of its numbers, 30 per joker.

    >>> hand_points(parse_tiles("R7 K13 J"))
    50
    """
    items = hand.elements() if isinstance(hand, Counter) else hand
    return sum(Tile(t).points for t in items)


def check_supply(tiles: Counter[Tile], where: str = "the game") -> None:
    """Raise :class:`TileSupplyError` if ``tiles`` holds more copies than the game has.

    >>> check_supply(Counter(parse_tiles("R7 R7 R7")), "the hand")
    Traceback (most recent call last):
    ...
    pokerfsm.games.rummikub.tiles.TileSupplyError: 3 copies of 'R7' in the hand; the game has 2
    """
    for tile, count in sorted(tiles.items()):
        limit = JOKERS if tile == JOKER else COPIES
        if count > limit:
            raise TileSupplyError(f"{count} copies of {str(tile)!r} in {where}; the game has {limit}")


def draw_tile(pool: Counter[Tile], rng: np.random.Generator) -> Tile:
    """Take one tile out of ``pool`` at random, weighted by multiplicity (``getrandom``).

    The pool is walked in tile order, so a seeded generator gives the same
    draw on every platform. Raises :class:`InvalidDealError` if the pool is empty.

    >>> pool = Counter(parse_tiles("R7 R7 B1"))
    >>> tile = draw_tile(pool, np.random.default_rng(0))
    >>> pool.total(), str(tile) in ("R7", "B1")
    (2, True)
    """
    size = pool.total()
    if size <= 0:
        raise InvalidDealError("the pool is empty")
    index = int(rng.integers(size))
    for tile in sorted(pool):
        if index < pool[tile]:
            pool[tile] -= 1
            if not pool[tile]:
                del pool[tile]
            return tile
        index -= pool[tile]
    raise AssertionError("unreachable: index beyond the pool")  # pragma: no cover


def deal(pool: Counter[Tile], count: int, rng: np.random.Generator) -> Counter[Tile]:
    """Take ``count`` random tiles out of ``pool`` into a new hand (``extraire``).

    >>> pool = full_set()
    >>> hand = deal(pool, 14, np.random.default_rng(1))
    >>> hand.total(), pool.total(), hand + pool == full_set()
    (14, 92, True)
    """
    if count > pool.total():
        raise InvalidDealError(f"cannot deal {count} tiles from a pool of {pool.total()}")
    hand: Counter[Tile] = Counter()
    for _ in range(count):
        hand[draw_tile(pool, rng)] += 1
    return hand
