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

from ._version import __version__
from .cards import DECK, Card, Rank, Suit, as_cards, parse_cards
from .errors import (
    AmbiguousPlayerError,
    CancelledError,
    CardParseError,
    DuplicateCardError,
    Error,
    HistoryParseError,
    HistoryReplayError,
    IllegalActionError,
    InputFileError,
    InvalidDealError,
    OptionError,
    ParseError,
    RangeParseError,
    StoppedError,
    StoreError,
    TableCorruptError,
    TableError,
    TableNotFoundError,
    TimeLimitError,
)

_LAZY = {
    "HandCategory": "pokerfsm.ranking",
    "HandRank": "pokerfsm.evaluation",
    "evaluate": "pokerfsm.evaluation",
    "evaluate_many": "pokerfsm.evaluation",
    "best_five": "pokerfsm.evaluation",
    "compare_hands": "pokerfsm.evaluation",
    "hand_odds": "pokerfsm.evaluation",
    "HandOdds": "pokerfsm.evaluation",
    "hits": "pokerfsm.evaluation",
    "BoardHits": "pokerfsm.evaluation",
    "equity": "pokerfsm.calculator",
    "EquityResult": "pokerfsm.odds",
    "PlayerResult": "pokerfsm.odds",
    "LiveOdds": "pokerfsm.calculator",
    "outs": "pokerfsm.odds.outs",
    "OutsResult": "pokerfsm.odds",
    "Stop": "pokerfsm.odds",
    "HandRange": "pokerfsm.ranges",
    "parse_range": "pokerfsm.ranges",
    "read_player": "pokerfsm.players",
    "generate_table": "pokerfsm.table",
    "open_table": "pokerfsm.table",
    "default_table_path": "pokerfsm.table",
    "showdown": "pokerfsm.history.settlement",
    "Settlement": "pokerfsm.history.settlement",
    "load_history": "pokerfsm.history",
    "distribution": "pokerfsm.study.equity_distribution",
}

__all__ = [
    "__version__",
    "Card", "Rank", "Suit", "DECK", "parse_cards", "as_cards",
    "Error", "ParseError", "CardParseError", "RangeParseError", "AmbiguousPlayerError", "InputFileError",
    "InvalidDealError", "DuplicateCardError", "TableError", "TableNotFoundError",
    "TableCorruptError", "IllegalActionError", "HistoryParseError", "HistoryReplayError",
    "OptionError", "StoppedError", "TimeLimitError", "CancelledError", "StoreError",
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


if TYPE_CHECKING:  # pragma: no cover  (the names of _LAZY, for type checkers)
    from .calculator import LiveOdds, equity
    from .evaluation import (
        BoardHits,
        HandOdds,
        HandRank,
        best_five,
        compare_hands,
        evaluate,
        evaluate_many,
        hand_odds,
        hits,
    )
    from .history import load_history
    from .history.settlement import Settlement, showdown
    from .odds import EquityResult, OutsResult, PlayerResult, Stop
    from .odds.outs import outs
    from .players import read_player
    from .ranges import HandRange, parse_range
    from .ranking import HandCategory
    from .study.equity_distribution import distribution
    from .table import default_table_path, generate_table, open_table
