"""A deal, checked: who holds what, the board and the dead cards.

Every front end (the library's ``equity``, ``outs`` and ``LiveOdds``, the
command line, the web API) checks a question here and nowhere else. Errors
carry the fields they concern (``field``, ``player``, ``card``; see
:mod:`pokerfsm.errors`), so a front end can point at the bad input without
reading the message:

>>> deal = prepare_deal(["AhKh", None, "QQ+"], board="2c 7d 9h")
>>> [seat.text for seat in deal.seats], sorted(deal.known_cards)
(['AhKh', 'random', 'QQ+'], [3, 22, 29, 45, 49])
>>> try:
...     prepare_deal(["AhKh", "Kh Qd"])
... except DuplicateCardError as exc:
...     print(exc.field, exc.player, exc.card, "|", exc)
players 1 Kh | card 'Kh' is given twice: in player 1's hand and in player 2's hand
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardsLike, as_cards, cards_of
from ..combos import Hand
from ..errors import DuplicateCardError, Error, InvalidDealError, quoted
from ..players import read_player
from ..ranges import HandRange

__all__ = ["MAX_PLAYERS", "PlayerSpec", "Seat", "Deal", "KnownCards", "prepare_deal", "read_seat", "cards_of",
           "distinct_cards"]

MAX_PLAYERS = 10
"""Hold'em seats at most: ten players need 20 hole cards and 5 board cards of 52."""

PlayerSpec = CardsLike | HandRange | None
"""A player as given: text (see :mod:`pokerfsm.players`), two cards, a range, or None (random)."""


@dataclass
class Seat:
    """A checked player: a known hand, or a range already cut by the known cards.

    ``source`` is the range as given (its derived arrays are cached on it).
    """

    text: str
    hand: Hand | None = None
    range: HandRange | None = None
    random: bool = False
    source: HandRange | None = None

    def __post_init__(self) -> None:
        self.source = self.range

    @property
    def known_hand(self) -> Hand:
        """The cards of a seat whose hand is known."""
        if self.hand is None:
            raise ValueError(f"seat {self.text!r} has no known hand")
        return self.hand

    @property
    def cut_range(self) -> HandRange:
        """The range of a seat whose hand is unknown, without the known cards."""
        if self.range is None:
            raise ValueError(f"seat {self.text!r} holds no range")
        return self.range

    @property
    def given_range(self) -> HandRange:
        """The range as given, before the known cards were removed."""
        if self.source is None:
            raise ValueError(f"seat {self.text!r} holds no range")
        return self.source


def read_seat(spec: PlayerSpec, player: int) -> Seat:
    """Seat ``player`` (from 0) as given: text read by the rule of :mod:`pokerfsm.players`, a
    :class:`HandRange`, ``None`` (random) or a sequence of two cards."""
    try:
        read: Any
        if spec is None:
            read = HandRange.random()
        elif isinstance(spec, HandRange):
            read = spec
        elif isinstance(spec, str):
            read = read_player(spec, player)
        else:
            read = as_cards(spec)
            if len(read) != 2:
                raise InvalidDealError(f"{len(read)} card{'s' * (len(read) != 1)} ({quoted(spec)}); "
                                       "a hand has 2 cards", text=repr(spec))
    except Error as exc:
        raise exc.located("players", player) from None
    if isinstance(read, HandRange):
        return Seat(str(read), range=read, random=read.is_random)
    return Seat(f"{read[0]}{read[1]}", hand=(read[0], read[1]))


class KnownCards:
    """What any game's checked deal knows: its seats' known hands (``seat.hand``, None when
    unknown), the board and the dead cards."""

    seats: Sequence[Any]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]

    @property
    def known_cards(self) -> set[int]:
        """The board, the dead cards and the known hands, as card ints."""
        cards = {int(c) for c in self.board} | {int(c) for c in self.dead}
        for seat in self.seats:
            if seat.hand:
                cards.update(int(c) for c in seat.hand)
        return cards

    @property
    def all_known(self) -> bool:
        return all(seat.hand is not None for seat in self.seats)


