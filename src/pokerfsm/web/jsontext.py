"""Strict JSON for request bodies and ``q=`` parameters: what RFC 8259 allows, nothing more.

Python's :func:`json.loads` also takes ``NaN``, ``Infinity`` and ``-Infinity``,
numbers too big for a float (``1e400`` becomes ``inf``), integers of
thousands of digits, lone UTF-16 surrogates (``"\\ud800"``, which no UTF-8
text can hold) and any depth of nesting, up to a ``RecursionError``.
:func:`loads_strict` refuses each of them with a :class:`FieldError` that
points at the value (``loc``), so the API answers a 422 naming the field:

>>> loads_strict(b'{"players": [null, "AhKh"], "samples": 100}', ("body",))
{'players': [None, 'AhKh'], 'samples': 100}
>>> try:
...     loads_strict(b'{"players": [null, "AhKh"], "samples": NaN}', ("body",))
... except FieldError as exc:
...     print(exc.loc, exc.kind, exc.msg)
('body', 'samples') json_number NaN is not a JSON number: give a finite number (or null)
>>> try:
...     loads_strict(b'{"players": [null, "\\\\udc00"]}', ("body",))
... except FieldError as exc:
...     print(exc.loc, exc.kind)
('body', 'players', 1) json_text
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

from .problems import FieldError, safe_text

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "loads_strict"]

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects accepted (the API's bodies need 3)."""
MAX_DIGITS = 40
"""The longest number accepted, in characters (seeds have at most 19 digits)."""

Loc = tuple[Any, ...]

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused:
    """A number that JSON cannot carry, left in the document so that its place can be found."""

    def __init__(self, text: str, why: str) -> None:
        self.text, self.why = text, why


def _constant(text: str) -> _Refused:
    return _Refused(text, f"{text} is not a JSON number: give a finite number (or null)")


def _float(text: str) -> float | _Refused:
    if len(text) > MAX_DIGITS:
        return _Refused(text, f"a number of {len(text):,} characters is too long (at most {MAX_DIGITS})")
    value = float(text)
    if not math.isfinite(value):
        return _Refused(text, f"{safe_text(text)} is too large for a number")
    return value


def _int(text: str) -> int | _Refused:
    if len(text) > MAX_DIGITS:
        return _Refused(text, f"a number of {len(text):,} characters is too long (at most {MAX_DIGITS})")
    return int(text)


def loads_strict(raw: bytes | str, loc: Loc) -> Any:
    """The JSON value of ``raw`` (UTF-8), or :class:`FieldError` with ``loc`` extended to the bad value."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise FieldError(loc, f"the JSON text is not UTF-8 (byte {exc.start})", "json_invalid") from None
    refused: list[_Refused] = []

    def note(value: Any) -> Any:
        if isinstance(value, _Refused):
            refused.append(value)
        return value

    try:
        value = json.loads(text, parse_constant=lambda t: note(_constant(t)),
                           parse_float=lambda t: note(_float(t)), parse_int=lambda t: note(_int(t)))
    except json.JSONDecodeError as exc:
        raise FieldError(loc, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
                         "json_invalid") from None
    except RecursionError:
        raise FieldError(loc, f"the JSON is nested too deeply (at most {MAX_DEPTH} levels)",
                         "json_too_deep") from None
    suspect_text = _SURROGATE_ESCAPE.search(text) is not None
    deep = text.count("[") + text.count("{") > MAX_DEPTH
    if refused or suspect_text or deep:
        _inspect(value, loc)
    return value


def _inspect(value: Any, loc: Loc) -> None:
    """Walk the document (without recursion) and raise at the first value JSON must not carry."""
    stack: list[tuple[Any, Loc, int]] = [(value, loc, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, _Refused):
            raise FieldError(where, item.why, "json_number")
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise FieldError(where, "the text holds a lone UTF-16 surrogate (not a character)", "json_text")
            continue
        if isinstance(item, (list, dict)):
            if depth >= MAX_DEPTH:
                raise FieldError(where, f"the JSON is nested too deeply (at most {MAX_DEPTH} levels)",
                                 "json_too_deep")
            if isinstance(item, dict):
                for key in item:
                    if _SURROGATE.search(key):
                        raise FieldError(where, "a key holds a lone UTF-16 surrogate (not a character)",
                                         "json_text")
                children = list(item.items())
            else:
                children = list(enumerate(item))
            stack.extend((child, (*where, name), depth + 1) for name, child in reversed(children))
