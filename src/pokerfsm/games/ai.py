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
* **random** (« l'autiste »): folds, calls or raises with fixed probabilities
  that depend on its own hand only, never on the others' bets.
* **solid**: its chance to win against the range its opponents' bets leave
  them (:mod:`.reading`), against the pot odds: raises when very strong, bets
  when strong, calls when the chance beats the pot odds, folds otherwise.
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
from ..ranges import hand_class
from .actions import Action, Move, Outcome, Phase, SeatView
from .preflop import PREFLOP_EQUITY
from .reading import OpponentModel, chance_to_beat, hold_em_range, keep_share, range_weights
from .session import Decision
from .strength import draw_options, made_category, percentile

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


def _verb(action: Action) -> str:
    return "bets" if action.move is Move.BET else "raises"


def _against(opponents: int) -> str:
    """``'against one opponent'``, ``'against 6 opponents'``: whom a win chance is against."""
    return "against one opponent" if opponents == 1 else f"against {opponents} opponents"


def _raise(view: SeatView, pots: float) -> Action | None:
    """A bet or raise of ``pots`` times the pot it plays for after calling, clamped to the legal range."""
    if view.raise_bounds is None:
        return None
    low, high = view.raise_bounds
    facing = view.bet + view.to_call
    target = facing + round(pots * view.pot_after_call)
    kind = next(a.move for a in view.legal if a.move in (Move.BET, Move.RAISE))
    return Action(kind, min(high, max(low, target)))


class Personality:
    """Base class: draws by the best exact expectation; subclasses decide bets.

    :meth:`win_chance` is the chance to beat the opponents still in the hand,
    each holding a random hand, which every personality but the random one
    starts from. ``odds_factory(hole, opponents) -> obj`` with
    ``obj.update(board) -> EquityResult`` gives it at hold'em (default
    :class:`pokerfsm.odds.LiveOdds`).
    """

    name = "computer"
    style = ""
    """The personality in one line, shown when the game starts."""

    def __init__(self, rng: np.random.Generator | None = None,
                 odds_factory: Callable[[Sequence[Card], int], Any] | None = None) -> None:
        self.rng = rng if rng is not None else np.random.default_rng()
        self._odds_factory = odds_factory
        self._live: tuple[tuple[tuple[Card, ...], int], Any] | None = None

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

    def win_chance(self, view: SeatView) -> float:
        """Chance to win against every opponent still in the hand, each with a random hand (ties half).

        Hold'em: exact heads-up (:data:`.preflop.PREFLOP_EQUITY` before the
        flop), :class:`~pokerfsm.odds.LiveOdds` against more opponents. Draw:
        a finished hand beats each opponent with its :func:`.strength.percentile`,
        so all of them with its power; before the draw it is the best draw's
        exact expectation of that (:func:`.strength.draw_options`).
        """
        opponents = max(1, view.opponents)
        if view.game == "draw":
            if view.street == "first betting round":
                return draw_options(view.hole, opponents)[0].value
            return percentile(view.hole) ** opponents
        if not view.board and opponents == 1:
            return PREFLOP_EQUITY[hand_class(view.hole)]
        if self._live is None or self._live[0] != (view.hole, opponents):
            if self._odds_factory is None:
                from ..odds import LiveOdds
                self._odds_factory = LiveOdds
            self._live = ((view.hole, opponents), self._odds_factory(view.hole, opponents))
        return float(self._live[1].update(view.board).players[0].equity)

    def bet(self, view: SeatView) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError


class Bluffer(Personality):
    """Never folds; raises big (``RAISE_POTS`` pots) with probability ``RAISE_SHARE``."""

    name = "bluffer"
    style = "never folds; raises twice the pot seven times in ten, whatever the cards"
    RAISE_SHARE = 0.7
    RAISE_POTS = 2.0

    def bet(self, view: SeatView) -> Decision:
        draw = float(self.rng.random())
        big = _raise(view, self.RAISE_POTS)
        numbers = {"roll": draw, "raise share": self.RAISE_SHARE}
        if big is not None and draw < self.RAISE_SHARE:
            return Decision(big, f"bluffer: {_verb(big)} big (twice the pot), whatever the cards", numbers)
        return Decision(view.call_or_check(), "bluffer: never folds, so calls or checks", numbers)


class Timid(Personality):
    """Plays strong hands only; bets big only with a monster (see the module docstring)."""

    name = "timid"
    style = "plays strong hands only, completes cheap blinds, and bets big only with a monster"
    STRONG = 0.60
    """Hold'em: the win probability (against a random hand) of a starting hand worth playing."""
    STAY = 0.80
    """Hold'em, after the flop: the win probability that keeps it in without two pair."""
    ACES = 0.85
    """Hold'em: the only starting hand it raises big with (aces, 0.852)."""

    def bet(self, view: SeatView) -> Decision:
        if view.game == "holdem":
            return self._holdem(view)
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
        big = _raise(view, 1.0)
        if big is not None:
            return Decision(big, f"timid: {what}, {_verb(big)} the pot", numbers)
        return Decision(view.call_or_check(), f"timid: {what}, calls", numbers)

    def _holdem(self, view: SeatView) -> Decision:
        chance = self.win_chance(view)
        opponents = max(1, view.opponents)
        numbers = {"win chance": chance, "opponents": opponents, "pot odds": view.pot_odds}
        against = _against(opponents)
        if view.board:
            category = made_category(view.hole, view.board)
            numbers["category"] = int(category)
            if category >= MONSTER and made_category((), view.board) < MONSTER:
                return self._big(view, f"a monster ({category.label.lower()})", numbers)
            strong = (chance >= self.STAY or (category >= HandCategory.TWO_PAIR
                      and made_category((), view.board) < HandCategory.PAIR))
            reason = "two pair or better" if chance < self.STAY else f"a win chance of {chance:.0%} {against}"
        else:
            if chance >= self.ACES:
                return self._big(view, "aces", numbers)
            strong = chance >= self.STRONG
            reason = f"a strong starting hand ({chance:.0%} {against})"
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
        category = made_category(view.hole, view.board)
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
            smallest = _raise(view, 0.0)
            if smallest is not None:
                return Decision(smallest, f"random: drew a raise ({label} table)", numbers)
        return Decision(view.call_or_check(), f"random: drew a call ({label} table)", numbers)


class Solid(Personality):
    """Its chance against the opponents' ranges, read from their bets, weighed against the pot odds.

    :meth:`Personality.win_chance` gives the hold'em chance while the
    opponent has not acted, and against several opponents; once a single one has, :func:`pokerfsm.equity`
    computes it against the range :func:`.reading.range_weights` leaves them
    (exact after the flop when that is quick, else sampled; sampled and
    cached before the flop). At five-card draw the chance against each
    opponent is :func:`.reading.chance_to_beat` of its percentile.
    """

    name = "solid"
    style = "weighs its win chance against the pot odds, reading your range from your bets and their size"
    RAISE_AT = 0.75
    BET_AT = 0.60
    PREFLOP_SAMPLES = 4000

    def __init__(self, rng: np.random.Generator | None = None,
                 odds_factory: Callable[[Sequence[Card], int], Any] | None = None) -> None:
        super().__init__(rng, odds_factory)
        self._cache: dict[tuple[object, ...], float] = {}
        self._preflop: dict[tuple[object, ...], float] = {}
        self.models: dict[int, OpponentModel] = {}

    def model(self, seat: int) -> OpponentModel:
        """What this player has learnt of the player in ``seat``."""
        return self.models.setdefault(seat, OpponentModel())

    def observe(self, view: SeatView, outcome: Outcome) -> None:
        """Learn the opponents' habits from a finished hand's public moves."""
        for step in view.history:
            if step.seat != view.seat:
                self.model(step.seat).record(step)

    def strength(self, view: SeatView) -> float:
        """Chance to win against every live opponent (ties count half)."""
        key = (view.game, view.hole, view.board, view.opponents, view.street, view.history, view.live)
        if key not in self._cache:
            self._cache = {key: self._strength(view)}
        return self._cache[key]

    def _opponents(self, view: SeatView) -> list[int]:
        return [seat for seat in view.live if seat != view.seat]

    def _strength(self, view: SeatView) -> float:
        opponents = self._opponents(view)
        if view.game == "draw":
            if view.street == "first betting round":  # the best draw's expectation, per opponent
                count = max(1, view.opponents)
                mine = draw_options(view.hole, count)[0].value ** (1 / count)
            else:
                mine = percentile(view.hole)
            chance = 1.0
            seats: list[int | None] = [*opponents] or [None]
            for seat in seats:
                keeps = [] if seat is None else [self.model(seat).keeps(s) for s in view.history if s.seat == seat]
                chance *= chance_to_beat(mine, keeps)
            return chance
        if len(opponents) != 1:
            return self.win_chance(view)
        seat = opponents[0]
        weights = range_weights(view.history, seat, self.model(seat), view.board, view.hole + view.board)
        reading = hold_em_range(weights)
        if reading is None:
            return self.win_chance(view)
        from ..odds import equity
        from ..precomputed.answers import from_tables
        if view.board:
            return float(equity([list(view.hole), reading], view.board, budget=0.05, seed=0,
                                target_std_error=0.005).players[0].equity)
        key = (hand_class(view.hole), reading)
        if key not in self._preflop:
            players: list[Any] = [list(view.hole), reading]
            answer = from_tables(players) or equity(players, samples=self.PREFLOP_SAMPLES, seed=0)
            self._preflop[key] = float(answer.players[0].equity)
        return self._preflop[key]

    def fold_chance(self, view: SeatView) -> float:
        """The chance that every live opponent folds to a bet, from their habits so far."""
        seats = self._opponents(view)
        if not seats:  # a view that does not say who is in: unknown players
            return OpponentModel().fold_rate ** max(1, view.opponents)
        chance = 1.0
        for seat in seats:
            chance *= self.model(seat).fold_rate
        return chance

    def bet(self, view: SeatView) -> Decision:
        strength = self.strength(view)
        numbers = {"strength": strength, "opponents": max(1, view.opponents), "pot odds": view.pot_odds}
        if strength >= self.RAISE_AT:
            big = _raise(view, 1.0)
            if big is not None:
                return Decision(big, f"solid: strength ≥ {self.RAISE_AT}, {_verb(big)} the pot", numbers)
            return Decision(view.call_or_check(), f"solid: strength ≥ {self.RAISE_AT}, calls", numbers)
        unraised = not any(s.action.move in (Move.BET, Move.RAISE) for s in view.history
                           if s.street == view.street)
        if unraised and 2 * view.to_call <= view.big_blind:   # nothing bet yet, or only the blinds
            opening = self._open(view, strength, numbers)
            if opening is not None:
                return opening
        if view.to_call == 0:
            return Decision(view.call_or_check(), "solid: nothing to call, checks", numbers)
        if strength >= view.pot_odds:
            return Decision(view.call_or_check(), "solid: strength beats the pot odds, calls", numbers)
        return Decision(Action.fold(), "solid: strength below the pot odds, folds", numbers)

    def _open(self, view: SeatView, strength: float, numbers: dict[str, float]) -> Decision | None:
        """Bet into a pot nobody has raised: for value when strong, or when the opponents fold enough.

        A bet of B into a pot P wins P at once when everyone folds (chance f),
        and otherwise plays on against the hands that call, with the strength
        ``c`` it has against them (:func:`.reading.chance_to_beat` of its strength,
        the call keeping the hands that do not fold): it beats checking when
        ``f * P + (1 - f) * (c * (P + 2B) - B) > s * P``.
        """
        sized = _raise(view, 0.5 if view.board else 1.0)   # half the pot; three big blinds before the flop
        if sized is None:
            return None
        extra = sized.amount - view.bet - view.to_call
        pot = view.pot_after_call
        folds = self.fold_chance(view)
        called = chance_to_beat(strength, [keep_share(1 - folds)])
        gain = folds * pot + (1 - folds) * (called * (pot + 2 * extra) - extra) - strength * pot
        numbers.update({"fold chance": folds, "bet gain": gain})
        if strength >= self.BET_AT:
            return Decision(sized, f"solid: strength ≥ {self.BET_AT}, {_verb(sized)} for value", numbers)
        if gain > 0:
            return Decision(sized, f"solid: they fold {folds:.0%} of the time, {_verb(sized)} "
                                   "(worth more than checking)", numbers)
        return None


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
        mine = f"its chance ({chance:.0%} {_against(opponents)})"
        if chance >= fair:
            big = _raise(view, 1.0)
            if big is not None:
                return Decision(big, f"flambeur: a fair chance ({chance:.0%} {_against(opponents)}), "
                                     f"{_verb(big)} the pot", numbers)
        if view.to_call == 0:
            bluff = _raise(view, 1.0) if roll < self.BLUFF_SHARE else None
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
