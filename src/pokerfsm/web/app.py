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
>>> client.post("/api/equity", json={"players": [["Ah", "Kd"], ["ah", "Qc"]]}).json()["detail"][0]["msg"]
"card 'Ah' is given twice: players[0][0] and players[1][0]"
"""
from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import json
import logging
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
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
from ..cards import Card, parse_cards
from ..errors import Error, ParseError, TableError
from .cache import AnswerCache, Question, RandomSeat, RangeSeat, canonical_form
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

__all__ = ["create_app", "FieldError", "read_equity_request", "encode_query", "decode_query", "default_engine"]

log = logging.getLogger("pokerfsm.web")

Loc = tuple[Any, ...]
UNKNOWN_HAND = {"", "?", "??", "? ?", "xx", "x x"}
DEFAULT_BUDGET_S = 2.0
ERRORS = {404: {"model": ErrorResponse}, 422: {"model": ErrorResponse}, 503: {"model": ErrorResponse}}


class FieldError(Error, ValueError):
    """An input error tied to one field of the request, e.g. ``("body", "players", 1)``."""

    def __init__(self, loc: Loc, msg: str, kind: str = "value_error") -> None:
        super().__init__(msg)
        self.loc, self.msg, self.kind = tuple(loc), msg, kind

    def item(self) -> dict[str, Any]:
        return {"loc": list(self.loc), "msg": self.msg, "type": self.kind}


def _kind(exc: BaseException) -> str:
    """``DuplicateCardError`` -> ``'duplicate_card'``."""
    name = type(exc).__name__.removesuffix("Error") or "error"
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _where(loc: Loc) -> str:
    """``("body", "players", 1, 0)`` -> ``'players[1][0]'``."""
    path = [str(p) for p in loc if p not in ("body", "query")]
    text = path[0] if path else "request"
    return text + "".join(f"[{p}]" for p in path[1:])


# ---------------------------------------------------------------- reading a question

def default_engine() -> SimpleNamespace:
    """The computing functions the app calls, from the pokerfsm package (imported on first use)."""
    import pokerfsm

    return SimpleNamespace(
        equity=lambda *a, **k: pokerfsm.equity(*a, **k),
        evaluate=lambda cards: pokerfsm.evaluate(cards),
        best_five=lambda cards: pokerfsm.best_five(cards),
        outs=lambda *a, **k: pokerfsm.outs(*a, **k),
        parse_range=lambda text: pokerfsm.parse_range(text),
    )


def _read_cards(value: str | Sequence[str], loc: Loc) -> list[tuple[Card, Loc]]:
    """Cards with where each came from; a string is split like ``parse_cards`` does."""
    if isinstance(value, str):
        try:
            return [(card, loc) for card in parse_cards(value, distinct=False)]
        except ParseError as exc:
            raise FieldError(loc, str(exc), _kind(exc)) from None
    located = []
    for j, token in enumerate(value):
        try:
            located.append((Card.parse(token), (*loc, j)))
        except ParseError as exc:
            raise FieldError((*loc, j), str(exc), _kind(exc)) from None
    return located


def _range_combos(hand_range: Any) -> frozenset | None:
    """The weighted combos of a parsed range (a mapping combo -> weight); ``None`` if not a mapping."""
    if not isinstance(hand_range, Mapping):
        return None
    return frozenset((tuple(sorted(int(c) for c in pair)), float(w)) for pair, w in hand_range.items())


@functools.lru_cache(maxsize=256)
def _range_seat(text: str, parse_range: Callable[[str], Any]) -> RangeSeat:
    """A range seat under the range's canonical text, so ``'AKs,QQ+'`` and ``'QQ+, AKs'`` share answers."""
    parsed = parse_range(text)
    return RangeSeat(str(parsed) if isinstance(parsed, Mapping) else text, _range_combos(parsed))


