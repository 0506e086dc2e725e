"""The values a poker hand is made of: moves, actions, what a seat sees, and outcomes.

Kept apart from :mod:`.pokerhand` (the pokerkit state machine) so that the
computer players, the prompts and the statistics depend on plain values only.

>>> str(Action.raise_to(60)), Action.call(20).amount, Move("fold")
('raise to 60', 20, <Move.FOLD: 'fold'>)
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..cards import Card, as_cards

__all__ = ["Move", "Action", "Phase", "Step", "SeatView", "PotResult", "Outcome"]


class Move(enum.Enum):
    """The kinds of move a player makes."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    DRAW = "draw"


@dataclass(frozen=True)
class Action:
    """One move: ``Action.call(20)``, ``Action.raise_to(60)``, ``Action.draw(cards)``.

    ``amount`` is the chips a call puts in, or the round total a bet or raise
    goes to; ``cards`` are the discards of a draw (none: stand pat).

    >>> str(Action.raise_to(60)), str(Action.draw([])), str(Action.draw([Card("2c")]))
    ('raise to 60', 'stand pat', 'discard 2c')
    """

    move: Move
    amount: int = 0
    cards: tuple[Card, ...] = ()

    @classmethod
    def fold(cls) -> Action:
        return cls(Move.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(Move.CHECK)

    @classmethod
    def call(cls, amount: int) -> Action:
        return cls(Move.CALL, amount)

    @classmethod
    def bet(cls, to: int) -> Action:
        return cls(Move.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        return cls(Move.RAISE, to)

    @classmethod
    def draw(cls, discards: Iterable[Card | str | int]) -> Action:
        return cls(Move.DRAW, 0, tuple(sorted(as_cards(discards))))

    def __str__(self) -> str:
        if self.move in (Move.FOLD, Move.CHECK):
            return str(self.move.value)
        if self.move is Move.CALL:
            return f"call {self.amount}"
        if self.move is Move.BET:
            return f"bet {self.amount}"
        if self.move is Move.RAISE:
            return f"raise to {self.amount}"
        if not self.cards:
            return f"draw {self.amount}" if self.amount else "stand pat"
        return "discard " + " ".join(map(str, self.cards))


class Phase(enum.Enum):
    """What the hand waits for."""

    BETTING = "betting"
    DRAW = "draw"
    OVER = "over"


@dataclass(frozen=True)
class Step:
    """One entry of a hand's history: who did what, on which street."""

    seat: int
    action: Action
    street: str
    all_in: bool = False
    pot: int = 0
    """Chips in the middle just before the move (every round's bets included)."""
    to_call: int = 0
    """What the mover had to put in to call, just before the move."""
    bet: int = 0
    """The mover's bet in this round, just before the move."""
    returned: tuple[tuple[int, int], ...] = ()
    """Uncalled bets given back when this move closed a betting round: (seat, chips)."""
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """The main and side pots, (chips, eligible seats), when this move split the pot anew."""

    def public(self) -> Step:
        """The step as the other players see it: a draw shows how many cards, not which.

        >>> from pokerfsm.cards import parse_cards
        >>> step = Step(0, Action.draw(parse_cards("2c 7d")), "draw").public()
        >>> step.action.cards, step.action.amount, str(step.action)
        ((), 2, 'draw 2')
        """
        if self.action.move is not Move.DRAW or not self.action.cards:
            return self
        hidden = Action(Move.DRAW, len(self.action.cards))
        return Step(self.seat, hidden, self.street, self.all_in, self.pot, self.to_call, self.bet,
                    self.returned, self.pots)

    @property
    def size(self) -> float:
        """A bet or raise as a share of the pot it was made into (0 for other moves).

        >>> Step(0, Action.raise_to(60), "flop", pot=40, to_call=20).size   # 40 more after calling 20
        0.6666666666666666
        """
        if self.action.move not in (Move.BET, Move.RAISE):
            return 0.0
        extra = self.action.amount - self.bet - self.to_call
        return extra / max(1, self.pot + self.to_call)


@dataclass(frozen=True)
class SeatView:
    """What the player in ``seat`` knows when it is their turn.

    ``pot`` counts every chip in the middle, the bets of the current round
    included, even those the seat could not match (:attr:`to_win` leaves those
    out); ``raise_bounds`` is the lowest and highest legal "raise to" (or bet)
    amount, if any.
    """

    game: str
    seat: int
    street: str
    phase: Phase
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    pot: int
    to_call: int
    stack: int
    bet: int
    big_blind: int
    raise_bounds: tuple[int, int] | None
    legal: tuple[Action, ...]
    opponents: int
    draws: dict[int, int] = field(default_factory=dict)
    history: tuple[Step, ...] = ()
    """This hand's moves so far as everyone saw them (:meth:`Step.public`)."""
    live: tuple[int, ...] = ()
    """Seats still in the hand (not folded), this one included."""
    put_in: dict[int, int] = field(default_factory=dict)
    """Chips each seat put in this hand so far: antes, blinds and every round's bets."""
    pot_limit: bool = False
    """Pot-limit betting: the top of :attr:`raise_bounds` is the pot after the call (or the stack)."""

    @property
    def pot_after_call(self) -> int:
        """The chips this seat plays for once it calls: the pots it is then eligible for.

        From every seat it can win at most what it puts in itself, so a bet
        bigger than its stack counts only up to its call; the rest is uncalled
        and goes back to the bettor. Without :attr:`put_in` (a view built by
        hand) it is the whole pot plus the call.

        >>> view = SeatView("holdem", 1, "pre-flop", Phase.BETTING, (), (), 1660, 340, 340, 10, 10,
        ...                 None, (), 1, put_in={0: 1650, 1: 10})
        >>> view.pot_after_call, view.to_win, round(view.pot_odds, 3)   # 1,650 all-in, 350 behind
        (700, 360, 0.486)
        """
        if not self.put_in:
            return self.pot + self.to_call
        mine = self.put_in.get(self.seat, 0) + self.to_call
        return mine + sum(min(chips, mine) for seat, chips in self.put_in.items() if seat != self.seat)

    @property
    def to_win(self) -> int:
        """What a call can win: :attr:`pot_after_call` less the call itself."""
        return self.pot_after_call - self.to_call

    @property
    def pot_odds(self) -> float:
        """Share of the pot it can win after calling that the call costs (0 when free)."""
        return self.to_call / self.pot_after_call if self.to_call else 0.0

    def legal_move(self, move: Move) -> Action | None:
        """The legal action of that kind (the smallest, for bets and raises), if any."""
        return next((a for a in self.legal if a.move is move), None)

    def call_or_check(self) -> Action:
        """The call, or the check when there is nothing to call (one of them is legal in a betting round)."""
        action = self.legal_move(Move.CALL) or self.legal_move(Move.CHECK)
        assert action is not None, "a betting round always lets the actor call or check"
        return action


@dataclass(frozen=True)
class PotResult:
    """A main or side pot: its size, who could win it and who got what."""

    amount: int
    eligible: tuple[int, ...]
    shares: dict[int, int]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, chips in self.shares.items() if chips > 0)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished hand, by seat."""

    starting_stacks: dict[int, int]
    final_stacks: dict[int, int]
    pots: tuple[PotResult, ...]
    shown: dict[int, tuple[Card, ...]]
    board: tuple[Card, ...]
    collected: dict[int, int] = field(default_factory=dict)
    pot_total: int = 0
    """The chips the hand was played for: everything put in, less uncalled bets given back."""
    returned: dict[int, int] = field(default_factory=dict)
    """Uncalled bets given back, by seat."""
    drawn: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """The replacement cards each seat received at the draw (draw games)."""

    @property
    def net(self) -> dict[int, int]:
        """Chips won (positive) or lost (negative) by each seat."""
        return {s: self.final_stacks[s] - self.starting_stacks[s] for s in self.starting_stacks}

    @property
    def showdown(self) -> bool:
        return len(self.shown) > 1

    @property
    def won(self) -> dict[int, int]:
        """Chips each seat took from the pots, not counting its own uncalled bet given back.

        pokerkit hands an uncalled bet back with the pot when everybody folds to it,
        and before the showdown otherwise.
        """
        given_back = {} if self.showdown else self.returned
        return {s: c - given_back.get(s, 0) for s, c in self.collected.items() if c - given_back.get(s, 0)}

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats that took chips from some pot."""
        return tuple(sorted({s for pot in self.pots for s in pot.winners}))
