"""Evaluate hands one at a time or in bulk: ``evaluate``, ``evaluate_many``, ``best_five``...

Single hands and arrays of unrelated hands go to the compact evaluator
(:mod:`pokerfsm.evaluation.compact`, tables in the L2 cache): measured
against the state machine (perf/bench_evaluate.py) it is several times faster
for one ``evaluate()`` call and tens of times for random hands in
``evaluate_many``, where the state machine misses the cache at every card.
Both give identical values.

>>> from pokerfsm import evaluate, best_five, compare_hands
>>> evaluate("As 2d 3c 4h 5s").describe()
'Straight, Five high'
>>> evaluate("3s 2d Ac Kh Qs").category.name      # no wrap-around straight
'HIGH_CARD'
>>> best_five("Ah Kh Qh Jh Th 2c 3d")
(Card('Th'), Card('Jh'), Card('Qh'), Card('Kh'), Card('Ah'))
>>> compare_hands("Aca 10p", "Dt Aco", "Rco 10t 10ca 3t Vco")   # the course's example 1
-1

Other games (see :mod:`pokerfsm.variants`) take the hole cards and the
board apart, ``evaluate(hole, board=..., game="omaha")``: Omaha's hands take
exactly two hole cards and three board cards (:mod:`pokerfsm.evaluation.omaha`),
and a hi-lo game's value is a :class:`~pokerfsm.evaluation.omaha.HiLo`, the high
and the 8-or-better low (``None`` when none qualifies). Short deck's values
(:mod:`pokerfsm.evaluation.short_deck`) compare within short deck. The
games without a board (stud, stud hi-lo, razz, deuce-to-seven, ace-to-five
lowball, badugi) take the player's cards alone, ``evaluate(cards, game="razz")``
(:mod:`pokerfsm.evaluation.other_games`).

>>> evaluate("Ah 2c 3d 4s", board="Kh Qh Jh Th 5c", game="omaha").describe()   # one heart in the hole
'High card, Ace'
>>> evaluate("Ah 2c", board="Kh Qh Jh Th 5c").describe()             # hold'em: any five
'Straight flush, Ace high'
>>> best_five("Ah 2h Kc Qd", board="3h 4h 5h 9c Kd", game="omaha-hi-lo")[1]
(Card('Ah'), Card('2h'), Card('3h'), Card('4h'), Card('5h'))
"""
from __future__ import annotations

import itertools
import os
from typing import TYPE_CHECKING, Literal, overload

from ..cards import Card, CardsLike, as_cards
from ..errors import CardParseError, DuplicateCardError, InvalidDealError
from ..variants import GAMES, HOLDEM, Game, GameLike, HighRule, game_of, not_played
from . import _compact, _walk
from ._evaluate import evaluate
from .handrank import validated
from .omaha import HiLoValues, best_five_omaha, board_of, card_codes, checked_hand, omaha_rows
from .other_games import best_cards_variant, plays_without_board, variant_rows
from .short_deck import best_five_short_deck, short_deck_rows

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = ["evaluate", "evaluate_many", "best_five", "compare_hands", "threads_for"]

_OMAHA_LOOKUPS = 60
"""Work of one Omaha hand, counted in table lookups (for threads_for)."""


def threads_for(work: int) -> int:
    """Threads worth starting for ``work`` table lookups (``$POKERFSM_THREADS`` caps it)."""
    limit = int(os.environ.get("POKERFSM_THREADS", "0") or 0) or _walk.max_threads()
    return 1 if work < 200_000 else max(1, limit)


@overload
def evaluate_many(cards: ArrayLike, *, board: ArrayLike | None = None,
                  game: Literal["holdem"] = "holdem") -> NDArray[np.int32]: ...
@overload
def evaluate_many(cards: ArrayLike, *, board: ArrayLike | None = None,
                  game: GameLike) -> NDArray[np.int32] | HiLoValues: ...
def evaluate_many(cards: ArrayLike, *, board: ArrayLike | None = None,
                  game: GameLike = "holdem") -> NDArray[np.int32] | HiLoValues:
    """Values of many hands at once: an (n, 5|6|7) array of card ints -> int32 array (n,).

    Runs without the GIL and with no per-hand Python work. Hold'em rows of
    uint8, int32 or int64 codes are read as they are (the kernel checks that
    each is in 0-51), other integer types are converted first; a bad row
    raises CardParseError or DuplicateCardError naming it (``index``). For Omaha games,
    ``cards`` is (n, hole cards) and ``board`` (n, 3-5) or (3-5,) for one
    board shared by all rows; or, without ``board``, each row holds the hole
    cards then the board. A hi-lo game gives a
    :class:`~pokerfsm.evaluation.omaha.HiLoValues` (``high, low``, the low's
    rank 0 where no low qualifies). With ``board``, hold'em rows are
    (n, 2) hole cards. A game without a board takes rows of its cards (stud
    games 5-7, draw games 5, badugi 4) and no ``board``.

    >>> import numpy as np
    >>> from pokerfsm import HandRank, parse_cards
    >>> hands = np.array([parse_cards("Ah Kh Qh Jh Th"), parse_cards("2c 2d 5h 9s Kc")], dtype=np.uint8)
    >>> [HandRank(v).category.name for v in evaluate_many(hands)]
    ['STRAIGHT_FLUSH', 'PAIR']
    """
    import numpy as np

    chosen = game_of(game)
    if chosen.high is HighRule.SHORT_DECK:
        hands = np.asarray(cards)
        rows = hands if board is None else _with_board(hands, np.asarray(board), chosen.hole_cards)
        return short_deck_rows(rows, threads_for(len(rows) * 7))
    if plays_without_board(chosen):
        return variant_rows(_no_board(cards, board, chosen), chosen, threads_for(len(np.asarray(cards)) * 10))
    if chosen is not HOLDEM and not chosen.is_omaha:
        raise not_played(chosen, "hand values", [g for g in GAMES if g is HOLDEM or g.is_omaha])
    if chosen.is_omaha:
        return omaha_rows(cards, board, chosen, threads_for(len(np.asarray(cards)) * _OMAHA_LOOKUPS))
    array = np.asarray(cards)
    if board is not None:
        array = _with_board(array, np.asarray(board), chosen.hole_cards)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise InvalidDealError(f"evaluate_many takes an (n, 5|6|7) array, got shape {array.shape}")
    return _holdem_rows(array)


