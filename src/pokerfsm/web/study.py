"""The study answers of the page: ranges, the preflop order, live combos and board hits.

The routes are in :mod:`pokerfsm.web.routes.study`:

* ``POST /api/range`` reads a range as the library does and answers its
  canonical text, its combos and, for each of the 169 hand classes, the share
  of the class's combos it holds (the page's 13×13 grid; at short deck,
  ``"game": "short-deck"``, the 81 classes of its 9×9 grid and shares of its
  630 combos). It is cheap: the page checks a seat's range with it before
  asking for equity.
* ``GET /api/order``: the 169 classes in the PokerStove order (exact equity
  against one random hand; shipped package data, no table needed), for the
  page's "top X %" slider, and whether the ``preflop-hu`` table is built;
  ``?game=short-deck``: short deck's 81 classes in its own shipped order, and
  whether ``short-deck-preflop-hu`` is built.
* ``POST /api/live``: each seat's live combos in a spot (:mod:`pokerfsm.web.live`),
  the count the page shows for a seat everywhere.
* ``POST /api/hits``: :func:`pokerfsm.hits` for a range on a 3-5 card board,
  or for one seat of a spot (``players`` and ``seat``): the other seats'
  known hands are then out of the deck, as in the equity. With ``"hands":
  true`` it lists each combo with its made hand and draws too.
* ``POST /api/heatmap``: the equity of each hand class of one seat's range
  against the other seats (see :mod:`pokerfsm.web.heatmap`).

Each request but the heatmap's takes ``game``: hold'em (the default) or short
deck (:mod:`pokerfsm.web.grid_games`); the heatmap's takes the equity's.

Errors are the app's: the library's, placed in the request (``loc``), as a 422.

>>> from fastapi.testclient import TestClient
>>> from pokerfsm.web.app import create_app
>>> client = TestClient(create_app())
>>> answer = client.post("/api/range", json={"range": "QQ+, AKs, AhKd"}).json()
>>> answer["text"], answer["combos"], answer["classes"]["AKo"]
('QQ+, AKs, AhKd', 23, 0.0833...)
>>> client.post("/api/range", json={"range": "QQ++"}).json()["detail"][0]["loc"]
['body', 'range']
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from ..cards import CardsLike
from ..combos import class_combos, hand_class
from ..errors import Error
from ..preflop_order import preflop_order
from ..ranges import HandRange, parse_range
from ..short_deck_order import short_deck_order
from ..variants import HOLDEM, Game
from .grid_games import SHORT_DECK, game_classes, game_combos, grid_game, read_game_range
from .heatmap import heads_up_table
from .live import cards_out, given_range, live_answer, tidy
from .problems import FieldError
from .questions import field_error, read_grid_spot
from .schemas import GAME_DESCRIPTION, CardList, EquityRequest, GameName, PlayerJson, SpotRequest, _Request

__all__ = ["RangeRequest", "HitsRequest", "LiveRequest", "HeatmapRequest", "range_answer", "order_answer",
           "live_spot", "hits_answer"]


class RangeRequest(_Request):
    """A range to read, and optionally hand classes to set (the grid's edits)."""

    range: Annotated[str, Field(max_length=500)] = Field(description="a range in PokerStove syntax",
                                                         examples=["QQ+, AKs, 0.5(AQs)"])
    set: Annotated[dict[Annotated[str, Field(max_length=3)], Annotated[float, Field(ge=0, le=1)]],
                   Field(max_length=169)] = Field(
        default={}, description="hand class -> weight (0 removes the class) applied after reading the range",
        examples=[{"AKo": 1, "QQ": 0}])
    game: GameName = Field(default="holdem", description=GAME_DESCRIPTION)


class HitsRequest(_Request):
    """A range on a flop, turn or river: ``range`` alone, or seat ``seat`` of ``players``."""

    range: Annotated[str, Field(max_length=500)] | None = Field(
        default=None, description="a range (or give players and seat)", examples=["QQ+, AKs, AKo, 76s"])
    players: Annotated[list[PlayerJson], Field(min_length=2, max_length=10)] | None = Field(
        default=None, description="the seats of a spot, as /api/equity takes them (instead of range)",
        examples=[[["Ah", "Ad"], "QQ+, AKs"]])
    seat: Annotated[int, Field(strict=True, ge=0, le=9)] | None = Field(
        default=None, description="with players: the 0-based seat whose range is shown")
    board: CardList = Field(description="3, 4 or 5 community cards", examples=[["Kd", "7c", "2h"]])
    dead: CardList = Field(default=[], description="cards removed from the deck", examples=[[]])
    hands: bool = Field(default=False, description="also list each live combo with its made hand and draws "
                                                   "(the page highlights a category's hands with them)")
    game: GameName = Field(default="holdem", description=GAME_DESCRIPTION)


class LiveRequest(SpotRequest):
    """A spot, and optionally the seat whose live combos are wanted per hand class."""

    seat: Annotated[int, Field(strict=True, ge=0, le=9)] | None = Field(
        default=None, description="0-based seat whose hand classes are counted too")
    game: GameName = Field(default="holdem", description=GAME_DESCRIPTION)


class HeatmapRequest(EquityRequest):
    """An equity question and the seat (0-based) whose range is broken down by hand class."""

    seat: Annotated[int, Field(strict=True, ge=0, le=9)] = Field(description="0-based seat holding a range")


def range_answer(text: str, changes: dict[str, float] | None = None, game: str = "holdem") -> dict[str, Any]:
    """The canonical text, combos and per-class share of range ``text`` with the classes of ``changes``
    set to their weights, at ``game`` (raises the library's errors)."""
    chosen = grid_game(game)
    classes = game_classes(chosen)
    try:
        hand_range = read_game_range(text, chosen) if text.strip() else HandRange()
    except Error as exc:
        raise exc.located("range") from None
    if changes:
        unknown = sorted(set(changes) - set(classes))
        if unknown:
            raise FieldError(("body", "set", unknown[0][:3]), f"not a hand class of {chosen.label} such as AA, "
                             "AKs or AKo", "hand_class")
        kept = {c: w for c, w in hand_range.items() if hand_class(c) not in changes}
        for hand, weight in changes.items():
            if weight > 0:
                kept.update(dict.fromkeys(parse_range(hand), weight))
        hand_range = HandRange(kept)
    weights = dict.fromkeys(classes, 0.0)
    for combo, weight in hand_range.items():
        weights[hand_class(combo)] += weight
    total = hand_range.total_weight
    return {"text": str(hand_range), "combos": tidy(total), "share": total / game_combos(chosen),
            "classes": {hand: round(w / class_combos(hand), 6) for hand, w in weights.items() if w}}


def _check_seat(seat: int | None, seats: int) -> None:
    if seat is not None and seat >= seats:
        raise FieldError(("body", "seat"), f"there is no seat {seat + 1}: the spot has {seats}", "no_seat")


def order_answer(game: Game = HOLDEM) -> dict[str, Any]:
    """The classes of ``game`` strongest first, and whether its heads-up preflop heatmaps are table lookups
    (its heads-up table is built: :func:`pokerfsm.web.heatmap.heads_up_table`)."""
    from ..precomputed import available

    table = heads_up_table(game)
    return {"hands": [{"hand": row.hand, "combos": row.combos, "equity": round(row.equity, 6)}
                      for row in (short_deck_order() if game is SHORT_DECK else preflop_order())],
            "tables": table is not None and available(table)}


def live_spot(body: LiveRequest) -> dict[str, Any]:
    """The live combos of each seat of ``body``'s spot (and per class of its ``seat``)."""
    deal = read_grid_spot(body, grid_game(body.game, what="the live count"))
    _check_seat(body.seat, len(deal.seats))
    return live_answer(deal, body.seat)


def hits_answer(body: HitsRequest, hits: Callable[..., Any]) -> dict[str, Any]:
    """What ``body``'s range, or its seat of a spot, makes on its board (``hits`` is the library's)."""
    game = grid_game(body.game, what="board hits")
    if body.players is None:
        if body.range is None:
            raise FieldError(("body", "range"), "give a range, or players and seat", "missing")
        range_given: Any = body.range if game is not SHORT_DECK else read_game_range(body.range, game)
        board: CardsLike = body.board
        dead: CardsLike = body.dead
    else:
        if body.range is not None:
            raise FieldError(("body", "range"), "give a range or players and seat, not both", "extra")
        if body.seat is None:
            raise FieldError(("body", "seat"), "with players, say which seat's range: seat", "missing")
        deal = read_grid_spot(SpotRequest(players=body.players, board=body.board, dead=body.dead), game)
        _check_seat(body.seat, len(deal.seats))
        range_given, board, dead = given_range(deal, body.seat), deal.board, cards_out(deal, body.seat)
    try:
        answer = hits(range_given, board, dead, game=game).to_dict()
    except Error as exc:
        raise field_error(exc) from None
    if not body.hands:
        answer.pop("hands")
    if body.seat is not None:
        answer["seat"] = body.seat
    return answer  # type: ignore[no-any-return]
