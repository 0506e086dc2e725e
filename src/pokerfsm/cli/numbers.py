"""Numbers given as options: the ASCII digits 0-9 only, as in every file pokerfsm reads.

Python's ``int()`` and ``float()`` read the digits of any script (``int('١٥')``
is 15) and ``float()`` also reads ``nan``, ``inf`` and ``1e3``; an option
typed with them would take text that no other part of pokerfsm accepts.
These are the ``type=`` functions of the options instead; argparse reports
their complaint as ``argument --seed: ...`` (one line, exit status 2).

>>> whole_number("15"), positive_number("0.5")
(15, 0.5)
>>> whole_number("\\u0661\\u0665")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a whole number written with the digits 0-9, got '١٥'
"""
from __future__ import annotations

import argparse
import re

from ..errors import quoted

__all__ = ["whole_number", "positive_whole_number", "positive_number"]

_WHOLE = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


def whole_number(text: str) -> int:
    """``0``, ``1``, ``2`` …: ASCII digits, nothing else."""
    if not _WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0-9, got {quoted(text)}")
    return int(text)


def positive_whole_number(text: str) -> int:
    """``1``, ``2``, ``3`` …"""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, got {quoted(text)}")
    return value


def positive_number(text: str) -> float:
    """A decimal above 0 such as ``2``, ``0.5`` or ``.25`` (no exponent, ``nan`` or ``inf``)."""
    if not _DECIMAL.fullmatch(text) or float(text) <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0 written with the digits 0-9 "
                                         f"(e.g. 2 or 0.5), got {quoted(text)}")
    return float(text)
