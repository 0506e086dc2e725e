"""A hand's value as data: what ``pokerfsm eval --json`` prints and ``POST /api/evaluate`` answers.

>>> from pokerfsm.evaluation import best_five, evaluate
>>> from pokerfsm.variants import game_of
>>> razz = game_of("razz")
>>> cards = "As 2d 3c 4h 5s Kd Kc"
>>> s = hand_summary(cards, None, razz, evaluate(cards, game=razz), best_five(cards, game=razz))
>>> s["game"], s["description"], s["best_five"], "category" in s
('razz', '5-4-3-2-A low', ['5s', '4h', '3c', '2d', 'As'], False)

Every list of five is highest first, as the command line prints it (a low's
from its highest card down to the ace); a low-only game has no
``category``, a hi-lo game adds ``low`` (``None`` when none qualifies).
"""
from __future__ import annotations

from typing import Any

from ..cards import CardsLike, as_cards
from ..variants import Game

__all__ = ["hand_summary"]


def hand_summary(cards: CardsLike, board: CardsLike | None, game: Game, value: Any, five: Any,
                 lang: str = "en") -> dict[str, Any]:
    """The hand ``cards`` (on ``board``) at ``game`` as data, from its ``value`` and ``five`` (as
    :func:`pokerfsm.evaluate` and :func:`pokerfsm.best_five` give them), described in ``lang``."""
    shown: dict[str, Any] = {"game": game.name, "board": [str(c) for c in as_cards(board or ())],
                             "cards": [str(c) for c in as_cards(cards)]}
    if game.high is None:  # a low-only game: its low, the cards that play from the highest
        return {**shown, "value": int(value), "description": value.describe(lang),
                "best_five": [str(c) for c in reversed(five)]}
    high, low = (value.high, value.low) if game.eight_or_better else (value, None)
    high_five, low_five = five if game.eight_or_better else (five, None)
    shown |= {"value": int(high), "category": high.category.name, "category_value": int(high.category),
              "description": high.describe(lang), "best_five": [str(c) for c in sorted(high_five, reverse=True)]}
    if game.eight_or_better:
        shown["low"] = None if low is None else {"value": int(low), "description": low.describe(lang),
                                                 "best_five": [str(c) for c in reversed(low_five or ())]}
    return shown
