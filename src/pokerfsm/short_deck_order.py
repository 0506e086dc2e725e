"""The 81 short-deck starting-hand classes ordered by exact equity against one random hand, as pokerfsm ships them.

Short deck deals the 36 cards six and up, so its starting hands are the 630
combos of hold'em's classes whose ranks are six to ace: 9 pairs, 36 suited
and 36 offsuit classes (:data:`SHORT_DECK_CLASSES`). Their order is the one
behind a short-deck ``top 15%`` (see :mod:`pokerfsm.odds.short_deck_deal`):
each class's exact equity against one random short-deck hand, best first,
over every one of the :data:`SHORT_DECK_VS_RANDOM_SHOWDOWNS` showdowns, with
the hand categories each side makes. :func:`top_short_deck_classes` takes
classes in that order by the rule hold'em's ``top 15%`` follows
(:func:`pokerfsm.preflop_order.top_classes`): whole classes while the combos
get nearer to the share of the 630; :func:`with_short_deck_shares` reads
range text so.

The order ships as read-only package data (``data/short-deck-order.csv``, in
the columns of hold'em's order), written by maintainers with
``scripts/write_short_deck_order.py`` from our own enumeration; reading it
needs no store. Every line is checked as hold'em's are (each class once,
counts that add up, and the ranks, combos and equities the counts give); a
damaged file raises one :class:`~pokerfsm.errors.StoreCorruptError` naming
the file and line.

>>> len(SHORT_DECK_CLASSES), SHORT_DECK_COMBOS, SHORT_DECK_HU_BOARDS
(81, 630, 201376)
>>> top_short_deck_classes(0.03)
('AA', 'KK', 'QQ')
"""
from __future__ import annotations

import functools
import math
import re
from pathlib import Path

from .combos import HAND_CLASSES, class_combos
from .preflop_order import OrderedClass, parse_order, top_classes
from .range_text import DECIMAL
from .tallies import read_shipped
from .variants import game_of

__all__ = ["ORDER_FILE", "SHORT_DECK_CLASSES", "SHORT_DECK_COMBOS", "SHORT_DECK_HU_BOARDS",
           "SHORT_DECK_VS_RANDOM_SHOWDOWNS", "parse_short_deck_order", "short_deck_order", "top_short_deck_classes",
           "with_short_deck_shares"]

ORDER_FILE = Path(__file__).with_name("data") / "short-deck-order.csv"
_DECK = len(game_of("short-deck").deck)
_RANKS = frozenset(str(card)[0] for card in game_of("short-deck").deck)
SHORT_DECK_CLASSES = tuple(name for name in HAND_CLASSES if {name[0], name[1]} <= _RANKS)
"""Hold'em's classes (in their order) whose ranks short deck deals: six to ace."""
SHORT_DECK_COMBOS = sum(class_combos(name) for name in SHORT_DECK_CLASSES)
"""Starting hands of short deck: C(36, 2) = 630."""
SHORT_DECK_HU_BOARDS = math.comb(_DECK - 4, 5)
"""Boards of five cards once two known short-deck hands are dealt: C(32, 5)."""
SHORT_DECK_VS_RANDOM_SHOWDOWNS = math.comb(_DECK - 2, 2) * SHORT_DECK_HU_BOARDS
"""Showdowns of a short-deck hand against one random hand preflop: 561 hands times C(32, 5) boards."""
_LARGEST_FILE = 1 << 18
"""Bytes of an order file read at most (the shipped one has about 20,000)."""


def parse_short_deck_order(text: str) -> tuple[OrderedClass, ...]:
    """The order in ``text``, every line checked as :func:`pokerfsm.preflop_order.parse_order` checks
    hold'em's, for the 81 short-deck classes and their showdowns. ValueError ``line N: ...`` otherwise."""
    return parse_order(text, SHORT_DECK_CLASSES, SHORT_DECK_VS_RANDOM_SHOWDOWNS)


@functools.cache
def short_deck_order() -> tuple[OrderedClass, ...]:
    """The shipped order (81 rows, strongest first).

    Raises StoreCorruptError naming the file and line when the file is
    missing, unreadable or damaged (pokerfsm's installation then needs repair).
    """
    return read_shipped(ORDER_FILE, _LARGEST_FILE, parse_short_deck_order, "the short-deck order of percentage ranges")


def top_short_deck_classes(share: float) -> tuple[str, ...]:
    """The strongest short-deck classes that hold the share of the 630 combos nearest to ``share``.

    >>> top_short_deck_classes(1.0)[-1] in SHORT_DECK_CLASSES, len(top_short_deck_classes(1.0))
    (True, 81)

    Raises InvalidDealError for a share outside (0, 1], StoreCorruptError when
    the shipped order is damaged.
    """
    return top_classes(share, short_deck_order())


_SHARE_ITEM = re.compile(r"(?i)(?:\btop\s*)?" + DECIMAL + r"%(?!\s*\()")
"""A top-X % item of range text: ``top 15%`` or ``15%``, not a weight (``50%(``)."""


def with_short_deck_shares(text: str) -> str:
    """Range ``text`` with each top-X % item replaced by the short-deck classes it stands for.

    For text that hold'em's range grammar already accepted (so that errors
    point into the text as written); everything else is left as it is.

    >>> with_short_deck_shares("top 3%, 50%(AKs), 98s")
    'AA, KK, QQ, 50%(AKs), 98s'
    """
    return _SHARE_ITEM.sub(lambda m: ", ".join(top_short_deck_classes(float(m.group(1)) / 100)), text)
