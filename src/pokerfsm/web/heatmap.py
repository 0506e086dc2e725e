"""Per-hand equity of a range: the equity of each of its hand classes against the other seats.

Heads-up before the flop, with the game's heads-up table built (hold'em's
``preflop-hu``, short deck's ``short-deck-preflop-hu``: :func:`heads_up_table`),
each class is a lookup (:func:`pokerfsm.precomputed.range_vs_range` or
:func:`~pokerfsm.precomputed.short_deck_range_vs_range`, exact, microseconds);
a class whose rows are missing or damaged is computed instead, never left out.
Otherwise each class is an equity question of its own, the seat's range cut
down to that class, under the request's :class:`~pokerfsm.odds.Stop`: the
time left is shared among the classes as their budgets, each exact when it
fits its share and Monte Carlo otherwise (the library's automatic mode). When
the time runs out the classes not done are left out and the answer says
``"complete": false``; a cancelled request stops at once.

At short deck (the request's ``game``) the classes are the 81 of its 9×9
grid, each a short-deck question: looked up as above, or asked of
:func:`pokerfsm.equity`.

>>> from pokerfsm.web.questions import read_equity_request
>>> from pokerfsm.web.schemas import EquityRequest
>>> from pokerfsm.web.state import default_engine
>>> from pokerfsm.odds import Stop
>>> q = read_equity_request(EquityRequest(players=[["Ah", "Kd"], "QQ+, AKs"], board=["Qd", "7c", "2s"]))
>>> answer = heatmap(q, 1, Stop(10), default_engine())
>>> answer["classes"]["QQ"]["combos"], round(answer["classes"]["QQ"]["equity"], 4), answer["complete"]
(3, 0.9838, True)
"""
from __future__ import annotations

import logging
from typing import Any

from ..combos import hand_class
from ..errors import InvalidDealError, StoreError, TimeLimitError
from ..odds import Stop
from ..precomputed.short_deck_tables import HU_NAME as SHORT_DECK_HU
from ..ranges import HandRange
from ..variants import HOLDEM, Game, game_of
from .cache import Question
from .grid_games import SHORT_DECK, GridDeal, game_classes, read_grid_deal
from .live import given_range, live_range, tidy
from .problems import FieldError
from .questions import engine_args

__all__ = ["heatmap", "heads_up_table", "MAX_SECONDS"]

log = logging.getLogger("pokerfsm.web")

_HEADS_UP_TABLES = {HOLDEM.name: "preflop-hu", SHORT_DECK.name: SHORT_DECK_HU}
MAX_SECONDS = 8.0
"""At most this long for one heatmap (and at most 80 % of the request's time left)."""


def heads_up_table(game: Game) -> str | None:
    """The name of the table of ``game``'s heads-up preflop matchups that heatmaps look up, or None.

    >>> heads_up_table(game_of("short-deck")), heads_up_table(game_of("omaha"))
    ('short-deck-preflop-hu', None)
    """
    return _HEADS_UP_TABLES.get(game.name)


def _by_class(deal: GridDeal, seat: int, game: Game) -> dict[str, HandRange]:
    """The seat's live combos (:mod:`pokerfsm.web.live`: none using a card on the board, dead or held by
    another seat), per class."""
    groups: dict[str, dict[Any, float]] = {}
    for combo, weight in live_range(deal, seat).items():
        groups.setdefault(hand_class(combo), {})[combo] = weight
    return {hand: HandRange(groups[hand]) for hand in game_classes(game) if hand in groups}


def _table_to_use(question: Question, game: Game) -> str | None:
    """The heads-up table that answers ``question``'s classes, when it is a heads-up preflop one and the table
    is built."""
    table = heads_up_table(game)
    if table is None or len(question.players) != 2 or question.board or question.dead or question.samples is not None:
        return None
    from .. import precomputed

    return table if precomputed.available(table) else None


