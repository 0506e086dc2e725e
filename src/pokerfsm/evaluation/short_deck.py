"""Short-deck hold'em hands: the best five of the hole cards and the board, from the short-deck table.

The deck is the 36 cards six and up (:data:`pokerfsm.variants.SHORT_DECK`)
and hands rank as pokerkit's ``ShortDeckHoldemHand`` ranks them
(:mod:`pokerfsm.table.rankings`): A-6-7-8-9 is the lowest straight, a flush
beats a full house, three of a kind stays below a straight. Values come from
the short-deck hand-rank table (built on first use beside the 52-card one)
and compare within the game only: a :class:`ShortDeckRank` is ``place << 12 |
rank``, its ``category`` the usual :class:`~pokerfsm.ranking.HandCategory`.

Hands are valued by short deck's compact evaluator
(:mod:`pokerfsm.evaluation.short_deck_compact`, tables of about 50 KiB built
in a fraction of a second), which gives the table's values (a test compares
every 5-, 6- and 7-card hand) and measures faster for a single hand and for
many (``perf/bench_short_deck.py``); the 16 MiB table stays for the equity
kernels' board walks and is opened only by them.

>>> v = evaluate_short_deck("Ah Jh", "9h 7h 6h Kc Kd")
>>> v.category.name, v.describe(), v > evaluate_short_deck("Kh Ks", "Kc 7d 7s 6c 8d")
('FLUSH', 'Flush, Ace high', True)
>>> evaluate_short_deck("As 6d", "7c 8h 9s").describe()
'Straight, Nine high'
>>> evaluate_short_deck("As 5d", "7c 8h 9s")
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: hole: card '5d' is not in the short deck (sixes to aces)
"""
from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING

from ..cards import Card, CardsLike
from ..errors import InvalidDealError
from ..ranking import HandCategory, describe, equivalence_classes
from ..table.files import load_default
from ..table.rankings import SHORT_DECK, SHORT_DECK_ORDER, short_deck_class
from ..variants import game_of
from . import _short_deck_compact
from .handrank import HandRank, validated
from .omaha import card_codes, checked_hand

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = ["ShortDeckRank", "evaluate_short_deck", "best_five_short_deck", "short_deck_rows", "short_deck_table",
           "checked_short_deck_cards"]

_GAME = game_of("short-deck")
_DECK = frozenset(int(c) for c in _GAME.deck)


class ShortDeckRank(HandRank):
    """A short-deck hand's value: higher is better within short deck (``place << 12 | rank``).

    >>> v = evaluate_short_deck("Kh Ks", "Kc 7d 7s 6c 8d")
    >>> v.category, v.describe("fr")
    (<HandCategory.FULL_HOUSE: 7>, 'Full aux Rois par les Sept')
    """

    __slots__ = ()

    @property
    def category(self) -> HandCategory:
        return SHORT_DECK_ORDER[(int(self) >> 12) - 1]

    def describe(self, lang: str = "en") -> str:
        """As a hold'em hand of the same category and ranks is described (A-6-7-8-9: ``'Straight, Nine high'``)."""
        cls = short_deck_class(int(self))
        return describe(_holdem_values()[cls.category, cls.key], lang)

    def __repr__(self) -> str:
        return f"<ShortDeckRank {int(self)}: {self.describe()}>"


@functools.cache
def _holdem_values() -> dict[tuple[HandCategory, tuple[int, ...]], int]:
    return {(c.category, c.key): c.value for c in equivalence_classes()}


@functools.cache
def short_deck_table() -> NDArray[np.int32]:
    """The short-deck table's entries (read-only; built on first use, checked on opening)."""
    return load_default(SHORT_DECK).as_array()


def checked_short_deck_cards(cards: tuple[Card, ...], field: str) -> tuple[Card, ...]:
    """``cards``, each checked to be in the short deck; InvalidDealError names the first card that is not."""
    for index, card in enumerate(cards):
        if int(card) not in _DECK:
            raise InvalidDealError(f"{field}: card {str(card)!r} is not in the short deck (sixes to aces)",
                                   field=field, card=card, index=index)
    return cards


def _hand(hole: CardsLike, board: CardsLike | None) -> tuple[Card, ...]:
    """The cards of a hand, checked: 5-7 cards, or two hole cards and 3-5 board cards; all in the short deck."""
    if board is None:
        return checked_short_deck_cards(validated(hole), "cards")
    held, shared = checked_hand(hole, board, _GAME)
    return checked_short_deck_cards(held, "hole") + checked_short_deck_cards(shared, "board")


def evaluate_short_deck(hole: CardsLike, board: CardsLike | None = None) -> ShortDeckRank:
    """The value of two hole cards and 3-5 board cards at short deck (``board`` None: 5-7 cards in ``hole``).

    Raises CardParseError, DuplicateCardError or InvalidDealError (field
    ``"hole"``, ``"board"`` or ``"cards"``; a card below six names the card).
    """
    return ShortDeckRank(_short_deck_compact.hand_value([int(c) for c in _hand(hole, board)]))


def best_five_short_deck(hole: CardsLike, board: CardsLike | None = None) -> tuple[Card, ...]:
    """The five cards (sorted low to high) that make the short-deck hand; of tied fives, the highest cards.

    >>> best_five_short_deck("As 6d", "7c 8h 9s Kd")
    (Card('6d'), Card('7c'), Card('8h'), Card('9s'), Card('As'))
    """
    cards = _hand(hole, board)
    target = _short_deck_compact.hand_value([int(c) for c in cards])
    for five in itertools.combinations(sorted(cards, reverse=True), 5):
        if _short_deck_compact.hand_value([int(c) for c in five]) == target:
            return tuple(sorted(five))
    raise AssertionError("unreachable: some five cards make the hand")  # pragma: no cover


def short_deck_rows(cards: ArrayLike, threads: int = 1) -> NDArray[np.int32]:
    """Short-deck values of many hands, rows of 5-7 card codes (``evaluate_many(..., game="short-deck")``
    joins hole cards and a board into such rows), on ``threads`` threads. Raises InvalidDealError
    naming the first row with a card outside the short deck or a card given twice."""
    import numpy as np

    array = np.asarray(cards)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise InvalidDealError(f"short-deck hands are rows of 5, 6 or 7 cards, got shape {array.shape}")
    array = card_codes(array, "cards")
    out = np.empty(len(array), dtype=np.int32)
    if len(array) and _short_deck_compact.evaluate_rows(array, out, threads):
        bad = int(np.argmax(out < 0))
        row = array[bad].tolist()
        problem = "a card given twice" if len(set(row)) < len(row) else "a card outside the short deck"
        shown = " ".join(str(Card(c)) if c < 52 else str(c) for c in row)
        raise InvalidDealError(f"row {bad}: {shown} has {problem} (sixes to aces)", field="cards", index=bad)
    return out
