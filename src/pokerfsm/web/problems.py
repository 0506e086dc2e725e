"""Error answers: one JSON shape for every 4xx and 5xx, never repeating a large input.

Every error the API sends is ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``,
FastAPI's own format for validation errors, minus the ``input`` it would echo
(a 10 MB string would come back twice as long, escaped). Texts are cut
(:func:`safe_text`) and lone surrogates escaped, so that an error body is
always small, valid UTF-8 JSON:

>>> safe_text("x" * 500)[-25:]
'xxxxxxx… (500 characters)'
>>> safe_text("bad \\udc00 key")
'bad \\\\udc00 key'
>>> error_body([{"loc": ("body", "y" * 300), "msg": "no", "type": "t", "input": "z" * 10**6}])["detail"]
[{'loc': ['body', 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy… (300 characters)'],
  'msg': 'no', 'type': 't'}]
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from starlette.responses import JSONResponse

from ..errors import Error

__all__ = ["FieldError", "safe_text", "error_item", "error_body", "error_response", "ErrorResponse", "MAX_ITEMS"]

MAX_TEXT = 400
"""The longest text (message or location) an error repeats, in characters."""
MAX_ITEMS = 20
"""The most problems one error answer lists."""


class FieldError(Error, ValueError):
    """An input error tied to one field of the request, e.g. ``("body", "players", 1)``."""

    def __init__(self, loc: tuple[Any, ...], msg: str, kind: str = "value_error") -> None:
        super().__init__(msg)
        self.loc, self.msg, self.kind = tuple(loc), msg, kind

    def item(self) -> dict[str, Any]:
        return {"loc": list(self.loc), "msg": self.msg, "type": self.kind}


def safe_text(text: object, limit: int = MAX_TEXT) -> str:
    """``text`` as a string of about ``limit`` characters at most, lone surrogates escaped."""
    shown = text if isinstance(text, str) else str(text)
    if len(shown) > limit:
        shown = f"{shown[:limit]}… ({len(shown):,} characters)"
    return shown.encode("utf-8", "backslashreplace").decode("utf-8")


def _loc_part(part: Any) -> str | int:
    if isinstance(part, int) and not isinstance(part, bool):
        return part
    return safe_text(part, 60)


def error_item(problem: Mapping[str, Any]) -> dict[str, Any]:
    """One problem as sent: ``loc``, ``msg`` and ``type`` only, each cut short."""
    return {"loc": [_loc_part(p) for p in problem.get("loc", ())],
            "msg": safe_text(problem.get("msg", "")),
            "type": safe_text(problem.get("type", "error"), 60)}


def error_body(problems: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The JSON body of an error answer (at most :data:`MAX_ITEMS` problems)."""
    items: list[dict[str, Any]] = []
    for problem in problems:
        if len(items) == MAX_ITEMS:
            break
        items.append(error_item(problem))
    return {"detail": items}


class ErrorResponse(JSONResponse):
    """A JSON error answer; its texts come through :func:`error_item`, so it always encodes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def error_response(status: int, problems: Iterable[Mapping[str, Any]],
                   headers: Mapping[str, str] | None = None) -> ErrorResponse:
    """An error answer with ``status`` listing ``problems``."""
    return ErrorResponse(error_body(problems), status_code=status, headers=dict(headers or {}))
