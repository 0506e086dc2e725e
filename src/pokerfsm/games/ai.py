"""The computer players: the seeds' three personalities, a solid player and a flambeur.

Each one sees only a :class:`~pokerfsm.games.actions.SeatView` (its own
cards, the public table and the hand's public moves) and returns a
:class:`~pokerfsm.games.session.Decision`: the action, the rule that fired
and the numbers behind it (``--explain`` prints them). Every one of them
decides from its chance of winning, as the course asks; they differ in what
they do with it. Every chance is against the opponents still in the hand (all
of them, the all-in ones included), and every pot odds figure counts only the
pots the player can win (:attr:`~.actions.SeatView.pot_odds`).

* **bluffer** (« le bluffeur »): never folds; raises big (twice the pot)
  most of the time, otherwise checks or calls.
* **timid** (« le peureux »): plays strong hands only. At five-card draw it
  stays in with two pair or better; at hold'em with a strong starting hand
  (a win probability of :attr:`Timid.STRONG` against a random hand:
  55+, AJ+, KQ, A9s...), then with two pair or a probability of
  :attr:`Timid.STAY`. It completes a cheap blind when its probability beats
  the pot odds, and bets big (the pot) only with a monster: four of a kind
  or better, or aces before the flop.
  Pot-limit Omaha goes by the same probabilities (and two pair made by
  Omaha's rule): :attr:`Timid.STRONG` is then about the best tenth of the
  starting hands, and no Omaha hand reaches :attr:`Timid.ACES` before the flop.
* **random** (« l'autiste »): folds, calls or raises with fixed probabilities
  that depend on its own hand only, never on the others' bets.
* **solid** (:mod:`.solid`): its chance to win against the range its
  opponents' bets stand for (:mod:`.reading`), against the pot odds: raises
  when very strong, bets when strong, calls when the chance beats the pot
  odds, folds otherwise; raises about half its hands first in on the button.
* **flambeur** (a loose gambler): plays almost every hand, bets the pot
  whenever its chance is fair (:attr:`Flambeur.RAISE_AT` heads-up, as much
  above its fair share against more opponents), bluffs a third of the time it
  is checked to, and calls anything its chance nearly pays for.

In five-card draw every personality discards the same way: it keeps the cards
whose exact expected outcome is best (:func:`.strength.draw_options`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..evaluation import HandCategory
from .actions import Action, SeatView
from .boardgames import board_game
from .personality import Personality, against, sized_raise, verb_of
from .session import Decision
from .solid import Solid
from .strength import made_category

__all__ = ["Personality", "Bluffer", "Timid", "RandomPlayer", "Solid", "Flambeur", "PERSONALITIES",
           "make_agent", "MONSTER", "RANDOM_PROBABILITIES", "STYLES"]

MONSTER = HandCategory.FOUR_OF_A_KIND
"""The weakest hand the timid player bets big with."""

#: the random player's (fold, call, raise) probabilities by its own hand
RANDOM_PROBABILITIES = {
    HandCategory.HIGH_CARD: (0.35, 0.55, 0.10),
    HandCategory.PAIR: (0.20, 0.60, 0.20),
    HandCategory.TWO_PAIR: (0.05, 0.55, 0.40),
}


class Bluffer(Personality):
    """Never folds; raises big (``RAISE_POTS`` pots) with probability ``RAISE_SHARE``."""

    name = "bluffer"
    style = "never folds; raises twice the pot seven times in ten, whatever the cards"
    RAISE_SHARE = 0.7
    RAISE_POTS = 2.0

    def bet(self, view: SeatView) -> Decision:
        draw = float(self.rng.random())
        big = sized_raise(view, self.RAISE_POTS)
        numbers = {"roll": draw, "raise share": self.RAISE_SHARE}
        if big is not None and draw < self.RAISE_SHARE:
            return Decision(big, f"bluffer: {verb_of(big)} big (twice the pot), whatever the cards", numbers)
        return Decision(view.call_or_check(), "bluffer: never folds, so calls or checks", numbers)


class Timid(Personality):
    """Plays strong hands only; bets big only with a monster (see the module docstring)."""

    name = "timid"
    style = "plays strong hands only, completes cheap blinds, and bets big only with a monster"
    STRONG = 0.60
    """Hold'em and Omaha: the win probability (against a random hand) of a starting hand worth playing."""
    STAY = 0.80
    """Hold'em and Omaha, after the flop: the win probability that keeps it in without two pair."""
    ACES = 0.85
    """Hold'em: the only starting hand it raises big with (aces, 0.852)."""

    def bet(self, view: SeatView) -> Decision:
        if board_game(view.game) is not None:
            return self._board(view)
        category = made_category(view.hole, view.board)
        numbers: dict[str, float] = {"category": int(category)}
        if category >= MONSTER:
            return self._big(view, f"a monster ({category.label.lower()})", numbers)
        if category >= HandCategory.TWO_PAIR:
            return Decision(view.call_or_check(), f"timid: {category.label.lower()} is enough to stay in",
                            numbers)
        if view.to_call == 0:
            return Decision(view.call_or_check(), f"timid: only {category.label.lower()}, checks", numbers)
        return Decision(Action.fold(), f"timid: only {category.label.lower()}, less than two pair: folds",
                        numbers)

    def _big(self, view: SeatView, what: str, numbers: dict[str, float]) -> Decision:
        big = sized_raise(view, 1.0)
        if big is not None:
            return Decision(big, f"timid: {what}, {verb_of(big)} the pot", numbers)
        return Decision(view.call_or_check(), f"timid: {what}, calls", numbers)

    def _board(self, view: SeatView) -> Decision:
        chance = self.win_chance(view)
        opponents = max(1, view.opponents)
        numbers = {"win chance": chance, "opponents": opponents, "pot odds": view.pot_odds}
        whom = against(opponents)
        if view.board:
            category = made_category(view.hole, view.board, view.game)
            numbers["category"] = int(category)
            if category >= MONSTER and made_category((), view.board) < MONSTER:
                return self._big(view, f"a monster ({category.label.lower()})", numbers)
            strong = (chance >= self.STAY or (category >= HandCategory.TWO_PAIR
                      and made_category((), view.board) < HandCategory.PAIR))
            reason = "two pair or better" if chance < self.STAY else f"a win chance of {chance:.0%} {whom}"
        else:
            if chance >= self.ACES:
                return self._big(view, "aces", numbers)
            strong = chance >= self.STRONG
            reason = f"a strong starting hand ({chance:.0%} {whom})"
        if strong:
            return Decision(view.call_or_check(), f"timid: {reason}, stays in", numbers)
        if view.to_call == 0:
            return Decision(view.call_or_check(), "timid: not strong enough to bet, checks", numbers)
        if view.to_call * 2 <= view.big_blind and chance >= view.pot_odds:
            return Decision(view.call_or_check(), f"timid: a cheap blind to complete, and its chance "
                                                  f"({chance:.0%}) beats the pot odds ({view.pot_odds:.0%})",
                            numbers)
        return Decision(Action.fold(), "timid: not strong enough, folds", numbers)


