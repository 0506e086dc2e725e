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
    "InvalidDealError",
    "DuplicateCardError",
    "TableError",
    "TableNotFoundError",
    "TableCorruptError",
    "IllegalActionError",
    "StoreError",
    "StoreCorruptError",
    "StoreVersionError",
    "StoreBusyError",
    "TableNotBuiltError",
    "BuildError",
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
