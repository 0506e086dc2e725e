"""The games the web calculator offers, and reading the ``game`` field of a request.

The calculator answers hold'em (the default: a request without ``game`` is a
hold'em question, answered exactly as before) and the Omaha family of
:mod:`pokerfsm.variants`; a game of the library that the page does not offer
yet is refused by name, as an unknown one is, with one 422 on ``game``.
:func:`games_vocabulary` is what ``GET /api/vocabulary`` lists, so that the
page keeps no list of its own: each game's name, label, hole cards, whether
it has an 8-or-better low, and how many players its deck allows.

>>> [game.name for game in OFFERED]
['holdem', 'omaha', 'omaha5', 'omaha6', 'omaha-hi-lo', 'omaha5-hi-lo']
>>> offered_game("Omaha-Hi-Lo").label
'Omaha hi-lo, 8 or better'
>>> games_vocabulary()[3]
{'name': 'omaha6', 'label': '6-card Omaha', 'hole_cards': 6, 'hi_lo': False, 'players': 7}
>>> try:
...     offered_game("omaha7")
... except FieldError as exc:
...     print(exc.loc, exc.msg.split(" (")[0])
('body', 'game') unknown game 'omaha7'
"""
from __future__ import annotations

from typing import Any

from ..errors import Error, OptionError, quoted
from ..odds.omaha_deal import most_players
from ..variants import GAMES, HOLDEM, Game, game_of
from .problems import FieldError

__all__ = ["OFFERED", "offered_game", "games_vocabulary"]

OFFERED: tuple[Game, ...] = tuple(game for game in GAMES if game is HOLDEM or game.is_omaha)
"""The games whose equity and outs the page and its API answer, hold'em first."""


def offered_game(name: str, prefix: str = "body") -> Game:
    """The offered game called ``name``, or a :class:`FieldError` on ``(prefix, "game")`` quoting it."""
    try:
        game = game_of(name)
        if game not in OFFERED:
            offered = ", ".join(g.name for g in OFFERED)
            raise OptionError(f"the calculator does not offer {quoted(game.name)} (it offers: {offered})",
                              field="game")
    except Error as exc:
        raise FieldError((prefix, "game"), str(exc), "game") from None
    return game


def games_vocabulary() -> list[dict[str, Any]]:
    """Each offered game as the page shows it: name, label, hole cards, hi-lo, most players."""
    return [{"name": game.name, "label": game.label, "hole_cards": game.hole_cards, "hi_lo": game.eight_or_better,
             "players": most_players(game)} for game in OFFERED]