@dataclass
class Deal(KnownCards):
    """Checked seats (2 to :data:`MAX_PLAYERS`), board (0, 3, 4 or 5 cards) and dead cards."""

    seats: list[Seat]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]


def distinct_cards(hands: Sequence[Sequence[Card] | None], board: Sequence[Card], dead: Sequence[Card]) -> int:
    """How many cards the known ``hands`` (None where unknown), ``board`` and ``dead`` hold; raises
    DuplicateCardError naming both places of a card given twice."""
    owner: dict[int, str] = {}
    places: list[tuple[str, str, int | None, Sequence[Card]]] = [
        ("players", f"player {i + 1}'s hand", i, hand) for i, hand in enumerate(hands) if hand]
    places += [("board", "the board", None, board), ("dead", "the dead cards", None, dead)]
    for field, place, player, cards in places:
        for index, c in enumerate(cards):
            if int(c) in owner:
                both = f"in {place}" if owner[int(c)] == place else f"in {owner[int(c)]} and in {place}"
                raise DuplicateCardError(f"card {str(c)!r} is given twice: {both}",
                                         card=c, field=field, player=player, index=index)
            owner[int(c)] = place
    return len(owner)


def prepare_deal(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = (),
                 *, board_sizes: Sequence[int] = (0, 3, 4, 5)) -> Deal:
    """Check a deal and cut the ranges by the known cards.

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError, each with ``field`` (and ``player``, ``card``) set.
    """
    if isinstance(players, (str, HandRange)) or players is None:
        raise InvalidDealError(f"players must be a list of hands or ranges, got {players!r}", field="players")
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise InvalidDealError(f"hold'em takes 2 to {MAX_PLAYERS} players, got {len(players)}", field="players")
    seats = [read_seat(spec, i) for i, spec in enumerate(players)]
    board_cards = cards_of("board", board)
    if len(board_cards) not in board_sizes:
        sizes = ", ".join(map(str, board_sizes[:-1])) + f" or {board_sizes[-1]}"
        raise InvalidDealError(f"a board has {sizes} cards, got {len(board_cards)} "
                               f"({' '.join(map(str, board_cards))!r})", field="board")
    dead_cards = cards_of("dead", dead)
    known = distinct_cards([s.hand for s in seats], board_cards, dead_cards)
    deal = Deal(seats, board_cards, dead_cards)
    needed = 2 * sum(s.hand is None for s in seats) + 5 - len(board_cards)
    left = 52 - known
    if needed > left:
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards "
                               f"but only {left} remain in the deck", field="dead" if dead_cards else "players")
    _cut_ranges(deal)
    return deal


def _cut_ranges(deal: Deal) -> None:
    """Remove known cards from every range; a range left with one hand becomes that hand."""
    changed = True
    while changed:
        changed = False
        known = deal.known_cards
        for number, seat in enumerate(deal.seats):
            if seat.hand or seat.range is None:
                continue
            cut = seat.range.without(known)
            if not cut:
                raise InvalidDealError(f"player {number + 1}'s range {seat.text!r} has no hand left "
                                       "once the known cards are removed", field="players", player=number)
            seat.range = cut
            if len(cut) == 1:
                seat.hand = next(iter(cut))
                seat.random = False
                changed = True
                break
    ranged = [i for i, s in enumerate(deal.seats) if s.hand is None]
    if len(ranged) > 1 and not _some_deal_exists(deal, ranged):
        names = " and ".join(f"player {i + 1}" for i in ranged)
        raise InvalidDealError(f"the ranges of {names} collide with every possible deal", field="players")


def _some_deal_exists(deal: Deal, ranged: list[int], node_limit: int = 200_000) -> bool:
    """Whether the ranges admit one deal with no card twice (a bounded depth-first search)."""
    order = sorted(ranged, key=lambda i: len(deal.seats[i].range or ()))
    budget = [node_limit]

    def search(depth: int, used: set[int]) -> bool:
        if depth == len(order):
            return True
        for a, b in deal.seats[order[depth]].range or ():
            budget[0] -= 1
            if budget[0] < 0:
                return True  # too many to try: let the dealing find out
            if a not in used and b not in used and search(depth + 1, used | {a, b}):
                return True
        return False

    return search(0, set())
