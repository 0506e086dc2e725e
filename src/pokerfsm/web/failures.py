"""How each failure is answered: the exception handlers of the app.

Every answer is the one JSON shape of :mod:`pokerfsm.web.problems`:

* a request FastAPI cannot read (its models): 422, naming the field, never the input;
* the library's errors (:class:`pokerfsm.Error`) and the routes' :class:`~pokerfsm.web.problems.FieldError`:
  422, placed in the request (:func:`~pokerfsm.web.questions.field_error`);
* a missing or damaged hand-rank table: 503 saying so (the path goes to the server's log only);
* a computation past the request's deadline: 422 ``time_limit``; one cancelled because the
  server is stopping: 503;
* an HTTP error (404, 405, ...): its status, with ``loc: ["path"]``.
"""
from __future__ import annotations

import logging

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import Error, StoppedError, TableError, TimeLimitError
from .problems import FieldError, error_response
from .questions import field_error
from .state import server_state

__all__ = ["install_handlers"]

log = logging.getLogger("pokerfsm.web")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 304:
        return Response(status_code=304, headers=exc.headers)
    item = {"loc": ["path"], "msg": str(exc.detail), "type": f"http_{exc.status_code}"}
    return error_response(exc.status_code, [item], exc.headers)


async def invalid_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    return error_response(422, exc.errors())  # loc, msg and type only: never the input


async def misplaced_field(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, FieldError)
    return error_response(422, [exc.item()])


async def table_unavailable(request: Request, exc: Exception) -> Response:
    log.error("hand-rank table unavailable: %s", exc)  # the path is for the administrator only
    item = {"loc": ["server", "table"], "type": "table_error",
            "msg": "the hand-rank table of this server is missing or damaged; its administrator can run "
                   "'pokerfsm generate --force' (the server's log says where it looked)"}
    return error_response(503, [item])


async def stopped(request: Request, exc: Exception) -> Response:
    where = ["query", "q"] if request.method == "GET" else ["body"]
    if isinstance(exc, TimeLimitError):
        deadline = server_state(request).settings.deadline
        item = {"loc": where, "type": "time_limit",
                "msg": f"no answer within this server's limit of {deadline:g} s per question: "
                       "ask for fewer samples or narrower ranges, or try again when it is less busy"}
        return error_response(422, [item])
    item = {"loc": ["server"], "msg": "the computation was cancelled (the server is stopping)", "type": "cancelled"}
    return error_response(503, [item])


async def library_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Error)
    return error_response(422, [field_error(exc).item()])


def install_handlers(app: FastAPI) -> None:
    """Answer every failure above in the API's shape (the most specific handler wins)."""
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(FieldError, misplaced_field)
    app.add_exception_handler(TableError, table_unavailable)
    app.add_exception_handler(StoppedError, stopped)
    app.add_exception_handler(Error, library_error)
