"""Sessions of many hands: seats and stacks, the moving button, rebuys, histories.

A :class:`Session` owns the seats and the :class:`~pokerfsm.games.dealer.Dealer`
and starts one :class:`~pokerfsm.games.pokerhand.PokerHand` after another;
the game modules (:mod:`.holdem`, :mod:`.draw`) say how a hand is built.
:func:`play_hand` drives a hand with one *agent* per seat (anything with
``decide(view) -> Decision``); it neither reads input nor prints, which is
the console's job.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Protocol

import numpy as np

from ..errors import IllegalActionError
from .dealer import Dealer
from .pokerhand import Action, Outcome, PokerHand, SeatView, Step

__all__ = ["TablePlayer", "Decision", "Agent", "Session", "play_hand", "RebuyEvent"]


@dataclass
class TablePlayer:
    """A player at the table; ``bought`` counts every chip brought (start and rebuys)."""

    name: str
    player: str
    stack: int
    bought: int = 0
    rebuys: int = 0
    active: bool = True

    def __post_init__(self) -> None:
        if not self.bought:
            self.bought = self.stack

    @property
    def human(self) -> bool:
        return self.player == "human"


@dataclass(frozen=True)
class Decision:
    """An agent's move, with the rule that chose it and the numbers it used."""

    action: Action
    rule: str = ""
    numbers: dict[str, float] = field(default_factory=dict)


class Agent(Protocol):
    def decide(self, view: SeatView) -> Decision: ...


@dataclass(frozen=True)
class RebuyEvent:
    """A computer seat between hands: it rebought (``chips`` > 0, its ``number``-th rebuy) or left."""

    seat: int
    chips: int
    number: int


OnStep = Callable[[PokerHand, Step, Decision], None]


def play_hand(hand: PokerHand, agents: Mapping[int, Agent], on_step: OnStep | None = None) -> Outcome:
    """Ask the agents for moves until the hand is over; returns its outcome.

    An agent that returns an illegal move raises IllegalActionError.
    """
    while not hand.over:
        seat = hand.actor
        assert seat is not None, "a hand still going has a seat to act"
        decision = agents[seat].decide(hand.view(seat))
        step = hand.apply(decision.action)
        if on_step is not None:
            on_step(hand, step, decision)
    outcome = hand.outcome()
    for seat in hand.seats:  # players that learn from what the table saw
        observe = getattr(agents[seat], "observe", None)
        if observe is not None:
            observe(hand.view(seat), outcome)
    return outcome


