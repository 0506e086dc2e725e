"""Omaha range text: reading it into weighted sets of hands, one clear error per bad item.

:mod:`pokerfsm.omaha_ranges` states the grammar and holds the range; this
module reads the text. Items are separated by commas or semicolons; spaces
inside an item are ignored (``As Ks Qh Jh`` is one hand, ``AAxx ds`` one
pattern). Each item is read into a :class:`~pokerfsm.omaha_patterns.Pattern`
of exactly the game's number of cards and expanded into card masks at once.

>>> from pokerfsm.variants import game_of
>>> items = read_omaha_range_text("AAxx, 0.5(KKxxds; As Ks Qh Jh)", game_of("omaha"))
>>> [(item.text, item.weight, len(item.masks)) for item in items if item.masks is not None]
[('AAxx', 1.0, 6961), ('KKxxds', 0.5, 864), ('AsKsQhJh', 0.5, 1)]
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .cards import RANK_SYMBOLS
from .errors import RangeParseError, quoted
from .omaha_order import top_plo4_masks
from .omaha_patterns import (
    QUALIFIERS,
    SUIT_LETTERS,
    SUIT_VARIABLES,
    Masks,
    Pattern,
    Slot,
    pattern_masks,
    qualifier_problem,
)
from .range_text import MAX_RANGE_TEXT, MAX_WEIGHT_DEPTH, NUMBER, PERCENT, WEIGHT_OPENING, weight_value
from .variants import Game

__all__ = ["ReadItem", "OMAHA_RANDOM_WORDS", "read_omaha_range_text"]

OMAHA_RANDOM_WORDS = frozenset({"random", "any", "?", "*"})
"""Items (any case) that mean every hand of the game; a pattern of wildcards alone (``xxxx``) does too."""
_QUALIFIER_SPELLINGS = (("rainbow", "r"), ("ds", "ds"), ("ss", "ss"), ("r", "r"))
_SEPARATORS = ",;"
_ITEM_END = re.compile(r"[,;()]")
_SUITS = {letter: suit for suit, letters in enumerate(("s♠♤", "h♥♡", "d♦♢", "c♣♧")) for letter in letters}
"""Named suits as cards are written: a letter (any case) or a suit symbol."""
_CARD = re.compile(r"(10|[2-9TJQKA])([" + "".join(_SUITS) + "])", re.IGNORECASE)
_EXACT_CARDS = re.compile(f"(?:{_CARD.pattern})+", re.IGNORECASE)
_EXAMPLES = "e.g. 'AsKsQhJh', 'AAxx', 'KKxxds', 'AKQJr', 'AxKx**' or 'random'"


@dataclass(frozen=True)
class ReadItem:
    """One item of a range: its hands as sorted card masks (``None``: every hand), its weight,
    and its canonical text without the weight."""

    masks: Masks | None
    weight: float
    text: str


def read_omaha_range_text(text: str, game: Game) -> list[ReadItem]:
    """The items of range ``text`` for ``game``, in order (a later item overrides an earlier one).

    Raises :class:`~pokerfsm.errors.RangeParseError` quoting the bad item and its column.
    """
    if not isinstance(text, str):
        raise RangeParseError(f"expected range text, got {quoted(text)}")
    if len(text) > MAX_RANGE_TEXT:
        raise RangeParseError(f"range {quoted(text)} is longer than {MAX_RANGE_TEXT:,} characters")
    items: list[ReadItem] = []
    _Reader(text, game, items).items(0, 1.0, depth=0)
    return items


class _Reader:
    def __init__(self, text: str, game: Game, out: list[ReadItem]):
        self.text, self.game, self.out = text, game, out

    def fail(self, message: str, column: int) -> RangeParseError:
        """An error in the range's structure, at ``column``."""
        return RangeParseError(f"{message} at column {column} of range {quoted(self.text)}", text=self.text)

    def bad(self, shown: str, column: int, why: str) -> RangeParseError:
        """An error in the item ``shown`` (as written) at ``column``, as the hold'em reader words it."""
        return RangeParseError(f"{quoted(shown)} at column {column} of range {quoted(self.text)}: {why}", text=shown)

    def items(self, pos: int, weight: float, *, depth: int) -> int:
        """Read items from ``pos`` to the end (or to a ')' when nested); return where it stopped."""
        text = self.text
        expect_item = True
        while True:
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos == len(text) or text[pos] in _SEPARATORS + ")":
                if expect_item:
                    raise self.fail("empty item", pos + 1)
                if pos == len(text) or text[pos] == ")":
                    if pos < len(text) and depth == 0:
                        raise self.fail("unmatched ')'", pos + 1)
                    return pos
                pos += 1
                expect_item = True
                continue
            pos = self.item(pos, weight, depth)
            expect_item = False
            while pos < len(text) and text[pos].isspace():
                pos += 1
            if pos < len(text) and text[pos] not in _SEPARATORS + ")":
                raise self.fail(f"expected ',' or ';' before {quoted(text[pos:pos + 10])}", pos + 1)

    def item(self, pos: int, weight: float, depth: int) -> int:
        text = self.text
        match = WEIGHT_OPENING.match(text, pos)
        if match:
            if depth >= MAX_WEIGHT_DEPTH:
                raise self.fail(f"weights nested more than {MAX_WEIGHT_DEPTH} deep", pos + 1)
            value = weight_value(match)
            if value is None:
                raise self.fail(f"weight {match.group(1) + match.group(2)!r} is not in (0, 1] (or 0-100%)", pos + 1)
            end = self.items(match.end(), weight * value, depth=depth + 1)
            if end >= len(text):
                raise self.fail("missing ')' for the weight", pos + 1)
            return end + 1
        stop = _ITEM_END.search(text, pos)
        end = stop.start() if stop else len(text)
        shown = text[pos:end].rstrip()
        column = pos + 1
        if not shown:
            raise self.fail("'(' has no weight before it (use e.g. 0.5(AAxx) or 50%(AAxx))", column)
        if end < len(text) and text[end] == "(":
            raise self.bad(shown, column, "not a weight (use e.g. 0.5(AAxx) or 50%(AAxx))")
        compact = re.sub(r"\s+", "", shown)
        if compact.lower() in OMAHA_RANDOM_WORDS:
            self.out.append(ReadItem(None, weight, "random"))
            return end
        if PERCENT.fullmatch(compact) or compact.lower().startswith("top"):  # no hand starts with 'to'
            self.out.append(self.top(compact, shown, column, weight))
            return end
        if NUMBER.fullmatch(compact):
            raise self.bad(shown, column, "a weight applies to items in parentheses, e.g. 0.5(AAxx)")
        exact = _exact_hand(compact, self.game.hole_cards)
        if exact is not None:  # the common item, read without building a pattern
            self.out.append(ReadItem(np.array([sum(1 << c for c in exact)], dtype=np.uint64), weight,
                                     "".join(RANK_SYMBOLS[c >> 2] + SUIT_LETTERS[c & 3] for c in exact)))
            return end
        pattern = self.pattern(compact, shown, column)
        if pattern.qualifier is None and all(slot.is_free for slot in pattern.slots):
            self.out.append(ReadItem(None, weight, "random"))
            return end
        masks = pattern_masks(pattern, self.game.hole_cards)
        if not len(masks):
            qualified = f" {QUALIFIERS[pattern.qualifier]}" if pattern.qualifier else ""
            raise self.bad(shown, column, f"no{qualified} hand of {self.game.label} matches it")
        self.out.append(ReadItem(masks, weight, str(pattern)))
        return end

    def top(self, compact: str, shown: str, column: int, weight: float) -> ReadItem:
        """A top-X % item (``top 10%`` or ``10%``): the strongest classes of 4-card Omaha in the shipped order."""
        match = PERCENT.fullmatch(compact[3:] if compact.lower().startswith("top") else compact)
        if match is None or not 0.0 < float(match.group(1)) <= 100.0:
            raise self.bad(shown, column, "a percentage range is 'top 10%' or '10%', above 0 and at most 100 % "
                                          "(a weight is 50%(AAxx))")
        if self.game.hole_cards != 4 or self.game.eight_or_better:
            raise self.bad(shown, column, f"top-X % ranges are for 4-card Omaha high, not {self.game.label} "
                                          "(its order ranks the hands by high equity against one random hand)")
        percent = float(match.group(1))
        return ReadItem(top_plo4_masks(percent / 100), weight,
                        f"top {np.format_float_positional(percent, trim='-')}%")

    def pattern(self, compact: str, shown: str, column: int) -> Pattern:
        """The one pattern of ``self.game``'s card count that ``compact`` reads as (see the grammar)."""
        cards = self.game.hole_cards
        candidates = [(compact, None)] + [(compact[:-len(spelling)], qualifier)
                                          for spelling, qualifier in _QUALIFIER_SPELLINGS
                                          if len(compact) > len(spelling) and compact.lower().endswith(spelling)]
        found: set[Pattern] = set()
        counts: list[tuple[int, str]] = []  # (cards named, the item filled with wildcards) per reading

        def fail(why: str) -> RangeParseError:
            return self.bad(shown, column, why)

        for body, qualifier in candidates:
            readings = {x_is_rank: _slots(body, x_is_rank) for x_is_rank in (True, False)}
            for x_is_rank, slots in readings.items():
                if isinstance(slots, int):
                    continue
                wildcards = ("x" if x_is_rank else "*") * max(cards - len(slots), 0)
                counts.append((len(slots), body + wildcards + (qualifier or "")))
                if len(slots) == cards:
                    found.add(Pattern(tuple(slots), qualifier).canonical())
            as_ranks, as_suits = readings[True], readings[False]
            if isinstance(as_ranks, list) and isinstance(as_suits, list) and len(as_suits) < cards == len(as_ranks):
                ranks = Pattern(tuple(as_ranks), qualifier).canonical()
                suits = Pattern((*as_suits, *[Slot()] * (cards - len(as_suits))), qualifier).canonical()
                if _differ(ranks, suits, cards):
                    raise fail(f"'x' reads as a rank ({str(ranks)!r}) or, as ProPokerTools reads it, as a suit "
                               f"({str(suits)!r}): write one of these")
        if not found:
            if not counts:
                bad = _slots(compact, True)
                assert isinstance(bad, int)
                raise fail(f"{compact[bad]!r} is not a rank, a wildcard (x or *), a suit or a suit variable "
                           f"(w, x, y, z); an Omaha item is {_EXAMPLES}")
            named, filled = counts[0]
            hint = ""
            if named % cards == 0:
                hint = " (separate hands with commas)"
            elif named < cards:
                hint = f" (fill it with wildcards: {filled!r})"
            elif re.search(r"[2-9TJQKA*]x", compact, re.IGNORECASE):
                hint = f" (with suit variables, write any rank as '*': {'AxKx' + '*' * (cards - 2)!r})"
            raise fail(f"a hand of {self.game.label} has {cards} cards, this names {named}{hint}")
        if len(found) > 1:  # pragma: no cover - the readings differ in card count (see the grammar)
            raise fail("reads as more than one pattern; write wildcard ranks as '*'")
        pattern = found.pop()
        problem = _problem(pattern, cards)
        if problem:
            raise fail(problem)
        return pattern


