"""Requests as questions: the library checks them, this module only translates.

A request body is handed to :func:`pokerfsm.odds.prepare_deal` as it is; the
library's errors carry the field, seat and position they concern, which
become the 422's ``loc`` directly (:func:`field_error`). The checked deal
becomes a :class:`~pokerfsm.web.cache.Question`, the answer cache's key.

>>> q = read_equity_request(EquityRequest(players=[["Ah", "Kd"], None, "QQ+"]))
>>> q.players[1], q.players[2].text
(RandomSeat(), 'QQ+')
>>> try:
...     read_equity_request(EquityRequest(players=[["Ah", "Kd"], ["ah", "Qc"]]))
... except FieldError as exc:
...     print(exc.loc, exc.msg)
('body', 'players', 1, 0) card 'Ah' is given twice: in player 1's hand and in player 2's hand
"""
from __future__ import annotations

import base64
import binascii
import json
import logging
import re
from pathlib import PurePath
from typing import Any

from ..calculator.dispatch import checked_deal
from ..cards import Card
from ..errors import Error
from ..odds import prepare_deal
from ..odds.deal import Deal
from ..odds.omaha_deal import OmahaDeal
from ..odds.short_deck_deal import ShortDeckDeal
from ..odds.stud_deal import StudDeal
from ..odds.symmetry import range_symmetries
from ..variants import HOLDEM, Game
from .cache import DealtSeat, Question, RandomSeat, RangeSeat
from .games import offered_game
from .grid_games import GridDeal, grid_game, read_grid_deal
from .jsontext import loads_strict
from .problems import FieldError
from .schemas import EquityRequest, SpotRequest

__all__ = ["Dealt", "FieldError", "field_error", "read_deal", "read_grid_spot", "read_equity_request",
           "read_equity_question",
           "encode_query", "decode_query", "shown_as_asked", "engine_args"]

log = logging.getLogger("pokerfsm.web")

Dealt = Deal | OmahaDeal | StudDeal | ShortDeckDeal
"""A deal checked for the game its request names."""


def error_kind(exc: BaseException) -> str:
    """``DuplicateCardError`` -> ``'duplicate_card'``."""
    name = type(exc).__name__.removesuffix("Error") or "error"
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def field_error(exc: Error, prefix: str = "body") -> FieldError:
    """The library's error placed in the request, from the fields it carries.

    A file of the server's that the error names (a damaged file of the
    installation) is named without its folder: the path is for the server's
    log, not for its clients.

    >>> from pokerfsm.errors import StoreCorruptError
    >>> field_error(StoreCorruptError("/opt/app/data/order.csv:3: bad row", path="/opt/app/data/order.csv")).msg
    'order.csv:3: bad row'
    """
    if isinstance(exc, FieldError):
        return exc
    message = str(exc)
    if exc.path and exc.path in message:
        log.error("%s", message)
        message = message.replace(exc.path, PurePath(exc.path).name)
    loc: list[Any] = [prefix]
    if exc.field is not None:
        loc.append(exc.field)
        if exc.player is not None:
            loc.append(exc.player)
        if exc.index is not None:
            loc.append(exc.index)
    return FieldError(tuple(loc), message, error_kind(exc))


def _as_given(spec: Any) -> Any:
    """A seat of the request as the library takes it (an empty list is an unknown hand)."""
    return None if isinstance(spec, list) and not spec else spec


def read_deal(req: SpotRequest, prefix: str = "body") -> Deal:
    """The deal of a request, checked by the library, or :class:`FieldError` naming the bad field."""
    try:
        return prepare_deal([_as_given(p) for p in req.players], req.board, req.dead)
    except Error as exc:
        raise field_error(exc, prefix) from None


def read_grid_spot(req: SpotRequest, game: Game, prefix: str = "body") -> GridDeal:
    """The deal of a request at a grid game (:mod:`pokerfsm.web.grid_games`), checked by the library, or
    :class:`FieldError` naming the bad field."""
    try:
        return read_grid_deal([_as_given(p) for p in req.players], req.board, req.dead, game)
    except Error as exc:
        raise field_error(exc, prefix) from None