class Session:
    """Hands at one table until someone is broke, quits, reaches the target, or ``max_hands`` is reached.

    Subclasses implement :meth:`_new_hand` (build the pokerkit state) and
    :meth:`_history_record` (one hand's entry in the history file).
    ``rng`` (or ``seed``) drives the dealer and nothing else; ``dealer`` may
    bring a stacked pack instead.

    Rebuys: ``rebuy_amount`` chips each (None: no rebuys). A broke computer
    seat rebuys by itself at most ``computer_rebuys`` times (None: no limit),
    then leaves the table; humans are asked by the console. ``target`` makes
    the session a match: it is over once a stack reaches that many chips.
    """

    game = "poker"
    min_players = 2
    rebuy_amount: int | None = None
    """Chips of one rebuy, or None where the game has no rebuys."""

    def __init__(self, seats: Sequence[TablePlayer], *, seed: int | None = None,
                 rng: np.random.Generator | None = None, reshuffle: bool = False,
                 dealer: Dealer | None = None, history: IO[str] | None = None,
                 computer_rebuys: int | None = None, target: int | None = None) -> None:
        if len(seats) < self.min_players:
            raise IllegalActionError(f"{self.game} needs at least {self.min_players} players")
        self.seats = list(seats)
        self.rng = rng if rng is not None else np.random.default_rng(seed)
        self.dealer = dealer if dealer is not None else Dealer(self.rng, reshuffle=reshuffle)
        self.button = len(self.seats) - 1
        self.hand_number = 0
        self.hand: PokerHand | None = None
        self.in_hand = False
        self.outcomes: list[Outcome] = []
        self._history = history
        self.computer_rebuys = computer_rebuys
        self.target = target

    # -- who plays ------------------------------------------------------------
    def playing(self) -> list[int]:
        """Seats that can play the next hand (active, with chips)."""
        return [i for i, seat in enumerate(self.seats) if seat.active and seat.stack > 0]

    def broke(self) -> list[int]:
        """Active seats with no chips left: they must rebuy (where allowed) or leave."""
        return [i for i, seat in enumerate(self.seats) if seat.active and seat.stack == 0]

    @property
    def over(self) -> bool:
        """True when fewer than two seats can play, or (a match) a stack reached the target."""
        return self.end_reason is not None

    @property
    def end_reason(self) -> str | None:
        """Why no further hand can be dealt, or None while one can.

        >>> Session([TablePlayer("Ann", "human", 300), TablePlayer("Bob", "solid", 0)]).end_reason
        'fewer than two players have chips'
        """
        if self.target is not None and not self.in_hand:
            leader = max(self.seats, key=lambda seat: seat.stack)
            if leader.stack >= self.target:
                return f"{leader.name} reached the target of {self.target} chips"
        if len(self.playing()) < 2:
            return "fewer than two players have chips"
        return None

    def rebuy_computers(self) -> list[RebuyEvent]:
        """Between hands: broke computer seats rebuy within the policy, or leave past it."""
        events: list[RebuyEvent] = []
        if self.in_hand or not self.rebuy_amount:
            return events
        for seat in self.broke():
            player = self.seats[seat]
            if player.human:
                continue
            if self.computer_rebuys is not None and player.rebuys >= self.computer_rebuys:
                self.leave(seat)
                events.append(RebuyEvent(seat, 0, player.rebuys))
            else:
                self.rebuy(seat, self.rebuy_amount)
                events.append(RebuyEvent(seat, self.rebuy_amount, player.rebuys))
        return events

    def rebuy_policy(self) -> str:
        """The rebuy rule in one line, as the table shows it at the start."""
        if self.target is not None:
            return f"a match to {self.target} chips: no rebuys, the first to reach it (or the last with chips) wins"
        if not self.rebuy_amount:
            return "no rebuys: the session ends when a player is broke"
        if all(seat.human for seat in self.seats):
            return f"rebuys of {self.rebuy_amount} chips between hands, as many as you like"
        limit = ("as often as they like" if self.computer_rebuys is None
                 else f"at most {self.computer_rebuys} time{'s' if self.computer_rebuys != 1 else ''}, then leave")
        return (f"rebuys of {self.rebuy_amount} chips between hands: you decide yours; "
                f"computers rebuy {limit}")

    @property
    def chips(self) -> int:
        """Chips at the table, in stacks and in the current hand's pot."""
        hand = self.hand
        if not self.in_hand or hand is None:
            return sum(seat.stack for seat in self.seats)
        return hand.pot + sum(hand.stack(i) if i in hand.seats else seat.stack
                              for i, seat in enumerate(self.seats))

    @property
    def bought(self) -> int:
        """Chips ever brought to the table: the stacks must always add up to this."""
        return sum(seat.bought for seat in self.seats)

    def rebuy(self, seat: int, amount: int) -> None:
        """Add a rebuy (« cave ») to a seat's stack; only between hands."""
        if self.in_hand:
            raise IllegalActionError("rebuys are only allowed between hands")
        if amount <= 0:
            raise IllegalActionError(f"a rebuy must be positive, not {amount!r}")
        target = self.seats[seat]
        target.stack += amount
        target.bought += amount
        target.rebuys += 1
        target.active = True

    def leave(self, seat: int) -> None:
        """The seat stops playing (quits or refuses to rebuy)."""
        self.seats[seat].active = False

    # -- one hand -------------------------------------------------------------
    def order(self) -> list[int]:
        """This hand's seats from the button's left, the button last."""
        playing = self.playing()
        n = len(self.seats)
        if self.button not in playing:
            self.button = next(s for k in range(1, n + 1) if (s := (self.button + k) % n) in playing)
        left = [(self.button + k) % n for k in range(1, n + 1)]
        return [s for s in left if s in playing]

    def start_hand(self) -> PokerHand:
        """Deal the next hand."""
        if self.over:
            raise IllegalActionError(f"the session is over: {self.end_reason}")
        if self.in_hand:
            raise IllegalActionError("the current hand is not settled yet")
        self.hand_number += 1
        order = self.order()
        self.hand = self._new_hand(order, [self.seats[s].stack for s in order])
        self.in_hand = True
        return self.hand

    def end_hand(self) -> Outcome:
        """Settle the finished hand: stacks, pack, history, then move the button."""
        hand = self.hand
        if not self.in_hand or hand is None:
            raise IllegalActionError("no hand to settle")
        outcome = hand.outcome()
        self.in_hand = False
        for seat, stack in outcome.final_stacks.items():
            self.seats[seat].stack = stack
        self.dealer.end_hand(hand.table_cards())
        if self._history is not None:
            self._history.write(self._history_record(hand, outcome))
            self._history.flush()
        self.outcomes.append(outcome)
        n = len(self.seats)
        self.button = (self.button + 1) % n
        return outcome

    def play(self, agents: Mapping[int, Agent], on_step: OnStep | None = None) -> Outcome:
        """Start, play and settle one hand with the given agents."""
        play_hand(self.start_hand(), agents, on_step)
        return self.end_hand()

    def names(self, seats: Sequence[int]) -> list[str]:
        return [self.seats[s].name for s in seats]

    @property
    def stakes(self) -> str:
        """The forced bets, e.g. ``'blinds 5/10'`` or ``'ante 2'``."""
        raise NotImplementedError

    def stacks_line(self) -> str:
        """One line with every stack, e.g. ``'stacks: You 1040, Bluffer 960'``."""
        return "stacks: " + ", ".join(f"{seat.name} {seat.stack}" for seat in self.seats)

    def _new_hand(self, order: list[int], stacks: list[int]) -> PokerHand:
        raise NotImplementedError

    def _history_record(self, hand: PokerHand, outcome: Outcome) -> str:
        raise NotImplementedError


def open_history(path: str | Path | None) -> IO[str] | None:
    """Open (truncate) a history file, or return None for no history."""
    if path is None:
        return None
    return open(path, "w", encoding="utf-8")