def _read_seat(spec: Any, loc: Loc, engine: SimpleNamespace) -> tuple[Any, list[tuple[Card, Loc]]]:
    """One seat: ``(seat, cards with locations)``; seat is two Cards, RandomSeat or RangeSeat.

    Text is read by the library's one card-or-range rule (:mod:`pokerfsm.players`).
    """
    if spec is None:
        return RandomSeat(), []
    if isinstance(spec, str):
        from ..players import read_player

        try:
            read = read_player(spec)
        except Error as exc:
            raise FieldError(loc, str(exc), _kind(exc)) from None
        if isinstance(read, Mapping):
            if getattr(read, "is_random", False):
                return RandomSeat(), []
            return _range_seat(spec.strip(), engine.parse_range), []
        cards = [(card, loc) for card in read]
    else:
        cards = _read_cards(spec, loc)
    if not cards:
        return RandomSeat(), []
    if len(cards) != 2:
        raise FieldError(loc, f"a hand has 2 cards (or none for an unknown hand), got {len(cards)}: {spec!r}",
                         "wrong_card_count")
    return (cards[0][0], cards[1][0]), cards


def _check_distinct(located: list[tuple[Card, Loc]]) -> None:
    """Each card once, whatever its case or notation; the error names both places."""
    first: dict[Card, Loc] = {}
    for card, loc in located:
        if card in first:
            places = f"in {_where(loc)}" if first[card] == loc else f"{_where(first[card])} and {_where(loc)}"
            raise FieldError(loc, f"card {str(card)!r} is given twice: {places}", "duplicate_card")
        first[card] = loc


def read_equity_request(req: EquityRequest, engine: SimpleNamespace, prefix: str = "body") -> Question:
    """Turn a request into a :class:`Question`, or raise :class:`FieldError` naming the bad field."""
    seats, located = [], []
    for i, spec in enumerate(req.players):
        seat, cards = _read_seat(spec, (prefix, "players", i), engine)
        seats.append(seat)
        located += cards
    board = _read_cards(req.board, (prefix, "board"))
    dead = _read_cards(req.dead, (prefix, "dead"))
    if len(board) not in (0, 3, 4, 5):
        raise FieldError((prefix, "board"), f"a board has 0, 3, 4 or 5 cards, got {len(board)}", "wrong_card_count")
    _check_distinct(located + board + dead)
    needed = 2 * sum(not isinstance(s, tuple) for s in seats) + 5 - len(board)
    left = 52 - len(located) - len(board) - len(dead)
    if needed > left:
        where = (prefix, "dead") if dead else (prefix, "players")
        raise FieldError(where, f"too few cards left: the deal needs {needed} more cards, only {left} remain",
                         "too_few_cards")
    return Question.of(seats, [c for c, _ in board], [c for c, _ in dead], req.samples, req.seed)


# ---------------------------------------------------------------- encoding for GET URLs

def encode_query(body: dict[str, Any]) -> str:
    """The ``q=`` parameter of ``GET /api/equity`` for a request body (url-safe base64, no padding).

    >>> decode_query(encode_query({"players": [["Ah", "Kd"], None]}))
    {'players': [['Ah', 'Kd'], None]}
    """
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_query(q: str) -> Any:
    """The JSON value behind a ``q=`` parameter; raises :class:`FieldError` on bad base64 or JSON."""
    loc = ("query", "q")
    try:
        raw = base64.b64decode(q.strip() + "=" * (-len(q.strip()) % 4), altchars=b"-_", validate=True)
        return json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError) as exc:
        raise FieldError(loc, f"q must be the url-safe base64 of a JSON request body ({exc})", "query_encoding") from None


# ---------------------------------------------------------------- answers

def shown_as_asked(answer: dict[str, Any], question: Question) -> dict[str, Any]:
    """An answer computed for a question equivalent to ``question``, shown with its own cards.

    Everything but the known hands, the board and the dead cards is the same
    for every question of a class (suit renaming and card order change no
    probability); those are written the way the library writes them.
    """
    out = dict(answer)
    out["board"] = [str(Card(c)) for c in question.board]
    out["dead"] = [str(Card(c)) for c in question.dead]
    out["players"] = [{**p, "hand": f"{Card(seat[0])}{Card(seat[1])}"} if isinstance(seat, tuple) else p
                      for p, seat in zip(answer["players"], question.players)]
    return out


def _engine_args(question: Question) -> tuple[list[Any], list[Card], list[Card]]:
    players: list[Any] = []
    for seat in question.players:
        if isinstance(seat, RandomSeat):
            players.append(None)
        elif isinstance(seat, RangeSeat):
            players.append(seat.text)
        else:
            players.append([Card(seat[0]), Card(seat[1])])
    return players, [Card(c) for c in question.board], [Card(c) for c in question.dead]


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
    budget: float = DEFAULT_BUDGET_S
    workers: int = max(1, os.cpu_count() or 1)


