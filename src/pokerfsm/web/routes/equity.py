"""``POST /api/equity`` and ``GET /api/equity?q=<url-safe base64 of the same JSON>``.

Both answer what ``pokerfsm equity --json`` prints. The GET is cacheable
(``ETag``, ``Cache-Control``; a matching ``If-None-Match`` is a 304). Answers
go through the server's :class:`~pokerfsm.web.cache.AnswerCache`, keyed by the
question's canonical form, and are computed on the heavy threads under the
request's deadline; a client that disconnects stops its computation.
"""
from __future__ import annotations

import hashlib
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from ..._version import __version__
from ...odds import Stop
from ..cache import Question, canonical_form
from ..problems import error_response
from ..questions import Dealt, decode_query, read_equity_question, shown_as_asked
from ..schemas import EQUITY_EXAMPLES, EquityRequest, EquityResponse, ErrorResponse
from ..state import Server, ServerState
from ..work import GONE, until_disconnected

__all__ = ["router", "ERRORS", "PATHS"]

ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorResponse} for code in (404, 413, 422, 429, 503)}
PATHS = ("/api/equity",)
"""The paths of heavy work: one client address may have only a few of them under way."""

router = APIRouter(tags=["equity"])


def compute_equity(server: ServerState, question: Question, deal: Dealt, stop: Stop) -> dict[str, Any]:
    # the deal checked when the request was read: its board and dead cards are in it
    result = server.engine.equity(deal, (), (), samples=question.samples, seed=question.seed,
                                  budget=server.settings.budget, stop=stop)
    return result.to_dict()  # type: ignore[no-any-return]


async def answer_equity(request: Request, server: ServerState, question: Question, deal: Dealt,
                        headers: dict[str, str] | None = None) -> Response:
    key, _ = canonical_form(question)
    stop = Stop(server.settings.deadline)  # used if this request starts the computation

    def reusable(entry: tuple[dict[str, Any], Question]) -> bool:
        # a seeded Monte Carlo answer must be the one the library gives for this very question
        answer, source = entry
        return bool(answer["exact"]) or question.seed is None or source == question

    async def compute() -> tuple[dict[str, Any], Question]:
        return await server.heavy.run(lambda s: compute_equity(server, question, deal, s), stop), question

    outcome = await until_disconnected(request.receive,
                                       server.cache.get_or_compute(key, compute, reusable, abandon=stop.cancel))
    if outcome is GONE:
        return Response(status_code=499)  # nobody reads it: the client has gone
    (answer, _), hit = outcome
    stats = server.cache.stats()
    headers = {**(headers or {}), "X-Cache": "hit" if hit else "miss",
               "X-Cache-Hits": str(stats["hits"]), "X-Cache-Misses": str(stats["misses"])}
    # a JSONResponse skips re-validating the library's own answer against the response model
    return JSONResponse(shown_as_asked(answer, question), headers=headers)


@router.post("/api/equity", response_model=EquityResponse, responses=ERRORS,
             summary="Equity of 2-10 seats (hands, unknown hands or ranges) at hold'em, Omaha, stud or short deck")
async def post_equity(request: Request, server: Server,
                      body: Annotated[EquityRequest, Body(openapi_examples=EQUITY_EXAMPLES)]) -> Any:
    question, deal = await server.in_thread(read_equity_question, body)
    return await answer_equity(request, server, question, deal)


@router.get("/api/equity", response_model=EquityResponse, responses={**ERRORS, 304: {"description": "not modified"}},
            summary="The same, as a shareable and cacheable URL")
async def get_equity(request: Request, server: Server,
                     q: str = Query(max_length=8000, description="url-safe base64 of the POST body")) -> Any:
    try:
        body = EquityRequest.model_validate(decode_query(q))
    except ValidationError as exc:
        return error_response(422, [{**e, "loc": ("query", "q", *e["loc"])} for e in exc.errors()])
    question, deal = await server.in_thread(read_equity_question, body, "query")
    digest = hashlib.sha256(repr((__version__, question.encode(), question.board)).encode()).hexdigest()
    etag = f'"{digest[:32]}"'
    deterministic = question.samples is None or question.seed is not None
    headers = {"ETag": etag, "Cache-Control": "public, max-age=86400" if deterministic else "public, max-age=60"}
    if etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]:
        return Response(status_code=304, headers=headers)
    return await answer_equity(request, server, question, deal, headers)
