"""PokerStove range text: reading it into weighted combos, and writing combos back as short text.

:mod:`pokerfsm.ranges` states the grammar and holds :class:`~pokerfsm.ranges.HandRange`; this
module does the text. Reading takes items separated by commas, semicolons or spaces, spans in
either order (pairs ``22-55``, kickers ``A5s-A2s``, connectors and gappers ``JTs-KQs``,
``T8s-QTs``), exact hands and weights. Writing chooses, for each kind of class, the shorter of
kicker runs and same-gap runs, so the text re-reads as the same range.

>>> weights = read_range_text("JTs-KQs; 0.5(22 33)")
>>> len(weights), weights[combo("2s", "2h")]
(24, 0.5)
>>> range_items({c for c, w in weights.items() if w == 1.0})
['KQs-JTs']
"""
from __future__ import annotations

import itertools
import re

from .cards import RANK_SYMBOLS, Card, parse_cards
from .combos import ALL_COMBOS, Combo, combo
from .errors import CardParseError, DuplicateCardError, RangeParseError, quoted
from .preflop_order import top_classes

__all__ = ["RANDOM_WORDS", "MAX_RANGE_TEXT", "MAX_WEIGHT_DEPTH", "DECIMAL", "WEIGHT_OPENING", "NUMBER", "PERCENT",
           "weight_value", "read_range_text", "range_items"]

_RANK_OF = {s: i for i, s in enumerate(RANK_SYMBOLS)}
MAX_RANGE_TEXT = 50_000
"""The longest range text read (every combo written out takes under 10,000 characters)."""
MAX_WEIGHT_DEPTH = 8
"""How deep weights may nest, as in ``0.5(AA, 0.5(KK))``."""
RANDOM_WORDS = frozenset({"random", "any", "?", "??", "? ?", "xx", "x x", "xxxx", "full"})
"""Range items (any case) that mean every hand: a random, unknown hand."""
_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE)
DECIMAL = r"([0-9]+(?:\.[0-9]*)?|\.[0-9]+)"
"""A plain decimal in ASCII digits (its digits are group 1): re's ``\\d`` and ``float()`` take any script's."""
WEIGHT_OPENING = re.compile(r"\s*" + DECIMAL + r"(%?)\s*\(")
"""A weight and the parenthesis it applies to, ``0.5(`` or ``50%(``; see :func:`weight_value`."""
NUMBER = re.compile(DECIMAL + "%?")
"""A number alone, with or without ``%``: a weight written without its parenthesis."""
PERCENT = re.compile(DECIMAL + "%")
"""A percentage such as ``15%`` (a top-X % item where no parenthesis follows)."""


def weight_value(match: re.Match[str]) -> float | None:
    """The weight a :data:`WEIGHT_OPENING` match writes (``50%`` is 0.5), or None when it is not in (0, 1].

    >>> weight_value(WEIGHT_OPENING.match("50%(KK)")), weight_value(WEIGHT_OPENING.match("2(KK)"))
    (0.5, None)
    """
    value = float(match.group(1)) / (100.0 if match.group(2) else 1.0)
    return value if 0.0 < value <= 1.0 else None

_TOP = "top"
_WORD = re.compile(r"(?:[^\s,;()-]|\s*-\s*)+")
_HARD_SEPARATORS = ",;"


def _rank_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of ranks ``high >= low``; kind is 's', 'o' or '' (both; a pair when equal)."""
    if high == low:
        return [combo(4 * high + a, 4 * high + b) for a, b in itertools.combinations(range(4), 2)]
    return [combo(4 * high + a, 4 * low + b) for a in range(4) for b in range(4)
            if kind == "" or (kind == "s") == (a == b)]



def _runs(values: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive ints in a descending list, as (top, bottom)."""
    runs: list[tuple[int, int]] = []
    for v in values:
        if runs and runs[-1][1] == v + 1:
            runs[-1] = (runs[-1][0], v)
        else:
            runs.append((v, v))
    return runs


Cell = tuple[int, int]
"""A starting-hand class of two different ranks (high, low), for one kind (suited, offsuit, both)."""


def _class_text(high: int, low: int, kind: str) -> str:
    return RANK_SYMBOLS[high] + RANK_SYMBOLS[low] + kind


def _kicker_runs(cells: set[Cell], kind: str) -> list[tuple[Cell, str]]:
    """Runs of kickers under one top card (``A5s-A2s``, ``K9s+``, ``AKs``), each with its top cell."""
    items = []
    for high in sorted({h for h, _ in cells}, reverse=True):
        for top, bottom in _runs(sorted((low for h, low in cells if h == high), reverse=True)):
            a, b = _class_text(high, top, kind), _class_text(high, bottom, kind)
            items.append(((high, top), a if top == bottom else f"{b}+" if top == high - 1 else f"{a}-{b}"))
    return items


