"""The solid player: its chance against the range the opponents' bets stand for, against the pot odds.

See :class:`Solid`; how a range is read from bets is :mod:`.reading`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..ranges import hand_class
from .actions import Action, Move, Outcome, SeatView
from .boardgames import HOLDEM_TABLE, board_game
from .personality import Personality, sized_raise, verb_of
from .reading import OpponentModel, chance_to_beat, hold_em_range, keep_share, range_weights
from .session import Decision
from .strength import draw_options, percentile

__all__ = ["Solid"]


class Solid(Personality):
    """Its chance against the opponents' ranges, read from their bets, weighed against the pot odds.

    * Facing a bet it calls when its strength against the range the bet stands
      for beats the pot odds, and folds otherwise. A bet's range narrows with
      its size, but always holds the bluffs its price makes worth it
      (:func:`.reading.bluff_weight`): a small bet is called with more hands.
    * Very strong (:attr:`RAISE_AT`) it raises the pot; strong (:attr:`BET_AT`)
      it opens half the pot (three big blinds before the flop), and it opens
      as a bluff when the opponents fold often enough to pay for it.
    * Heads-up, first to act on the button, it raises every hand of at least
      :attr:`BUTTON_RAISE_AT` instead of limping.

    Its strength is :meth:`Personality.win_chance` while a single opponent has
    not acted yet, or against several; once the one opponent has,
    :func:`pokerfsm.equity` computes it against the range
    :func:`.reading.range_weights` leaves them (exact after the flop when that
    is quick, else sampled; sampled and cached before the flop). At five-card
    draw the chance against each opponent is :func:`.reading.chance_to_beat`
    of its percentile; at Omaha, where no range of four-card hands is read
    from the bets, it is :func:`.reading.chance_to_beat` of its Omaha win
    chance against a random hand (:meth:`Personality.win_chance`), the
    opponent's moves keeping their share of the hands as they do at draw.
    """

    name = "solid"
    style = "weighs its win chance against the pot odds, reading your range from your bets and their size"
    RAISE_AT = 0.75
    BET_AT = 0.60
    BUTTON_RAISE_AT = 0.50
    """Heads-up, first to act from the button (the small blind): it raises every hand at least even
    against a random hand, about half of them, instead of limping."""
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
        if board_game(view.game) is not HOLDEM_TABLE:
            keeps = [self.model(seat).keeps(step) for step in view.history if step.seat == seat]
            return chance_to_beat(self.win_chance(view), keeps)
        weights = range_weights(view.history, seat, self.model(seat), view.board, view.hole + view.board)
        reading = hold_em_range(weights)
        if reading is None:
            return self.win_chance(view)
        from ..calculator import equity, stored_answer
        from ..odds.deal import prepare_deal
        if view.board:
            asked: list[Any] = [list(view.hole), reading]
            return float(equity(asked, view.board, budget=0.05, seed=0,
                                target_std_error=0.005).players[0].equity)
        key = (hand_class(view.hole), reading)
        if key not in self._preflop:
            players: list[Any] = [list(view.hole), reading]
            deal = prepare_deal(players)
            answer = stored_answer(deal, exact=True) or equity(deal, samples=self.PREFLOP_SAMPLES, seed=0)
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
            big = sized_raise(view, 1.0)
            if big is not None:
                return Decision(big, f"solid: strength ≥ {self.RAISE_AT}, {verb_of(big)} the pot", numbers)
            return Decision(view.call_or_check(), f"solid: strength ≥ {self.RAISE_AT}, calls", numbers)
        unraised = not any(s.action.move in (Move.BET, Move.RAISE) for s in view.history
                           if s.street == view.street)
        if unraised and 2 * view.to_call <= view.big_blind:   # nothing bet yet, or only the blinds
            opening = self._open(view, strength, numbers)
            if opening is not None:
                return opening
        if view.to_call == 0:
            return Decision(view.call_or_check(), "solid: nothing to call, checks", numbers)
        against = "the range the bets stand for" if len(self._opponents(view)) == 1 else "random hands"
        if strength >= view.pot_odds:
            return Decision(view.call_or_check(), f"solid: its strength against {against} ({strength:.0%}) "
                                                  f"beats the pot odds ({view.pot_odds:.0%}), calls", numbers)
        return Decision(Action.fold(), f"solid: its strength against {against} ({strength:.0%}) is below "
                                       f"the pot odds ({view.pot_odds:.0%}), folds", numbers)

    @staticmethod
    def first_on_the_button(view: SeatView) -> bool:
        """Heads-up before the flop of a board game, first to act from the button (the small blind)."""
        return (board_game(view.game) is not None and not view.board and view.opponents == 1
                and view.bet < view.big_blind and not any(step.seat == view.seat for step in view.history))

    def _open(self, view: SeatView, strength: float, numbers: dict[str, float]) -> Decision | None:
        """Bet into a pot nobody has raised: for value when strong, or when the opponents fold enough.

        A bet of B into a pot P wins P at once when everyone folds (chance f),
        and otherwise plays on against the hands that call, with the strength
        ``c`` it has against them (:func:`.reading.chance_to_beat` of its strength,
        the call keeping the hands that do not fold): it beats checking when
        ``f * P + (1 - f) * (c * (P + 2B) - B) > s * P``.
        """
        sized = sized_raise(view, 0.5 if view.board else 1.0)   # half the pot; three big blinds before the flop
        if sized is None:
            return None
        extra = sized.amount - view.bet - view.to_call
        pot = view.pot_after_call
        folds = self.fold_chance(view)
        called = chance_to_beat(strength, [keep_share(1 - folds)])
        gain = folds * pot + (1 - folds) * (called * (pot + 2 * extra) - extra) - strength * pot
        numbers.update({"fold chance": folds, "bet gain": gain})
        if strength >= self.BET_AT:
            return Decision(sized, f"solid: strength ≥ {self.BET_AT}, {verb_of(sized)} for value", numbers)
        if strength >= self.BUTTON_RAISE_AT and self.first_on_the_button(view):
            return Decision(sized, f"solid: on the button with strength ≥ {self.BUTTON_RAISE_AT}, raises "
                                   "instead of limping", numbers)
        if gain > 0:
            return Decision(sized, f"solid: they fold {folds:.0%} of the time, {verb_of(sized)} "
                                   "(worth more than checking)", numbers)
        return None
