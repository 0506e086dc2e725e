"""The page's study routes: ``/api/range``, ``/api/order``, ``/api/live``, ``/api/hits``, ``/api/heatmap``,
``/api/distribution`` and ``/api/flops``.

What each answers is in :mod:`pokerfsm.web.study`, :mod:`pokerfsm.web.heatmap`,
:mod:`pokerfsm.web.distribution` and :mod:`pokerfsm.web.flop_jobs`. The
heatmap and the distribution run on the heavy threads under the request's
deadline and stop when their client disconnects; a flop report is a job the
page polls (on a thread of its own); the rest is cheap work.
"""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import JSONResponse

from ...errors import Error
from ...odds import Stop
from ...study.report import FlopReport
from ..distribution import DistributionRequest, distribution_answer
from ..flop_jobs import BusyError, FlopsRequest, ReportJobs, job_failure, read_request, report_answer, report_jobs
from ..grid_games import grid_game
from ..heatmap import heatmap
from ..problems import error_response
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

PATHS = ("/api/heatmap", "/api/distribution")
"""The paths of heavy work: one client address may have only a few of them under way."""

ERRORS: dict[int | str, dict[str, Any]] = {code: {"description": "a list of problems, each naming its field"}
                                           for code in (413, 422, 429, 503)}

router = APIRouter(tags=["study"])


@router.post("/api/range", responses=ERRORS, summary="Read a range: canonical text, combos, share of each hand class")
async def post_range(body: RangeRequest, server: Server) -> Any:
    return JSONResponse(await server.in_thread(range_answer, body.range, body.set, body.game))


@router.get("/api/order", responses=ERRORS,
            summary="The hand classes strongest first: hold'em's 169 in the PokerStove order, or short deck's 81")
async def get_order(server: Server, game: str = Query(default="holdem", max_length=40,
                                                      description="holdem (the default) or short-deck")) -> Any:
    chosen = grid_game(game, "query")
    return JSONResponse(await server.in_thread(order_answer, chosen), headers={"Cache-Control": "public, max-age=3600"})


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


@router.post("/api/distribution", responses=ERRORS,
             summary="Each hand of a seat's range (or every seat's) by its equity against the other seats, and buckets")
async def post_distribution(request: Request, body: DistributionRequest, server: Server) -> Any:
    stop = Stop(server.settings.deadline)
    outcome = await until_disconnected(request.receive, server.heavy.run(
        lambda s: distribution_answer(body, server.settings.budget, s), stop))
    if outcome is GONE:
        return Response(status_code=499)
    return JSONResponse(outcome)


Jobs = Annotated[ReportJobs, Depends(report_jobs)]


@router.post("/api/flops", responses={**ERRORS, 202: {"description": "the report is being computed: its progress"}},
             summary="Two ranges on each canonical flop of hold'em or short deck: from the store, or a job to poll")
async def post_flops(body: FlopsRequest, server: Server, jobs: Jobs) -> Any:
    key, wanted, stored = await server.in_thread(read_request, body, jobs.computing)
    if stored is not None:
        return JSONResponse(await server.in_thread(report_answer, stored, body.hits))
    try:
        outcome = jobs.start_or_poll(key, body, wanted)
    except BusyError as exc:
        item = {"loc": ["server"], "type": "busy",
                "msg": f"the server is computing another flop report ({exc.progress:.0%} done): ask again when it "
                       "is done"}
        return error_response(429, [item], {"Retry-After": "5"})
    except Exception as exc:  # what the job ended with
        status, problem = job_failure(exc)
        return error_response(status, [problem])
    if isinstance(outcome, FlopReport):
        return JSONResponse(await server.in_thread(report_answer, outcome, body.hits))
    return JSONResponse(outcome.status(), status_code=202)


@router.delete("/api/flops", responses=ERRORS, summary="Stop the job computing a flop report (its flops are kept)")
async def delete_flops(body: FlopsRequest, server: Server, jobs: Jobs) -> Any:
    key, _, _ = await server.in_thread(read_request, body, lambda _: True)   # the key only
    return JSONResponse({"stopped": jobs.cancel(key)})