def _gap_runs(cells: set[Cell], kind: str, shortest: int) -> tuple[list[tuple[Cell, str]], set[Cell]]:
    """Runs of at least ``shortest`` classes with the same gap between the ranks (``KQs-JTs``,
    ``QTs-T8s``), each with its top cell, and the cells left out."""
    items, left = [], set(cells)
    for gap in sorted({h - low for h, low in cells}):
        for top, bottom in _runs(sorted((h for h, low in cells if h - low == gap), reverse=True)):
            if top - bottom + 1 >= shortest:
                left -= {(h, h - gap) for h in range(bottom, top + 1)}
                a, b = _class_text(top, top - gap, kind), _class_text(bottom, bottom - gap, kind)
                items.append(((top, top - gap), a if top == bottom else f"{a}-{b}"))
    return items, left


def _cover(cells: set[Cell], kind: str) -> list[tuple[Cell, str]]:
    """The fewer items of two ways to write the classes: kicker runs first, the lone classes then
    joined by gap; or gap runs first, the rest by kicker. Ties go to kicker runs."""
    by_kicker = _kicker_runs(cells, kind)
    alone = {cell for cell, text in by_kicker if "-" not in text and "+" not in text}
    joined, _ = _gap_runs(alone, kind, 1)
    first = [item for item in by_kicker if item[0] not in alone] + joined
    gaps, rest = _gap_runs(cells, kind, 2)
    second = gaps + _kicker_runs(rest, kind)
    return first if len(first) <= len(second) else second


def range_items(combos: set[Combo]) -> list[str]:
    """Short PokerStove text for a set of equally weighted combos: pairs, classes, then exact hands."""
    items: list[str] = []
    left = set(combos)

    def complete(high: int, low: int, kind: str) -> bool:
        return all(c in left for c in _rank_combos(high, low, kind))

    pairs = [r for r in range(12, -1, -1) if complete(r, r, "")]
    for top, bottom in _runs(pairs):
        a, b = RANK_SYMBOLS[top] * 2, RANK_SYMBOLS[bottom] * 2
        items.append(a if top == bottom else f"{b}+" if top == 12 else f"{a}-{b}")
    for r in pairs:
        left -= set(_rank_combos(r, r, ""))
    suited = {(h, low) for h in range(13) for low in range(h) if complete(h, low, "s")}
    offsuit = {(h, low) for h in range(13) for low in range(h) if complete(h, low, "o")}
    ordered = []
    for order, (kind, cells) in enumerate((("", suited & offsuit), ("s", suited - offsuit),
                                           ("o", offsuit - suited))):
        ordered += [((-high, order, -low), text) for (high, low), text in _cover(cells, kind)]
        for high, low in cells:
            left -= set(_rank_combos(high, low, kind))
    items += [text for _, text in sorted(ordered)]
    items.extend(f"{a}{b}" for a, b in sorted(left, reverse=True))
    return items

def read_range_text(text: str) -> dict[Combo, float]:
    """The weight of each combo that range ``text`` names (see :mod:`pokerfsm.ranges` for the grammar).

    Raises :class:`~pokerfsm.errors.RangeParseError` quoting the bad item and its column.
    """
    if not isinstance(text, str):
        raise RangeParseError(f"expected range text, got {quoted(text)}")
    if len(text) > MAX_RANGE_TEXT:
        raise RangeParseError(f"range {quoted(text)} is longer than {MAX_RANGE_TEXT:,} characters")
    weights: dict[Combo, float] = {}
    end = _parse_items(text, 0, 1.0, weights, depth=0)
    if end != len(text):  # pragma: no cover - _parse_items consumes all or raises
        raise RangeParseError(f"unexpected {text[end:]!r} at column {end + 1} of range {quoted(text)}")
    if not weights:
        raise RangeParseError(f"range {quoted(text)} is empty")
    return weights


