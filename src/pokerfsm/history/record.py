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

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import TypeVar, overload

from ..errors import HistoryParseError
from ..variants import Game, game_for_phh

__all__ = ["Source", "ActionLine", "HandRecord", "Rules", "Dealing", "GAMES", "MAX_AMOUNT", "MAX_DECIMALS",
           "amount_problem", "read_amount"]

E = TypeVar("E", bound=HistoryParseError)

BOARD_STREETS = ("preflop", "flop", "turn", "river")
STUD_STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
SINGLE_DRAW_STREETS = ("before the draw", "after the draw")
TRIPLE_DRAW_STREETS = ("before the first draw", "after the first draw", "after the second draw",
                       "after the third draw")


class Dealing(enum.Enum):
    """How a game's cards reach the players, which decides what a replay shows at each street."""

    BOARD = "hole cards and a shared board"
    STUD = "each player's own cards, some face up, street by street"
    DRAW = "five (badugi: four) cards each, some exchanged at each draw"

    @property
    def label(self) -> str:
        """The dealing in words."""
        return self.value


@dataclass(frozen=True)
class Rules:
    """How a history's game is replayed: its name in captions, its streets, its cards.

    ``phh`` is the PHH variant code, whose :mod:`pokerfsm.variants` game
    makes the hands and splits the pots (None for five-card draw, played as
    hold'em's hands without a board); ``fixed_limit`` says whether bets are
    ``small_bet``/``big_bet`` (else ``min_bet``); a stud game also has a
    ``bring_in`` and no blinds.
    """

    label: str
    streets: tuple[str, ...]
    phh: str | None
    dealing: Dealing = Dealing.BOARD
    fixed_limit: bool = False

    @property
    def game(self) -> Game | None:
        """The game of the cards (hold'em, Omaha, stud, ...), None for five-card draw."""
        return None if self.phh is None else game_for_phh(self.phh)

    @property
    def bring_in(self) -> bool:
        """True for stud games: the lowest (razz: highest) up card brings in, no blinds."""
        return self.dealing is Dealing.STUD


#: the games we replay, by the code used in :attr:`HandRecord.game` (PHH's variant codes, and
#: ``draw`` for the draw logs)
GAMES = {
    "NT": Rules("no-limit hold'em", BOARD_STREETS, "NT"),
    "FT": Rules("fixed-limit hold'em", BOARD_STREETS, "FT", fixed_limit=True),
    "NS": Rules("no-limit short-deck hold'em", BOARD_STREETS, "NS"),
    "PO": Rules("pot-limit Omaha", BOARD_STREETS, "PO"),
    "FO/8": Rules("fixed-limit Omaha hi-lo, 8 or better", BOARD_STREETS, "FO/8", fixed_limit=True),
    "F7S": Rules("fixed-limit seven-card stud", STUD_STREETS, "F7S", Dealing.STUD, fixed_limit=True),
    "F7S/8": Rules("fixed-limit seven-card stud hi-lo, 8 or better", STUD_STREETS, "F7S/8", Dealing.STUD,
                   fixed_limit=True),
    "FR": Rules("fixed-limit razz", STUD_STREETS, "FR", Dealing.STUD, fixed_limit=True),
    "N2L1D": Rules("no-limit 2-7 single draw", SINGLE_DRAW_STREETS, "N2L1D", Dealing.DRAW),
    "F2L3D": Rules("fixed-limit 2-7 triple draw", TRIPLE_DRAW_STREETS, "F2L3D", Dealing.DRAW, fixed_limit=True),
    "FB": Rules("fixed-limit badugi", TRIPLE_DRAW_STREETS, "FB", Dealing.DRAW, fixed_limit=True),
    "draw": Rules("five-card draw", SINGLE_DRAW_STREETS, None, Dealing.DRAW),
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
    bring_in: int | None = None
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
