"""Omaha hands: exactly two hole cards and three board cards, the high and the 8-or-better low.

The values come from the kernels in :mod:`pokerfsm.evaluation._omaha` on the
tables of :mod:`pokerfsm.evaluation.omaha_tables`; this module checks the
cards first, so that bad input gets one error naming the field and the card.
The public entry points are :func:`pokerfsm.evaluate`,
:func:`pokerfsm.evaluate_many` and :func:`pokerfsm.best_five` with
``game="omaha"`` (or ``omaha5``, ``omaha6``, ``omaha-hi-lo``, ``omaha5-hi-lo``).

The high is a :class:`~pokerfsm.evaluation.handrank.HandRank` (the hold'em
value of the best five cards, so Omaha highs compare with each other as
hold'em hands do). The low is a :class:`LowRank`, higher is better, from 1
(8-7-6-5-4) to 56 (the wheel, 5-4-3-2-A); a hand without a qualifying low
has none. Straights and flushes do not count against a low.

>>> hand = evaluate_omaha("Ah 2h Kc Qd", "3h 4h 5h 9c Kd", "omaha-hi-lo")
>>> hand.high.describe(), hand.low.describe(), hand.low.describe("fr")
('Straight flush, Five high', '5-4-3-2-A low', 'Low 5-4-3-2-A')
>>> evaluate_omaha("Ah 2h Kc Qd", "3h 4h Jh 9c Kd", "omaha-hi-lo").low is None
True
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..cards import Card, CardsLike, Rank, as_cards
from ..errors import CardParseError, DuplicateCardError, Error, InvalidDealError, OptionError
from ..variants import GAMES, HOLDEM, Game, GameLike, game_of, not_played
from . import _compact, _omaha
from .handrank import HandRank
from .omaha_tables import LOW_MASKS, LOW_RANKS, low_bit

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike, NDArray

__all__ = ["LowRank", "HiLo", "HiLoValues", "checked_hand", "evaluate_omaha", "best_five_omaha",
           "omaha_rows", "card_codes", "board_of", "evaluate_game"]


class LowRank(int):
    """An 8-or-better low: an ``int`` from 1 (8-7-6-5-4) to 56 (5-4-3-2-A), higher is better.

    >>> low = LowRank(56)
    >>> low.describe(), low.describe("fr"), low > LowRank(1)
    ('5-4-3-2-A low', 'Low 5-4-3-2-A', True)
    """

    __slots__ = ()

    def __new__(cls, value: int) -> LowRank:
        if not 1 <= int(value) < len(LOW_MASKS):
            raise ValueError(f"{value!r} is not a low's rank (1-{len(LOW_MASKS) - 1})")
        return super().__new__(cls, value)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The five ranks, highest first, the ace last (it plays low)."""
        mask = LOW_MASKS[int(self)]
        return tuple(Rank.ACE if bit == 0 else Rank(bit - 1) for bit in range(7, -1, -1) if mask >> bit & 1)

    def describe(self, lang: str = "en") -> str:
        """E.g. ``'8-6-4-2-A low'``; ``lang='fr'`` gives ``'Low 8-6-4-2-A'``."""
        shown = "-".join(rank.symbol for rank in self.ranks)
        if lang == "en":
            return f"{shown} low"
        if lang == "fr":
            return f"Low {shown}"
        raise ValueError(f"unknown language {lang!r} (use 'en' or 'fr')")

    def __repr__(self) -> str:
        return f"<LowRank {int(self)}: {self.describe()}>"

    def __str__(self) -> str:
        return self.describe()


class HiLo(NamedTuple):
    """A hi-lo hand's two halves: the high, and the low or ``None`` when no low qualifies."""

    high: HandRank
    low: LowRank | None


class HiLoValues(NamedTuple):
    """Many hi-lo hands' halves: int32 arrays, the low's rank 0 where no low qualifies."""

    high: NDArray[np.int32]
    low: NDArray[np.int32]


def _placed(exc: Error, field: str) -> Error:
    """``exc`` located in ``field``, its message starting with the field's name."""
    placed = exc.located(field)
    placed.args = (f"{field}: {exc.message}", *exc.args[1:])
    return placed


