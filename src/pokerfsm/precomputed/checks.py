"""What a store may hold: build parameters, build records and every row of every table.

A store is input like any file: it may be damaged, edited or padded. Each row
is checked before it is used (:mod:`.lookup` checks the rows a question
touches, when it touches them; ``pokerfsm tables verify`` and ``export``
check every row) against what its table and spot allow:

* counts are whole numbers from 0 to what the spot has, adding up to it: a
  heads-up matchup's wins, ties and losses to its 1,712,304 boards, a hand
  against one random hand's to 2,097,572,400 showdowns, a hand on a flop's to
  1,070,190, a Monte Carlo row's to its number of deals (and its deals by who
  shared the best hand to those, with no more players than the spot has);
* the figures stored beside the counts (probabilities, the pot share, the
  standard errors, the sum behind E[HS^2]) are the ones the counts give;
* a key is one of the table's, and the text columns name it.

A row that fails is never used: the question is computed instead, or refused
with one error naming the row.

>>> hu_problem(1388072, 6538, 317694) is None
True
>>> hu_problem(-280610, 6538, 317694)
'wins is -280,610, below 0'
>>> hu_problem(1000000, 6538, 317694)
'wins + ties + losses = 1,324,232, not the 1,712,304 boards of a heads-up matchup'
"""
from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..combos import HAND_CLASSES
from ..errors import BuildError, quoted
from ..omaha_order import class_equity, class_name, plo4_classes
from ..short_deck_order import SHORT_DECK_CLASSES, SHORT_DECK_HU_BOARDS, SHORT_DECK_VS_RANDOM_SHOWDOWNS
from ..tallies import HU_BOARDS, VS_RANDOM_SHOWDOWNS, categories_problem, counts_add_up, vs_one_random_problem
from ..tallies import counts_problem as _counts_problem
from ..tallies import parsed_counts as _parsed
from ..tallies import whole_problem as _whole
from . import omaha_vs_random, short_deck_tables, symmetry
from .rows import FLOP_HANDS, FLOP_RUNS, FLOP_SHOWDOWNS, board_text, hand_text, outcomes_agree, std_errors
from .tasks import SPECS

__all__ = ["table_parameters", "stored_parameters", "record_problem", "counts_add_up", "hu_problem",
           "flop_problem", "vs_random_problem", "vs_one_random_problem", "row_problem", "row_name",
           "matchup_keys_of_text", "flop_spot_problem", "omaha_vs_random_problem", "short_deck_vs_random_problem",
           "short_deck_hu_problem", "MAX_VS_RANDOM_OPPONENTS"]

MAX_VS_RANDOM_OPPONENTS = 9
_LIMITS: dict[str, tuple[float, float | None]] = {
    "seed": (0, None), "max_opponents": (1, MAX_VS_RANDOM_OPPONENTS), "target_std_error": (1e-6, 0.5)}
_LONGEST_PARAMETERS = 10_000
"""Characters of a build record's parameters read at most (a few dozen are written)."""


# ----------------------------------------------------------------- parameters and records

