"""Omaha ranges (4-, 5- and 6-card), as PLO players and ProPokerTools users write them.

A range is a list of items separated by commas or semicolons; spaces inside
an item are ignored, and a later item overrides an earlier one for the hands
they share. Every item names hands of exactly the game's number of hole
cards (:attr:`pokerfsm.variants.Game.hole_cards`), its cards in any order:

========================  =====================================================
``AsKsQhJh``              one exact hand (``As Ks Qh Jh`` too)
``AAxx``, ``KQJT``        ranks, ``x``, ``X`` or ``*`` for any rank: ``AAxx``
                          is every hand with at least two aces
``AsKsxx``, ``AAKxs``     a named suit (``s h d c``, any case) after a rank or
                          a wildcard fixes that card's suit (``xs``: a spade)
``AxKx**``, ``AxAyKxKy``  suit variables ``x y z w`` after a rank: the same
                          letter is one suit, two letters two different suits,
                          never a suit the item names; ``AxKx**`` is A and K
                          suited, ``AxAyKxKy`` double-suited aces and kings
``AAxxds``, ``KKxx ss``   ``ds`` double-suited: two suits hold two cards each;
                          ``ss`` single-suited: one suit holds two cards;
``AKQJr``                 ``r`` (or ``rainbow``): no two cards share a suit;
                          in all three no suit holds three cards or more
``random``                every hand (also ``any``, ``?``, ``*``, ``xxxx``)
``0.5(AAxx, KKxx)``       a weight in (0, 1] for the items inside; ``50%(...)``
                          means the same, and nested weights multiply
========================  =====================================================

A rank is ``2``-``9``, ``T`` (or ``10``), ``J``, ``Q``, ``K``, ``A`` in any
case; a named suit may also be a suit symbol (``A♠K♠Q♥J♥``). ``x`` is a
wildcard rank, but ``x`` written right after a rank (or ``*``) is a suit
variable when only that reading names the game's number of cards:
``AxKx**`` is ace-king suited. Where both readings are possible and mean
different hands (``AxKx`` at 4-card Omaha is ``AKxx`` as written, but
ace-king suited to ProPokerTools), the item is refused with both readings
spelled out; ``AAKx`` or ``KQJx``, the same hands either way, are read. An
item with suit variables writes its wildcard ranks as ``*``. ProPokerTools'
shorter forms (``AA`` for ``AAxx``, a suit without a rank, rank variables,
``:``/``!``, spans) are not read: an item with too few cards is an error that
says how many the game needs and how to fill it.

``top 10%`` (or ``10%``) is the strongest 10 % of the 270,725 hands of 4-card
Omaha: whole suit classes in the order pokerfsm ships, nearest the share, as
hold'em's ``top 15%`` (:func:`pokerfsm.omaha_order.top_plo4_masks`); it is
written back as ``top 10%``. At 5- and 6-card Omaha and at hi-lo it is one
error saying so (the order ranks 4-card hands by high equity).

>>> r = parse_omaha_range("AAxx, 0.5(KKxxds)")
>>> len(r), str(r), r.weight("KsKhQsQh")
(7819, 'AAxx, 0.5(KKxxds)', 0.5)
>>> parse_omaha_range("KdKcAhAs", "omaha").weight(["As", "Ah", "Kd", "Kc"])
1.0
>>> len(parse_omaha_range("AxAyKxKy")), len(parse_omaha_range("AKQJr")), str(parse_omaha_range("xxxx"))
(6, 24, 'random')
>>> len(parse_omaha_range("random", "omaha6")), parse_omaha_range("random", "omaha6").is_random
(20358520, True)
>>> parse_omaha_range("AAAAds")
Traceback (most recent call last):
...
pokerfsm.errors.RangeParseError: 'AAAAds' at column 1 of range 'AAAAds': no double-suited hand of Omaha matches it

``str()`` writes the items as read, each in canonical form (ranks high
first, one spelling per qualifier, suit variables named x, y, z, w in order,
each weight once, as a plain decimal), leaving out the items that change
nothing (what a later ``random`` or later items set again); it reads back as
the same range. Two ranges are equal when they hold the same hands with the
same weights for the same number of hole cards, however their text was written. A ``random`` range is never expanded (at
6-card Omaha it is 20,358,520 hands): it is a default weight for every hand,
with the hands written after it as exceptions.
"""
from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator
from math import comb

import numpy as np
from numpy.typing import NDArray

from .cards import Card, CardsLike, as_cards
from .errors import OptionError, RangeParseError, quoted
from .omaha_patterns import Masks, cards_mask, mask_cards, sorted_unique, subset_masks
from .omaha_range_text import ReadItem, read_omaha_range_text
from .ranges import weight_text
from .variants import Game, GameLike, game_of

__all__ = ["OmahaRange", "parse_omaha_range", "OmahaHand"]

OmahaHand = tuple[Card, ...]
"""The hole cards of one Omaha hand, highest card first."""