def checked_hand(hole: CardsLike, board: CardsLike, game: Game) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hole and board cards of a hand of ``game``, checked: its hole count, 3-5 board cards, distinct.

    Raises CardParseError, DuplicateCardError or InvalidDealError with
    ``field`` ``"hole"`` or ``"board"`` and, for a card given twice, ``card``.

    >>> from pokerfsm.variants import game_of
    >>> checked_hand("Ah Kh Qh", "2c 3c 4c", game_of("omaha"))
    Traceback (most recent call last):
    ...
    pokerfsm.errors.InvalidDealError: hole: omaha deals 4 hole cards, got 3: Ah Kh Qh
    >>> checked_hand("Ah Kh Qh Jh", "2c 3c Ah", game_of("omaha"))
    Traceback (most recent call last):
    ...
    pokerfsm.errors.DuplicateCardError: board: card 'Ah' is also in the hole
    """
    cards = {}
    for field, given in (("hole", hole), ("board", board)):
        try:
            cards[field] = as_cards(given)
        except (CardParseError, DuplicateCardError) as exc:
            raise _placed(exc, field) from None
    held, shared = cards["hole"], cards["board"]
    if len(held) != game.hole_cards:
        raise InvalidDealError(f"hole: {game.name} deals {game.hole_cards} hole cards, got {len(held)}: "
                               f"{' '.join(map(str, held)) or 'none'}", field="hole")
    if not 3 <= len(shared) <= game.board_cards:
        raise InvalidDealError(f"board: a hand needs 3 to {game.board_cards} board cards, got {len(shared)}: "
                               f"{' '.join(map(str, shared)) or 'none'}", field="board")
    for index, card in enumerate(shared):
        if card in held:
            raise DuplicateCardError(f"board: card {str(card)!r} is also in the hole", field="board", card=card,
                                     index=index)
    return held, shared


def evaluate_omaha(hole: CardsLike, board: CardsLike, game: GameLike = "omaha") -> HandRank | HiLo:
    """The value of an Omaha hand: a :class:`HandRank`, or a :class:`HiLo` for a hi-lo game.

    >>> evaluate_omaha("Ah 2c 3d 4s", "Kh Qh Jh Th 5c").describe()   # one heart in the hole: no flush
    'High card, Ace'
    """
    chosen = _omaha_game(game)
    held, shared = checked_hand(hole, board, chosen)
    high, low = np.empty(1, dtype=np.int32), np.empty(1, dtype=np.int32)
    _omaha.evaluate_rows(np.array([held + shared], dtype=np.uint8), chosen.hole_cards, None, high, low,
                         chosen.eight_or_better, 1)
    value = HandRank(int(high[0]))
    if not chosen.eight_or_better:
        return value
    return HiLo(value, LowRank(int(low[0])) if low[0] else None)


def board_of(board: CardsLike | None, game: Game) -> CardsLike:
    """The board an Omaha hand is given, which it cannot do without."""
    if board is None:
        raise InvalidDealError(f"board: {game.name} needs the board apart from the hole cards (board=...)",
                               field="board")
    return board


def evaluate_game(cards: CardsLike, board: CardsLike | None, game: GameLike) -> HandRank | HiLo:
    """What :func:`pokerfsm.evaluate` does for any game but hold'em without a board (see its docstring)."""
    chosen = game_of(game)
    if chosen.is_omaha:
        return evaluate_omaha(cards, board_of(board, chosen), chosen)
    if chosen is not HOLDEM:
        raise not_played(chosen, "hand values", [g for g in GAMES if g is HOLDEM or g.is_omaha])
    if board is None:
        return _compact.evaluate(cards)
    held, shared = checked_hand(cards, board, chosen)
    return _compact.evaluate(held + shared)


def _omaha_game(game: GameLike) -> Game:
    chosen = game_of(game)
    if not chosen.is_omaha:
        raise OptionError(f"{chosen.name} is not an Omaha game", field="game", text=chosen.name)
    return chosen