def _differ(first: Pattern, second: Pattern, cards: int) -> bool:
    """True when both patterns can be dealt and match different hands."""
    if _problem(first, cards) or _problem(second, cards):
        return False
    one, other = pattern_masks(first, cards), pattern_masks(second, cards)
    return bool(len(one)) and bool(len(other)) and not np.array_equal(one, other)


def _exact_hand(compact: str, cards: int) -> list[int] | None:
    """The card numbers of an item that is ``cards`` different named cards, in canonical order, else None."""
    if len(compact) > 3 * cards or not _EXACT_CARDS.fullmatch(compact):
        return None
    hand = [4 * RANK_SYMBOLS.index("T" if rank == "10" else rank.upper()) + _SUITS[suit.lower()]
            for rank, suit in _CARD.findall(compact)]
    if len(hand) != cards or len(set(hand)) != cards:
        return None
    return sorted(hand, key=lambda card: (-(card >> 2), card & 3))


def _slots(body: str, x_is_rank: bool) -> list[Slot] | int:
    """The slots ``body`` writes, or the index of the first character that fits no slot.

    A rank is one of ``23456789TJQKA`` (any case) or ``10``. With
    ``x_is_rank``, ``x`` and ``X`` are wildcard ranks and only ``w y z`` are
    suit variables; otherwise ``x`` right after a rank is a suit variable and
    ``*`` is the only wildcard rank.
    """
    slots = []
    variables = SUIT_VARIABLES.replace("x", "") if x_is_rank else SUIT_VARIABLES
    pos = 0
    while pos < len(body):
        char = body[pos]
        if body.startswith("10", pos):
            rank: int | None = RANK_SYMBOLS.index("T")
            pos += 1
        elif char.upper() in RANK_SYMBOLS:
            rank = RANK_SYMBOLS.index(char.upper())
        elif char == "*" or (x_is_rank and char in "xX"):
            rank = None
        else:
            return pos
        pos += 1
        following = body[pos:pos + 1]
        suit = _SUITS.get(following.lower()) if following else None
        if suit is not None:
            slots.append(Slot(rank, suit))
            pos += 1
        elif following and following in variables:
            slots.append(Slot(rank, var=following))
            pos += 1
        else:
            slots.append(Slot(rank))
    return slots


def _problem(pattern: Pattern, cards: int) -> str | None:
    """Why no hand can match ``pattern`` for a plain reason worth saying, or None."""
    named = Counter((slot.rank, slot.suit) for slot in pattern.slots if slot.rank is not None and slot.suit is not None)
    for (rank, suit), times in named.items():
        if times > 1:
            assert rank is not None and suit is not None
            return f"the card {RANK_SYMBOLS[rank] + SUIT_LETTERS[suit]!r} is written {times} times"
    ranks = Counter(slot.rank for slot in pattern.slots if slot.rank is not None)
    for rank, times in ranks.items():
        if times > 4:
            return f"{times} cards of rank {RANK_SYMBOLS[rank]} (a deck has 4)"
    variables = {slot.var for slot in pattern.slots if slot.var}
    suits = {slot.suit for slot in pattern.slots if slot.suit is not None}
    if len(variables) + len(suits) > 4:
        return (f"{len(variables)} suit variables and {len(suits)} named suits need more than 4 suits "
                "(a variable is a suit the hand does not name)")
    if pattern.qualifier is not None:
        return qualifier_problem(pattern.qualifier, cards)
    return None
