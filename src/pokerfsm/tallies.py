"""Exact showdown counts as files and stores keep them: their text, and the rules for counts that add up.

A hand's exact showdowns against another hand or a random hand are whole
numbers: wins, ties and losses that add up to every showdown the spot has,
and, for a hand against one random hand, 18 category counts (the hand's 9,
high card first, then the random hand's) that each add up to those
showdowns too. The shipped preflop order (:mod:`pokerfsm.preflop_order`) and
the precomputed store both hold such counts; both check them with these
rules, each of which says what is wrong or None.

>>> counts_problem(3, 2, 1, 6, "deals")
>>> counts_problem(3, 2, 2, 6, "deals")
'wins + ties + losses = 7, not the 6 deals'
>>> counts_text([3, 0, 12]), parse_counts("3 0 12")
('3 0 12', (3, 0, 12))
"""
from __future__ import annotations

import csv
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .errors import StoreCorruptError, quoted
from .ranking import HandCategory

T = TypeVar("T")

__all__ = ["HU_BOARDS", "VS_RANDOM_SHOWDOWNS", "counts_text", "parse_counts", "parsed_counts", "counts_add_up",
           "categories_agree", "whole_problem", "counts_problem", "categories_problem", "vs_one_random_problem",
           "nearest_share", "same_lines", "read_shipped", "checked_order_rows"]

HU_BOARDS = 1_712_304
"""Boards of five cards once two known hands are dealt: C(48, 5)."""
VS_RANDOM_SHOWDOWNS = 1_225 * HU_BOARDS
"""Showdowns of a hand against one random hand preflop: 1,225 hands times C(48, 5) boards."""


def counts_text(counts: Iterable[Any]) -> str:
    """Whole counts as a text column holds them (``outcomes``, ``categories``): space-separated.

    >>> counts_text([3, 0, 12])
    '3 0 12'
    """
    return " ".join(str(int(c)) for c in counts)


def parse_counts(text: str) -> tuple[int, ...]:
    """The counts of a column written by :func:`counts_text`; ValueError for anything else."""
    return tuple(int(c) for c in text.split())


def parsed_counts(text: Any) -> tuple[int, ...] | None:
    """The counts of ``text`` as :func:`parse_counts` reads them, or None when it is not such text.

    >>> parsed_counts("1 2"), parsed_counts("1 x"), parsed_counts(12)
    ((1, 2), None, None)
    """
    try:
        return parse_counts(text) if isinstance(text, str) else None
    except ValueError:
        return None


def counts_add_up(wins: Any, ties: Any, losses: Any, total: Any) -> Any:
    """Whether counts from 0 to ``total`` add up to ``total``: for whole numbers or numpy arrays
    of them (then element by element; no sum can overflow, each count being at most ``total``).

    >>> counts_add_up(1, 2, 3, 6), counts_add_up(-1, 4, 3, 6)
    (True, False)
    """
    return ((wins >= 0) & (ties >= 0) & (losses >= 0) & (wins <= total) & (ties <= total) & (losses <= total)
            & (wins + ties + losses == total))


def categories_agree(categories: Sequence[int], showdowns: int) -> bool:
    """Whether an exact row's ``categories`` (both hands' 9 counts) each count ``showdowns``."""
    half = len(categories) // 2
    return (len(categories) == 2 * len(HandCategory) and min(categories) >= 0
            and sum(categories[:half]) == sum(categories[half:]) == showdowns)


def whole_problem(column: str, value: Any) -> str | None:
    """What is wrong with ``value`` as the whole number of ``column``, or None.

    >>> whole_problem("wins", 2.0)
    'wins is 2.0, not a whole number'
    """
    if type(value) is not int:
        return f"{column} is {quoted(value)}, not a whole number"
    return None


def counts_problem(wins: Any, ties: Any, losses: Any, total: int, what: str) -> str | None:
    """What is wrong with wins, ties and losses, which must add up to ``total`` ``what``, or None."""
    counts = {"wins": wins, "ties": ties, "losses": losses}
    for column, value in counts.items():
        problem = whole_problem(column, value)
        if problem:
            return problem
    if counts_add_up(wins, ties, losses, total):
        return None
    for column, value in counts.items():
        if value < 0:
            return f"{column} is {value:,}, below 0"
        if value > total:
            return f"{column} is {value:,}, more than the {total:,} {what}"
    return f"wins + ties + losses = {wins + ties + losses:,}, not the {total:,} {what}"


