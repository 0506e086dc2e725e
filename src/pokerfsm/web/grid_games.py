"""The games of the range grid: hold'em and short deck, whose seats hold two cards or a range of them.

The grid, its per-hand heatmap, the live combos and the board hits answer
these games (a request names one with ``game``, hold'em when it does not). A
game's grid is the square of the ranks it deals: hold'em's 13×13 (169
classes, 1,326 combos), short deck's 9×9 from aces down to sixes (81
classes, 630 combos). At short deck a range is read as its equity reads it
(:mod:`pokerfsm.odds.short_deck_deal`: ranks six to ace, ``top 15%`` in
short deck's own order), so the grid, the counts and the equity never
disagree. Another offered game is refused by name, with one 422 on ``game``.

>>> [game.name for game in GRID_GAMES], len(game_classes(SHORT_DECK)), game_combos(SHORT_DECK)
(['holdem', 'short-deck'], 81, 630)
>>> str(read_game_range("top 4%", SHORT_DECK))
'JJ+'
>>> read_game_range("55+", SHORT_DECK)
Traceback (most recent call last):
...
pokerfsm.errors.RangeParseError: '55+' names a rank below six, which short deck does not deal
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, CardsLike
from ..combos import ALL_COMBOS, HAND_CLASSES
from ..errors import Error
from ..odds.deal import Deal, prepare_deal
from ..odds.short_deck_deal import LOW_CARDS, ShortDeckDeal, prepare_short_deck_deal
from ..ranges import HandRange, parse_range
from ..short_deck_order import SHORT_DECK_CLASSES, SHORT_DECK_COMBOS
from ..variants import Game, game_of
from .games import GRID_GAMES, offered_game
from .problems import FieldError

__all__ = ["GRID_GAMES", "SHORT_DECK", "GridDeal", "grid_game", "game_classes", "game_combos", "read_game_range",
           "read_grid_deal", "out_of_deck"]

SHORT_DECK = game_of("short-deck")

GridDeal = Deal | ShortDeckDeal
"""A checked deal of a grid game."""


def grid_game(name: str, prefix: str = "body", what: str = "the range grid") -> Game:
    """The grid game called ``name``, or one :class:`FieldError` on ``(prefix, "game")`` naming it."""
    game = offered_game(name, prefix)
    if game not in GRID_GAMES:
        offered = " and ".join(g.label for g in GRID_GAMES)
        raise FieldError((prefix, "game"), f"{what} is for {offered} only, not {game.label}", "game_not_supported")
    return game


def game_classes(game: Game) -> tuple[str, ...]:
    """The hand classes of ``game``'s grid, in hold'em's order of classes."""
    return SHORT_DECK_CLASSES if game is SHORT_DECK else HAND_CLASSES


def game_combos(game: Game) -> int:
    """How many two-card hands ``game``'s deck holds."""
    return SHORT_DECK_COMBOS if game is SHORT_DECK else len(ALL_COMBOS)


def out_of_deck(game: Game) -> tuple[Card, ...]:
    """The cards ``game`` does not deal (none at hold'em)."""
    return LOW_CARDS if game is SHORT_DECK else ()


def read_game_range(text: str, game: Game) -> HandRange:
    """Range ``text`` as ``game``'s equity reads it; the library's error otherwise, placed in ``range``."""
    try:
        if game is not SHORT_DECK:
            return parse_range(text)
        seat = read_grid_deal([text, None], (), (), game).seats[0]  # the short-deck deal's reading of a range
    except Error as exc:
        message = str(exc).removeprefix("player 1: ")  # the range stands alone here: no seat to name
        raise type(exc)(message, field="range", index=exc.index, card=exc.card, text=exc.text, path=exc.path,
                        line=exc.line) from None
    if seat.source is None:  # two cards: the range of that one hand
        return HandRange.from_combos([seat.known_hand])
    return seat.source.without(int(c) for c in LOW_CARDS)


def read_grid_deal(players: Sequence[Any], board: CardsLike, dead: CardsLike, game: Game) -> GridDeal:
    """The spot of a grid game, checked by the library (its errors carry their fields)."""
    if game is SHORT_DECK:
        return prepare_short_deck_deal(players, board, dead)
    return prepare_deal(players, board, dead)
