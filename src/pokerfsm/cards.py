"""Cards: an int-backed :class:`Card` that round-trips through text.

A card is the integer ``4 * rank + suit`` with ranks ``2 = 0 … A = 12`` and
suits ``s = 0, h = 1, d = 2, c = 3``. Order, equality and hashing all come
from that one integer, so ``Card('2s') < Card('2h') < … < Card('Ac')``. This
module is the only place that knows the encoding.

Two notations are read:

* standard: ranks ``2``–``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``;
  suits ``s h d c`` or ``♠ ♥ ♦ ♣`` (case-insensitive);
* the French course's: ranks ``A R D V 10 9 … 2`` (As, Roi, Dame, Valet) and
  suits ``p`` (pique ♠), ``co`` (cœur ♥), ``ca`` (carreau ♦), ``t`` (trèfle ♣).

>>> Card.parse("Aca"), Card.parse("10p"), Card.parse("Dt"), Card.parse("Rco")
(Card('Ad'), Card('Ts'), Card('Qc'), Card('Kh'))
>>> parse_cards("As Kd, 10h")
(Card('As'), Card('Kd'), Card('Th'))
>>> str(Card.parse("ah")), Card.parse("Ah").french, Card.parse("Ah").pretty
('Ah', 'Aco', 'A♥')
"""
from __future__ import annotations

import enum
import operator
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from .errors import CardParseError, DuplicateCardError, Error, OptionError, checked_flag, quoted

__all__ = ["Rank", "Suit", "Card", "DECK", "parse_cards", "as_cards", "cards_of", "CardsLike", "NOTATIONS"]


class Rank(enum.IntEnum):
    """Card ranks, deuce (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        """One-character symbol: ``'2'`` … ``'9'``, ``'T'``, ``'J'``, ``'Q'``, ``'K'``, ``'A'``."""
        return RANK_SYMBOLS[self]

    @property
    def french(self) -> str:
        """The course's symbol: ``'2'`` … ``'10'``, ``'V'``, ``'D'``, ``'R'``, ``'A'``."""
        return FRENCH_RANK_SYMBOLS[self]


class Suit(enum.IntEnum):
    """Card suits; the order (s, h, d, c) only serves the encoding."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """Lower-case letter: ``'s'``, ``'h'``, ``'d'`` or ``'c'``."""
        return "shdc"[self]

    @property
    def pretty(self) -> str:
        """Unicode suit: ``'♠'``, ``'♥'``, ``'♦'`` or ``'♣'``."""
        return "♠♥♦♣"[self]

    @property
    def french(self) -> str:
        """The course's suit: ``'p'``, ``'co'``, ``'ca'`` or ``'t'``."""
        return ("p", "co", "ca", "t")[self]


RANK_SYMBOLS = "23456789TJQKA"
FRENCH_RANK_SYMBOLS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A")

_RANKS = {s.lower(): Rank(i) for i, s in enumerate(RANK_SYMBOLS)}
_RANKS.update({"10": Rank.TEN, "r": Rank.KING, "d": Rank.QUEEN, "v": Rank.JACK})
_SUITS = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES, "p": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS, "co": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "ca": Suit.DIAMONDS,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS, "t": Suit.CLUBS,
}
_HINT = "expected e.g. 'Ah', 'Td', '10s', '7♣' or French 'Aca', 'Rco', '10p', 'Dt'"
_STANDARD_RANKS = frozenset("23456789tjqka") | {"10"}
_STANDARD_SUITS = frozenset("shdc♠♥♦♣♤♡♢♧")
_FRENCH_SUITS = frozenset(("p", "co", "ca", "t"))
NOTATIONS = ("any", "standard", "course")
"""How card text may be written:

* ``"any"``: standard or French notation, in any case (``'AH'``, ``'aca'``, ``'AT'`` = A♣);
* ``"standard"``: ranks ``2``-``9``, ``T``/``10``, ``J``, ``Q``, ``K``, ``A`` and suits ``s h d c``
  or ``♠ ♥ ♦ ♣``, in any case;
* ``"course"``: either notation, but a French suit only as the course writes it, in lower case
  (``'At'`` is A♣; in ``'AT'`` the ``T`` is not a suit).
"""
_SEPARATORS = re.compile(r"[\s,;]+")
_GLUED = re.compile(r"(?:[2-9tjqka][shdc♠♥♦♣])+", re.IGNORECASE)