def categories_problem(text: Any, showdowns: int) -> str | None:
    """What is wrong with the text of 18 category counts that must each add up to ``showdowns``, or None."""
    counts = parsed_counts(text)
    if counts is None or not categories_agree(counts, showdowns):
        return f"categories {quoted(text)} do not add up to its {showdowns:,} showdowns"
    return None


def vs_one_random_problem(wins: Any, ties: Any, losses: Any, categories: Any,
                          showdowns: int = VS_RANDOM_SHOWDOWNS) -> str | None:
    """What is wrong with the exact counts of a hand against one random hand (a row of the store's
    ``preflop-vs-random`` or of a shipped order): its ``showdowns`` (hold'em's by default) and its
    18 category counts.

    >>> vs_one_random_problem(1, 0, 0, "1 0")
    'wins + ties + losses = 1, not the 2,097,572,400 showdowns of a hand against one random hand'
    """
    return (counts_problem(wins, ties, losses, showdowns, "showdowns of a hand against one random hand")
            or categories_problem(categories, showdowns))


def nearest_share(cumulative: Iterable[int], share: float, total: int) -> int:
    """How many leading rows of an order to take: PokerStove's top-X % rule, the one both shipped orders use.

    ``cumulative`` is the running number of hands of the rows, strongest
    first. Rows are taken while that brings the number of hands nearer to
    ``share`` of ``total``; at least one row.

    >>> nearest_share([6, 12, 16, 22], 0.01, 1326), nearest_share([6, 12, 16, 22], 0.0001, 1326)
    (2, 1)
    """
    target = share * total
    taken, before = 0, 0
    for running in cumulative:
        if taken and abs(running - target) >= abs(before - target):
            break
        taken, before = taken + 1, running
    return taken


def same_lines(lines: Sequence[str], rendered: str) -> None:
    """Raise ValueError (``line N: ...``) at the first of ``lines`` that is not the line its counts render to."""
    for number, (line, expected) in enumerate(zip(lines, rendered.splitlines()), 1):
        if line != expected:
            raise ValueError(f"line {number}: {line[:80]!r} is not what its counts give ({expected[:80]!r})")


def read_shipped(path: Path, largest: int, parse: Callable[[str], T], what: str) -> T:
    """A data file shipped in the package, read by ``parse`` (which raises ``ValueError("line N: ...")``).

    Any problem (missing, unreadable, larger than ``largest`` characters,
    damaged) is one :class:`~pokerfsm.errors.StoreCorruptError` naming
    ``path:line`` and ``what`` the file is, and saying to reinstall.
    """
    try:
        with open(path, encoding="utf-8", newline="") as file:
            text = file.read(largest + 1)
        if len(text) > largest:
            raise ValueError(f"line 1: the file is larger than {largest:,} characters")
        return parse(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        where = str(exc) if isinstance(exc, ValueError) else f"line 1: cannot be read ({exc})"
        line, _, problem = where.partition(": ")
        number = int(line.removeprefix("line ")) if line.removeprefix("line ").isdigit() else 1
        raise StoreCorruptError(f"{path}:{number}: {problem or where}; {what} shipped with pokerfsm is damaged: "
                                "reinstall pokerfsm", path=str(path), line=number) from None


def checked_order_rows(text: str, fields: Sequence[str], classes: Container[str]) -> Iterator[tuple[int, list[str]]]:
    r"""The rows of a shipped order file with their line numbers, after the checks every such file shares.

    The header must be ``fields`` joined by commas, every row must have that
    many fields, and its second field must name one of ``classes``, once.
    Raises ``ValueError("line N: ...")`` otherwise.

    >>> list(checked_order_rows("rank,hand\n1,AA\n2,KK", ("rank", "hand"), {"AA", "KK"}))
    [(2, ['1', 'AA']), (3, ['2', 'KK'])]
    >>> list(checked_order_rows("rank,hand\n1,AA\n2,AA", ("rank", "hand"), {"AA", "KK"}))
    Traceback (most recent call last):
    ...
    ValueError: line 3: 'AA' is not a class, or comes twice
    """
    lines = text.splitlines()
    if not lines or lines[0] != ",".join(fields):
        raise ValueError(f"line 1: the header is not {','.join(fields)!r}")
    seen: set[str] = set()
    for number, row in enumerate(csv.reader(lines[1:]), 2):
        if len(row) != len(fields):
            raise ValueError(f"line {number}: {len(row)} fields, not {len(fields)}")
        hand = row[1]
        if hand not in classes or hand in seen:
            raise ValueError(f"line {number}: {hand[:40]!r} is not a class, or comes twice")
        seen.add(hand)
        yield number, row
