"""Hands of the games without a board: stud, stud hi-lo, razz, deuce-to-seven, ace-to-five lowball, badugi.

The game (:mod:`pokerfsm.variants`) says which value a hand gets, from its
:class:`~pokerfsm.variants.HandMaking`, :class:`~pokerfsm.variants.HighRule`
and :class:`~pokerfsm.variants.LowRule`:

* a high-only game (stud): the hold'em value (:class:`HandRank`) of the best
  five of the player's 5 to 7 cards;
* high and 8-or-better low (stud hi-lo): a :class:`~pokerfsm.evaluation.omaha.HiLo`,
  the low a :class:`~pokerfsm.evaluation.omaha.LowRank` of five of the cards
  or ``None``, as at Omaha hi-lo;
* ace-to-five (razz: the best five of 5-7 cards; ace-to-five lowball: five
  cards): an :class:`~pokerfsm.evaluation.lows.AceToFiveLow`;
* deuce-to-seven (five cards): a :class:`~pokerfsm.evaluation.lows.DeuceToSevenLow`;
* badugi (four cards): a :class:`~pokerfsm.evaluation.lows.BadugiLow`.

A stud hand may be valued before seventh street (5 or 6 cards); a draw
hand has exactly the game's cards. The public entry points are
:func:`pokerfsm.evaluate`, :func:`pokerfsm.evaluate_many` and
:func:`pokerfsm.best_five` with ``game=``.

>>> evaluate_variant("As 2d 3c 4h 5s Kd Kc", "razz").describe()
'5-4-3-2-A low'
>>> high, low = best_cards_variant("Kh 8c 6d 4d 3h 2s 2c", "stud-hi-lo")
>>> " ".join(map(str, high)), " ".join(map(str, low))
('2s 2c 6d 8c Kh', '2s 3h 4d 6d 8c')
>>> evaluate_variant("Kh 8c 6d 4d 3h 2s 2c", "stud-hi-lo").low.describe()
'8-6-4-3-2 low'
>>> evaluate_variant("Kh 9c 8d 7d 5h 2s 2c", "stud-hi-lo").low is None
True
>>> evaluate_variant("As 2d 3c 4h", "razz")
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: a hand of razz needs 5, 6 or 7 cards, got 4: As 2d 3c 4h
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards import Card, CardsLike
from ..errors import CardParseError, DuplicateCardError, InvalidDealError
from ..variants import Game, GameLike, HandMaking, HighRule, LowRule, game_of
from . import _compact
from .handrank import HandRank, validated
from .lows import (
    AceToFiveLow,
    BadugiLow,
    DeuceToSevenLow,
    ace_low_order,
    ace_to_five_rows,
    badugi_rows,
    deuce_to_seven_rows,
    eight_or_better_rows,
)
from .omaha import HiLo, HiLoValues, LowRank, card_codes

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike, NDArray

__all__ = ["evaluate_variant", "best_cards_variant", "variant_rows", "plays_without_board", "hand_sizes"]

Value = HandRank | HiLo | AceToFiveLow | DeuceToSevenLow | BadugiLow


def plays_without_board(game: Game) -> bool:
    """True for the games this module values (no board, a standard or no high)."""
    return game.board_cards == 0 and game.high in (HighRule.STANDARD, None)


def hand_sizes(game: Game) -> tuple[int, ...]:
    """How many cards a hand of ``game`` may have: 5-7 at stud games, else exactly the game's cards."""
    return tuple(range(5, game.hole_cards + 1)) if game.is_stud else (game.hole_cards,)


def _game(game: GameLike) -> Game:
    chosen = game_of(game)
    if not plays_without_board(chosen):
        raise InvalidDealError(f"{chosen.name} is valued with its board, not here", field="game")
    return chosen


def _rows_of(game: Game) -> Callable[[NDArray[np.uint8]], NDArray[np.int32]]:
    """The row function of a low-only game."""
    if game.making is HandMaking.BADUGI:
        return badugi_rows
    return deuce_to_seven_rows if game.low is LowRule.DEUCE_TO_SEVEN else ace_to_five_rows


_LOW_VALUES: dict[LowRule, type[AceToFiveLow | DeuceToSevenLow | BadugiLow]] = {
    LowRule.ACE_TO_FIVE: AceToFiveLow, LowRule.DEUCE_TO_SEVEN: DeuceToSevenLow, LowRule.BADUGI: BadugiLow}


