"""ASGI middleware that keeps the server answering whatever clients send.

From the outside in (:func:`install` adds them in this order):

* :class:`ResponseHeaders`: ``Server-Timing`` and ``X-Content-Type-Options: nosniff``
  on every answer, a strict ``Content-Security-Policy`` on the page's files;
* :class:`Unexpected`: an exception nobody handled is one log line (the
  traceback at DEBUG level) and a JSON 500, instead of Starlette's handler
  plus the server's own, doubled traceback;
* :class:`AllowedHosts`: with ``--allowed-host``, a request for another
  ``Host`` gets a JSON 400 (Starlette's ``TrustedHostMiddleware`` decides);
* :class:`ClientLimit`: at most ``per_client`` heavy requests (equity) at once
  from one client address; more get a JSON 429 with ``Retry-After``, before
  their body is read;
* :class:`RequestBody`: reads the body before the app does, at most
  ``max_bytes`` (else 413, without reading the rest) within ``timeout``
  seconds (else 408), and refuses a JSON body that is not strict JSON
  (:func:`~pokerfsm.web.jsontext.loads_strict`: NaN, lone surrogates, deep
  nesting) with a 422 naming the value. The app then gets the bytes it read.
"""
from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

import anyio
from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware.trustedhost import TrustedHostMiddleware

from .jsontext import loads_strict
from .problems import FieldError, error_response, safe_text

__all__ = ["ResponseHeaders", "Unexpected", "AllowedHosts", "ClientLimit", "RequestBody", "install"]

log = logging.getLogger("pokerfsm.web")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class ResponseHeaders:
    """``Server-Timing`` and ``nosniff`` on every response; a strict CSP on the page's files."""

    UNGUARDED = ("/api/", "/docs", "/redoc", "/openapi")  # the Swagger UI loads its own scripts

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        page = not scope["path"].startswith(self.UNGUARDED)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.append("Server-Timing", f"app;dur={1000 * (time.perf_counter() - started):.1f}")
                headers["X-Content-Type-Options"] = "nosniff"
                if page:
                    headers.append("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Unexpected:
    """An unhandled exception: one log line and a JSON 500 (if no answer has started)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answered = False

        async def watch(message: Message) -> None:
            nonlocal answered
            answered = answered or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:  # the one place that catches everything
            frames = traceback.extract_tb(exc.__traceback__)
            where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
            log.error("internal error on %s %s: %s: %s%s", scope.get("method"), safe_text(scope.get("path"), 100),
                      type(exc).__name__, safe_text(exc, 200), where)
            log.debug("traceback of that internal error", exc_info=exc)
            if not answered:
                item = {"loc": ["server"], "msg": f"internal error ({type(exc).__name__}); this is a bug",
                        "type": "internal"}
                await error_response(500, [item])(scope, receive, send)


class AllowedHosts:
    """Only the given ``Host`` names (Starlette's patterns: ``example.com``, ``*.example.com``)."""

    def __init__(self, app: ASGIApp, hosts: Sequence[str]) -> None:
        self.app = app
        self.check = TrustedHostMiddleware(self._accept, allowed_hosts=list(hosts), www_redirect=False)

    @staticmethod
    async def _accept(scope: Scope, receive: Receive, send: Send) -> None:
        scope["pokerfsm.host_allowed"] = True

    @staticmethod
    async def _swallow(message: Message) -> None:
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.check(scope, receive, self._swallow)
        if scope.pop("pokerfsm.host_allowed", False):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        item = {"loc": ["header", "host"], "msg": f"this server does not answer for host {safe_text(host, 60)!r}",
                "type": "host_not_allowed"}
        await error_response(400, [item])(scope, receive, send)


class ClientLimit:
    """At most ``per_client`` requests at once to ``paths`` from one client address (else 429)."""

    def __init__(self, app: ASGIApp, per_client: int, paths: Sequence[str], retry_after: int = 1) -> None:
        self.app, self.per_client, self.paths, self.retry_after = app, per_client, tuple(paths), retry_after
        self.running: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] not in self.paths:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        who = str(client[0]) if client else "?"
        if self.running.get(who, 0) >= self.per_client:
            item = {"loc": ["client"], "type": "too_many_requests",
                    "msg": f"at most {self.per_client} calculations at once per client; wait for one to finish"}
            headers = {"Retry-After": str(self.retry_after)}
            await error_response(429, [item], headers)(scope, receive, send)
            return
        self.running[who] = self.running.get(who, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.running[who] - 1
            if left:
                self.running[who] = left
            else:
                del self.running[who]


def _is_json(content_type: str | None) -> bool:
    if not content_type:
        return True  # FastAPI may read a body without a type as JSON
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


class RequestBody:
    """Read the body first: bounded in size and time, strict JSON for the API; then hand it over."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float, json_prefix: str = "/api/") -> None:
        self.app, self.max_bytes, self.timeout, self.json_prefix = app, max_bytes, timeout, json_prefix

    def _too_large(self) -> Any:
        item = {"loc": ["body"], "type": "body_too_large",
                "msg": f"the request body is larger than {self.max_bytes:,} bytes"}
        return error_response(413, [item], {"Connection": "close"})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large()(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        with anyio.move_on_after(self.timeout) as reading:
            while size <= self.max_bytes:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client left before it finished sending: nobody to answer
                chunk = message.get("body", b"")
                size += len(chunk)
                chunks.append(chunk)
                if not message.get("more_body", False):
                    break
        if size > self.max_bytes:
            await self._too_large()(scope, receive, send)
            return
        if reading.cancelled_caught:
            item = {"loc": ["body"], "type": "body_timeout",
                    "msg": f"the request body did not arrive within {self.timeout:g} s"}
            await error_response(408, [item], {"Connection": "close"})(scope, receive, send)
            return
        body = b"".join(chunks)
        if body and scope["path"].startswith(self.json_prefix) and _is_json(headers.get("content-type")):
            try:
                loads_strict(body, ("body",))
            except FieldError as exc:
                await error_response(422, [exc.item()])(scope, receive, send)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # e.g. http.disconnect, for those who watch for it
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def install(app: Any, *, max_bytes: int, body_timeout: float, per_client: int, heavy_paths: Sequence[str],
            allowed_hosts: Sequence[str] | None = None) -> None:
    """Add the middleware above to a Starlette/FastAPI ``app`` (the last added runs first)."""
    app.add_middleware(RequestBody, max_bytes=max_bytes, timeout=body_timeout)
    app.add_middleware(ClientLimit, per_client=per_client, paths=heavy_paths)
    if allowed_hosts:
        app.add_middleware(AllowedHosts, hosts=allowed_hosts)
    app.add_middleware(Unexpected)
    app.add_middleware(ResponseHeaders)
