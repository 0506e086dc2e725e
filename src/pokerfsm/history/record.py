"""A hand as written in a history file, before it is replayed, and where each part of it is.

Readers (:mod:`.phh`, :mod:`.drawlog`) turn text into :class:`HandRecord`
values; :mod:`.playback` plays them. Every record remembers the line of each
field and action, so that any later complaint can name ``file:line`` and
quote the text.

Amounts are whole numbers of the file's smallest unit: a history written in
dollars and cents (``0.25``) is read in cents, and :attr:`HandRecord.unit`
(``Decimal('0.01')``) converts back. An amount is below
:data:`MAX_AMOUNT` with at most :data:`MAX_DECIMALS` decimals, so that every
amount, in units, is exact as a float too (the rules engine's stacks are).
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import TypeVar, overload

from ..errors import HistoryParseError
from ..variants import Game, game_of

__all__ = ["Source", "ActionLine", "HandRecord", "Rules", "GAMES", "REFUSED", "MAX_AMOUNT", "MAX_DECIMALS",
           "amount_problem", "read_amount"]

E = TypeVar("E", bound=HistoryParseError)

BOARD_STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True)
class Rules:
    """How a history's game is replayed: its name in captions, its streets, its cards.

    ``cards`` names the :mod:`pokerfsm.variants` game whose hands and pots
    it plays (None for five-card draw, which has no board); ``fixed_limit``
    says whether bets are ``small_bet``/``big_bet`` (else ``min_bet``).
    """

    label: str
    streets: tuple[str, ...]
    cards: str | None
    fixed_limit: bool = False

    @property
    def game(self) -> Game | None:
        """The game of the cards (hold'em, Omaha, Omaha hi-lo), None for five-card draw."""
        return None if self.cards is None else game_of(self.cards)


#: the games we replay, by the code used in :attr:`HandRecord.game` (PHH's variant codes, and
#: ``draw`` for the draw logs)
GAMES = {
    "NT": Rules("no-limit hold'em", BOARD_STREETS, "holdem"),
    "FT": Rules("fixed-limit hold'em", BOARD_STREETS, "holdem", fixed_limit=True),
    "PO": Rules("pot-limit Omaha", BOARD_STREETS, "omaha"),
    "FO/8": Rules("fixed-limit Omaha hi-lo, 8 or better", BOARD_STREETS, "omaha-hi-lo", fixed_limit=True),
    "draw": Rules("five-card draw", ("before the draw", "after the draw"), None),
}

#: PHH variants pokerkit plays whose hands pokerfsm does not evaluate, with the game's name
REFUSED = {
    "NS": "no-limit short-deck hold'em",
    "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud hi-lo",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw",
    "FB": "fixed-limit badugi",
}

MAX_AMOUNT = 10 ** 12
"""Amounts are below a million million chips (or dollars)."""
MAX_DECIMALS = 3
"""Amounts have at most three decimals (a tenth of a cent)."""
_AMOUNT_TEXT = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?|\.[0-9]+")


def amount_problem(value: Decimal | int) -> str | None:
    """Why an amount >= 0 cannot be replayed (too large, too many decimals), or None.

    >>> amount_problem(Decimal("0.25")), amount_problem(10 ** 400), amount_problem(Decimal("0.0001"))
    (None, 'too large (amounts are below 1,000,000,000,000)', 'more precise than 3 decimals')
    """
    if value >= MAX_AMOUNT:
        return f"too large (amounts are below {MAX_AMOUNT:,})"
    if isinstance(value, Decimal) and -int(value.normalize().as_tuple().exponent) > MAX_DECIMALS:
        return f"more precise than {MAX_DECIMALS} decimals"
    return None


def read_amount(text: str) -> Decimal:
    """The amount written ``text`` in an action (``'60'``, ``'1,000'``, ``'0.25'``; ASCII digits).

    :raises ValueError: saying why it is not an amount pokerfsm replays.

    >>> read_amount("1,250.5")
    Decimal('1250.5')
    >>> read_amount("\u0665\u0660")
    Traceback (most recent call last):
    ...
    ValueError: an amount is written with the digits 0-9, e.g. 60 or 0.25
    """
    if not _AMOUNT_TEXT.fullmatch(text):
        raise ValueError("an amount is written with the digits 0-9, e.g. 60 or 0.25")
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        raise ValueError("not a number") from None
    problem = amount_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


@dataclass(frozen=True)
class Source:
    """The text of one history file, kept to quote lines in error messages."""

    path: str
    lines: tuple[str, ...]

    @classmethod
    def from_text(cls, text: str, path: str = "<string>") -> Source:
        return cls(path, tuple(text.splitlines()))

    def text(self, line: int) -> str:
        """Line ``line`` (1-based) as written, or '' outside the file."""
        return self.lines[line - 1] if 1 <= line <= len(self.lines) else ""

    @overload
    def error(self, line: int, message: str) -> HistoryParseError: ...
    @overload
    def error(self, line: int, message: str, cls: type[E]) -> E: ...

    def error(self, line: int, message: str, cls: type[HistoryParseError] = HistoryParseError
              ) -> HistoryParseError:
        """The exception (``cls``, a :class:`HistoryParseError` by default) for a problem on
        ``line``: ``path:line: message``.

        >>> Source.from_text("a = 1\\nb = ?", "x.phh").error(2, "bad value '?'").args[0]
        "x.phh:2: bad value '?'"
        """
        return cls(message, path=self.path, line=line, text=self.text(line))


@dataclass(frozen=True)
class ActionLine:
    """One action of the ``actions`` list, e.g. ``'p2 cbr 60'``, and its line."""

    text: str
    line: int


@dataclass(frozen=True)
class HandRecord:
    """One hand as the file states it (amounts in units of :attr:`unit`).

    Lists by player run in PHH order: the first player left of the button
    first, the button last. ``starting_stacks`` holds ``None`` for a stack the
    file gives as unknown (``inf``), and so does ``finishing_stacks``, which
    is None when the file does not record them.
    """

    source: Source
    line: int
    name: str
    game: str
    players: tuple[str, ...]
    starting_stacks: tuple[int | None, ...]
    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    actions: tuple[ActionLine, ...]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    ante_trimming: bool = False
    finishing_stacks: tuple[int | None, ...] | None = None
    unit: Decimal = Decimal(1)
    field_lines: Mapping[str, int] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return self.source.path

    @property
    def rules(self) -> Rules:
        """How this hand's game is replayed (see :data:`GAMES`)."""
        return GAMES[self.game]

    @property
    def seats(self) -> int:
        return len(self.starting_stacks)

    def line_of(self, name: str) -> int:
        """The line of a field (the hand's first line when it is not written)."""
        return self.field_lines.get(name, self.line)

    @overload
    def error(self, line: int, message: str) -> HistoryParseError: ...
    @overload
    def error(self, line: int, message: str, cls: type[E]) -> E: ...

    def error(self, line: int, message: str, cls: type[HistoryParseError] = HistoryParseError
              ) -> HistoryParseError:
        """The exception for a problem with this hand on ``line`` (see :meth:`Source.error`)."""
        return self.source.error(line, message, cls)

    def money(self, amount: int | float) -> str:
        """An amount in the file's own unit, e.g. ``'1.25'`` for 125 cents.

        >>> HandRecord(Source("x", ()), 1, "", "NT", (), (), (), (), (), unit=Decimal("0.01")).money(125)
        '1.25'
        """
        if self.unit == 1:
            if isinstance(amount, int) or float(amount).is_integer():
                return str(int(amount))
            return f"{amount:.1f}"
        places = -int(self.unit.as_tuple().exponent)  # a finite Decimal: an int exponent
        return f"{Decimal(str(amount)) * self.unit:.{places}f}"

    def to_number(self, amount: int | float) -> int | float:
        """An amount in the file's own unit, for JSON."""
        if self.unit == 1:
            return amount
        return float(Decimal(str(amount)) * self.unit)
