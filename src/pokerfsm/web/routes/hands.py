"""``POST /api/evaluate`` ranks a hand of 5 to 7 cards; ``POST /api/outs`` lists the outs on a flop or a turn.

Both are cheap: outs run on the cheap threads (a few milliseconds at most),
and an evaluation, a few microseconds once the hand-rank table is open, right
on the event loop (a hop to a thread and back costs more, and far more when
the CPUs are busy); only the first one, which may open or build the table,
goes to a thread.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ...cards import Card
from ...errors import Error
from ...evaluation.handrank import validated
from ...odds import prepare_deal
from ...variants import HOLDEM
from ..games import offered_game
from ..problems import FieldError
from ..questions import field_error
from ..schemas import EvaluateRequest, EvaluateResponse, OutsRequest, OutsResponse
from ..state import Server
from .equity import ERRORS

__all__ = ["router"]

router = APIRouter(tags=["hands"])


@router.post("/api/evaluate", response_model=EvaluateResponse, responses=ERRORS, summary="Rank a hand of 5 to 7 cards")
async def post_evaluate(body: EvaluateRequest, server: Server) -> Any:
    try:
        cards = validated(body.cards)
    except Error as exc:
        raise field_error(exc.located("cards")) from None

    def evaluate() -> dict[str, Any]:
        engine = server.engine
        rank = engine.evaluate(cards)
        describe = rank.describe(lang=body.lang) if body.lang != "en" else rank.describe()
        return {"cards": [str(c) for c in cards], "value": int(rank), "category": rank.category.name,
                "category_value": int(rank.category), "description": describe,
                "best_five": [str(Card(c)) for c in sorted(engine.best_five(cards), reverse=True)]}

    if server.table_open:  # a few microseconds: cheaper here than the hop to a thread and back
        return JSONResponse(evaluate())
    answer = await server.in_thread(evaluate)  # the first one may open (or build) the table
    server.table_open = True
    return JSONResponse(answer)


@router.post("/api/outs", response_model=OutsResponse, response_model_exclude_none=True, responses=ERRORS,
             summary="Outs on the flop or the turn, at hold'em or Omaha")
async def post_outs(body: OutsRequest, server: Server) -> Any:
    game = offered_game(body.game)

    def omaha_outs() -> dict[str, Any]:  # each next card answered exactly: a fraction of a second on a flop
        try:
            return server.engine.outs(body.players, body.board, body.dead, game=game).to_dict()  # type: ignore[no-any-return]
        except Error as exc:
            raise field_error(exc) from None

    def outs() -> dict[str, Any]:  # a few milliseconds at most (10 hands on a flop): cheap work
        try:
            deal = prepare_deal(body.players, body.board, body.dead, board_sizes=(3, 4))
        except Error as exc:
            raise field_error(exc) from None
        unknown = [i for i, seat in enumerate(deal.seats) if seat.hand is None]
        if unknown:
            raise FieldError(("body", "players", unknown[0]), "outs need every hand known: give two cards",
                             "unknown_hand")
        hands = [list(seat.hand) for seat in deal.seats]  # type: ignore[arg-type]
        return server.engine.outs(hands, list(deal.board), list(deal.dead)).to_dict()  # type: ignore[no-any-return]

    return await server.in_thread(outs if game is HOLDEM else omaha_outs)