def create_app(*, cache_size: int = 1024, budget: float = DEFAULT_BUDGET_S, workers: int | None = None,
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
    async def field_error(request: Request, exc: FieldError) -> JSONResponse:
        return JSONResponse({"detail": [exc.item()]}, status_code=422)

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        log.error("hand-rank table unavailable: %s", exc)
        item = {"loc": ["server", "table"], "msg": f"the hand-rank table is unavailable: {exc}", "type": "table_error"}
        return JSONResponse({"detail": [item]}, status_code=503)

    @app.exception_handler(Error)
    async def pokerfsm_error(request: Request, exc: Error) -> JSONResponse:
        item = {"loc": ["body"], "msg": str(exc), "type": _kind(exc)}
        return JSONResponse({"detail": [item]}, status_code=422)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected failure on %s %s", request.method, request.url.path)
        item = {"loc": ["server"], "msg": f"internal error ({type(exc).__name__}); this is a bug", "type": "internal"}
        return JSONResponse({"detail": [item]}, status_code=500)

    def compute_equity(question: Question) -> dict[str, Any]:
        players, board, dead = _engine_args(question)
        try:
            result = get_engine().equity(players, board, dead, samples=question.samples, seed=question.seed,
                                         budget=settings.budget)
        except Error as exc:
            seat = re.match(r"player (\d+)\b", str(exc))
            if seat and 1 <= int(seat.group(1)) <= len(players):
                raise FieldError(("body", "players", int(seat.group(1)) - 1), str(exc), _kind(exc)) from None
            raise
        except (ValueError, OverflowError) as exc:  # the engine refusing this input outright
            raise FieldError(("body",), f"cannot compute this question: {exc}", "unsupported") from None
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
        question = read_equity_request(body, get_engine())
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
        question = read_equity_request(body, get_engine(), "query")
        etag = '"' + hashlib.sha256(repr((__version__, question.encode(), question.board)).encode()).hexdigest()[:32] + '"'
        deterministic = question.samples is None or question.seed is not None
        headers = {"ETag": etag,
                   "Cache-Control": "public, max-age=86400" if deterministic else "public, max-age=60"}
        if etag in [t.strip() for t in request.headers.get("if-none-match", "").split(",")]:
            return Response(status_code=304, headers=headers)
        return await answer_equity(question, headers)

    @app.post("/api/evaluate", response_model=EvaluateResponse, responses=ERRORS, tags=["hands"],
              summary="Rank a hand of 5 to 7 cards")
    async def post_evaluate(body: EvaluateRequest) -> Any:
        located = _read_cards(body.cards, ("body", "cards"))
        if not 5 <= len(located) <= 7:
            raise FieldError(("body", "cards"), f"a hand to evaluate has 5 to 7 cards, got {len(located)}",
                             "wrong_card_count")
        _check_distinct(located)
        cards = [card for card, _ in located]

        def evaluate() -> dict[str, Any]:
            engine = get_engine()
            rank = engine.evaluate(cards)
            describe = rank.describe(lang=body.lang) if body.lang != "en" else rank.describe()
            return {"cards": [str(c) for c in cards], "value": int(rank), "category": rank.category.name,
                    "category_value": int(rank.category), "description": describe,
                    "best_five": [str(Card(c)) for c in sorted(engine.best_five(cards), reverse=True)]}

        return await in_thread(evaluate)

    @app.post("/api/outs", response_model=OutsResponse, response_model_exclude_none=True, responses=ERRORS, tags=["hands"], summary="Outs on the flop or the turn")
    async def post_outs(body: OutsRequest) -> Any:
        located, hands = [], []
        engine = get_engine()
        for i, spec in enumerate(body.players):
            seat, cards = _read_seat(spec, ("body", "players", i), engine)
            if not isinstance(seat, tuple):
                raise FieldError(("body", "players", i), "outs need every hand known: give two cards", "unknown_hand")
            hands.append(list(seat))
            located += cards
        board = _read_cards(body.board, ("body", "board"))
        if len(board) not in (3, 4):
            raise FieldError(("body", "board"), f"outs need a flop or a turn: 3 or 4 board cards, got {len(board)}",
                             "wrong_card_count")
        dead = _read_cards(body.dead, ("body", "dead"))
        _check_distinct(located + board + dead)
        result = await in_thread(engine.outs, hands, [c for c, _ in board], [c for c, _ in dead])
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
