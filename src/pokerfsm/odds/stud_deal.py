"""A stud deal, checked: each seat's cards (down and up, ``??`` for a down card nobody sees) and the dead cards.

A seat is its cards in the order they were dealt: text (``"?? ?? Ah Kd"``,
``"As Kd Ah"``, ``"AsKd Ah"``; ``??`` or ``?`` for an unseen card) or a
sequence of cards, card texts and ``None`` (unseen). The street follows from
the number of cards: three on third street up to seven on seventh, the same
for every seat. The cards of players who folded are dead cards (out of the
deck); stud has no board. Errors carry the fields they concern (``field``,
``player``, ``card``), as hold'em's deal does:

>>> deal = prepare_stud_deal(["As Kd Ah Qc Td", "?? ?? 7c 8c 9c"], dead="2h 2c")
>>> deal.street, [seat.text for seat in deal.seats], [seat.missing for seat in deal.seats]
(5, ['As Kd Ah Qc Td', '?? ?? 7c 8c 9c'], [2, 4])
>>> prepare_stud_deal(["As Kd Ah Qc", "?? ?? 7c"])
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: player 2 has 3 cards (?? ?? 7c) but player 1 has 4: every player is on the same street

Eight players would need 56 cards by seventh street. The rule pokerkit
plays (and card rooms): when the street's cards for every player are more
than the cards outside their hands, that street is one community card dealt
face up, part of every player's hand. With eight players that is the seventh
card: each seat holds up to six cards of its own, and the community card,
once dealt, is the ``board``:

>>> deal = prepare_stud_deal([f"?? ?? {up}" for up in "As Ks Qs Js Ts 9s 8s 7s".split()])
>>> deal.shared, deal.street, deal.seats[0].missing
(1, 3, 5)
>>> prepare_stud_deal(["As Kd Ah Qc Td 9c"] + ["?? ?? ?? ?? ?? ??"] * 7, board="2c").street
7
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardsLike, as_cards, parse_cards
from ..errors import Error, InvalidDealError, quoted
from ..variants import Game, GameLike, game_of
from .deal import KnownCards, cards_of, distinct_cards

__all__ = ["StudSeat", "StudDeal", "StudPlayerSpec", "prepare_stud_deal", "seat_cards", "shared_cards",
           "FIRST_STREET", "MOST_PLAYERS", "CARDS"]

StudPlayerSpec = str | Sequence[str | int | Card | None]
"""A stud player as given: text, or a sequence of cards and None (unseen)."""

FIRST_STREET = 3
"""Cards each player holds on third street, the first."""
MOST_PLAYERS = 8
"""Seats at most: with eight, the seventh card is one community card (see the module docstring)."""
CARDS = 7
"""Cards in a player's hand on seventh street, a community card included."""
_UNSEEN = re.compile(r"(\?\??)")


@dataclass
class StudSeat:
    """A checked stud player: the known cards (``hand``, in the order given; a community card is
    not part of it), how many of them nobody saw (``unseen``) and how many cards the seat is dealt
    itself by seventh street (``own``: 7, or 6 when the last is a community card)."""

    text: str
    hand: tuple[Card, ...]
    unseen: int
    own: int = CARDS

    @property
    def missing(self) -> int:
        """Cards of its own this seat is still to be dealt, or holds unseen."""
        return self.own - len(self.hand)


@dataclass
class StudDeal(KnownCards):
    """Checked seats (2 to :data:`MOST_PLAYERS`), all on one street, the dead cards, the game,
    the community cards the deal has by seventh street (``shared``, see :func:`shared_cards`) and
    those dealt (``board``)."""

    game: Game
    seats: list[StudSeat]
    dead: tuple[Card, ...]
    board: tuple[Card, ...] = ()
    shared: int = 0

    @property
    def street(self) -> int:
        """The street the seats are on: the number of cards each holds, a community card included (3 to 7)."""
        return len(self.seats[0].hand) + self.seats[0].unseen + len(self.board)

    @property
    def shared_missing(self) -> int:
        """Community cards still to be dealt."""
        return self.shared - len(self.board)


def shared_cards(players: int, deck: int) -> int:
    """Community cards a stud deal of ``players`` has by seventh street, by the rule pokerkit
    plays: a street whose card for each player would take more than the ``deck`` cards outside
    their hands is one community card. Six of each player's cards come first, so only the
    seventh street can be short (8 players: 8 × 7 = 56 > 52).

    >>> [shared_cards(n, 52) for n in (2, 7, 8)]
    [0, 0, 1]
    """
    return 1 if players * CARDS > deck else 0


def _cards_of(spec: StudPlayerSpec) -> list[Card | None]:
    """A seat's cards as given, None where unseen."""
    if isinstance(spec, str):
        cards: list[Card | None] = []
        for piece in _UNSEEN.split(spec):
            if _UNSEEN.fullmatch(piece):
                cards.append(None)
            elif piece.strip(" ,;\t"):
                cards.extend(parse_cards(piece, distinct=False))
        return cards
    if spec is None or isinstance(spec, (Card, int)):
        raise InvalidDealError(f"a stud player is a list of cards (None or '??' for an unseen one), "
                               f"got {quoted(spec)}")
    return [None if token is None or (isinstance(token, str) and _UNSEEN.fullmatch(token.strip()))
            else as_cards([token])[0] for token in spec]


def seat_cards(spec: StudPlayerSpec, player: int) -> tuple[str, list[Card | None]]:
    """Seat ``player``'s (from 0) cards as given, None where unseen, and as text; errors placed at that player."""
    try:
        cards = _cards_of(spec)
    except Error as exc:
        raise exc.located("players", player) from None
    return " ".join("??" if card is None else str(card) for card in cards), cards


def _read_seat(spec: StudPlayerSpec, player: int, own: int) -> StudSeat:
    """Seat ``player`` (from 0) as given, dealt ``own`` cards of its own; errors placed at that player."""
    shown, cards = seat_cards(spec, player)
    if own < CARDS and len(cards) == CARDS:
        raise InvalidDealError(f"player {player + 1} has 7 cards given ({shown}); with eight players the seventh "
                               "card is one community card: give each player's six and the community card as "
                               "the board", field="players", player=player, text=quoted(spec))
    if not FIRST_STREET <= len(cards) <= own:
        count = f"{len(cards)} card{'s' * (len(cards) != 1)}"
        raise InvalidDealError(f"player {player + 1} has {count} given ({shown or 'none'}); a stud player holds 3 "
                               "cards on third street to 7 on seventh, written as dealt with ?? for each card "
                               "unseen, e.g. '?? ?? 7c'", field="players", player=player, text=quoted(spec))
    known = tuple(card for card in cards if card is not None)
    return StudSeat(shown, known, len(cards) - len(known), own)


def prepare_stud_deal(players: Sequence[StudPlayerSpec], dead: CardsLike = (), *, game: GameLike = "stud",
                      board: CardsLike = (), in_hand: int | None = None) -> StudDeal:
    """Check a stud deal: 2 to :data:`MOST_PLAYERS` seats on one street, no card twice, cards enough.

    ``board`` is the community card of a deal of eight players on seventh
    street (see the module docstring), else empty: stud has no board, and a
    folded player's cards are ``dead``. ``in_hand``: how many players are
    still in the hand, which decides the community card (the players given,
    unless they are a side pot's contenders among more).
    Raises CardParseError, DuplicateCardError or InvalidDealError, each with
    ``field`` (and ``player``, ``card``) set; OptionError for an unknown game.
    """
    chosen = game_of(game)
    if not chosen.is_stud:
        raise InvalidDealError(f"{chosen.name} is not a stud game", field="game", text=chosen.name)
    if isinstance(players, str) or players is None:
        raise InvalidDealError(f"players must be a list of stud hands, got {quoted(players)}", field="players")
    players = list(players)
    if not 2 <= len(players) <= MOST_PLAYERS:
        raise InvalidDealError(f"{chosen.name} takes 2 to {MOST_PLAYERS} players, got {len(players)}",
                               field="players")
    table = len(players) if in_hand is None else in_hand
    if isinstance(table, bool) or not isinstance(table, int) or not len(players) <= table <= MOST_PLAYERS:
        raise InvalidDealError(f"in_hand is {len(players)} to {MOST_PLAYERS} players still in the hand, got "
                               f"{quoted(in_hand)}", field="in_hand")
    shared = shared_cards(table, len(chosen.deck))
    seats = [_read_seat(spec, i, CARDS - shared) for i, spec in enumerate(players)]
    street = len(seats[0].hand) + seats[0].unseen
    for number, seat in enumerate(seats[1:], start=1):
        if len(seat.hand) + seat.unseen != street:
            raise InvalidDealError(f"player {number + 1} has {len(seat.hand) + seat.unseen} cards ({seat.text}) "
                                   f"but player 1 has {street}: every player is on the same street",
                                   field="players", player=number)
    board_cards = _community(chosen, board, shared, street)
    dead_cards = cards_of("dead", dead)
    known = distinct_cards([s.hand for s in seats], board_cards, dead_cards)
    needed = sum(s.missing for s in seats) + shared - len(board_cards)
    left = len(chosen.deck) - known
    if needed > left:
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards but only {left} remain "
                               "in the deck", field="dead" if dead_cards else "players")
    return StudDeal(chosen, seats, dead_cards, board_cards, shared)


def _community(game: Game, board: CardsLike, shared: int, street: int) -> tuple[Card, ...]:
    """The community card given as ``board``: none unless the deal has one (eight players) and every
    seat holds its own six cards."""
    cards = cards_of("board", board)
    if not cards:
        return cards
    if not shared:
        raise InvalidDealError(f"{game.name} has no board: give each player's up cards with the player, "
                               "and folded players' cards as dead cards (only eight players share a "
                               "community card, on seventh street)", field="board")
    if len(cards) > shared or street < CARDS - shared:
        raise InvalidDealError(f"the board holds {len(cards)} card(s) ({' '.join(map(str, cards))}) on street "
                               f"{street}: eight players share one community card, on seventh street once "
                               "each holds six", field="board")
    return cards