class OmahaRange:
    """An immutable set of weighted Omaha hands: a default weight for every hand (0.0 unless the text
    says ``random``) and exceptions, sorted 52-bit card masks with their weights in (0, 1].

    >>> r = OmahaRange.from_hands(["AsKsQhJh", "2c3c4d5d"], "omaha")
    >>> len(r), str(r), "JhQhKsAs" in r
    (2, 'AsKsQhJh, 5d4d3c2c', True)
    """

    __slots__ = ("_default", "_game", "_items", "_masks", "_weights")

    def __init__(self, game: Game, default: float, masks: Masks, weights: NDArray[np.float64],
                 items: tuple[tuple[str, float], ...]):
        """Use :func:`parse_omaha_range`, :meth:`random` or :meth:`from_hands`."""
        self._game, self._default, self._items = game, default, items
        self._masks, self._weights = masks, weights
        masks.setflags(write=False)
        weights.setflags(write=False)

    @classmethod
    def _from_items(cls, game: Game, items: list[ReadItem]) -> OmahaRange:
        last_random = max((i for i, item in enumerate(items) if item.masks is None), default=-1)
        default = items[last_random].weight if last_random >= 0 else 0.0
        kept = items[last_random + 1:]
        masks, weights = np.zeros(0, dtype=np.uint64), np.zeros(0)
        winners: set[int] = set()  # the items that give some hand its weight
        if kept:
            masks = np.concatenate([item.masks for item in reversed(kept) if item.masks is not None])
            weights = np.concatenate([np.full(len(item.masks), item.weight)
                                      for item in reversed(kept) if item.masks is not None])
            owners = np.repeat(np.arange(len(kept) - 1, -1, -1), [len(item.masks) for item in reversed(kept)
                                                                  if item.masks is not None])
            order = np.argsort(masks, kind="stable")  # a later item comes first among equal masks: it wins
            masks, weights, owners = masks[order], weights[order], owners[order]
            first = np.ones(len(masks), dtype=bool)
            first[1:] = masks[1:] != masks[:-1]
            winners = set(owners[first].tolist())
            first &= weights != default
            masks, weights = masks[first], weights[first]
        written = [item for index, item in enumerate(kept) if index in winners]
        if any(item.weight == default for item in written):
            written = _effective(kept, default)
            while len(fewer := _effective(written, default)) < len(written):  # one left out may moot another
                written = fewer
        if last_random >= 0:
            written.insert(0, items[last_random])
        return cls(game, default, masks, weights, tuple((item.text, item.weight) for item in written))

    @classmethod
    def random(cls, game: GameLike = "omaha") -> OmahaRange:
        """Every hand of ``game``, weight 1 (not expanded)."""
        return parse_omaha_range("random", game)

    @classmethod
    def from_hands(cls, hands: Iterable[CardsLike], game: GameLike = "omaha", weight: float = 1.0) -> OmahaRange:
        """A range of explicit hands, all with the same weight."""
        text = ", ".join("".join(map(str, as_cards(hand))) for hand in hands)
        if not 0.0 < weight <= 1.0:
            raise RangeParseError(f"weight {weight!r} is not in (0, 1]")
        return parse_omaha_range(text if weight == 1.0 else f"{weight_text(weight)}({text})", game)

    @property
    def game(self) -> Game:
        """The game the range was read for."""
        return self._game

    @property
    def hole_cards(self) -> int:
        return self._game.hole_cards

    @property
    def default_weight(self) -> float:
        """The weight of every hand not in :attr:`masks` (0.0 but for ranges with ``random``)."""
        return self._default

    @property
    def masks(self) -> Masks:
        """The hands with their own weight, as sorted card masks (read-only)."""
        return self._masks

    @property
    def mask_weights(self) -> NDArray[np.float64]:
        """The weights of :attr:`masks`, row for row (read-only)."""
        return self._weights

    @property
    def is_random(self) -> bool:
        """True for every hand with weight 1."""
        return self._default == 1.0 and not len(self._masks)

    @property
    def total_weight(self) -> float:
        rest = comb(52, self.hole_cards) - len(self._masks) if self._default else 0
        return float(self._weights.sum()) + self._default * rest

    def arrays(self, without: Iterable[Card | int] = ()) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
        """Every hand of the range that uses none of the cards ``without`` (the board, dead cards, other
        players' cards), as an (n, k) array of card numbers (lowest first), and its weights.

        This expands a range with ``random`` in it: 270,725 rows at 4-card
        Omaha, 20,358,520 at 6-card; check :attr:`default_weight` first.

        >>> cards, weights = parse_omaha_range("0.5(AxAyKxKy)").arrays(without=["As"])
        >>> cards.shape, [str(Card(c)) for c in cards[0]], weights.sum()
        ((3, 4), ['Kh', 'Kd', 'Ah', 'Ad'], np.float64(1.5))
        """
        if self._default:
            masks = subset_masks(self.hole_cards)
            weights = np.full(len(masks), self._default)
            weights[np.searchsorted(masks, self._masks)] = self._weights
        else:
            masks, weights = self._masks, self._weights
        blocked = np.uint64(cards_mask([int(Card(c)) for c in without]))  # Card() checks each
        if blocked:
            live = (masks & blocked) == 0
            masks, weights = masks[live], weights[live]
        return mask_cards(masks), weights

    def weight(self, hand: CardsLike) -> float:
        """The weight of ``hand`` (its cards in any order), 0.0 when it is not in the range.

        Raises :class:`~pokerfsm.errors.RangeParseError` for a hand of the wrong size,
        :class:`~pokerfsm.errors.DuplicateCardError` for a card given twice.
        """
        cards = as_cards(hand)
        if len(cards) != self.hole_cards:
            raise RangeParseError(f"a hand of {self._game.label} has {self.hole_cards} cards, "
                                  f"got {quoted(' '.join(map(str, cards)))}")
        return self._weight_of_mask(cards_mask(cards))

    def _weight_of_mask(self, mask: int) -> float:
        at = int(np.searchsorted(self._masks, np.uint64(mask)))
        if at < len(self._masks) and int(self._masks[at]) == mask:
            return float(self._weights[at])
        return self._default

    def __contains__(self, hand: object) -> bool:
        try:
            return self.weight(hand) > 0.0  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False

    def __len__(self) -> int:
        return comb(52, self.hole_cards) if self._default else len(self._masks)

    def __iter__(self) -> Iterator[OmahaHand]:
        """The hands, highest card first in each (ordered by card mask; every hand for ``random``)."""
        if self._default:
            for cards in itertools.combinations(range(51, -1, -1), self.hole_cards):
                yield tuple(Card(c) for c in cards)
            return
        for row in mask_cards(self._masks):
            yield tuple(Card(int(c)) for c in row[::-1])

    def items(self) -> Iterator[tuple[OmahaHand, float]]:
        """(hand, weight) pairs, in the order of iteration."""
        for hand in self:
            yield hand, self._weight_of_mask(cards_mask(hand))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OmahaRange):
            return NotImplemented
        return (self.hole_cards == other.hole_cards and self._default == other._default
                and np.array_equal(self._masks, other._masks) and np.array_equal(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash((self.hole_cards, self._default, self._masks.tobytes(), self._weights.tobytes()))

    def __str__(self) -> str:
        groups: list[tuple[float, list[str]]] = []
        for text, weight in self._items:
            if groups and groups[-1][0] == weight:
                groups[-1][1].append(text)
            else:
                groups.append((weight, [text]))
        return ", ".join(", ".join(texts) if weight == 1.0 else f"{weight_text(weight)}({', '.join(texts)})"
                         for weight, texts in groups)

    def __repr__(self) -> str:
        return f"parse_omaha_range({str(self)!r}, {self._game.name!r})"


def _effective(items: list[ReadItem], default: float) -> list[ReadItem]:
    """The items that give some hand its weight: an item whose hands later items all set again, or that
    sets its hands to the weight they have without it, changes nothing and is not written."""
    kept: list[ReadItem] = []
    covered = np.zeros(0, dtype=np.uint64)  # the hands of the items kept so far (the later ones)
    for index in range(len(items) - 1, -1, -1):
        item = items[index]
        assert item.masks is not None  # every item after the last random names hands
        own = item.masks[~_among(item.masks, covered)]
        if not len(own):
            continue
        if default == item.weight and (_weight_before(items[:index], own, default) == item.weight).all():
            continue
        kept.append(item)
        covered = sorted_unique(np.concatenate([covered, item.masks]))
    return kept[::-1]


def _weight_before(items: list[ReadItem], masks: Masks, default: float) -> NDArray[np.float64]:
    """The weight ``items`` alone give each of ``masks``: the last item's that has it, else ``default``."""
    weights = np.full(len(masks), default)
    unset = np.ones(len(masks), dtype=bool)
    for item in reversed(items):
        assert item.masks is not None  # every item after the last random names hands
        found = unset & _among(masks, item.masks)
        weights[found] = item.weight
        unset &= ~found
    return weights


def _among(masks: Masks, sorted_masks: Masks) -> NDArray[np.bool_]:
    """Which of ``masks`` are in ``sorted_masks``."""
    if not len(sorted_masks):
        return np.zeros(len(masks), dtype=bool)
    at = np.minimum(np.searchsorted(sorted_masks, masks), len(sorted_masks) - 1)
    found: NDArray[np.bool_] = sorted_masks[at] == masks
    return found


def parse_omaha_range(text: str, game: GameLike = "omaha") -> OmahaRange:
    """Read an Omaha range for ``game`` (see the module docstring for the grammar).

    Raises :class:`~pokerfsm.errors.RangeParseError` quoting the bad item and
    its column, :class:`~pokerfsm.errors.OptionError` for a game that is not Omaha.
    The last 64 texts read are remembered (ranges are immutable).
    """
    played = game_of(game)
    if not played.is_omaha:
        raise OptionError(f"{played.label} is not an Omaha game: read its ranges with pokerfsm.ranges.parse_range",
                          field="game", text=played.name)
    if not isinstance(text, str):
        raise RangeParseError(f"expected range text, got {quoted(text)}")
    return _parse(text, played)


@functools.lru_cache(maxsize=64)
def _parse(text: str, game: Game) -> OmahaRange:
    return OmahaRange._from_items(game, read_omaha_range_text(text, game))
