"""The page's study routes: ``/api/range``, ``/api/order``, ``/api/live``, ``/api/hits`` and ``/api/heatmap``.

What each answers is in :mod:`pokerfsm.web.study` and :mod:`pokerfsm.web.heatmap`.
All but the heatmap are cheap work; a heatmap runs on the heavy threads under
the request's deadline and stops when its client disconnects.
"""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from ...errors import Error
from ...odds import Stop
from ..heatmap import heatmap
from ..questions import field_error, read_equity_request
from ..state import Server
from ..study import (
    HeatmapRequest,
    HitsRequest,
    LiveRequest,
    RangeRequest,
    hits_answer,
    live_spot,
    order_answer,
    range_answer,
)
from ..work import GONE, until_disconnected

__all__ = ["router", "PATHS"]

PATHS = ("/api/heatmap",)
"""The paths of heavy work: one client address may have only a few of them under way."""

ERRORS: dict[int | str, dict[str, Any]] = {code: {"description": "a list of problems, each naming its field"}
                                           for code in (413, 422, 429)}

router = APIRouter(tags=["study"])


@router.post("/api/range", responses=ERRORS, summary="Read a range: canonical text, combos, share of each hand class")
async def post_range(body: RangeRequest, server: Server) -> Any:
    return JSONResponse(await server.in_thread(range_answer, body.range, body.set))


@router.get("/api/order", summary="The 169 hand classes in the PokerStove order")
async def get_order(server: Server) -> Any:
    return JSONResponse(await server.in_thread(order_answer), headers={"Cache-Control": "public, max-age=3600"})


@router.post("/api/live", responses=ERRORS,
             summary="Each seat's live combos: its range without the board, the dead and the other seats' cards")
async def post_live(body: LiveRequest, server: Server) -> Any:
    return JSONResponse(await server.in_thread(live_spot, body))


@router.post("/api/hits", responses=ERRORS,
             summary="What a range makes on a board: made hands and draws (combos and %)")
async def post_hits(body: HitsRequest, server: Server) -> Any:
    return JSONResponse(await server.in_thread(hits_answer, body, server.engine.hits))


@router.post("/api/heatmap", responses=ERRORS,
             summary="Equity of each hand class of one seat's range against the other seats")
async def post_heatmap(request: Request, body: HeatmapRequest, server: Server) -> Any:
    question = await server.in_thread(read_equity_request, body)
    if body.seat >= len(question.players):
        raise field_error(Error(f"there is no seat {body.seat + 1}", field="seat"))
    stop = Stop(server.settings.deadline)
    outcome = await until_disconnected(
        request.receive, server.heavy.run(lambda s: heatmap(question, body.seat, s, server.engine), stop))
    if outcome is GONE:
        return Response(status_code=499)
    return JSONResponse(outcome)
