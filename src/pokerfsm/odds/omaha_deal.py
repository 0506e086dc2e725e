"""An Omaha deal, checked: each seat's hole cards (as many as the game deals), the board and the dead cards.

A seat is a known hand (``"AsKsQhJh"``, ``"As Ks Qh Jh"`` or a sequence of
cards), ``None``, nothing or question marks (``"?"``, ``"????"``; also
``"random"``, ``"any"``, ``"xxxx"``) for a random hand, an Omaha range in the syntax of
:mod:`pokerfsm.omaha_ranges`, or an :class:`~pokerfsm.omaha_ranges.OmahaRange`.
Text that reads as cards is a hand, and must hold exactly the game's number
of hole cards; any other text is read as a range. Errors carry the fields
they concern (``field``, ``player``, ``card``), as hold'em's deal does:

>>> deal = prepare_omaha_deal(["AsKsQhJh", None, "AAxx"], "2c 7d 9h", game="omaha")
>>> [seat.text for seat in deal.seats], deal.seats[2].live_hands(deal.known_cards)[0].shape
(['AsKsQhJh', 'random', 'AAxx'], (2625, 4))
>>> prepare_omaha_deal(["AsKsQh", "??"], game="omaha")
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: player 1: omaha deals 4 hole cards, got 3: As Ks Qh
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..cards import Card, CardsLike, as_cards
from ..errors import CardParseError, Error, InvalidDealError, quoted
from ..omaha_ranges import OmahaRange, parse_omaha_range
from ..variants import Game, GameLike, game_of
from .deal import KnownCards, cards_of, distinct_cards

__all__ = ["OmahaSeat", "OmahaDeal", "OmahaPlayerSpec", "prepare_omaha_deal", "most_players"]

OmahaPlayerSpec = CardsLike | OmahaRange | None
"""An Omaha player as given: text, cards, an OmahaRange, or None (random)."""


def most_players(game: Game) -> int:
    """How many players the deck allows at ``game``, ten at most (the kernels count up to ten):
    10 at 4-card Omaha, 9 at 5-card, 7 at 6-card (their hands and a five-card board).

    >>> [most_players(game_of(name)) for name in ("omaha", "omaha5", "omaha6")]
    [10, 9, 7]
    """
    return min(10, (len(game.deck) - game.board_cards) // game.hole_cards)


@dataclass
class OmahaSeat:
    """A checked Omaha player: a known hand, a random hand, or a range cut by the known cards."""

    text: str
    hand: tuple[Card, ...] | None = None
    range: OmahaRange | None = None
    random: bool = False

    def live_hands(self, known: set[int]) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
        """The seat's hands that hold none of the ``known`` cards, (hands, hole cards) lowest card
        first, and their weights: its hand, or its range's."""
        if self.hand is not None:
            return np.array([sorted(int(c) for c in self.hand)], dtype=np.uint8), np.ones(1)
        if self.range is None:
            raise ValueError(f"seat {self.text!r} holds no hand and no range")
        return self.range.arrays(without=known)


@dataclass
class OmahaDeal(KnownCards):
    """Checked seats (2 to :func:`most_players`), board (0, 3, 4 or 5 cards), dead cards and the game."""

    game: Game
    seats: list[OmahaSeat]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]


def _read_seat(spec: OmahaPlayerSpec, player: int, game: Game) -> OmahaSeat:
    try:
        if isinstance(spec, OmahaRange):
            if spec.hole_cards != game.hole_cards:
                raise InvalidDealError(f"a range of {spec.hole_cards}-card hands at {game.name}, which deals "
                                       f"{game.hole_cards} hole cards", text=str(spec))
            read: OmahaRange | tuple[Card, ...] = spec
        elif spec is None or (isinstance(spec, str) and set(spec.strip()) <= {"?"}):
            read = OmahaRange.random(game)
        elif isinstance(spec, str):
            try:
                read = as_cards(spec)
            except CardParseError:
                read = parse_omaha_range(spec, game)
        else:
            read = as_cards(spec)
        if isinstance(read, tuple) and len(read) != game.hole_cards:
            raise InvalidDealError(f"{game.name} deals {game.hole_cards} hole cards, got {len(read)}: "
                                   f"{' '.join(map(str, read)) or 'none'}", text=quoted(spec))
    except Error as exc:
        raise exc.located("players", player) from None
    if isinstance(read, OmahaRange):
        return OmahaSeat(str(read), range=read, random=read.is_random)
    return OmahaSeat("".join(map(str, read)), hand=read)


def prepare_omaha_deal(players: Sequence[OmahaPlayerSpec], board: CardsLike = (), dead: CardsLike = (), *,
                       game: GameLike = "omaha") -> OmahaDeal:
    """Check an Omaha deal and cut the ranges by the known cards.

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError, each with ``field`` (and ``player``, ``card``) set;
    OptionError for an unknown game or one that is not Omaha.
    """
    chosen = game_of(game)
    if not chosen.is_omaha:
        raise InvalidDealError(f"{chosen.name} is not an Omaha game", field="game", text=chosen.name)
    if isinstance(players, (str, OmahaRange)) or players is None:
        raise InvalidDealError(f"players must be a list of hands or ranges, got {quoted(players)}",
                               field="players")
    players = list(players)
    most = most_players(chosen)
    if not 2 <= len(players) <= most:
        raise InvalidDealError(f"{chosen.name} takes 2 to {most} players, got {len(players)}", field="players")
    seats = [_read_seat(spec, i, chosen) for i, spec in enumerate(players)]
    board_cards = cards_of("board", board)
    if len(board_cards) not in (0, 3, 4, 5):
        raise InvalidDealError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)} "
                               f"({' '.join(map(str, board_cards))!r})", field="board")
    dead_cards = cards_of("dead", dead)
    known = distinct_cards([s.hand for s in seats], board_cards, dead_cards)
    needed = chosen.hole_cards * sum(s.hand is None for s in seats) + chosen.board_cards - len(board_cards)
    left = len(chosen.deck) - known
    if needed > left:
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards but only {left} remain "
                               "in the deck", field="dead" if dead_cards else "players")
    deal = OmahaDeal(chosen, seats, board_cards, dead_cards)
    _cut_ranges(deal)
    return deal


def _cut_ranges(deal: OmahaDeal) -> None:
    """Refuse a range with no hand left once the known cards are removed; a range left with one hand
    becomes that hand."""
    known = deal.known_cards
    for number, seat in enumerate(deal.seats):
        if seat.range is None or seat.random:
            continue
        cards, _ = seat.range.arrays(without=known)
        if not len(cards):
            raise InvalidDealError(f"player {number + 1}'s range {seat.text!r} has no hand left once the known "
                                   "cards are removed", field="players", player=number)
        if len(cards) == 1:
            seat.hand = tuple(Card(int(c)) for c in cards[0][::-1])