class Card(int):
    """A playing card, an ``int`` from 0 (``2s``) to 51 (``Ac``).

    ``Card('Ah')`` and ``Card(50)`` both work; ``repr`` pastes back.

    >>> Card("Ah") == Card(49) == 49
    True
    >>> sorted([Card("Ac"), Card("2s"), Card("Kh")])
    [Card('2s'), Card('Kh'), Card('Ac')]
    >>> Card("As").rank, Card("As").suit
    (<Rank.ACE: 12>, <Suit.SPADES: 0>)
    """

    __slots__ = ()
    _cache: list[Card] = []

    def __new__(cls, value: int | str | Card) -> Card:
        if isinstance(value, str):
            return cls.parse(value)
        if type(value) is cls:
            return value
        try:
            index = operator.index(value)  # ints, and numpy integers too
        except TypeError:
            index = -1
        if isinstance(value, bool) or not 0 <= index < 52:
            raise CardParseError(f"{quoted(value)} is not a card index (0-51) or card text")
        return cls._cache[index]

    @classmethod
    def parse(cls, token: str, notation: str = "any") -> Card:
        """Read one card; ``notation`` is one of :data:`NOTATIONS` (default: either, any case).

        >>> Card.parse("10co"), Card.parse("AT")
        (Card('Th'), Card('Ac'))
        >>> Card.parse("AT", notation="course")
        Traceback (most recent call last):
        ...
        pokerfsm.errors.CardParseError: 'AT' is not a card (the course writes its suits in lower case: 'At' is A♣)

        Raises :class:`CardParseError` quoting the token.
        """
        if notation not in NOTATIONS:
            raise OptionError(f"notation must be one of {', '.join(map(repr, NOTATIONS))}, got {quoted(notation)}",
                              field="notation")
        stripped = token.strip()
        text = stripped.lower()
        rank_text = text[:2] if text.startswith("10") else text[:1]
        suit_text = text[len(rank_text):]
        rank = _RANKS.get(rank_text)
        suit = _SUITS.get(suit_text)
        if rank is None or suit is None:
            raise CardParseError(f"{quoted(token)} is not a card ({_HINT})")
        if notation == "standard" and (rank_text not in _STANDARD_RANKS or suit_text not in _STANDARD_SUITS):
            raise CardParseError(f"{quoted(token)} is not a card in standard notation (e.g. 'Ah', 'Td', '10s', '7♣')")
        if notation == "course" and suit_text in _FRENCH_SUITS and stripped[len(rank_text):] != suit_text:
            raise CardParseError(f"{quoted(token)} is not a card (the course writes its suits in lower case: "
                                 f"{stripped[:len(rank_text)] + suit_text!r} is {cls._cache[4 * rank + suit].pretty})")
        return cls._cache[4 * rank + suit]

    @property
    def rank(self) -> Rank:
        return Rank(int(self) >> 2)

    @property
    def suit(self) -> Suit:
        return Suit(int(self) & 3)

    @property
    def french(self) -> str:
        """The card in the course's notation, e.g. ``'10p'``."""
        return self.rank.french + self.suit.french

    @property
    def pretty(self) -> str:
        """The card with a Unicode suit, e.g. ``'T♠'``."""
        return self.rank.symbol + self.suit.pretty

    def __str__(self) -> str:
        return RANK_SYMBOLS[int(self) >> 2] + "shdc"[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


Card._cache.extend(int.__new__(Card, i) for i in range(52))
DECK: tuple[Card, ...] = tuple(Card._cache)
"""All 52 cards in encoding order."""

CardsLike = str | Iterable[str | int | Card]
"""Cards as text (``"Ah Kd"``), or as an iterable of Cards, card ints and card texts."""

T = TypeVar("T")


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        if len(token) > 3 and _GLUED.fullmatch(token):  # 'AhKh' (standard notation only)
            tokens.extend(token[i:i + 2] for i in range(0, len(token), 2))
        else:
            tokens.append(token)
    return tokens


def parse_cards(text: str, *, distinct: bool = True, notation: str = "any") -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; ``'AhKh'`` may be glued.

    ``notation`` restricts how the cards may be written (see :data:`NOTATIONS`).

    >>> parse_cards("Aca 10p, dt")
    (Card('Ad'), Card('Ts'), Card('Qc'))
    >>> parse_cards("AhKh")
    (Card('Ah'), Card('Kh'))
    >>> parse_cards("Ah ah")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.DuplicateCardError: card 'Ah' is given twice (cards 1 and 2, written 'ah')

    Raises :class:`CardParseError` for a bad token and, when ``distinct``,
    :class:`DuplicateCardError` for a repeated card.
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected card text, got {quoted(text)}")
    pairs = _each(_tokens(text), lambda token: Card.parse(token, notation))
    return _check_distinct(pairs, distinct)


def as_cards(cards: CardsLike, *, distinct: bool = True) -> tuple[Card, ...]:
    """Normalise a string or an iterable of strings, ints and Cards to Cards.

    >>> as_cards(["Ah", 51, Card("Ad")])
    (Card('Ah'), Card('Ac'), Card('Ad'))
    """
    if isinstance(cards, str):
        return parse_cards(cards, distinct=distinct)
    try:
        items = list(cards)
    except TypeError:
        raise CardParseError(f"expected cards, got {quoted(cards)}") from None
    pairs = _each(items, Card)
    return _check_distinct(pairs, distinct)


_PLACES = {"board": "the board", "dead": "the dead cards"}
"""How a message names the place of a card field."""


def cards_of(field: str, cards: CardsLike) -> tuple[Card, ...]:
    """``cards`` read as :func:`as_cards` reads them, an error placed in ``field`` and its message
    saying where (``"board"``: the board, ``"dead"``: the dead cards).

    >>> cards_of("board", "6c 6c 7d")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.DuplicateCardError: the board: card '6c' is given twice (cards 1 and 2)
    >>> cards_of("dead", "Ah Zx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerfsm.errors.CardParseError: the dead cards: 'Zx' is not a card (expected e.g. 'Ah', ...)
    """
    try:
        return as_cards(cards)
    except Error as exc:
        placed = exc.located(field)
        placed.args = (f"{_PLACES.get(field, field)}: {exc.message}", *exc.args[1:])
        raise placed from None


def _each(items: Iterable[T], read: Callable[[T], Card]) -> list[tuple[Card, T]]:
    """``(read(item), item)`` for each item; a bad one raises with its ``index`` and ``text`` set."""
    pairs = []
    for index, item in enumerate(items):
        try:
            pairs.append((read(item), item))
        except CardParseError as exc:
            exc.index, exc.text = index, item if isinstance(item, str) else repr(item)
            raise
    return pairs


def _check_distinct(pairs: Sequence[tuple[Card, object]], distinct: bool) -> tuple[Card, ...]:
    checked_flag(distinct, "distinct")
    result = tuple(card for card, _ in pairs)
    if distinct and len(set(result)) != len(result):
        first: dict[Card, int] = {}
        for index, (card, token) in enumerate(pairs):
            if card in first:
                written = "" if str(token) == str(card) else f", written {quoted(token)}"
                raise DuplicateCardError(f"card {str(card)!r} is given twice (cards {first[card] + 1} and "
                                         f"{index + 1}{written})", card=card, index=index)
            first[card] = index
    return result
