"""The one exception tree of pokerfsm.

Every error the package raises on purpose derives from :class:`Error`. Leaves
also inherit the matching builtin, so ``except ValueError`` keeps working:

>>> issubclass(CardParseError, ValueError) and issubclass(CardParseError, Error)
True

Syntax errors (a token that is not a card, a range that does not parse) are
kept apart from semantic ones (a card dealt twice, a board of two cards).

Errors carry the fields they concern, ``None`` where they do not apply:
``field`` (``"players"``, ``"board"``, ``"dead"``, ``"samples"`` …), ``player``
(the seat's index, from 0), ``index`` (the position of the bad item within
the field or the seat, from 0), ``card`` (the card concerned), ``text`` (the
offending text) and, for files, ``path`` and ``line``. Front ends place the
error from these fields (the web's 422 ``loc``, the CLI's ``file:line:``),
never from the message:

>>> err = DuplicateCardError("card 'Ah' is given twice", card="Ah").located("players", 1)
>>> err.field, err.player, err.card
('players', 1, 'Ah')
>>> str(err)
"player 2: card 'Ah' is given twice"
"""
from __future__ import annotations

import re
from typing import Any

__all__ = [
    "quoted",
    "checked_flag",
    "Error",
    "ParseError",
    "CardParseError",
    "RangeParseError",
    "AmbiguousPlayerError",
    "InputFileError",
    "HistoryParseError",
    "HistoryReplayError",
    "InvalidDealError",
    "DuplicateCardError",
    "ExactTooCostlyError",
    "TableError",
    "TableNotFoundError",
    "TableCorruptError",
    "IllegalActionError",
    "OptionError",
    "StoppedError",
    "TimeLimitError",
    "CancelledError",
    "StoreError",
    "StoreCorruptError",
    "StoreVersionError",
    "StoreBusyError",
    "TableNotBuiltError",
    "BuildError",
]


_CARD_COUNT = re.compile(r"[0-9]+ cards?\b")


def quoted(text: object, limit: int = 60) -> str:
    """``repr(text)``, cut to about ``limit`` characters so that no message repeats a huge input.

    >>> quoted("AK, QQ"), quoted("x" * 1000)
    ("'AK, QQ'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1,000 characters)")
    >>> quoted([7] * 100, 12)
    '[7, 7, 7, …'
    """
    shown = repr(text)
    if len(shown) <= limit:
        return shown
    if isinstance(text, str):
        return shown[:limit - 3] + "…" + shown[0] + f" ({len(text):,} characters)"
    return shown[:limit - 2] + "…"


def checked_flag(value: object, name: str, *, optional: bool = False) -> bool | None:
    """``value`` when it is ``True`` or ``False`` (or ``None`` where ``optional``), else an
    :class:`OptionError` naming the option: ``exact="no"`` is not taken as true.

    >>> checked_flag(False, "exact"), checked_flag(None, "exact", optional=True)
    (False, None)
    >>> checked_flag("no", "tables")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: tables must be True or False, got 'no'
    """
    if isinstance(value, bool) or (optional and value is None):
        return value
    allowed = "True, False or None" if optional else "True or False"
    raise OptionError(f"{name} must be {allowed}, got {quoted(value)}", field=name)


