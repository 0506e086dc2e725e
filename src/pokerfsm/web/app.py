"""The web calculator: a FastAPI app serving a JSON API and a static page.

:func:`create_app` builds the app. ``pokerfsm serve`` runs it under uvicorn;
tests drive it in-process. Endpoints:

* ``POST /api/equity`` and ``GET /api/equity?q=<url-safe base64 of the same JSON>``
  (cacheable: ``ETag``, ``Cache-Control``) return what ``pokerfsm equity --json`` prints;
* ``POST /api/evaluate`` ranks a 5-7 card hand; ``POST /api/outs`` lists outs;
* ``GET /api/stats`` reports the answer cache's hits and misses;
* ``/`` is the page (``web/static``), ``/docs`` the OpenAPI documentation.

Every input error is a 422 whose body names the field, in FastAPI's own
format: ``{"detail": [{"loc": ["body", "players", 1], "msg": "...", "type": "..."}]}``.
A missing or damaged hand-rank table is a 503 that says so, never a wrong answer.
Computations run in worker threads, so one long request never blocks the others.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/equity", json={"players": [["Ah", "Kd"], ["ah", "Qc"]]}).json()["detail"][0]
{'loc': ['body', 'players', 1, 0],
 'msg': "card 'Ah' is given twice: in player 1's hand and in player 2's hand", 'type': 'duplicate_card'}
"""
from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from types import SimpleNamespace
from typing import Any

import anyio
import anyio.to_thread
from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..cards import Card
from ..errors import Error, TableError
from ..evaluation.handrank import validated
from ..odds import prepare_deal
from ..odds.equities import DEFAULT_BUDGET
from .cache import AnswerCache, Question, canonical_form
from .questions import (
    FieldError,
    decode_query,
    encode_query,
    engine_args,
    field_error,
    read_equity_request,
    shown_as_asked,
)
from .schemas import (
    CacheStats,
    EquityRequest,
    EquityResponse,
    ErrorResponse,
    EvaluateRequest,
    EvaluateResponse,
    OutsRequest,
    OutsResponse,
)

__all__ = ["create_app", "default_engine", "FieldError", "read_equity_request", "encode_query", "decode_query"]

log = logging.getLogger("pokerfsm.web")

ERRORS = {404: {"model": ErrorResponse}, 422: {"model": ErrorResponse}, 503: {"model": ErrorResponse}}


def default_engine() -> SimpleNamespace:
    """The computing functions the app calls, from the pokerfsm package (imported on first use)."""
    import pokerfsm

    return SimpleNamespace(
        equity=lambda *a, **k: pokerfsm.equity(*a, **k),
        evaluate=lambda cards: pokerfsm.evaluate(cards),
        best_five=lambda cards: pokerfsm.best_five(cards),
        outs=lambda *a, **k: pokerfsm.outs(*a, **k),
    )


