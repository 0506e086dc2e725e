"""Live combos: the one rule behind every count the page shows for a seat.

A seat's *live combos* are the hands of its range that the deal leaves
possible: none uses a board card, a dead card or a card another seat holds.
The deal is the one :func:`pokerfsm.odds.prepare_deal` checks for
:func:`pokerfsm.equity` (a range left with a single hand holds that hand, and
its cards are then out for the other seats too), so the grid's count, the
board hits (:func:`cards_out` are their dead cards), the heatmap's classes
and the equity all start from the same combos, and
``pokerfsm hits RANGE --board B --dead "<dead cards> <the other seats' hands>"``
prints the same count.

>>> from pokerfsm.odds import prepare_deal
>>> deal = prepare_deal(["AhAd", "QQ+, AKs"], "Kd 7c 2h")
>>> len(live_range(deal, 1)), " ".join(map(str, cards_out(deal, 1)))
(12, 'Ah Ad')
>>> live_answer(deal)["seats"][1]
{'range': 'QQ+, AKs', 'combos': 22, 'live': 12}

At short deck (a :class:`~pokerfsm.odds.short_deck_deal.ShortDeckDeal`) a
range is of the 36-card deck: an unknown hand's 630 combos, not 1,326.

>>> from pokerfsm.odds.short_deck_deal import prepare_short_deck_deal
>>> live_answer(prepare_short_deck_deal(["AhAd", None], "Kd 7c 6h"))["seats"][1]
{'range': 'random', 'combos': 630, 'live': 465}
"""
from __future__ import annotations

from typing import Any

from ..cards import Card
from ..combos import hand_class
from ..odds.short_deck_deal import ShortDeckDeal
from ..ranges import HandRange
from .grid_games import GridDeal, out_of_deck

__all__ = ["given_range", "live_range", "cards_out", "live_answer", "tidy"]


def tidy(x: float) -> float:
    """A count as JSON shows it: whole numbers as integers, weights rounded to 6 places."""
    return int(x) if float(x).is_integer() else round(x, 6)


def given_range(deal: GridDeal, seat: int) -> HandRange:
    """Seat ``seat``'s range as given, of the deal's deck (a known hand is the range of its one combo)."""
    held = deal.seats[seat]
    if held.source is not None:
        if isinstance(deal, ShortDeckDeal):  # a range of the 36 cards
            return held.source.without(int(c) for c in out_of_deck(deal.game))
        return held.source
    return HandRange.from_combos([held.known_hand])


def live_range(deal: GridDeal, seat: int) -> HandRange:
    """The combos of seat ``seat`` that the rest of the deal leaves possible."""
    held = deal.seats[seat]
    if held.hand is not None:
        return HandRange.from_combos([held.hand])
    return held.cut_range


def cards_out(deal: GridDeal, seat: int) -> tuple[Card, ...]:
    """The cards out of the deck for seat ``seat`` besides the board: the dead cards, then the other
    seats' hands (a range left with one hand included)."""
    others = [c for n, held in enumerate(deal.seats) if n != seat and held.hand is not None for c in held.hand]
    return (*deal.dead, *others)


def live_answer(deal: GridDeal, seat: int | None = None) -> dict[str, Any]:
    """``{"seats": [{"range", "combos", "live"}]}``: each seat's hand or range as given, its combos and its live
    combos; with ``seat``, also ``"classes"``: each hand class of that seat's range -> its live combos."""
    seats = []
    for n in range(len(deal.seats)):
        seats.append({"range": deal.seats[n].text, "combos": tidy(given_range(deal, n).total_weight),
                      "live": tidy(live_range(deal, n).total_weight)})
    answer: dict[str, Any] = {"seats": seats}
    if seat is not None:
        classes = dict.fromkeys(sorted({hand_class(c) for c in given_range(deal, seat)}), 0.0)
        for combo, weight in live_range(deal, seat).items():
            classes[hand_class(combo)] += weight
        answer["classes"] = {hand: tidy(weight) for hand, weight in classes.items()}
    return answer
