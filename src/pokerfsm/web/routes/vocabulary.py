"""``GET /api/vocabulary``: the names the page shows, from their one home in the library.

The page loads it once at start and keeps no list of its own:

* ``categories``: the nine hand categories, weakest first, with their English
  label and the course's French (:class:`pokerfsm.ranking.HandCategory`); an
  equity answer's ``categories`` are keyed by ``name``;
* ``methods``: how an equity answer was computed (its ``method``, :class:`pokerfsm.odds.Method`),
  with a label;
* ``classes``: the 169 hand classes (``AA``, ``AKs``, ``AKo``, ...) with the
  number of combos of each (6, 4 or 12, :func:`pokerfsm.combos.class_combos`);
* ``games``: the games the calculator offers, hold'em first, each with its
  label, hole cards, whether it is hi-lo and the most players its deck allows
  (:func:`pokerfsm.web.games.games_vocabulary`).

>>> from fastapi.testclient import TestClient
>>> from pokerfsm.web.app import create_app
>>> words = TestClient(create_app()).get("/api/vocabulary").json()
>>> words["categories"][1], words["classes"][0], len(words["classes"])
({'name': 'PAIR', 'label': 'Pair', 'french': 'Paire'}, {'hand': 'AA', 'combos': 6}, 169)
>>> [m["name"] for m in words["methods"]]
['table', 'enumeration', 'monte-carlo']
>>> [(game["name"], game["hole_cards"], game["players"]) for game in words["games"][:2]]
[('holdem', 2, 10), ('omaha', 4, 10)]
"""
from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ...combos import HAND_CLASSES, class_combos
from ...odds import Method
from ...ranking import HandCategory
from ..games import games_vocabulary

__all__ = ["router", "vocabulary"]

router = APIRouter(tags=["page"])


@functools.cache
def vocabulary() -> dict[str, Any]:
    """The answer of ``GET /api/vocabulary`` (the same for the life of the server)."""
    return {"categories": [{"name": c.name, "label": c.label, "french": c.french} for c in HandCategory],
            "methods": [{"name": str(method), "label": method.label} for method in Method],
            "classes": [{"hand": hand, "combos": class_combos(hand)} for hand in HAND_CLASSES],
            "games": games_vocabulary()}


@router.get("/api/vocabulary", summary="The names the page shows: hand categories, methods, hand classes, games")
async def get_vocabulary() -> Any:
    return JSONResponse(vocabulary(), headers={"Cache-Control": "public, max-age=3600"})
