"""The pack of cards across a session of many hands.

Five-card draw (« poker fermé ») is dealt the way a card room does: the pack is
shuffled once, when the game starts, and afterwards only *cut* between hands,
so that it "se fait" (hands that were played stay together). This module is
that dealer; the hand asks it for cards one at a time and gives the cards back
at the end.

Gathering order at the end of a hand, top of the new pack first: the muck
(burnt cards, folded hands and discards, in the order they were thrown), then
the cards still on the table (each remaining hand in seat order, then the
board), then the stub that was never dealt. The pack is then cut at a random
point that leaves at least :data:`MIN_CUT` cards in each part.

When a draw empties the stub in the middle of a hand, the muck is shuffled
and becomes the new stub, as the usual rule says.

>>> import numpy as np
>>> dealer = Dealer(np.random.default_rng(7))
>>> first = dealer.deal(5)
>>> dealer.muck(first[:2])
>>> dealer.end_hand(first[2:])
>>> sorted(dealer.pack) == sorted(DECK)
True
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..cards import DECK, Card, as_cards
from ..errors import InvalidDealError

__all__ = ["Dealer", "MIN_CUT"]

MIN_CUT = 5
"""The fewest cards a cut may leave on either side."""


class Dealer:
    """Deals from one 52-card pack that is shuffled once, then only cut.

    ``order`` stacks the pack instead of shuffling it. ``reshuffle=True`` shuffles the whole pack
    before every hand instead (the usual rule for hold'em, which the seeds leave open).

    Raises :class:`~pokerfsm.errors.InvalidDealError` when asked for more
    cards than the stub and the muck hold.
    """

    def __init__(self, rng: np.random.Generator, *, reshuffle: bool = False,
                 order: Iterable[Card] | None = None) -> None:
        self.rng = rng
        self.reshuffle = reshuffle
        if order is None:
            self._stub: list[Card] = [DECK[i] for i in rng.permutation(52)]
        else:  # a stacked pack (tests, demos): the given cards on top, the rest in order
            top = list(as_cards(order))
            self._stub = top + [c for c in DECK if c not in top]
        self._muck: list[Card] = []
        self.cuts: list[int] = []

    @property
    def pack(self) -> tuple[Card, ...]:
        """The cards not yet dealt, top first."""
        return tuple(self._stub)

    def deal(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards off the top; refill from the shuffled muck if needed."""
        if count > len(self._stub) + len(self._muck):
            raise InvalidDealError(
                f"cannot deal {count} cards: {len(self._stub)} in the stub, {len(self._muck)} in the muck")
        cards = []
        for _ in range(count):
            if not self._stub:
                self._stub = [self._muck[i] for i in self.rng.permutation(len(self._muck))]
                self._muck = []
            cards.append(self._stub.pop(0))
        return tuple(cards)

    def muck(self, cards: Iterable[Card]) -> None:
        """Put thrown cards (a burn, a folded hand, discards) on the muck pile."""
        self._muck.extend(cards)

    def end_hand(self, table_cards: Iterable[Card]) -> None:
        """Gather everything back, then cut (or shuffle) for the next hand."""
        pack = self._muck + list(table_cards) + self._stub
        if sorted(pack) != list(DECK):
            raise InvalidDealError(f"the gathered pack is not one full deck: {len(pack)} cards")
        self._muck = []
        if self.reshuffle:
            self._stub = [pack[i] for i in self.rng.permutation(52)]
            return
        cut = int(self.rng.integers(MIN_CUT, 52 - MIN_CUT + 1))
        self.cuts.append(cut)
        self._stub = pack[cut:] + pack[:cut]