def _high_rows(cards: NDArray[np.uint8], threads: int = 1) -> NDArray[np.int32]:
    out = np.empty(len(cards), dtype=np.int32)
    _compact.evaluate_rows(cards, out, threads)
    return out


def variant_rows(cards: ArrayLike, game: GameLike, threads: int = 1) -> NDArray[np.int32] | HiLoValues:
    """Values of many hands of ``game``: an (n, k) array of card codes, ``k`` one of :func:`hand_sizes`.

    A hi-lo game gives a :class:`HiLoValues` (the low 0 where none qualifies).
    ``threads``: how many threads value the highs (the lows are numpy's).
    Raises InvalidDealError for a shape that does not fit the game,
    CardParseError or DuplicateCardError naming the first bad row.
    """
    chosen = _game(game)
    array = card_codes(cards, "cards")
    sizes = hand_sizes(chosen)
    if array.ndim != 2 or array.shape[1] not in sizes:
        count = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        raise InvalidDealError(f"cards: {chosen.name} takes rows of {count} cards, got shape {array.shape}",
                               field="cards")
    ordered = np.sort(array, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        bad = int(np.argmax(repeated))
        raise DuplicateCardError(f"row {bad}: {array[bad].tolist()!r} has a repeated card", index=bad)
    if chosen.low is None or chosen.high is not None:
        high = _high_rows(array, threads)
        return high if chosen.low is None else HiLoValues(high, eight_or_better_rows(array))
    return _rows_of(chosen)(array)


def _checked(cards: CardsLike, board: CardsLike | None, game: Game) -> tuple[Card, ...]:
    if board is not None:
        raise InvalidDealError(f"board: {game.name} deals no board; give the player's cards alone", field="board")
    held = validated(cards, hand_sizes(game), f"a hand of {game.name}")
    if any(c > 51 for c in held):  # pragma: no cover - Card ints are 0-51
        raise CardParseError("a card outside 0-51")
    return held


def evaluate_variant(cards: CardsLike, game: GameLike, board: CardsLike | None = None) -> Value:
    """The value of one hand of ``game`` (see the module's docstring); ``board`` must be None.

    Raises CardParseError, DuplicateCardError or InvalidDealError (a wrong
    number of cards, or a board given).
    """
    chosen = _game(game)
    held = _checked(cards, board, chosen)
    values = variant_rows(np.array([held], dtype=np.uint8), chosen)
    if isinstance(values, HiLoValues):
        low = int(values.low[0])
        return HiLo(HandRank(int(values.high[0])), LowRank(low) if low else None)
    value = int(values[0])
    if chosen.low is None:
        return HandRank(value)
    return _LOW_VALUES[chosen.low](value)


def _best_of(held: tuple[Card, ...], size: int, rows: Callable[[NDArray[np.uint8]], NDArray[np.int32]],
             order: Callable[[Card], Any]) -> tuple[Card, ...] | None:
    """The first ``size`` cards (in ``order``) whose value is the best of all; None when the best is 0."""
    choices = list(combinations(sorted(held, key=order), size))
    values = rows(np.array(choices, dtype=np.uint8))
    best = int(values.max())
    return choices[int(np.argmax(values))] if best else None


def best_cards_variant(cards: CardsLike, game: GameLike, board: CardsLike | None = None
                       ) -> tuple[Card, ...] | tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """The cards that make the hand: five (badugi: the 1-4 that play), sorted low to high (aces low in a
    low game); for stud hi-lo, the high's five and the low's five (None without a low).

    When several choices tie, the high takes the highest cards, a low the lowest.
    """
    chosen = _game(game)
    held = _checked(cards, board, chosen)
    if chosen.high is not None:
        high = _best_of(held, 5, _high_rows, lambda c: -c)
        assert high is not None
        if chosen.low is None:
            return tuple(sorted(high))
        low = _best_of(held, 5, eight_or_better_rows, ace_low_order)
        return tuple(sorted(high)), None if low is None else tuple(sorted(low, key=ace_low_order))
    if chosen.making is HandMaking.BADUGI:
        value = BadugiLow(int(badugi_rows(np.array([held], dtype=np.uint8))[0]))
        found = _best_of(held, value.size, badugi_rows, ace_low_order)
    else:
        found = _best_of(held, 5, _rows_of(chosen), ace_low_order)
    assert found is not None
    return tuple(sorted(found, key=ace_low_order)) if chosen.low is not LowRule.DEUCE_TO_SEVEN else tuple(
        sorted(found))