_KERNEL_CODES = ("uint8", "int32", "int64")
"""Card code types the kernel reads as they are (it checks their range itself); others are converted."""


def _holdem_rows(array: NDArray[np.generic]) -> NDArray[np.int32]:
    """Values of (n, 5-7) hold'em rows; raises CardParseError or DuplicateCardError naming the first bad row."""
    import numpy as np

    codes = np.ascontiguousarray(array) if array.dtype.name in _KERNEL_CODES else card_codes(array, "cards")
    out = np.empty(len(codes), dtype=np.int32)
    if len(codes) and _compact.evaluate_rows(codes, out, threads_for(len(codes) * 10)):
        bad = int(np.argmax(out < 0))
        row = codes[bad].tolist()
        outside = min(row) < 0 or max(row) > 51
        problem = "a card outside 0-51" if outside else "a repeated card"
        raise (CardParseError if outside else DuplicateCardError)(f"cards: row {bad}: {row!r} has {problem}",
                                                                  field="cards", index=bad)
    return out


def _no_board(cards: ArrayLike, board: ArrayLike | None, game: Game) -> ArrayLike:
    """The rows of a game without a board, which refuses one."""
    if board is not None:
        raise InvalidDealError(f"board: {game.name} deals no board; give the players' cards alone", field="board")
    return cards


def _with_board(hole: NDArray[np.generic], board: NDArray[np.generic], hole_cards: int) -> NDArray[np.generic]:
    """Hold'em rows of ``hole`` (n, 2) cards followed by the board, (n, 3-5) or one shared (3-5,)."""
    import numpy as np

    if hole.ndim != 2 or hole.shape[1] != hole_cards:
        raise InvalidDealError(f"hole: expected an (n, {hole_cards}) array of card codes, got shape {hole.shape}",
                               field="hole")
    if board.ndim == 1:
        board = np.broadcast_to(board, (len(hole), len(board)))
    if board.ndim != 2 or len(board) != len(hole) or not 3 <= board.shape[1] <= 5:
        raise InvalidDealError(f"board: expected ({len(hole)}, 3-5) or (3-5,) card codes, got shape {board.shape}",
                               field="board")
    return np.concatenate([hole, board], axis=1)


@overload
def best_five(cards: CardsLike, *, board: CardsLike | None = None,
              game: Literal["holdem"] = "holdem") -> tuple[Card, ...]: ...
@overload
def best_five(cards: CardsLike, *, board: CardsLike | None = None, game: GameLike
              ) -> tuple[Card, ...] | tuple[tuple[Card, ...], tuple[Card, ...] | None]: ...
def best_five(cards: CardsLike, *, board: CardsLike | None = None, game: GameLike = "holdem"
              ) -> tuple[Card, ...] | tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """The five cards (sorted low to high) that make the hand of 5-7 cards (or hole cards and ``board``).

    When several fives tie, the one made of the highest cards is given. For
    a hi-lo game: the high's five and the low's five (``None`` without a low).
    """
    chosen = game_of(game)
    if chosen.high is HighRule.SHORT_DECK:
        return best_five_short_deck(cards, board)
    if plays_without_board(chosen):
        return best_cards_variant(cards, chosen, board)
    if chosen is not HOLDEM and not chosen.is_omaha:
        raise not_played(chosen, "hand values", [g for g in GAMES if g is HOLDEM or g.is_omaha])
    if chosen.is_omaha:
        return best_five_omaha(cards, board_of(board, chosen), chosen)
    if board is not None:
        held, shared = checked_hand(cards, board, chosen)
        cards = held + shared
    cards = validated(cards)
    target = evaluate(cards)
    for five in itertools.combinations(sorted(cards, reverse=True), 5):
        if evaluate(five) == target:
            return tuple(sorted(five))
    raise AssertionError("unreachable: some five cards make the hand")  # pragma: no cover


def compare_hands(hand1: CardsLike, hand2: CardsLike, board: CardsLike) -> int:
    """1 if the first two-card hand wins on the five-card board, -1 if the second, 0 if tied."""
    first = validated(hand1, (2,), "a hand")
    second = validated(hand2, (2,), "a hand")
    table = validated(board, (5,), "the board")
    as_cards(first + second + table)  # all distinct
    v1, v2 = evaluate(first + table), evaluate(second + table)
    return (v1 > v2) - (v1 < v2)
