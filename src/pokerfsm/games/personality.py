"""What every computer player shares: the base class, its win chance, and bet sizing.

:class:`Personality` discards by the best exact expectation and gives the
chance to win against the opponents still in the hand; :func:`sized_raise`
sizes a bet or raise as a share of the pot the player can win.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..cards import Card
from ..combos import hand_class
from .actions import Action, Move, Phase, SeatView
from .boardgames import HOLDEM_TABLE, board_game
from .preflop import PREFLOP_EQUITY
from .session import Decision
from .strength import draw_options, percentile

__all__ = ["Personality", "sized_raise", "verb_of", "against"]


def verb_of(action: Action) -> str:
    """``'bets'`` or ``'raises'``: the word for a bet or raise."""
    return "bets" if action.move is Move.BET else "raises"


def against(opponents: int) -> str:
    """``'against one opponent'``, ``'against 6 opponents'``: whom a win chance is against."""
    return "against one opponent" if opponents == 1 else f"against {opponents} opponents"


def sized_raise(view: SeatView, pots: float) -> Action | None:
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
    ``obj.update(board) -> EquityResult`` gives it in the board games (default
    :class:`pokerfsm.odds.LiveOdds` for the game's cards; at Omaha with
    :attr:`SAMPLES` seeded Monte Carlo deals, so that a seeded game replays
    move for move).
    """

    name = "computer"
    style = ""
    """The personality in one line, shown when the game starts."""
    SAMPLES = 4000
    """Monte Carlo deals behind an Omaha win chance (a standard error under one point, a few milliseconds)."""

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
        flop), :class:`~pokerfsm.odds.LiveOdds` against more opponents. Omaha:
        :class:`~pokerfsm.odds.LiveOdds` of the game, from :attr:`SAMPLES` deals. Draw:
        a finished hand beats each opponent with its :func:`.strength.percentile`,
        so all of them with its power; before the draw it is the best draw's
        exact expectation of that (:func:`.strength.draw_options`).
        """
        opponents = max(1, view.opponents)
        if view.game == "draw":
            if view.street == "first betting round":
                return draw_options(view.hole, opponents)[0].value
            return percentile(view.hole) ** opponents
        game = board_game(view.game) or HOLDEM_TABLE
        if not view.board and opponents == 1 and game is HOLDEM_TABLE:
            return PREFLOP_EQUITY[hand_class(view.hole)]
        if self._live is None or self._live[0] != (view.hole, opponents):
            if self._odds_factory is None:
                from ..calculator import LiveOdds
                samples = None if game is HOLDEM_TABLE else self.SAMPLES
                self._odds_factory = functools.partial(LiveOdds, game=game.cards, samples=samples)
            self._live = ((view.hole, opponents), self._odds_factory(view.hole, opponents))
        return float(self._live[1].update(view.board).players[0].equity)

    def bet(self, view: SeatView) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError
