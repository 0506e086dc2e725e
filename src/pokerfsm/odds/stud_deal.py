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

A full table of eight players needs 56 cards by seventh street: the rules
then deal one community card, which this deal does not model, so eight
players are refused (seven is the most).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardsLike, as_cards, parse_cards
from ..errors import Error, InvalidDealError, quoted
from ..variants import Game, GameLike, game_of
from .deal import KnownCards, cards_of, distinct_cards

__all__ = ["StudSeat", "StudDeal", "StudPlayerSpec", "prepare_stud_deal", "seat_cards", "FIRST_STREET",
           "MOST_PLAYERS"]

StudPlayerSpec = str | Sequence[str | int | Card | None]
"""A stud player as given: text, or a sequence of cards and None (unseen)."""

FIRST_STREET = 3
"""Cards each player holds on third street, the first."""
MOST_PLAYERS = 7
"""Seats at most: eight would need 56 cards of 52 (see the module docstring)."""
_UNSEEN = re.compile(r"(\?\??)")


@dataclass
class StudSeat:
    """A checked stud player: the known cards (``hand``, in the order given) and how many are to come
    (``missing``: the unseen down cards and the streets still to be dealt)."""

    text: str
    hand: tuple[Card, ...]
    unseen: int

    @property
    def missing(self) -> int:
        """Cards this seat is still to be dealt, or holds unseen."""
        return 7 - len(self.hand)


@dataclass
class StudDeal(KnownCards):
    """Checked seats (2 to :data:`MOST_PLAYERS`), all on one street, the dead cards and the game."""

    game: Game
    seats: list[StudSeat]
    dead: tuple[Card, ...]
    board: tuple[Card, ...] = ()

    @property
    def street(self) -> int:
        """The street the seats are on: the number of cards each holds (3 to 7)."""
        return len(self.seats[0].hand) + self.seats[0].unseen


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


def _read_seat(spec: StudPlayerSpec, player: int) -> StudSeat:
    """Seat ``player`` (from 0) as given, its errors placed at that player."""
    shown, cards = seat_cards(spec, player)
    if not FIRST_STREET <= len(cards) <= 7:
        raise InvalidDealError(f"player {player + 1} has {len(cards)} cards given ({shown or 'none'}); a stud player "
                               "holds 3 cards on third street to 7 on seventh", field="players", player=player,
                               text=quoted(spec))
    known = tuple(card for card in cards if card is not None)
    return StudSeat(shown, known, len(cards) - len(known))


def prepare_stud_deal(players: Sequence[StudPlayerSpec], dead: CardsLike = (), *, game: GameLike = "stud",
                      board: CardsLike = ()) -> StudDeal:
    """Check a stud deal: 2 to :data:`MOST_PLAYERS` seats on one street, no card twice, cards enough.

    ``board`` must be empty (stud has none: a folded player's cards are ``dead``).
    Raises CardParseError, DuplicateCardError or InvalidDealError, each with
    ``field`` (and ``player``, ``card``) set; OptionError for an unknown game.
    """
    chosen = game_of(game)
    if not chosen.is_stud:
        raise InvalidDealError(f"{chosen.name} is not a stud game", field="game", text=chosen.name)
    if isinstance(players, str) or players is None:
        raise InvalidDealError(f"players must be a list of stud hands, got {quoted(players)}", field="players")
    players = list(players)
    if len(players) == 8:
        raise InvalidDealError("8 players need 56 cards by seventh street and the deck has 52; the community "
                               "card the rules deal then is not modelled: 7 players at most", field="players")
    if not 2 <= len(players) <= MOST_PLAYERS:
        raise InvalidDealError(f"{chosen.name} takes 2 to {MOST_PLAYERS} players, got {len(players)}",
                               field="players")
    if cards_of("board", board):
        raise InvalidDealError(f"{chosen.name} has no board: give each player's up cards with the player, "
                               "and folded players' cards as dead cards", field="board")
    seats = [_read_seat(spec, i) for i, spec in enumerate(players)]
    street = len(seats[0].hand) + seats[0].unseen
    for number, seat in enumerate(seats[1:], start=1):
        if len(seat.hand) + seat.unseen != street:
            raise InvalidDealError(f"player {number + 1} has {len(seat.hand) + seat.unseen} cards ({seat.text}) "
                                   f"but player 1 has {street}: every player is on the same street",
                                   field="players", player=number)
    dead_cards = cards_of("dead", dead)
    known = distinct_cards([s.hand for s in seats], (), dead_cards)
    needed = sum(7 - len(s.hand) for s in seats)
    left = len(chosen.deck) - known
    if needed > left:
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards but only {left} remain "
                               "in the deck", field="dead" if dead_cards else "players")
    return StudDeal(chosen, seats, dead_cards)
