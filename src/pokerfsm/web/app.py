"""The web calculator: a FastAPI app serving a JSON API and a static page.

:func:`create_app` builds the app. ``pokerfsm serve`` runs it under uvicorn;
tests drive it in-process. Endpoints:

* ``POST /api/equity`` and ``GET /api/equity?q=<url-safe base64 of the same JSON>``
  (cacheable: ``ETag``, ``Cache-Control``) return what ``pokerfsm equity --json`` prints;
* ``POST /api/evaluate`` ranks a 5-7 card hand; ``POST /api/outs`` lists outs;
* ``POST /api/range``, ``GET /api/order``, ``POST /api/live``, ``POST /api/hits`` and
  ``POST /api/heatmap`` serve the page's range grid, live combos, board hits and per-hand
  equities (:mod:`pokerfsm.web.study`); every count of a seat's combos removes the same cards
  (:mod:`pokerfsm.web.live`);
* ``GET /api/stats`` reports the answer cache's hits and misses and the computations under way;
  ``GET /api/health``;
* ``/`` is the page (``web/static``), ``/docs`` the OpenAPI documentation.

Every error is a JSON ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``
naming the field (:mod:`pokerfsm.web.problems`), never repeating a large input.
A missing or damaged hand-rank table is a 503 that says so, never a wrong answer.

The server stays responsive whatever clients send (:mod:`pokerfsm.web.guards`,
:mod:`pokerfsm.web.work`): bodies are bounded and strict JSON; equity runs on
threads of its own, under a hard deadline per request that the kernels obey,
and stops when its client disconnects; the cheap work never queues behind
equity: outs and checking a question run on other threads, and evaluate, a
few microseconds once the table is open, right on the event loop (a hop to a
thread and back costs more, and far more when the CPUs are busy); one client
address may run at most ``per_client`` equity requests at once.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/equity", json={"players": [["Ah", "Kd"], ["ah", "Qc"]]}).json()["detail"][0]
{'loc': ['body', 'players', 1, 0],
 'msg': "card 'Ah' is given twice: in player 1's hand and in player 2's hand", 'type': 'duplicate_card'}
"""
from __future__ import annotations

import contextlib
import hashlib
import logging
import os
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from importlib import resources
from types import SimpleNamespace
from typing import Annotated, Any

import anyio
import anyio.to_thread
from fastapi import Body, FastAPI, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .._version import __version__
from ..cards import Card
from ..errors import Error, OptionError, StoppedError, TableError, TimeLimitError
from ..evaluation.handrank import validated
from ..odds import Stop, prepare_deal
from ..odds.equities import DEFAULT_BUDGET
from . import guards
from .cache import AnswerCache, Question, canonical_form
from .problems import FieldError, error_response
from .questions import decode_query, encode_query, engine_args, field_error, read_equity_request, shown_as_asked
from .schemas import (
    EQUITY_EXAMPLES,
    CacheStats,
    EquityRequest,
    EquityResponse,
    ErrorResponse,
    EvaluateRequest,
    EvaluateResponse,
    OutsRequest,
    OutsResponse,
)
from .study import HEAVY_STUDY_PATHS, study_router
from .work import GONE, HeavyPool, until_disconnected

__all__ = ["create_app", "default_engine", "Settings", "FieldError", "read_equity_request", "encode_query",
           "decode_query", "DEFAULT_DEADLINE", "MAX_BODY_BYTES"]

log = logging.getLogger("pokerfsm.web")

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (404, 413, 422, 429, 503)}

DEFAULT_DEADLINE = 10.0
"""Seconds one equity request may take, waiting for a thread included."""
MAX_BODY_BYTES = 64 * 1024
"""The largest request body (the largest real question is a few kilobytes)."""
HEAVY_PATHS = ("/api/equity", *HEAVY_STUDY_PATHS)


def default_engine() -> SimpleNamespace:
    """The computing functions the app calls, from the pokerfsm package (imported on first use)."""
    from ..evaluation import best_five, evaluate, hits
    from ..odds import equity, outs

    return SimpleNamespace(equity=equity, evaluate=evaluate, best_five=best_five, outs=outs, hits=hits)