def _choices(held: tuple[Card, ...], shared: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every two hole cards with three board cards, the highest cards first."""
    return [p + t for p in combinations(sorted(held, reverse=True), 2)
            for t in combinations(sorted(shared, reverse=True), 3)]


def _low_of(five: tuple[Card, ...]) -> int:
    bits = [low_bit(card) for card in five]
    return LOW_RANKS.get(sum(bits), 0) if all(bits) and len(set(bits)) == 5 else 0


def best_five_omaha(hole: CardsLike, board: CardsLike, game: GameLike = "omaha"
                    ) -> tuple[Card, ...] | tuple[tuple[Card, ...], tuple[Card, ...] | None]:
    """The five cards (sorted low to high) that make the hand; for hi-lo, the high's and the low's (or None).

    When several choices tie, the one made of the highest cards is given.

    >>> best_five_omaha("Ah Kc 7d 8s", "Kh Qh Jh Th 5c")
    (Card('Th'), Card('Jh'), Card('Qh'), Card('Kc'), Card('Ah'))
    >>> best_five_omaha("Ah 2h Kc Qd", "3h 4h 5h 9c Kd", "omaha-hi-lo")[1]
    (Card('Ah'), Card('2h'), Card('3h'), Card('4h'), Card('5h'))
    """
    chosen = _omaha_game(game)
    held, shared = checked_hand(hole, board, chosen)
    choices = _choices(held, shared)
    values = [int(_compact.evaluate(five)) for five in choices]
    high = tuple(sorted(choices[values.index(max(values))]))
    if not chosen.eight_or_better:
        return high
    lows = [_low_of(five) for five in choices]
    best_low = max(lows)
    low = tuple(sorted(choices[lows.index(best_low)], key=_low_order)) if best_low else None
    return high, low


def _low_order(card: Card) -> tuple[int, int]:
    """Low to high with the ace lowest."""
    return (-1 if card.rank == Rank.ACE else int(card.rank), int(card.suit))


def card_codes(cards: ArrayLike, what: str) -> NDArray[np.uint8]:
    """``cards`` as a C-contiguous uint8 array of card codes; raises CardParseError naming ``what`` and
    the first row with a code outside 0-51."""
    array = np.asarray(cards)
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise CardParseError(f"{what}: expected integer card codes, got dtype {array.dtype}", field=what)
        if array.size and (array.min() < 0 or array.max() > 51):
            flat = array.reshape(len(array), -1) if array.ndim > 1 else array.reshape(1, -1)
            bad = int(np.argmax(((flat < 0) | (flat > 51)).any(axis=1)))
            raise CardParseError(f"{what}: row {bad}: {flat[bad].tolist()!r} has a card outside 0-51",
                                 field=what, index=bad)
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def omaha_rows(hole: ArrayLike, board: ArrayLike | None, game: GameLike, threads: int
               ) -> NDArray[np.int32] | HiLoValues:
    """Values of many Omaha hands: ``hole`` (n, hole cards) with ``board`` (n, 3-5) or (3-5,) shared,
    or, with ``board=None``, ``hole`` (n, hole cards + 3-5) the hole cards first.

    Raises InvalidDealError for a shape that does not fit the game, CardParseError
    or DuplicateCardError naming the first bad row.
    """
    chosen = _omaha_game(game)
    holes = card_codes(hole, "hole")
    if holes.ndim != 2:
        raise InvalidDealError(f"hole: expected an (n, {chosen.hole_cards}) array of card codes, "
                               f"got shape {holes.shape}", field="hole")
    if board is None:
        if not 3 <= holes.shape[1] - chosen.hole_cards <= chosen.board_cards:
            raise InvalidDealError(f"cards: {chosen.name} takes rows of {chosen.hole_cards} hole cards and 3-5 "
                                   f"board cards, got {holes.shape[1]} cards a row", field="cards")
        boards = None
    else:
        boards = card_codes(board, "board")
        if boards.ndim == 1:
            boards = boards.reshape(1, -1)
        if holes.shape[1] != chosen.hole_cards:
            raise InvalidDealError(f"hole: {chosen.name} deals {chosen.hole_cards} hole cards, got rows of "
                                   f"{holes.shape[1]}", field="hole")
        if boards.ndim != 2 or not 3 <= boards.shape[1] <= chosen.board_cards or (
                len(boards) != 1 and len(boards) != len(holes)):
            raise InvalidDealError(f"board: expected ({len(holes)}, 3-5) or (3-5,) card codes, got shape "
                                   f"{np.asarray(board).shape}", field="board")
    n = len(holes)
    high, low = np.empty(n, dtype=np.int32), np.empty(n, dtype=np.int32)
    if n and _omaha.evaluate_rows(holes, chosen.hole_cards, boards, high, low, chosen.eight_or_better, threads):
        bad = int(np.argmax(high < 0))
        row = holes[bad].tolist() + ([] if boards is None else boards[bad if len(boards) > 1 else 0].tolist())
        if max(row) > 51:
            raise CardParseError(f"row {bad}: {row!r} has a card outside 0-51", index=bad)
        card = next(Card(c) for i, c in enumerate(row) if c in row[:i])
        raise DuplicateCardError(f"row {bad}: card {str(card)!r} is given twice in {row!r}", card=card,
                                 index=bad)
    if chosen.eight_or_better:
        return HiLoValues(high, low)
    return high