class RandomPlayer(Personality):
    """Fixed probabilities by its own hand (:data:`RANDOM_PROBABILITIES`), blind to bets."""

    name = "random"
    style = "folds, calls or raises by fixed odds that depend on its own cards only, never on your bets"

    def bet(self, view: SeatView) -> Decision:
        category = made_category(view.hole, view.board, view.game)
        fold, call, _ = RANDOM_PROBABILITIES[min(category, HandCategory.TWO_PAIR)]
        draw = float(self.rng.random())
        numbers = {"roll": draw, "fold below": fold, "call below": fold + call}
        label = min(category, HandCategory.TWO_PAIR).label.lower()
        if draw < fold:
            if view.to_call:
                return Decision(Action.fold(), f"random: drew a fold ({label} table)", numbers)
            return Decision(view.call_or_check(), f"random: drew a fold, checks as it is free ({label} table)",
                            numbers)
        if draw >= fold + call:
            smallest = sized_raise(view, 0.0)
            if smallest is not None:
                return Decision(smallest, f"random: drew a raise ({label} table)", numbers)
        return Decision(view.call_or_check(), f"random: drew a call ({label} table)", numbers)


class Flambeur(Personality):
    """Loose and aggressive: plays almost everything, bets the pot on a fair chance, bluffs."""

    name = "flambeur"
    style = "plays almost every hand, bets the pot on any fair chance, bluffs and calls light"
    RAISE_AT = 0.55
    """The heads-up win chance it bets the pot with: 1.1 times its fair share (one half).
    Against ``n`` opponents it is 1.1 times that fair share, ``1 / (n + 1)``."""
    BLUFF_SHARE = 0.35
    SLACK = 0.15
    """How much worse than the pot odds a call it still makes may be."""

    def bet(self, view: SeatView) -> Decision:
        chance = self.win_chance(view)
        opponents = max(1, view.opponents)
        fair = self.RAISE_AT * 2 / (opponents + 1)
        roll = float(self.rng.random())
        odds = view.pot_odds
        numbers = {"win chance": chance, "opponents": opponents, "fair chance": fair, "pot odds": odds,
                   "roll": roll}
        mine = f"its chance ({chance:.0%} {against(opponents)})"
        if chance >= fair:
            big = sized_raise(view, 1.0)
            if big is not None:
                return Decision(big, f"flambeur: a fair chance ({chance:.0%} {against(opponents)}), "
                                     f"{verb_of(big)} the pot", numbers)
        if view.to_call == 0:
            bluff = sized_raise(view, 1.0) if roll < self.BLUFF_SHARE else None
            if bluff is not None:
                return Decision(bluff, "flambeur: checked to, bluffs the pot", numbers)
            return Decision(view.call_or_check(), "flambeur: checks", numbers)
        if chance >= odds:
            return Decision(view.call_or_check(), f"flambeur: {mine} beats the pot odds ({odds:.0%}), calls",
                            numbers)
        if chance >= odds - self.SLACK:
            return Decision(view.call_or_check(), f"flambeur: {mine} is below the pot odds ({odds:.0%}) "
                                                  "but close enough for it, calls", numbers)
        if view.to_call <= view.big_blind:
            return Decision(view.call_or_check(), f"flambeur: {mine} is below the pot odds ({odds:.0%}), "
                                                  "but a call of one blind is always worth a look", numbers)
        return Decision(Action.fold(), f"flambeur: {mine} is far below the pot odds ({odds:.0%}), folds",
                        numbers)


PERSONALITIES: dict[str, type[Personality]] = {
    cls.name: cls for cls in (Bluffer, Timid, RandomPlayer, Solid, Flambeur)
}
STYLES: dict[str, str] = {name: cls.style for name, cls in PERSONALITIES.items()}
"""Each personality in one line."""


def make_agent(personality: str, rng: np.random.Generator | None = None,
               odds_factory: Callable[[Sequence[Card], int], Any] | None = None) -> Personality:
    """A computer player by name: ``'bluffer'``, ``'timid'``, ``'random'``, ``'solid'`` or ``'flambeur'``."""
    return PERSONALITIES[personality](rng, odds_factory)
