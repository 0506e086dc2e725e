"""Hold'em starting hands by their exact equity against one random hand, for the computer players.

:data:`PREFLOP_EQUITY` gives, for each of the 169 starting-hand classes, the
pot share it wins against one random hand over all 1,712,304 boards and the
1,225 hands the opponent can hold: the same number
:class:`pokerfsm.odds.LiveOdds` gives before the flop. It is the equity
column of the order shipped with pokerfsm (:mod:`pokerfsm.preflop_order`),
read on first use and rounded to four decimals, the precision the players'
thresholds are set at: classes within rounding of each other (K8o and Q8s,
for one) count as equally strong, so a range read from a bet keeps or cuts
them together. The strongest share of hands is
:func:`pokerfsm.preflop_order.top_classes`, as ``top 15%`` in a range.

>>> PREFLOP_EQUITY["AA"], PREFLOP_EQUITY["72o"], len(PREFLOP_EQUITY)
(0.852, 0.3458, 169)
"""
from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping

from ..combos import HAND_CLASSES
from ..preflop_order import preflop_order

__all__ = ["PREFLOP_EQUITY"]

_DECIMALS = 4
"""Decimals of the shipped equities the players use."""


@functools.cache
def _equities() -> dict[str, float]:
    by_class = {row.hand: round(row.equity, _DECIMALS) for row in preflop_order()}
    return {name: by_class[name] for name in HAND_CLASSES}


class _ShippedEquities(Mapping[str, float]):
    """Class (``'AKs'``) -> equity against one random hand, read from the shipped order on first use.

    Raises StoreCorruptError on first use when the shipped order is damaged.
    """

    def __getitem__(self, name: str) -> float:
        return _equities()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_equities())

    def __len__(self) -> int:
        return len(_equities())

    def __repr__(self) -> str:
        return "PREFLOP_EQUITY"


PREFLOP_EQUITY: Mapping[str, float] = _ShippedEquities()
"""Class (``'AKs'``) -> exact equity against one random hand, to four decimals, in the order of
:data:`~pokerfsm.combos.HAND_CLASSES`."""
