"""The games the web calculator offers, and reading the ``game`` field of a request.

The calculator answers hold'em (the default: a request without ``game`` is a
hold'em question, answered exactly as before), the Omaha family, the stud
games and short deck of :mod:`pokerfsm.variants`: every game whose equity is
defined by the cards alone. The draw games are not offered (before the draw
their equity depends on how the players draw); a game not offered is refused
by name, as an unknown one is, with one 422 on ``game``.
:func:`games_vocabulary` is what ``GET /api/vocabulary`` lists, so that the
page keeps no list of its own: each game's name, label, hole cards, whether
it has an 8-or-better low, how many players its deck allows, whether it deals
a board, whether a seat may hold a range, each hole card's face (a stud
player's up cards), the deck, whether the range grid, its heatmap and
the board hits answer the game (``grid``: hold'em and short deck,
:data:`GRID_GAMES`) with the ranks of its grid, highest first, and the high
hand categories in the game's ranking, weakest first (``categories``: at
short deck the flush above the full house; none at a low-only game).

>>> [game.name for game in OFFERED]
['holdem', 'omaha', 'omaha5', 'omaha6', 'omaha-hi-lo', 'omaha5-hi-lo', 'stud', 'stud-hi-lo', 'razz', 'short-deck']
>>> offered_game("Omaha-Hi-Lo").label
'Omaha hi-lo, 8 or better'
>>> omaha6 = games_vocabulary()[3]
>>> omaha6["name"], omaha6["hole_cards"], omaha6["hi_lo"], omaha6["players"], omaha6["board"], omaha6["ranges"]
('omaha6', 6, False, 7, True, True)
>>> stud = games_vocabulary()[6]
>>> stud["label"], stud["board"], stud["ranges"], " ".join(stud["faces"])
('Seven-card stud', False, False, 'down down up up up up down')
>>> short_deck = games_vocabulary()[-1]
>>> len(short_deck["deck"]), "5c" in short_deck["deck"], "6c" in short_deck["deck"]
(36, False, True)
>>> short_deck["grid"], short_deck["ranks"], stud["grid"]
(True, 'AKQJT9876', False)
>>> short_deck["categories"][-4:]
['FULL_HOUSE', 'FLUSH', 'FOUR_OF_A_KIND', 'STRAIGHT_FLUSH']
>>> try:
...     offered_game("omaha7")
... except FieldError as exc:
...     print(exc.loc, exc.msg.split(" (")[0])
('body', 'game') unknown game 'omaha7'
"""
from __future__ import annotations

from typing import Any

from ..cards import RANK_SYMBOLS
from ..errors import Error, quoted
from ..odds import stud_deal
from ..odds.omaha_deal import most_players
from ..variants import GAMES, HOLDEM, Game, HighRule, game_of
from .problems import FieldError

__all__ = ["OFFERED", "GRID_GAMES", "named_game", "offered_game", "games_vocabulary"]

OFFERED: tuple[Game, ...] = tuple(game for game in GAMES if game is HOLDEM or game.is_omaha or game.is_stud
                                   or game.high is HighRule.SHORT_DECK)
"""The games whose equity the page and its API answer, hold'em first."""
GRID_GAMES: tuple[Game, ...] = (HOLDEM, game_of("short-deck"))
"""The games the range grid, the per-hand heatmap, the live combos and the board hits answer
(:mod:`pokerfsm.web.grid_games`): a seat holds two cards or a range of them."""

STUD_DOWN_FIRST = 2
"""A stud player's first two cards are dealt down; the up cards follow, and the last card is down."""


def named_game(name: str, prefix: str = "body") -> Game:
    """Any game of :mod:`pokerfsm.variants` called ``name`` (what ``POST /api/evaluate`` values, the draw games
    included), or a :class:`FieldError` on ``(prefix, "game")`` quoting it."""
    try:
        return game_of(name)
    except Error as exc:
        raise FieldError((prefix, "game"), str(exc), "game") from None


def offered_game(name: str, prefix: str = "body") -> Game:
    """The offered game called ``name``, or a :class:`FieldError` on ``(prefix, "game")`` quoting it."""
    game = named_game(name, prefix)
    if game not in OFFERED:
        offered = ", ".join(g.name for g in OFFERED)
        raise FieldError((prefix, "game"), f"the calculator does not offer {quoted(game.name)} (it offers: {offered})",
                         "game")
    return game


def faces(game: Game) -> list[str]:
    """How each of a player's cards is dealt, in order: ``"down"`` or ``"up"`` (a stud player's up cards)."""
    down_first = STUD_DOWN_FIRST if game.is_stud else game.hole_cards
    shown = ["down"] * min(down_first, game.hole_cards) + ["up"] * game.up_cards
    return shown + ["down"] * (game.hole_cards - len(shown))


def games_vocabulary() -> list[dict[str, Any]]:
    """Each offered game as the page shows it: name, label, hole cards, hi-lo, most players, board,
    ranges, faces, deck, grid, the grid's ranks and the high categories."""
    return [{"name": game.name, "label": game.label, "hole_cards": game.hole_cards, "hi_lo": game.eight_or_better,
             "players": stud_deal.MOST_PLAYERS if game.is_stud else most_players(game),
             "board": game.board_cards > 0, "ranges": not game.is_stud,
             "faces": faces(game), "deck": [str(card) for card in game.deck], "grid": game in GRID_GAMES,
             "ranks": "".join(sorted({str(card)[0] for card in game.deck}, key=RANK_SYMBOLS.index, reverse=True)),
             "categories": [category.name for category in game.high.categories] if game.high else []}
            for game in OFFERED]