class ResponseHeaders:
    """ASGI middleware: ``Server-Timing`` on every response; a strict CSP on the page's files."""

    UNGUARDED = ("/api/", "/docs", "/redoc", "/openapi")  # the Swagger UI loads its own scripts

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        page = not scope["path"].startswith(self.UNGUARDED)

        async def send_with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.append("Server-Timing", f"app;dur={1000 * (time.perf_counter() - started):.1f}")
                if page:
                    headers.append("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
                    headers.append("X-Content-Type-Options", "nosniff")
            await send(message)

        await self.app(scope, receive, send_with_headers)


@dataclass
class Settings:
    budget: float = DEFAULT_BUDGET
    workers: int = max(1, os.cpu_count() or 1)


def create_app(*, cache_size: int = 1024, budget: float = DEFAULT_BUDGET, workers: int | None = None,
               engine: SimpleNamespace | None = None) -> FastAPI:
    """Build the app.

    ``budget`` is how many seconds one equity request may spend on exact
    enumeration before it falls back to Monte Carlo; ``workers`` bounds the
    computations running at once (default: one per core); ``engine`` replaces
    the computing functions (see :func:`default_engine`), e.g. in tests.
    """
    settings = Settings(budget=budget, workers=workers or Settings.workers)
    cache: AnswerCache[tuple[dict[str, Any], Question]] = AnswerCache(cache_size)
    engines: list[SimpleNamespace] = [engine] if engine is not None else []
    limiter = anyio.CapacityLimiter(settings.workers)

    def get_engine() -> SimpleNamespace:
        if not engines:
            engines.append(default_engine())
        return engines[0]

    async def in_thread(fn: Callable[..., Any], *args: Any) -> Any:
        return await anyio.to_thread.run_sync(fn, *args, limiter=limiter)

    docs_assets = _local_docs_assets()
    app = FastAPI(
        title="pokerfsm",
        version=__version__,
        description="Exact poker odds: equity, hand evaluation and outs. The page is at `/`.",
        docs_url=None if docs_assets else "/docs",
    )
    if docs_assets:  # Swagger UI shipped by the fastapi-offline package: /docs works offline
        from fastapi.openapi.docs import get_swagger_ui_html

        app.mount("/docs-assets", StaticFiles(directory=docs_assets), name="docs-assets")

        @app.get("/docs", include_in_schema=False)
        async def docs() -> Response:
            return get_swagger_ui_html(openapi_url=app.openapi_url, title="pokerfsm API",
                                       swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                       swagger_css_url="/docs-assets/swagger-ui.css",
                                       swagger_favicon_url="/docs-assets/favicon.png")
    app.state.cache = cache
    app.state.settings = settings

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 304:
            return Response(status_code=304, headers=exc.headers)
        item = {"loc": ["path"], "msg": str(exc.detail), "type": f"http_{exc.status_code}"}
        return JSONResponse({"detail": [item]}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(FieldError)
    async def field_error_response(request: Request, exc: FieldError) -> JSONResponse:
        return JSONResponse({"detail": [exc.item()]}, status_code=422)

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        log.error("hand-rank table unavailable: %s", exc)
        item = {"loc": ["server", "table"], "msg": f"the hand-rank table is unavailable: {exc}", "type": "table_error"}
        return JSONResponse({"detail": [item]}, status_code=503)

    @app.exception_handler(Error)
    async def pokerfsm_error(request: Request, exc: Error) -> JSONResponse:
        return JSONResponse({"detail": [field_error(exc).item()]}, status_code=422)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected failure on %s %s", request.method, request.url.path)
        item = {"loc": ["server"], "msg": f"internal error ({type(exc).__name__}); this is a bug", "type": "internal"}
        return JSONResponse({"detail": [item]}, status_code=500)

    def compute_equity(question: Question) -> dict[str, Any]:
        players, board, dead = engine_args(question)
        result = get_engine().equity(players, board, dead, samples=question.samples, seed=question.seed,
                                     budget=settings.budget)
        return result.to_dict()

    async def answer_equity(question: Question, headers: dict[str, str] | None = None) -> JSONResponse:
        key, _ = canonical_form(question)

        def reusable(entry: tuple[dict[str, Any], Question]) -> bool:
            # a seeded Monte Carlo answer must be the one the library gives for this very question
            answer, source = entry
            return answer["exact"] or question.seed is None or source == question

        async def compute() -> tuple[dict[str, Any], Question]:
            return await in_thread(compute_equity, question), question

        (answer, _), hit = await cache.get_or_compute(key, compute, reusable)
        stats = cache.stats()
        headers = {**(headers or {}), "X-Cache": "hit" if hit else "miss",
                   "X-Cache-Hits": str(stats["hits"]), "X-Cache-Misses": str(stats["misses"])}
        # a JSONResponse skips re-validating the library's own answer against the response model
        return JSONResponse(shown_as_asked(answer, question), headers=headers)

    @app.post("/api/equity", response_model=EquityResponse, responses=ERRORS, tags=["equity"],
              summary="Equity of 2-10 seats (hands, unknown hands or ranges)")
    async def post_equity(body: EquityRequest) -> Any:
        question = read_equity_request(body)
        return await answer_equity(question)

    @app.get("/api/equity", response_model=EquityResponse, responses={**ERRORS, 304: {"description": "not modified"}},
             tags=["equity"], summary="The same, as a shareable and cacheable URL")
    async def get_equity(request: Request,
                         q: str = Query(max_length=8000, description="url-safe base64 of the POST body")) -> Any:
        try:
            body = EquityRequest.model_validate(decode_query(q))
        except ValidationError as exc:
            items = [{"loc": ["query", "q", *e["loc"]], "msg": e["msg"], "type": e["type"]} for e in exc.errors()]
            return JSONResponse({"detail": items}, status_code=422)
        question = read_equity_request(body, "query")
        digest = hashlib.sha256(repr((__version__, question.encode(), question.board)).encode()).hexdigest()
        etag = f'"{digest[:32]}"'
        deterministic = question.samples is None or question.seed is not None
        headers = {"ETag": etag,
                   "Cache-Control": "public, max-age=86400" if deterministic else "public, max-age=60"}
        if etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return await answer_equity(question, headers)

    @app.post("/api/evaluate", response_model=EvaluateResponse, responses=ERRORS, tags=["hands"],
              summary="Rank a hand of 5 to 7 cards")
    async def post_evaluate(body: EvaluateRequest) -> Any:
        try:
            cards = validated(body.cards)
        except Error as exc:
            raise field_error(exc.located("cards")) from None

        def evaluate() -> dict[str, Any]:
            engine = get_engine()
            rank = engine.evaluate(cards)
            describe = rank.describe(lang=body.lang) if body.lang != "en" else rank.describe()
            return {"cards": [str(c) for c in cards], "value": int(rank), "category": rank.category.name,
                    "category_value": int(rank.category), "description": describe,
                    "best_five": [str(Card(c)) for c in sorted(engine.best_five(cards), reverse=True)]}

        return await in_thread(evaluate)

    @app.post("/api/outs", response_model=OutsResponse, response_model_exclude_none=True, responses=ERRORS,
              tags=["hands"], summary="Outs on the flop or the turn")
    async def post_outs(body: OutsRequest) -> Any:
        try:
            deal = prepare_deal(body.players, body.board, body.dead, board_sizes=(3, 4))
        except Error as exc:
            raise field_error(exc) from None
        unknown = [i for i, seat in enumerate(deal.seats) if seat.hand is None]
        if unknown:
            raise FieldError(("body", "players", unknown[0]), "outs need every hand known: give two cards",
                             "unknown_hand")
        hands = [list(seat.hand) for seat in deal.seats]  # type: ignore[arg-type]
        result = await in_thread(get_engine().outs, hands, list(deal.board), list(deal.dead))
        return result.to_dict()

    @app.get("/api/stats", response_model=CacheStats, tags=["server"], summary="Answer cache hits and misses")
    async def get_stats() -> Any:
        return cache.stats()

    @app.get("/api/health", tags=["server"], summary="Liveness probe")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    app.add_middleware(ResponseHeaders)
    static = resources.files("pokerfsm.web") / "static"
    app.mount("/", StaticFiles(directory=str(static), html=True), name="page")
    return app


def _local_docs_assets() -> str | None:
    """The folder of Swagger UI's files if fastapi-offline is installed (else the CDN is used)."""
    try:
        import fastapi_offline
    except ImportError:
        return None
    return str(resources.files(fastapi_offline) / "static")
