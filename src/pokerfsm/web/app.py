"""The web calculator: a FastAPI app serving a JSON API and a static page.

:func:`create_app` builds the app. ``pokerfsm serve`` runs it under uvicorn;
tests drive it in-process. The routes, one module per subject
(:mod:`pokerfsm.web.routes`):

* ``POST /api/equity`` and ``GET /api/equity?q=<url-safe base64 of the same JSON>``
  (cacheable: ``ETag``, ``Cache-Control``) return what ``pokerfsm equity --json`` prints,
  at hold'em or the ``game`` a request names (:mod:`pokerfsm.web.games`: Omaha, stud, short deck);
* ``POST /api/evaluate`` ranks a hand at any game; ``POST /api/outs`` lists outs;
* ``POST /api/range``, ``GET /api/order``, ``POST /api/live``, ``POST /api/hits`` and
  ``POST /api/heatmap`` serve the page's range grid, live combos, board hits and per-hand
  equities (:mod:`pokerfsm.web.study`); every count of a seat's combos removes the same cards
  (:mod:`pokerfsm.web.live`);
* ``POST /api/distribution`` (each hand of a seat's range by its equity) and ``POST /api/flops`` (a
  flop report from the store, or a job the page polls; ``DELETE`` stops it): the study tools;
* ``GET /api/vocabulary``: the names the page shows (hand categories, methods, hand classes, games);
* ``GET /api/stats`` reports the answer cache's hits and misses and the computations under way;
  ``GET /api/health``;
* ``/`` is the page (``web/static``), ``/docs`` the OpenAPI documentation.

Every error is a JSON ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``
naming the field (:mod:`pokerfsm.web.failures`), never repeating a large input.
A missing or damaged hand-rank table is a 503 that says so, never a wrong answer.

The server stays responsive whatever clients send (:mod:`pokerfsm.web.guards`,
:mod:`pokerfsm.web.work`): bodies are bounded and strict JSON; equity runs on
threads of its own, under a hard deadline per request that the kernels obey,
and stops when its client disconnects; the cheap work never queues behind
equity: outs and checking a question run on other threads, and evaluate
right on the event loop; one client address may run at most ``per_client``
equity requests at once.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/equity", json={"players": [["Ah", "Kd"], ["ah", "Qc"]]}).json()["detail"][0]
{'loc': ['body', 'players', 1, 0],
 'msg': "card 'Ah' is given twice: in player 1's hand and in player 2's hand", 'type': 'duplicate_card'}
"""
from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from importlib import resources

from fastapi import FastAPI, Response
from fastapi.staticfiles import StaticFiles

from .._version import __version__
from ..calculator.options import DEFAULT_BUDGET
from . import guards
from .failures import install_handlers
from .routes import equity, hands, server, study, vocabulary
from .state import DEFAULT_DEADLINE, MAX_BODY_BYTES, Engine, ServerState, Settings

__all__ = ["create_app"]


def create_app(*, cache_size: int = 1024, budget: float = DEFAULT_BUDGET, workers: int | None = None,
               engine: Engine | None = None, deadline: float = DEFAULT_DEADLINE, per_client: int = 2,
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
    :func:`~pokerfsm.web.state.default_engine`), e.g. in tests.
    """
    settings = Settings(budget=budget, deadline=deadline, workers=workers or Settings.workers,
                        per_client=per_client, max_body=max_body, nice=nice)
    state = ServerState.build(settings, cache_size=cache_size, engine=engine)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        state.heavy.close()
        jobs = getattr(app.state, "report_jobs", None)   # made on the first flop report asked for
        if jobs is not None:
            jobs.close()

    docs_assets = _local_docs_assets()
    app = FastAPI(
        title="pokerfsm",
        version=__version__,
        description="Exact poker odds: equity, hand evaluation and outs. The page is at `/`.",
        docs_url=None if docs_assets else "/docs",
        redoc_url=None if docs_assets else "/redoc",
        lifespan=lifespan,
    )
    app.state.server = state
    if docs_assets:
        _serve_docs_offline(app, docs_assets)
    install_handlers(app)
    for routes in (equity, hands, study, vocabulary, server):
        app.include_router(routes.router)
    guards.install(app, max_bytes=settings.max_body, body_timeout=settings.body_timeout,
                   per_client=settings.per_client, heavy_paths=(*equity.PATHS, *study.PATHS),
                   allowed_hosts=allowed_hosts)
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


def _serve_docs_offline(app: FastAPI, assets: str) -> None:
    """``/docs`` and ``/redoc`` from the Swagger UI and ReDoc files in ``assets``."""
    from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html

    app.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")
    openapi_url = app.openapi_url or "/openapi.json"

    @app.get("/docs", include_in_schema=False)
    async def docs() -> Response:
        return get_swagger_ui_html(openapi_url=openapi_url, title="pokerfsm API",
                                   swagger_js_url="/docs-assets/swagger-ui-bundle.js",
                                   swagger_css_url="/docs-assets/swagger-ui.css",
                                   swagger_favicon_url="/docs-assets/favicon.png")

    @app.get("/redoc", include_in_schema=False)
    async def redoc() -> Response:
        return get_redoc_html(openapi_url=openapi_url, title="pokerfsm API",
                              redoc_js_url="/docs-assets/redoc.standalone.js",
                              redoc_favicon_url="/docs-assets/favicon.png", with_google_fonts=False)