def _looked_up(table: str, deal: GridDeal, seat: int, groups: dict[str, HandRange],
               stop: Stop) -> tuple[dict[str, dict[str, Any]], set[str]]:
    """The classes ``table`` answers, and those that cannot be dealt at all.

    A class whose rows are missing or damaged is in neither: it is computed
    like any other (the store's checks said why, in the server's log).
    """
    from .. import precomputed

    lookup = precomputed.short_deck_range_vs_range if table == SHORT_DECK_HU else precomputed.range_vs_range
    found: dict[str, dict[str, Any]] = {}
    impossible: set[str] = set()
    other = given_range(deal, 1 - seat)
    for hand, part in groups.items():
        stop.check()
        try:
            figures = lookup(part, other)
        except InvalidDealError:  # every combo of the class collides with the other seat's hand
            impossible.add(hand)
            continue
        except StoreError as exc:
            log.warning("heatmap: %s is computed, the table could not answer it: %s", hand, exc)
            continue
        found[hand] = {"equity": figures.equity, "combos": tidy(part.total_weight), "exact": True}
    return found, impossible


def _computed(question: Question, seat: int, groups: dict[str, HandRange], stop: Stop,
              engine: Any) -> tuple[dict[str, dict[str, Any]], bool]:
    """Each class computed on its own share of the time left, and whether every one was done."""
    classes: dict[str, dict[str, Any]] = {}
    players, board, dead = engine_args(question)
    total = min(MAX_SECONDS, 0.8 * stop.seconds_left())
    whole = stop.within(total)
    for n, (hand, part) in enumerate(groups.items()):
        if stop.cancelled:
            stop.check()
        share = whole.seconds_left() / (len(groups) - n)
        if share < 0.005:
            return classes, False
        asked = list(players)
        asked[seat] = part
        try:  # the budget steers each class to its share (exact, else Monte Carlo); the limit is the whole's
            result = engine.equity(asked, board, dead, game=question.game, samples=question.samples,
                                   seed=question.seed, budget=share / 2, stop=whole)
        except TimeLimitError:
            whole.resume()  # the heatmap's share is over, not the request's: answer what is done
            stop.check()
            return classes, False
        except InvalidDealError:  # the class cannot be dealt with the other seats' ranges
            continue
        classes[hand] = {"equity": result.players[seat].equity, "combos": tidy(part.total_weight),
                         "exact": bool(result.exact)}
    return classes, True


def heatmap(question: Question, seat: int, stop: Stop, engine: Any) -> dict[str, Any]:
    """``{"seat", "fair", "source", "complete", "combos", "classes": {class: {"equity", "combos", "exact"}}}``:
    ``combos`` counts the seat's live combos, the classes left out for time included."""
    if isinstance(question.players[seat], tuple):
        raise FieldError(("body", "players", seat), f"seat {seat + 1} holds a hand: the heatmap needs a range "
                         "or an unknown hand there", "not_a_range")
    game = game_of(question.game)
    deal = read_grid_deal(*engine_args(question), game)
    groups = _by_class(deal, seat, game)
    looked_up: dict[str, dict[str, Any]] = {}
    impossible: set[str] = set()
    table = _table_to_use(question, game)
    if table is not None:
        looked_up, impossible = _looked_up(table, deal, seat, groups, stop)
    rest = {hand: part for hand, part in groups.items() if hand not in looked_up and hand not in impossible}
    computed, complete = _computed(question, seat, rest, stop, engine) if rest else ({}, True)
    exact = {c["exact"] for c in computed.values()}
    how = "enumeration" if exact <= {True} else "Monte Carlo" if exact == {False} else "enumeration and Monte Carlo"
    source = f"table {table}" if looked_up and not rest else f"table {table} and {how}" if looked_up else how
    classes = {hand: (looked_up.get(hand) or computed[hand]) for hand in groups
               if hand in looked_up or hand in computed}
    return {"seat": seat, "fair": 1 / len(question.players), "source": source, "complete": complete,
            "combos": tidy(sum(part.total_weight for part in groups.values())), "classes": classes}
