"""``POST /api/evaluate`` ranks a hand at any game; ``POST /api/outs`` lists the outs on a flop or a turn.

An evaluation answers every game of :mod:`pokerfsm.variants`, the draw games
included, as ``pokerfsm eval --game`` does: ``board`` where the game has one
(needed at Omaha), one 422 on ``board`` at a game without one.

Both are cheap: outs run on the cheap threads (a few milliseconds at most),
and a hold'em evaluation of 5 to 7 cards, a few microseconds once the
hand-rank table is open, right on the event loop (a hop to a thread and back
costs more, and far more when the CPUs are busy); the first one, which may
open or build the table, and the other games' (whose tables open on first
use) go to the cheap threads.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from ...errors import Error, InvalidDealError
from ...evaluation.hand_summary import hand_summary
from ...evaluation.handrank import validated
from ...odds import prepare_deal
from ...variants import HOLDEM, Game
from ..games import named_game, offered_game
from ..problems import FieldError
from ..questions import field_error
from ..schemas import EvaluateRequest, EvaluateResponse, OutsRequest, OutsResponse
from ..state import Engine, Server
from .equity import ERRORS

__all__ = ["router"]

router = APIRouter(tags=["hands"])


@router.post("/api/evaluate", response_model=EvaluateResponse, response_model_exclude_none=True, responses=ERRORS,
             summary="Rank a hand at any game")
async def post_evaluate(body: EvaluateRequest, server: Server) -> Any:
    game = named_game(body.game)
    board = body.board or None   # an empty board is no board
    if game is HOLDEM and board is None:
        try:
            cards = validated(body.cards)
        except Error as exc:
            raise field_error(exc.located("cards")) from None

        def evaluate() -> dict[str, Any]:
            return hand_answer(server.engine, cards, None, game, body.lang)

        if server.table_open:  # a few microseconds: cheaper here than the hop to a thread and back
            return JSONResponse(evaluate())
        answer = await server.in_thread(evaluate)  # the first one may open (or build) the table
        server.table_open = True
        return JSONResponse(answer)

    def evaluate_game() -> dict[str, Any]:  # another game's tables may open on first use: off the event loop
        try:
            return hand_answer(server.engine, body.cards, board, game, body.lang)
        except Error as exc:
            raise field_error(exc.located("cards")) from None

    return JSONResponse(await server.in_thread(evaluate_game))


def hand_answer(engine: Engine, cards: Any, board: Any, game: Game, lang: str) -> dict[str, Any]:
    """The JSON answer for a hand at ``game`` (the command line's ``eval --json`` fields), each five highest first."""
    if board is None and game.hole_cards_used is not None:
        raise InvalidDealError(f"{game.name} makes a hand from the hole cards and the board: give the board",
                               field="board")
    options = {} if game is HOLDEM and board is None else {"board": board, "game": game}
    return hand_summary(cards, board, game, engine.evaluate(cards, **options), engine.best_five(cards, **options),
                        lang)


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