def _parse_items(text: str, pos: int, weight: float, out: dict[Combo, float], *, depth: int) -> int:
    """Parse items from ``pos`` until the end (or a ')' when ``depth`` > 0); return the end position.

    Items are separated by commas, semicolons or spaces; a comma or a
    semicolon must stand between two items.
    """
    nested = depth > 0
    expect_item = True  # at the start, and after a comma or a semicolon
    while True:
        pos = _skip_space(text, pos)
        if pos == len(text) or text[pos] in _HARD_SEPARATORS + ")":
            if expect_item:
                raise RangeParseError(f"empty item at column {pos + 1} of range {quoted(text)}")
            if pos == len(text):
                return pos
            if text[pos] == ")":
                if not nested:
                    raise RangeParseError(f"unmatched ')' at column {pos + 1} of range {quoted(text)}")
                return pos
            pos += 1
            expect_item = True
            continue
        pos = _parse_item(text, pos, weight, out, depth)
        expect_item = False
        if pos < len(text) and not text[pos].isspace() and text[pos] not in _HARD_SEPARATORS + ")":
            raise RangeParseError(f"expected ',', ';' or a space after ')' at column {pos + 1} "
                                  f"of range {quoted(text)}")


def _parse_item(text: str, pos: int, weight: float, out: dict[Combo, float], depth: int) -> int:
    """Parse the item at ``pos`` (a weighted group, a word meaning every hand, an exact hand or a
    PokerStove class or span) into ``out``; return the position after it."""
    match = WEIGHT_OPENING.match(text, pos)
    if match:
        if depth >= MAX_WEIGHT_DEPTH:
            raise RangeParseError(f"weights nested more than {MAX_WEIGHT_DEPTH} deep at column {pos + 1} "
                                  f"of range {quoted(text)}")
        value = weight_value(match)
        if value is None:
            raise RangeParseError(f"weight {match.group(1) + match.group(2)!r} at column {pos + 1} "
                                  f"of range {quoted(text)} is not in (0, 1] (or 0-100%)")
        end = _parse_items(text, match.end(), weight * value, out, depth=depth + 1)
        if end >= len(text) or text[end] != ")":
            raise RangeParseError(f"missing ')' for the weight at column {match.start() + 1} "
                                  f"of range {quoted(text)}")
        return end + 1
    chunk_end = pos
    while chunk_end < len(text) and text[chunk_end] not in _HARD_SEPARATORS + "()":
        chunk_end += 1
    if text[pos:chunk_end].strip().lower() in RANDOM_WORDS:  # words with a space, such as '? ?'
        out.update(dict.fromkeys(ALL_COMBOS, weight))
        return chunk_end
    tokens = _tokens(text, pos, chunk_end)
    if not tokens:  # a parenthesis with no weight before it
        raise RangeParseError(f"'(' at column {pos + 1} of range {quoted(text)} has no weight before it "
                              "(use e.g. 0.5(AA) or 50%(AA))")
    token, start, end = tokens[0]
    if end == chunk_end < len(text) and text[end] == "(":
        raise RangeParseError(f"{text[start:end]!r} at column {start + 1} of range {quoted(text)} "
                              "is not a weight (use e.g. 0.5(AA) or 50%(AA))")
    if token.lower() == _TOP or token.endswith("%"):
        return _percent_item(text, tokens, weight, out)
    single = _single_card(token)
    if single is None:
        for c in _atom_combos(token, start + 1, text, text[start:end]):
            out[c] = weight
        return end
    lone = [single]  # cards written apart: a run of exactly two is one exact hand
    for word, _, _ in tokens[1:]:
        card = _single_card(word)
        if card is None:
            break
        lone.append(card)
    last = tokens[len(lone) - 1][2]
    if len(lone) != 2 or lone[0] == lone[1]:
        why = f"an exact hand has 2 cards, got {len(lone)}" if len(lone) != 2 else "a hand needs two different cards"
        raise RangeParseError(f"{quoted(text[start:last])} at column {start + 1} of range {quoted(text)}: {why}")
    out[combo(*lone)] = weight
    return last


def _percent_item(text: str, tokens: list[tuple[str, int, int]], weight: float, out: dict[Combo, float]) -> int:
    """A top-X% range (``15%`` or ``top 15%``): the strongest X % of the 1,326 combos in the
    PokerStove order (:func:`pokerfsm.preflop_order.top_classes`); returns the end.

    A percentage directly before a parenthesis is a weight, read before this.
    """
    token, start, end = tokens[0]
    if token.lower() == _TOP and len(tokens) > 1:
        token, end = tokens[1][0], tokens[1][2]
    shown = text[start:end]
    match = PERCENT.fullmatch(token)
    if match is None or not 0.0 < float(match.group(1)) <= 100.0 or text[end:end + 1] == "(":
        raise RangeParseError(f"{quoted(shown)} at column {start + 1} of range {quoted(text)}: a percentage "
                              "range is 'top 15%' or '15%', above 0 and at most 100 % (a weight is 50%(AA))")
    for name in top_classes(float(match.group(1)) / 100):
        for c in _rank_combos(_RANK_OF[name[0]], _RANK_OF[name[1]], name[2:]):
            out[c] = weight
    return end


