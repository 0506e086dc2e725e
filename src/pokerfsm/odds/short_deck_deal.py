"""A short-deck deal, checked: hold'em's seats, board and dead cards, every card six or higher.

Seats are read as hold'em's are (:mod:`pokerfsm.players`): a known hand, a
random hand (``None``, ``"??"``), or a range in hold'em's syntax, which at
short deck may only name ranks six to ace. A range item that names a lower
rank is one error quoting it (``'22+'``, ``'A5s-A2s'``). A top-X % item
(``top 15%`` or ``15%``) is the strongest share of short deck's 630 combos in
its own shipped order (:func:`pokerfsm.short_deck_order.with_short_deck_shares`,
by the nearest-share rule of hold'em's ``top 15%``), never hold'em's classes;
a random hand and a range are dealt from the 36 cards. Errors carry their
fields as hold'em's deal's do.

>>> deal = prepare_short_deck_deal(["AhKh", None, "QQ+, AKs"], board="6c 7d 9h")
>>> [seat.text for seat in deal.seats], len(deal.seats[1].cut_range), len(deal.seats[2].cut_range)
(['AhKh', 'random', 'QQ+, AKs'], 465, 15)
>>> prepare_short_deck_deal(["AhKh", "top 4%"]).seats[1].text   # AA, KK, QQ, JJ: 24 of the 630 hands
'JJ+'
>>> prepare_short_deck_deal(["AhKh", "66+, A5s-A2s"])
Traceback (most recent call last):
...
pokerfsm.errors.RangeParseError: player 2: 'A5s-A2s' names a rank below six, which short deck does not deal
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardsLike
from ..errors import InvalidDealError, RangeParseError, quoted
from ..range_text import NUMBER
from ..ranges import HandRange
from ..short_deck_order import with_short_deck_shares
from ..variants import Game, game_of
from .deal import KnownCards, PlayerSpec, Seat, cards_of, distinct_cards, prepare_deal, read_seat

__all__ = ["ShortDeckDeal", "prepare_short_deck_deal", "MOST_PLAYERS", "LOW_CARDS"]

GAME = game_of("short-deck")
MOST_PLAYERS = 10
"""Seats at most (the equity kernels count up to ten; the deck would seat fifteen)."""
LOW_CARDS = tuple(Card(c) for c in range(52) if Card(c) not in GAME.deck)
"""The sixteen cards short deck does not deal, deuces to fives."""
_LOW = frozenset(int(c) for c in LOW_CARDS)
_ITEM = re.compile(r"[^\s,;()]+")


@dataclass
class ShortDeckDeal(KnownCards):
    """Checked seats (2 to :data:`MOST_PLAYERS`), board (0, 3, 4 or 5 cards) and dead cards; each
    range is cut by the known cards and the cards short deck does not deal."""

    seats: list[Seat]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    game: Game = GAME

    @property
    def unavailable(self) -> set[int]:
        """Every card no seat or board may get: the known cards and those below six."""
        return self.known_cards | _LOW


def _refused_item(text: str) -> str | None:
    """The first item of range ``text`` that names a rank below six (top-X % items already replaced)."""
    for match in _ITEM.finditer(text):
        token = match.group()
        if text[match.end():].lstrip().startswith("(") or ("." in token and NUMBER.fullmatch(token)):
            continue  # a weight, such as 0.5(...) or 50%(...)
        if any(ch in "2345" for ch in token):  # 22 is a pair, not a number
            return token
    return None


def _checked_cards(cards: Sequence[Card], field: str, player: int | None = None) -> None:
    for index, card in enumerate(cards):
        if int(card) in _LOW:
            where = f"player {player + 1}" if player is not None else field
            raise InvalidDealError(f"{where}: card {str(card)!r} is not in the short deck (sixes to aces)",
                                   field=field, player=player, card=card, index=index)


def _read(spec: PlayerSpec, player: int) -> Seat:
    if isinstance(spec, str):
        seat = read_seat(spec, player)  # hold'em's grammar first, so errors point into the text as written
        if seat.hand is None and not seat.random:
            text = with_short_deck_shares(spec)
            refused = _refused_item(text)
            if refused is not None:
                raise RangeParseError(f"player {player + 1}: {quoted(refused)} names a rank below six, "
                                      "which short deck does not deal", field="players", player=player, text=refused)
            if text != spec:
                seat = read_seat(text, player)
    else:
        seat = read_seat(spec, player)
    if seat.hand is not None:
        _checked_cards(seat.hand, "players", player)
    elif seat.range is not None and not seat.random:
        low = next((combo for combo in seat.range if _LOW & {int(c) for c in combo}), None)
        if low is not None:
            raise InvalidDealError(f"player {player + 1}: the range holds {''.join(map(str, low))}, "
                                   "a hand below six, which short deck does not deal", field="players", player=player)
    return seat


def prepare_short_deck_deal(players: Sequence[PlayerSpec], board: CardsLike = (), dead: CardsLike = ()
                            ) -> ShortDeckDeal:
    """Check a short-deck deal and cut the ranges by the known cards and the cards below six.

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError, each with ``field`` (and ``player``, ``card``) set.
    """
    if isinstance(players, (str, HandRange)) or players is None:
        raise InvalidDealError(f"players must be a list of hands or ranges, got {players!r}", field="players")
    players = list(players)
    if not 2 <= len(players) <= MOST_PLAYERS:
        raise InvalidDealError(f"short deck takes 2 to {MOST_PLAYERS} players, got {len(players)}", field="players")
    seats = [_read(spec, i) for i, spec in enumerate(players)]
    board_cards, dead_cards = cards_of("board", board), cards_of("dead", dead)
    _checked_cards(board_cards, "board")
    _checked_cards(dead_cards, "dead")
    known = distinct_cards([s.hand for s in seats], board_cards, dead_cards)
    needed = 2 * sum(s.hand is None for s in seats) + GAME.board_cards - len(board_cards)
    left = len(GAME.deck) - known
    if needed > left and len(board_cards) in (0, 3, 4, 5):
        raise InvalidDealError(f"too few cards left: the deal needs {needed} more cards but only {left} of the "
                               "short deck's 36 remain", field="dead" if dead_cards else "players")
    holdem = prepare_deal([s.hand if s.hand is not None else s.range for s in seats], board_cards,
                          dead_cards + LOW_CARDS)
    return ShortDeckDeal(holdem.seats, holdem.board, dead_cards)