def read_equity_request(req: EquityRequest, prefix: str = "body") -> Question:
    """Turn a request of a grid game (hold'em or short deck) into a :class:`Question`, or raise
    :class:`FieldError` naming the bad field (what takes this question, the per-hand heatmap, answers
    those games only)."""
    grid_game(req.game, prefix, "the per-hand equity")
    return read_equity_question(req, prefix)[0]


def read_equity_question(req: EquityRequest, prefix: str = "body") -> tuple[Question, Dealt]:
    """The request's :class:`Question` (the answer cache's key) and the checked deal behind it, which
    the engine's ``equity`` takes as it is (its text is not parsed twice); or :class:`FieldError`.

    An Omaha range keys the cache by its canonical text and allows no suit renaming (always right,
    merely sharing fewer entries); so does a stud seat, by its cards as dealt.
    """
    game = offered_game(req.game, prefix)
    if game is HOLDEM:
        deal: Dealt = read_deal(req, prefix)
    else:
        try:
            checked = checked_deal([_as_given(p) for p in req.players], req.board, req.dead, game)
        except Error as exc:
            raise field_error(exc, prefix) from None
        if not isinstance(checked, (OmahaDeal, StudDeal, ShortDeckDeal)):  # the offered games' deals only
            raise FieldError((prefix, "game"), f"the calculator does not offer {game.name}", "game")
        deal = checked
    question = Question.of(_seat_keys(deal), [int(c) for c in deal.board], [int(c) for c in deal.dead],
                           req.samples, req.seed, game.name)
    return question, deal


def _seat_keys(deal: Dealt) -> list[Any]:
    """Each seat of a checked deal as the answer cache keys it."""
    if isinstance(deal, StudDeal):
        return [DealtSeat(seat.text) for seat in deal.seats]
    if isinstance(deal, OmahaDeal):
        return [RandomSeat() if seat.random else RangeSeat(str(seat.range)) if seat.range is not None
                else tuple(int(c) for c in seat.hand or ()) for seat in deal.seats]
    seats: list[Any] = []
    for held in deal.seats:
        if held.source is None:
            seats.append(tuple(int(c) for c in held.hand or ()))
        elif held.source.is_random:
            seats.append(RandomSeat())
        else:
            seats.append(RangeSeat(str(held.source), range_symmetries(held.source)))
    return seats


def encode_query(body: dict[str, Any]) -> str:
    """The ``q=`` parameter of ``GET /api/equity`` for a request body (url-safe base64, no padding).

    >>> decode_query(encode_query({"players": [["Ah", "Kd"], None]}))
    {'players': [['Ah', 'Kd'], None]}
    """
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_query(q: str) -> Any:
    """The JSON value behind a ``q=`` parameter; raises :class:`FieldError` on bad base64 or JSON.

    The JSON must be strict (:func:`~pokerfsm.web.jsontext.loads_strict`), as a POST body must.
    """
    loc = ("query", "q")
    try:
        raw = base64.b64decode(q.strip() + "=" * (-len(q.strip()) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise FieldError(loc, f"q must be the url-safe base64 of a JSON request body ({exc})",
                         "query_encoding") from None
    return loads_strict(raw, loc)


def shown_as_asked(answer: dict[str, Any], question: Question) -> dict[str, Any]:
    """An answer computed for a question equivalent to ``question``, shown with its own cards.

    Everything but the known hands, the board and the dead cards is the same
    for every question of a class (suit renaming and card order change no
    probability); those are written the way the library writes them.
    """
    out = dict(answer)
    out["board"] = [str(Card(c)) for c in question.board]
    out["dead"] = [str(Card(c)) for c in question.dead]
    out["players"] = [{**p, "hand": "".join(str(Card(c)) for c in seat)} if isinstance(seat, tuple) else p
                      for p, seat in zip(answer["players"], question.players)]
    return out


def engine_args(question: Question) -> tuple[list[Any], list[Card], list[Card]]:
    """The players, board and dead cards of a question, as the library's ``equity`` takes them."""
    players: list[Any] = []
    for seat in question.players:
        if isinstance(seat, RandomSeat):
            players.append(None)
        elif isinstance(seat, (RangeSeat, DealtSeat)):
            players.append(seat.text)
        else:
            players.append([Card(c) for c in seat])
    return players, [Card(c) for c in question.board], [Card(c) for c in question.dead]

