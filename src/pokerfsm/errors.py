"""The one exception tree of pokerfsm.

Every error the package raises on purpose derives from :class:`Error`. Leaves
also inherit the matching builtin, so ``except ValueError`` keeps working:

>>> issubclass(CardParseError, ValueError) and issubclass(CardParseError, Error)
True

Syntax errors (a token that is not a card, a range that does not parse) are
kept apart from semantic ones (a card dealt twice, a board of two cards).
"""
from __future__ import annotations

__all__ = [
    "Error",
    "ParseError",
    "CardParseError",
    "RangeParseError",
    "InputFileError",
    "HistoryParseError",
    "HistoryReplayError",
    "InvalidDealError",
    "DuplicateCardError",
    "TableError",
    "TableNotFoundError",
    "TableCorruptError",
    "IllegalActionError",
]


class Error(Exception):
    """Base class of every error raised by pokerfsm."""


class ParseError(Error, ValueError):
    """Text that does not follow the expected syntax."""


class CardParseError(ParseError):
    """A token that is not a card, e.g. ``'Zx'``."""


class RangeParseError(ParseError):
    """A hand range that does not follow PokerStove syntax."""


class InputFileError(ParseError):
    """A malformed input file; the message starts with ``file:line:``."""


class InvalidDealError(Error, ValueError):
    """Cards that parse but cannot be dealt: wrong counts, too few cards left."""


class DuplicateCardError(InvalidDealError):
    """The same card appears twice where distinct cards are required."""


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
    >>> str(err), err.line
    ("h.phh:7: unknown action 'p1 zz'", 7)
    """

    def __init__(self, message: str, *, path: str = "<string>", line: int = 0, text: str = "") -> None:
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.text = path, line, text


class HistoryReplayError(HistoryParseError, IllegalActionError):
    """A history that parses but cannot have happened: an illegal action, a
    card dealt twice, finishing stacks that the actions do not produce."""