class Error(Exception):
    """Base class of every error raised by pokerfsm; see the module docstring for its fields."""

    field: str | None
    player: int | None
    index: int | None
    card: Any
    text: str | None
    path: str | None
    line: int | None

    def __init__(self, message: str = "", *, field: str | None = None, player: int | None = None,
                 index: int | None = None, card: Any = None, text: str | None = None,
                 path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.field, self.player, self.index, self.card, self.text = field, player, index, card, text
        self.path, self.line = path, line

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""

    def located(self, field: str, player: int | None = None) -> Error:
        """A copy placed in ``field`` (and at seat ``player``), its message saying where.

        Fields already set are kept: the innermost place is the most precise.
        """
        import copy  # here, not at the top: `import pokerfsm` stays light

        placed = copy.copy(self)
        if placed.field is None:
            placed.field = field
        if placed.player is None and player is not None:
            placed.player = player
            who = f"player {player + 1}"
            if not self.message.startswith(who):
                message = self.message
                if _CARD_COUNT.match(message):  # "3 cards given ..." -> "player 1 has 3 cards given ..."
                    message = f"{who} has {message}"
                else:  # "65 is not a card index ..." -> "player 1: 65 is not a card index ..."
                    message = f"{who}: {message}"
                placed.args = (message, *self.args[1:])
        return placed


class ParseError(Error, ValueError):
    """Text that does not follow the expected syntax."""


class CardParseError(ParseError):
    """A token that is not a card, e.g. ``'Zx'``."""


class RangeParseError(ParseError):
    """A hand range that does not follow PokerStove syntax."""


class AmbiguousPlayerError(RangeParseError):
    """A player's text that reads both as a range and as two cards (see :mod:`pokerfsm.players`)."""


class InputFileError(ParseError):
    """A malformed input file; the message starts with ``file:line:``."""


class InvalidDealError(Error, ValueError):
    """Cards that parse but cannot be dealt: wrong counts, too few cards left."""


class DuplicateCardError(InvalidDealError):
    """The same card appears twice where distinct cards are required."""


class ExactTooCostlyError(InvalidDealError):
    """Exact enumeration asked for a deal that would take too long (or too much memory); ``cost``
    says how much (``"would take about 2,600 years"``), so a front end can name its own remedy."""

    def __init__(self, message: str = "", *, cost: str = "", **fields: Any) -> None:
        super().__init__(message, **fields)
        self.cost = cost


class OptionError(Error, ValueError):
    """An option of a computation out of its range or of the wrong type (``samples``, ``seed``,
    ``budget`` …); ``field`` names it. The deal may be sound: this is not an :class:`InvalidDealError`.

    >>> issubclass(OptionError, InvalidDealError), issubclass(OptionError, ValueError)
    (False, True)
    """


class TableError(Error, OSError):
    """Problems with the hand-rank table file."""


class TableNotFoundError(TableError, FileNotFoundError):
    """The table file is missing and cannot be generated at its location."""


class TableCorruptError(TableError):
    """The table file is truncated, damaged or not a pokerfsm table."""


class IllegalActionError(Error, ValueError):
    """A game action that the rules do not allow in the current state."""




class HistoryParseError(InputFileError):
    """A hand-history file that cannot be read; the message is ``file:line: ...``.

    ``path``, ``line`` (1-based, 0 when the file has no lines) and ``text``
    (that line, as written) say where the damage is.

    >>> err = HistoryParseError("unknown action 'p1 zz'", path="h.phh", line=7, text="actions = []")
    >>> str(err), err.line, err.field
    ("h.phh:7: unknown action 'p1 zz'", 7, None)
    """

    def __init__(self, message: str, *, path: str = "<string>", line: int = 0, text: str = "",
                 **fields: Any) -> None:
        super().__init__(f"{path}:{line}: {message}", path=path, line=line, text=text, **fields)


class HistoryReplayError(HistoryParseError, IllegalActionError):
    """A history that parses but cannot have happened: an illegal action, a
    card dealt twice, finishing stacks that the actions do not produce."""


class StoppedError(Error):
    """Long work stopped before its end, on purpose (see :class:`pokerfsm.odds.Stop`)."""


class TimeLimitError(StoppedError, TimeoutError):
    """The work needed more time than it was allowed."""


class CancelledError(StoppedError):
    """Someone (e.g. a client that went away) asked the work to stop."""


class StoreError(Error, OSError):
    """Problems with the store of precomputed tables (``pokerfsm tables``)."""


class StoreCorruptError(StoreError):
    """The store file is damaged or is not a pokerfsm tables store."""


class StoreVersionError(StoreError):
    """The store file was written in another format version."""


class StoreBusyError(StoreError):
    """Another process is building tables in the same store."""


class TableNotBuiltError(StoreError, LookupError):
    """A lookup needs a precomputed table (or a row of it) that is not built yet."""


class BuildError(Error, RuntimeError):
    """A table build failed: a task raised on a worker, or the cluster is unreachable."""
