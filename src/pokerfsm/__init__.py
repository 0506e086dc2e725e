"""pokerfsm: exact poker odds on a TwoPlusTwo-style state-machine evaluator.

``import pokerfsm`` does no I/O: the hand-rank table is opened (and generated
on first use) when something first needs it. Public names are loaded lazily.

>>> import pokerfsm
>>> pokerfsm.Card("Ah")
Card('Ah')
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .cards import DECK, Card, Rank, Suit, as_cards, parse_cards
from .errors import (
    CardParseError,
    DuplicateCardError,
    Error,
    IllegalActionError,
    InputFileError,
    InvalidDealError,
    ParseError,
    RangeParseError,
    StoreError,
    TableCorruptError,
    TableError,
    TableNotFoundError,
)

__version__ = "0.1.0"

_LAZY = {
    "HandCategory": "pokerfsm.evaluation",
    "HandRank": "pokerfsm.evaluation",
    "evaluate": "pokerfsm.evaluation",
    "evaluate_many": "pokerfsm.evaluation",
    "best_five": "pokerfsm.evaluation",
    "compare_hands": "pokerfsm.evaluation",
    "hand_odds": "pokerfsm.evaluation",
    "HandOdds": "pokerfsm.evaluation",
    "equity": "pokerfsm.calculator",
    "EquityResult": "pokerfsm.calculator",
    "PlayerResult": "pokerfsm.calculator",
    "LiveOdds": "pokerfsm.calculator",
    "HandRange": "pokerfsm.ranges",
    "parse_range": "pokerfsm.ranges",
    "outs": "pokerfsm.outs_analysis",
    "OutsResult": "pokerfsm.outs_analysis",
    "generate_table": "pokerfsm.generate",
    "open_table": "pokerfsm.table",
    "default_table_path": "pokerfsm.table",
}

__all__ = [
    "__version__",
    "Card", "Rank", "Suit", "DECK", "parse_cards", "as_cards",
    "Error", "ParseError", "CardParseError", "RangeParseError", "InputFileError",
    "InvalidDealError", "DuplicateCardError", "TableError", "TableNotFoundError",
    "TableCorruptError", "IllegalActionError", "StoreError",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerfsm' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


if TYPE_CHECKING:  # pragma: no cover
    from .calculator import EquityResult, LiveOdds, PlayerResult, equity
    from .evaluation import (HandCategory, HandOdds, HandRank, best_five, compare_hands,
                           evaluate, evaluate_many, hand_odds)
    from .generate import generate_table
    from .outs_analysis import OutsResult, outs
    from .ranges import HandRange, parse_range
    from .table import default_table_path, open_table