@dataclass
class Settings:
    """How the server spends its time; see :func:`create_app`."""

    budget: float = DEFAULT_BUDGET
    deadline: float = DEFAULT_DEADLINE
    workers: int = max(1, os.cpu_count() or 1)
    light_workers: int = 4
    per_client: int = 2
    max_body: int = MAX_BODY_BYTES
    body_timeout: float = 10.0
    nice: int = 10

    def check(self) -> None:
        """Refuse settings that cannot work, with an OptionError naming the setting."""
        for name in ("budget", "deadline", "body_timeout"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 86400:
                raise OptionError(f"{name} must be a number of seconds above 0 and at most 86400, got {value!r}",
                                  field=name)
        for name in ("workers", "light_workers", "per_client", "max_body"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OptionError(f"{name} must be a whole number >= 1, got {value!r}", field=name)


def create_app(*, cache_size: int = 1024, budget: float = DEFAULT_BUDGET, workers: int | None = None,
               engine: SimpleNamespace | None = None, deadline: float = DEFAULT_DEADLINE, per_client: int = 2,
               max_body: int = MAX_BODY_BYTES, allowed_hosts: list[str] | None = None,
               nice: int = 10) -> FastAPI:
    """Build the app.

    ``budget``: seconds one equity request may spend on exact enumeration
    before it hands over to Monte Carlo. ``deadline``: seconds after which an
    equity request is answered with a 422 ``time_limit`` whatever it was doing
    (waiting for a thread included). ``workers``: equity computations running
    at once (default: one per core), on threads ``nice`` steps below the
    server's CPU priority (Linux). ``per_client``: equity requests one client
    address may have under way (more get a 429). ``max_body``: bytes a request
    body may have (more get a 413). ``allowed_hosts``: the ``Host`` names
    served (default: any). ``engine`` replaces the computing functions (see
    :func:`default_engine`), e.g. in tests.
    """
    settings = Settings(budget=budget, deadline=deadline, workers=workers or Settings.workers,
                        per_client=per_client, max_body=max_body, nice=nice)
    settings.check()
    cache: AnswerCache[tuple[dict[str, Any], Question]] = AnswerCache(cache_size)
    engines: list[SimpleNamespace] = [engine] if engine is not None else []
    light = anyio.CapacityLimiter(settings.light_workers)
    table_open: list[bool] = []  # non-empty once an evaluation has opened the hand-rank table
    heavy = HeavyPool(settings.workers, settings.nice)

    def get_engine() -> SimpleNamespace:
        if not engines:
            engines.append(default_engine())
        return engines[0]

    async def in_thread(fn: Callable[..., Any], *args: Any) -> Any:
        """Cheap work (checking a question, evaluate, outs): never behind equity."""
        return await anyio.to_thread.run_sync(fn, *args, limiter=light)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        heavy.close()

    docs_assets = _local_docs_assets()
    app = FastAPI(
        title="pokerfsm",
        version=__version__,
        description="Exact poker odds: equity, hand evaluation and outs. The page is at `/`.",
        docs_url=None if docs_assets else "/docs",
        redoc_url=None if docs_assets else "/redoc",
        lifespan=lifespan,
    )
    if docs_assets:  # Swagger UI shipped by the fastapi-offline package: /docs works offline
        from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html

        app.mount("/docs-assets", StaticFiles(directory=docs_assets), name="docs-assets")

        @app.get("/docs", include_in_schema=False)
        async def docs() -> Response:
            return get_swagger_ui_html(openapi_url=app.openapi_url or "/openapi.json", title="pokerfsm API",
                                       swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                       swagger_css_url="/docs-assets/swagger-ui.css",
                                       swagger_favicon_url="/docs-assets/favicon.png")

        @app.get("/redoc", include_in_schema=False)
        async def redoc() -> Response:
            return get_redoc_html(openapi_url=app.openapi_url or "/openapi.json", title="pokerfsm API",
                                  redoc_js_url="/docs-assets/redoc.standalone.js",
                                  redoc_favicon_url="/docs-assets/favicon.png", with_google_fonts=False)
    app.state.cache = cache
    app.state.settings = settings
    app.state.heavy = heavy

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 304:
            return Response(status_code=304, headers=exc.headers)
        item = {"loc": ["path"], "msg": str(exc.detail), "type": f"http_{exc.status_code}"}
        return error_response(exc.status_code, [item], exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        return error_response(422, exc.errors())  # loc, msg and type only: never the input

    @app.exception_handler(FieldError)
    async def field_error_response(request: Request, exc: FieldError) -> Response:
        return error_response(422, [exc.item()])

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> Response:
        log.error("hand-rank table unavailable: %s", exc)  # the path is for the administrator only
        item = {"loc": ["server", "table"], "type": "table_error",
                "msg": "the hand-rank table of this server is missing or damaged; its administrator can run "
                       "'pokerfsm generate --force' (the server's log says where it looked)"}
        return error_response(503, [item])

    @app.exception_handler(StoppedError)
    async def stopped(request: Request, exc: StoppedError) -> Response:
        where = ["query", "q"] if request.method == "GET" else ["body"]
        if isinstance(exc, TimeLimitError):
            item = {"loc": where, "type": "time_limit",
                    "msg": f"no answer within this server's limit of {settings.deadline:g} s per question: "
                           "ask for fewer samples or narrower ranges, or try again when it is less busy"}
            return error_response(422, [item])
        item = {"loc": ["server"], "msg": "the computation was cancelled (the server is stopping)",
                "type": "cancelled"}
        return error_response(503, [item])

    @app.exception_handler(Error)
    async def pokerfsm_error(request: Request, exc: Error) -> Response:
        return error_response(422, [field_error(exc).item()])

    def compute_equity(question: Question, stop: Stop) -> dict[str, Any]:
        players, board, dead = engine_args(question)
        result = get_engine().equity(players, board, dead, samples=question.samples, seed=question.seed,
                                     budget=settings.budget, stop=stop)
        return result.to_dict()  # type: ignore[no-any-return]

    async def answer_equity(request: Request, question: Question,
                            headers: dict[str, str] | None = None) -> Response:
        key, _ = canonical_form(question)
        stop = Stop(settings.deadline)  # used if this request starts the computation

        def reusable(entry: tuple[dict[str, Any], Question]) -> bool:
            # a seeded Monte Carlo answer must be the one the library gives for this very question
            answer, source = entry
            return bool(answer["exact"]) or question.seed is None or source == question

        async def compute() -> tuple[dict[str, Any], Question]:
            return await heavy.run(lambda s: compute_equity(question, s), stop), question

        outcome = await until_disconnected(request.receive,
                                           cache.get_or_compute(key, compute, reusable, abandon=stop.cancel))
        if outcome is GONE:
            return Response(status_code=499)  # nobody reads it: the client has gone
        (answer, _), hit = outcome
        stats = cache.stats()
        headers = {**(headers or {}), "X-Cache": "hit" if hit else "miss",
                   "X-Cache-Hits": str(stats["hits"]), "X-Cache-Misses": str(stats["misses"])}
        # a JSONResponse skips re-validating the library's own answer against the response model
        return JSONResponse(shown_as_asked(answer, question), headers=headers)

    @app.post("/api/equity", response_model=EquityResponse, responses=ERRORS, tags=["equity"],
              summary="Equity of 2-10 seats (hands, unknown hands or ranges)")
    async def post_equity(request: Request,
                          body: Annotated[EquityRequest, Body(openapi_examples=EQUITY_EXAMPLES)]) -> Any:
        question = await in_thread(read_equity_request, body)
        return await answer_equity(request, question)

    @app.get("/api/equity", response_model=EquityResponse, responses={**ERRORS, 304: {"description": "not modified"}},
             tags=["equity"], summary="The same, as a shareable and cacheable URL")
    async def get_equity(request: Request,
                         q: str = Query(max_length=8000, description="url-safe base64 of the POST body")) -> Any:
        try:
            body = EquityRequest.model_validate(decode_query(q))
        except ValidationError as exc:
            return error_response(422, [{**e, "loc": ("query", "q", *e["loc"])} for e in exc.errors()])
        question = await in_thread(read_equity_request, body, "query")
        digest = hashlib.sha256(repr((__version__, question.encode(), question.board)).encode()).hexdigest()
        etag = f'"{digest[:32]}"'
        deterministic = question.samples is None or question.seed is not None
        headers = {"ETag": etag,
                   "Cache-Control": "public, max-age=86400" if deterministic else "public, max-age=60"}
        if etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return await answer_equity(request, question, headers)

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

        if table_open:  # a few microseconds: cheaper here than the hop to a thread and back
            return JSONResponse(evaluate())
        answer = await in_thread(evaluate)  # the first one may open (or build) the table
        table_open.append(True)
        return JSONResponse(answer)

    @app.post("/api/outs", response_model=OutsResponse, response_model_exclude_none=True, responses=ERRORS,
              tags=["hands"], summary="Outs on the flop or the turn")
    async def post_outs(body: OutsRequest) -> Any:
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
            return get_engine().outs(hands, list(deal.board), list(deal.dead)).to_dict()  # type: ignore[no-any-return]

        return await in_thread(outs)

    app.include_router(study_router(in_thread, heavy, lambda: settings.deadline, get_engine))

    @app.get("/api/stats", response_model=CacheStats, tags=["server"],
             summary="Answer cache hits and misses, computations under way")
    async def get_stats() -> Any:
        return {**cache.stats(), "computing": cache.running, "threads_busy": heavy.running}

    @app.get("/api/health", tags=["server"], summary="Liveness probe")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    guards.install(app, max_bytes=settings.max_body, body_timeout=settings.body_timeout,
                   per_client=settings.per_client, heavy_paths=HEAVY_PATHS, allowed_hosts=allowed_hosts)
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