def table_parameters(name: str, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The parameters of table ``name``: its defaults updated by ``overrides``.

    Each value is converted to its default's type and must be finite and in
    its range (``target_std_error`` from 1e-6 to 0.5, ``max_opponents`` 1-9,
    ``seed`` from 0, task sizes from 1).

    >>> table_parameters("preflop-vs-random", {"target_std_error": "0.001"})["target_std_error"]
    0.001

    Raises BuildError for an unknown table, parameter or value (quoting it).
    """
    if name not in SPECS:
        raise BuildError(f"unknown table {name!r}; the tables are {', '.join(SPECS)}")
    parameters = dict(SPECS[name].defaults)
    for key, value in (overrides or {}).items():
        if key not in parameters:
            raise BuildError(f"table {name!r} has no parameter {quoted(key)}")
        kind = type(parameters[key])
        try:
            converted = kind(value)
        except (TypeError, ValueError, OverflowError):
            raise BuildError(f"table {name!r}: parameter {key} needs {'a whole number' if kind is int else 'a number'}"
                             f", not {quoted(value)}") from None
        low, high = _LIMITS.get(key, (1, None))
        if not math.isfinite(converted) or converted < low or (high is not None and converted > high):
            raise BuildError(f"table {name!r}: parameter {key} must be a number from {low} to "
                             f"{high if high is not None else 'any size'}, not {quoted(value)}")
        parameters[key] = converted
    return parameters


def stored_parameters(name: str, text: Any) -> dict[str, Any]:
    """The parameters of a build record of table ``name`` (JSON text, as the build wrote them).

    Raises ValueError saying what is wrong: not a JSON object, other parameters
    than the table's, or a value :func:`table_parameters` refuses.
    """
    try:
        parameters = json.loads(text) if isinstance(text, str) and len(text) <= _LONGEST_PARAMETERS else None
    except (ValueError, RecursionError):
        parameters = None
    if not isinstance(parameters, dict):
        raise ValueError(f"its parameters are {quoted(text)}, not a JSON object")
    if set(parameters) != set(SPECS[name].defaults):
        raise ValueError(f"its parameters {quoted(sorted(parameters))} are not the table's "
                         f"({', '.join(sorted(SPECS[name].defaults))})")
    try:
        checked = table_parameters(name, parameters)
    except BuildError as exc:
        raise ValueError(f"its parameters are wrong: {exc}") from None
    if checked != parameters:
        raise ValueError(f"its parameters {quoted(text)} are not of the right types")
    return checked


def record_problem(name: str, parameters: dict[str, Any], tasks: Any, texts: Mapping[str, Any]) -> str | None:
    """What is wrong with a build record whose parameters were read, or None.

    ``tasks`` must be what the parameters give; ``texts`` (the pokerfsm version,
    the hand-rank table's checksum, when it started and completed) must be text,
    ``completed`` may be missing.
    """
    expected = SPECS[name].tasks(parameters)
    if type(tasks) is not int or tasks != expected:
        return f"its number of tasks is {quoted(tasks)}, not the {expected:,} its parameters give"
    for column, value in texts.items():
        if not isinstance(value, str) and not (column == "completed" and value is None):
            return f"its {column} is {quoted(value)}, not text"
    return None


# ----------------------------------------------------------------- counts

def _figure_problem(column: str, value: Any, expected: float) -> str | None:
    """A stored figure must be the one the counts give (to rounding)."""
    if type(value) not in (int, float) or not math.isfinite(value):
        return f"{column} is {quoted(value)}, not a number"
    if not math.isclose(value, expected, rel_tol=1e-9, abs_tol=1e-12):
        return f"{column} is {value!r}, but its counts give {expected!r}"
    return None


def hu_problem(wins: Any, ties: Any, losses: Any) -> str | None:
    """What is wrong with the counts of a ``preflop-hu`` row, or None."""
    return _counts_problem(wins, ties, losses, HU_BOARDS, "boards of a heads-up matchup")


def flop_problem(wins: Any, ties: Any, losses: Any, squares: Any) -> str | None:
    """What is wrong with the counts of a ``flop-ehs`` row, or None.

    ``squares`` sums (2 wins + ties)^2 over the 1,081 turns and rivers, each
    term at most 1,980 times its base; so it lies between the square of the
    whole sum over 1,081 and 1,980 times that sum, and is even exactly when
    the ties are.

    >>> flop_problem(500000, 20000, 550190, 100) is None
    False
    """
    problem = _counts_problem(wins, ties, losses, FLOP_SHOWDOWNS, "showdowns of a hand on a flop")
    if problem or (problem := _whole("squares", squares)):
        return problem
    strength = 2 * wins + ties
    if squares * FLOP_RUNS < strength * strength or squares > 2 * FLOP_HANDS * strength \
            or squares % 2 != ties % 2:
        return (f"squares is {squares:,}, which no turns and rivers give with {wins:,} wins and {ties:,} ties "
                f"(from {math.ceil(strength * strength / FLOP_RUNS):,} to {2 * FLOP_HANDS * strength:,}, "
                f"{'odd' if ties % 2 else 'even'})")
    return None


def _vs_random_spot(key: Any, classes: Sequence[str] = HAND_CLASSES) -> tuple[str, int] | None:
    """The class and number of opponents of a ``preflop-vs-random`` key (of ``short-deck-vs-random``
    with short deck's ``classes``), or None for another key."""
    if type(key) is not int or key < 0:
        return None
    index, opponents = divmod(key, 16)
    if index >= len(classes) or not 1 <= opponents <= MAX_VS_RANDOM_OPPONENTS:
        return None
    return classes[index], opponents


def vs_random_problem(row: Mapping[str, Any], classes: Sequence[str] = HAND_CLASSES,
                      showdowns: int = VS_RANDOM_SHOWDOWNS) -> str | None:
    """What is wrong with a ``preflop-vs-random`` row (its columns by name), or None; with short
    deck's ``classes`` and ``showdowns``, a ``short-deck-vs-random`` row."""
    spot = _vs_random_spot(row["key"], classes)
    if spot is None:
        return f"key {quoted(row['key'])} is not one of the table's"
    if (row["hand"], row["opponents"]) != spot:
        return f"it names {quoted(row['hand'])} against {quoted(row['opponents'])}, not the spot of its key"
    opponents = spot[1]
    exact = 1 if opponents == 1 else 0
    if type(row["exact"]) is not int or row["exact"] != exact:
        return f"exact is {quoted(row['exact'])}, but its rows against {opponents} are {['sampled', 'exact'][exact]}"
    counts = row["wins"], row["ties"], row["losses"]
    sampled = ("samples", "se_win", "se_tie", "se_lose", "se_equity", "outcomes")
    if exact:
        blank = [column for column in sampled if row[column] is not None]
        return ((f"{blank[0]} is {quoted(row[blank[0]])} in an exact row" if blank else None)
                or vs_one_random_problem(*counts, row["categories"], showdowns)
                or _figures_problem(row, showdowns, row["wins"] + row["ties"] / 2))
    if row["categories"] is not None:
        return f"categories is {quoted(row['categories'])} in a sampled row"
    deals = row["samples"]
    if (problem := _whole("samples", deals)) or (problem := _counts_problem(*counts, deals, "deals of the row")):
        return problem
    if deals < 2:
        return f"samples is {deals:,}: a sampled row has at least 2 deals"
    outcomes = _parsed(row["outcomes"])
    if outcomes is None or not outcomes_agree(outcomes, *counts, deals):
        return f"outcomes {quoted(row['outcomes'])} do not add up to its counts"
    if any(outcomes[2 + opponents:11]) or any(outcomes[11 + opponents:]):
        return f"outcomes {quoted(row['outcomes'])} have more players sharing a pot than {opponents + 1}"
    share = float(sum(outcomes[k] / k for k in range(1, 11)))
    if problem := _figures_problem(row, deals, share):
        return problem
    errors = std_errors(np.array(outcomes, dtype=np.int64), deals)
    for name, expected in errors.items():
        if problem := _figure_problem(f"se_{name}", row[f"se_{name}"], expected):
            return problem
    if max(errors.values()) <= 0:
        return "its standard errors are all 0: no sampled answer is certain"
    return None


def short_deck_vs_random_problem(row: Mapping[str, Any]) -> str | None:
    """What is wrong with a ``short-deck-vs-random`` row (its columns by name), or None."""
    return vs_random_problem(row, SHORT_DECK_CLASSES, SHORT_DECK_VS_RANDOM_SHOWDOWNS)


def short_deck_hu_problem(row: Mapping[str, Any]) -> str | None:
    """What is wrong with a ``short-deck-preflop-hu`` row (its columns by name), or None."""
    key = row["key"]
    if type(key) is not int or not 0 <= key < 52 ** 4 or not short_deck_tables.is_matchup_class(key):
        return f"key {quoted(key)} is not one of the table's"
    if matchup_keys_of_text([row["hand1"]], [row["hand2"]])[0] != key:
        return f"it names {quoted(row['hand1'])} vs {quoted(row['hand2'])}, not the matchup of its key"
    return (_counts_problem(row["wins"], row["ties"], row["losses"], SHORT_DECK_HU_BOARDS,
                            "boards of a short-deck heads-up matchup")
            or categories_problem(row["categories"], SHORT_DECK_HU_BOARDS))


def omaha_vs_random_problem(row: Mapping[str, Any]) -> str | None:
    """What is wrong with an ``omaha-vs-random`` row (its columns by name), or None."""
    key = row["key"]
    if type(key) is not int or not 0 <= key < len(plo4_classes()):
        return f"key {quoted(key)} is not one of the table's"
    if row["hand"] != class_name(key):
        return f"it names {quoted(row['hand'])}, not the class of its key"
    deals = row["samples"]
    if (problem := _whole("samples", deals)) \
            or (problem := _counts_problem(row["wins"], row["ties"], row["losses"], deals, "deals of the row")):
        return problem
    if deals < 2:
        return f"samples is {deals:,}: a sampled row has at least 2 deals"
    for column, expected in zip(("equity", "se_equity"), class_equity(row["wins"], row["ties"], deals)):
        if problem := _figure_problem(column, row[column], expected):
            return problem
    return None


def _figures_problem(row: Mapping[str, Any], total: int, share: float) -> str | None:
    """The pot share, win, tie, lose and equity a row stores must be those its counts give."""
    expected = {"pot_share": share, "win": row["wins"] / total, "tie": row["ties"] / total,
                "lose": row["losses"] / total, "equity": share / total}
    for column, value in expected.items():
        if problem := _figure_problem(column, row[column], value):
            return problem
    return None


# ----------------------------------------------------------------- whole rows

@functools.lru_cache(maxsize=1)
def _canonical_flops() -> frozenset[tuple[int, ...]]:
    return frozenset(symmetry.canonical_boards(3))


@functools.lru_cache(maxsize=4)
def _flop_keys(board: tuple[int, ...]) -> frozenset[int]:
    """The keys of the rows of one canonical flop (rows come grouped by flop, in key order)."""
    hands = symmetry.board_hands(board)
    return frozenset(symmetry.pack_spot(board, tuple(int(c) for c in hands[i]))
                     for i in symmetry.canonical_hand_rows(board))


def _card_of_text() -> np.ndarray:
    """(128, 128) table: the card whose text is (rank character, suit character), -1 for none."""
    table = np.full((128, 128), -1, dtype=np.int64)
    for card in range(52):
        text = str(Card(card))
        table[ord(text[0]), ord(text[1])] = card
    return table


_CARD_OF_TEXT = _card_of_text()


def matchup_keys_of_text(hand1: Sequence[Any], hand2: Sequence[Any]) -> np.ndarray:
    """The ``preflop-hu`` keys that text columns ``hand1`` and ``hand2`` name (higher card first,
    as the build writes them), -1 where a pair of texts names none.

    >>> from pokerfsm.precomputed.symmetry import unpack_matchup
    >>> key = int(matchup_keys_of_text(["AdAh"], ["KcKs"])[0])
    >>> unpack_matchup(key), matchup_keys_of_text(["AhAd"], ["KcKs"]).tolist()
    (((50, 49), (47, 44)), [-1])
    """
    cards = []
    for column in (hand1, hand2):
        texts = np.array([text[:5] if isinstance(text, str) else "" for text in column], dtype="U5")
        codes = texts.view(np.uint32).reshape(len(texts), 5).astype(np.int64)
        fits = (codes[:, 4] == 0) & (codes[:, :4] < 128).all(axis=1)
        codes[~fits] = 0
        cards += [_CARD_OF_TEXT[codes[:, 0], codes[:, 1]], _CARD_OF_TEXT[codes[:, 2], codes[:, 3]]]
    high1, low1, high2, low2 = cards
    keys = ((high1 * 52 + low1) * 52 + high2) * 52 + low2
    named = (np.minimum.reduce(cards) >= 0) & (high1 > low1) & (high2 > low2)
    return np.where(named, keys, -1)


def _is_matchup_class(key: int) -> bool:
    classes = symmetry.matchup_classes()
    at = int(np.searchsorted(classes, key))
    return at < len(classes) and int(classes[at]) == key


def row_name(name: str, key: Any) -> str:
    """How messages name the row of table ``name`` with ``key``: ``'AhAd vs KsKc'``,
    ``'AA against 3 random hands'``, ``'AsKd on Ac6d2h'``; ``'key …'`` for a key not of the table.

    >>> row_name("preflop-vs-random", 3 * 16 + 1), row_name("preflop-hu", "x")
    ('AQs against 1 random hand', "key 'x'")
    """
    if type(key) is int and key >= 0:
        if name in ("preflop-hu", short_deck_tables.HU_NAME) and key < 52 ** 4:
            first, second = symmetry.unpack_matchup(key)
            return f"{hand_text(*first)} vs {hand_text(*second)}"
        classes = SHORT_DECK_CLASSES if name == short_deck_tables.VS_RANDOM_NAME else HAND_CLASSES
        if name in ("preflop-vs-random", short_deck_tables.VS_RANDOM_NAME) and (spot := _vs_random_spot(key, classes)):
            return f"{spot[0]} against {spot[1]} random hand{'s' if spot[1] > 1 else ''}"
        if name == omaha_vs_random.NAME and key < len(plo4_classes()):
            return f"{class_name(key)} against 1 random hand"
        if name == "flop-ehs" and key < 52 ** 5:
            board, hand = symmetry.unpack_spot(key, 3)
            return f"{hand_text(*hand)} on {board_text(board)}"
    return f"key {quoted(key)}"


def row_problem(name: str, row: Mapping[str, Any]) -> str | None:
    """What is wrong with a whole row of table ``name`` (every column, by name), or None."""
    key = row["key"]
    if name == "preflop-vs-random":
        return vs_random_problem(row)
    if name == omaha_vs_random.NAME:
        return omaha_vs_random_problem(row)
    if name == short_deck_tables.VS_RANDOM_NAME:
        return short_deck_vs_random_problem(row)
    if name == short_deck_tables.HU_NAME:
        return short_deck_hu_problem(row)
    if type(key) is not int or key < 0:
        return f"key {quoted(key)} is not one of the table's"
    if name == "preflop-hu":
        if key >= 52 ** 4 or not _is_matchup_class(key):
            return f"key {key} is not one of the table's"
        if matchup_keys_of_text([row["hand1"]], [row["hand2"]])[0] != key:
            return f"it names {quoted(row['hand1'])} vs {quoted(row['hand2'])}, not the matchup of its key"
        return hu_problem(row["wins"], row["ties"], row["losses"])
    cards, hole = symmetry.unpack_spot(key, 3) if key < 52 ** 5 else ((), ())
    if cards not in _canonical_flops() or key not in _flop_keys(cards):
        return f"key {key} is not one of the table's"
    return (flop_spot_problem(key, row["board"], row["hand"], (cards, hole))
            or flop_problem(row["wins"], row["ties"], row["losses"], row["squares"]))


def flop_spot_problem(key: int, board: Any, hand: Any,
                      spot: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> str | None:
    """Whether the text columns of a ``flop-ehs`` row name the spot of its key (``spot``: the key unpacked)."""
    cards, hole = spot or symmetry.unpack_spot(key, 3)
    if board != board_text(cards) or hand != hand_text(*hole):
        return f"it names {quoted(hand)} on {quoted(board)}, not the spot of its key"
    return None

