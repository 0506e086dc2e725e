"""The computer players: four personalities from the seeds.

Each one sees only a :class:`~pokerfsm.games.pokerhand.SeatView` (its own
cards and the public table) and returns a
:class:`~pokerfsm.games.session.Decision`: the action, the rule that fired
and the numbers behind it (``--explain`` prints them).

* **bluffer** (« le bluffeur »): never folds; raises big (twice the pot)
  most of the time, otherwise checks or calls.
* **timid** (« le peureux »): stays in only with two pair or better; bets big
  (the pot) only with a monster (four of a kind or better; the seed says a
  royal flush); otherwise checks when it is free and folds when it is not.
* **random** (« l'autiste »): folds, calls or raises with fixed probabilities
  that depend on its own hand only, never on the others' bets.
* **solid**: effective hand strength against the live opponents and pot
  odds, after Loki (Billings et al.): raise when very strong, bet when strong,
  call when the strength beats the pot odds, fold otherwise. In hold'em the
  strength is the exact equity against a random hand
  (:class:`pokerfsm.odds.LiveOdds`); in draw it is the chance to beat every
  live opponent (:mod:`.strength`).

In five-card draw every personality discards the same way: it keeps the cards
whose exact expected outcome is best (:func:`.strength.draw_options`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..evaluation import HandCategory
from .pokerhand import Action, Move, Phase, SeatView
from .session import Decision
from .strength import draw_options, made_category, percentile

__all__ = ["Personality", "Bluffer", "Timid", "RandomPlayer", "Solid", "PERSONALITIES",
           "make_agent", "MONSTER", "RANDOM_PROBABILITIES"]

MONSTER = HandCategory.FOUR_OF_A_KIND
"""The weakest hand the timid player bets big with."""

#: the random player's (fold, call, raise) probabilities by its own hand
RANDOM_PROBABILITIES = {
    HandCategory.HIGH_CARD: (0.35, 0.55, 0.10),
    HandCategory.PAIR: (0.20, 0.60, 0.20),
    HandCategory.TWO_PAIR: (0.05, 0.55, 0.40),
}


def _call_or_check(view: SeatView) -> Action:
    return view.legal_move(Move.CALL) or view.legal_move(Move.CHECK)


def _verb(action: Action) -> str:
    return "bets" if action.move is Move.BET else "raises"


def _raise(view: SeatView, pots: float) -> Action | None:
    """A bet or raise of ``pots`` times the pot after calling, clamped to the legal range."""
    if view.raise_bounds is None:
        return None
    low, high = view.raise_bounds
    facing = view.bet + view.to_call
    target = facing + int(round(pots * (view.pot + view.to_call)))
    kind = next(a.move for a in view.legal if a.move in (Move.BET, Move.RAISE))
    return Action(kind, min(high, max(low, target)))


class Personality:
    """Base class: draws by the best exact expectation; subclasses decide bets."""

    name = "computer"

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng()

    def decide(self, view: SeatView) -> Decision:
        if view.phase is Phase.DRAW:
            return self.discard(view)
        return self.bet(view)

    def discard(self, view: SeatView) -> Decision:
        options = draw_options(view.hole, view.opponents)
        best = options[0]
        kept = " ".join(map(str, best.keep)) or "nothing"
        return Decision(
            Action.draw(c for c in view.hole if c not in best.keep),
            f"keep {kept}: best expected outcome of the 32 choices",
            {"expected win vs all": best.value, "next best": options[1].value,
             "opponents": view.opponents},
        )

    def bet(self, view: SeatView) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError


class Bluffer(Personality):
    """Never folds; raises big (``RAISE_POTS`` pots) with probability ``RAISE_SHARE``."""

    name = "bluffer"
    RAISE_SHARE = 0.7
    RAISE_POTS = 2.0

    def bet(self, view: SeatView) -> Decision:
        draw = float(self.rng.random())
        big = _raise(view, self.RAISE_POTS)
        numbers = {"roll": draw, "raise share": self.RAISE_SHARE}
        if big is not None and draw < self.RAISE_SHARE:
            return Decision(big, f"bluffer: {_verb(big)} big (twice the pot), whatever the cards", numbers)
        return Decision(_call_or_check(view), "bluffer: never folds, so calls or checks", numbers)


class Timid(Personality):
    """Stays in with two pair or better; bets big only with a monster."""

    name = "timid"

    def bet(self, view: SeatView) -> Decision:
        category = made_category(view.hole, view.board)
        numbers = {"category": int(category)}
        if category >= MONSTER:
            big = _raise(view, 1.0)
            if big is not None:
                return Decision(big, f"timid: a monster ({category.label.lower()}), {_verb(big)} the pot", numbers)
            return Decision(_call_or_check(view), f"timid: a monster ({category.label.lower()}), calls", numbers)
        if category >= HandCategory.TWO_PAIR:
            return Decision(_call_or_check(view), f"timid: {category.label.lower()} is enough to stay in",
                            numbers)
        if view.to_call == 0:
            return Decision(_call_or_check(view), f"timid: only {category.label.lower()}, checks", numbers)
        return Decision(Action.fold(), f"timid: only {category.label.lower()}, less than two pair: folds",
                        numbers)


class RandomPlayer(Personality):
    """Fixed probabilities by its own hand (:data:`RANDOM_PROBABILITIES`), blind to bets."""

    name = "random"

    def bet(self, view: SeatView) -> Decision:
        category = made_category(view.hole, view.board)
        fold, call, _ = RANDOM_PROBABILITIES[min(category, HandCategory.TWO_PAIR)]
        draw = float(self.rng.random())
        numbers = {"roll": draw, "fold below": fold, "call below": fold + call}
        label = min(category, HandCategory.TWO_PAIR).label.lower()
        if draw < fold:
            if view.to_call:
                return Decision(Action.fold(), f"random: drew a fold ({label} table)", numbers)
            return Decision(_call_or_check(view), f"random: drew a fold, checks as it is free ({label} table)",
                            numbers)
        if draw >= fold + call:
            smallest = _raise(view, 0.0)
            if smallest is not None:
                return Decision(smallest, f"random: drew a raise ({label} table)", numbers)
        return Decision(_call_or_check(view), f"random: drew a call ({label} table)", numbers)


class Solid(Personality):
    """Effective hand strength against the live opponents, and pot odds.

    ``odds_factory(hole) -> obj`` with ``obj.update(board) -> EquityResult``
    (default :class:`pokerfsm.odds.LiveOdds`) gives the hold'em equity.
    """

    name = "solid"
    RAISE_AT = 0.85
    BET_AT = 0.65

    def __init__(self, rng: np.random.Generator | None = None,
                 odds_factory: Callable[[Sequence[Card]], Any] | None = None) -> None:
        super().__init__(rng)
        self._odds_factory = odds_factory
        self._live: tuple[tuple[Card, ...], Any] | None = None
        self._cache: dict[tuple, float] = {}

    def strength(self, view: SeatView) -> float:
        """Chance to win against every live opponent (ties count half)."""
        key = (view.game, view.hole, view.board, view.opponents, view.street)
        if key not in self._cache:
            self._cache = {key: self._strength(view)}
        return self._cache[key]

    def _strength(self, view: SeatView) -> float:
        if view.game == "draw":
            if view.street == "first betting round":
                return draw_options(view.hole, view.opponents)[0].value
            return percentile(view.hole) ** max(1, view.opponents)
        if self._live is None or self._live[0] != view.hole:
            if self._odds_factory is None:
                from ..odds import LiveOdds
                self._odds_factory = LiveOdds
            self._live = (view.hole, self._odds_factory(view.hole))
        result = self._live[1].update(view.board).players[0]
        return float(result.equity) ** max(1, view.opponents)

    def bet(self, view: SeatView) -> Decision:
        strength = self.strength(view)
        numbers = {"strength": strength, "pot odds": view.pot_odds}
        if strength >= self.RAISE_AT:
            big = _raise(view, 1.0)
            if big is not None:
                return Decision(big, f"solid: strength ≥ {self.RAISE_AT}, {_verb(big)} the pot", numbers)
            return Decision(_call_or_check(view), f"solid: strength ≥ {self.RAISE_AT}, calls", numbers)
        if strength >= self.BET_AT and view.to_call == 0:
            half = _raise(view, 0.5)
            if half is not None:
                return Decision(half, f"solid: strength ≥ {self.BET_AT}, bets half the pot", numbers)
        if view.to_call == 0:
            return Decision(_call_or_check(view), "solid: nothing to call, checks", numbers)
        if strength >= view.pot_odds:
            return Decision(_call_or_check(view), "solid: strength beats the pot odds, calls", numbers)
        return Decision(Action.fold(), "solid: strength below the pot odds, folds", numbers)


PERSONALITIES: dict[str, type[Personality]] = {
    cls.name: cls for cls in (Bluffer, Timid, RandomPlayer, Solid)
}


def make_agent(personality: str, rng: np.random.Generator | None = None,
               odds_factory: Callable[[Sequence[Card]], Any] | None = None) -> Personality:
    """A computer player by name: ``'bluffer'``, ``'timid'``, ``'random'`` or ``'solid'``."""
    cls = PERSONALITIES[personality]
    if cls is Solid:
        return Solid(rng, odds_factory)
    return cls(rng)