def _tokens(text: str, pos: int, stop: int) -> list[tuple[str, int, int]]:
    """The space-separated words of ``text[pos:stop]`` as (word, start, end); a dash joins the words
    around it (``'A5s - A2s'`` is one word), and the word keeps no spaces."""
    words = []
    for match in _WORD.finditer(text, pos, stop):
        words.append((re.sub(r"\s+", "", match.group()), match.start(), match.end()))
    return words


def _single_card(token: str) -> Card | None:
    """The card ``token`` names in standard notation, if it names exactly one."""
    try:
        cards = parse_cards(token, notation="standard")
    except (CardParseError, DuplicateCardError):
        return None
    return cards[0] if len(cards) == 1 else None


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _atom_combos(token: str, column: int, text: str, shown: str) -> list[Combo]:
    """The combos of one item such as ``'QQ+'``, ``'A5s-A2s'``, ``'JTs-KQs'``, ``'AhKh'`` or
    ``'random'`` (``token``, without spaces; ``shown`` as written at ``column`` of ``text``)."""
    def fail(why: str) -> RangeParseError:
        return RangeParseError(f"{quoted(shown)} at column {column} of range {quoted(text)}: {why}")

    if token.lower() in RANDOM_WORDS:
        return list(ALL_COMBOS)
    match = _CLASS.fullmatch(token)
    if match:
        high, low = _RANK_OF[match.group(1).upper()], _RANK_OF[match.group(2).upper()]
        kind, plus = match.group(3).lower(), match.group(4)
        if high < low:
            high, low = low, high
        if high == low:
            if kind:
                raise fail("a pair is neither suited nor offsuit")
            return [c for r in range(low, 13 if plus else low + 1) for c in _rank_combos(r, r, "")]
        top = high if plus else low + 1  # the kicker rises to one below the top card
        return [c for k in range(low, top) for c in _rank_combos(high, k, kind)]
    match = _SPAN.fullmatch(token)
    if match:
        try:
            return _span_combos(*match.groups())
        except ValueError as exc:
            raise fail(str(exc)) from None
    if NUMBER.fullmatch(token):
        raise fail("a weight applies to items in parentheses, e.g. 0.5(AA) or 50%(AA, KK)")
    try:
        cards = parse_cards(token, notation="standard")
    except DuplicateCardError:
        raise fail("a hand needs two different cards") from None
    except CardParseError:
        raise fail("not a hand, e.g. 'QQ+', 'AKs', 'A5s-A2s', 'JTs-KQs', 'AhKh' or 'random'") from None
    if len(cards) != 2:
        raise fail(f"an exact hand has 2 cards, got {len(cards)}")
    return [combo(*cards)]


def _span_combos(*groups: str) -> list[Combo]:
    """The combos of a span from its two ends' ranks and kinds; ValueError says what is wrong.

    Pairs span pairs (``22-55``); two hands with the same top card span the
    kickers (``A5s-A2s``); two hands with the same gap between their ranks
    span the top cards (``JTs-KQs``, ``T8s-QTs``). Either end may come first.
    """
    rank1, rank2, kind1, rank3, rank4, kind2 = groups
    (h1, l1), (h2, l2) = (sorted((_RANK_OF[a.upper()], _RANK_OF[b.upper()]), reverse=True)
                          for a, b in ((rank1, rank2), (rank3, rank4)))
    kind = kind1.lower()
    if kind != kind2.lower():
        raise ValueError("both ends must be suited, offsuit or neither")
    if (h1 == l1) != (h2 == l2):
        raise ValueError("a pair spans only to a pair, e.g. '22-55'")
    if h1 == l1:
        if kind:
            raise ValueError("a pair is neither suited nor offsuit")
        return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _rank_combos(r, r, "")]
    if h1 == h2:
        return [c for k in range(min(l1, l2), max(l1, l2) + 1) for c in _rank_combos(h1, k, kind)]
    if h1 - l1 == h2 - l2:
        gap = h1 - l1
        return [c for h in range(min(h1, h2), max(h1, h2) + 1) for c in _rank_combos(h, h - gap, kind)]
    raise ValueError("a span keeps the same top card ('A5s-A2s') or the same gap between the ranks "
                     "('JTs-KQs', 'T8s-QTs')")
