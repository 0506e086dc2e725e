"""What a session of poker came to: hands played, each player's result, the biggest pot, who won from whom.

Built from the session's seats and the outcome of every settled hand, so it
is the same whether the session ended normally, at ``q``, or on Ctrl-C.

Chips won from each opponent: in every hand, what each losing player lost
goes to the winners in proportion to what they won (heads-up this is exact;
with several winners of one hand it is the fair share).

>>> from pokerfsm.games.actions import Outcome
>>> from pokerfsm.games.session import TablePlayer
>>> seats = [TablePlayer("You", "human", 1000), TablePlayer("Bob", "solid", 1000), TablePlayer("Cy", "timid", 1000)]
>>> hands = [Outcome({0: 1000, 1: 1000, 2: 1000}, {0: 1060, 1: 960, 2: 980}, (), {}, (), pot_total=80),
...          Outcome({0: 1060, 1: 960, 2: 980}, {0: 1040, 1: 980, 2: 980}, (), {}, (), pot_total=40)]
>>> summary = summarise(seats, hands)
>>> summary.hands, summary.biggest_pot, summary.biggest_hand
(2, 80, 1)
>>> summary.versus[0]        # chips You won from (positive) or lost to each opponent
{1: 20, 2: 20}
>>> summary.wins
{0: 1, 1: 1, 2: 0}
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import Outcome
from .session import TablePlayer

__all__ = ["SessionSummary", "summarise"]


@dataclass(frozen=True)
class SessionSummary:
    """Totals over the settled hands of a session (see the module docstring)."""

    hands: int
    net: dict[int, int]
    """Each seat's result: stack now, less every chip brought (start and rebuys)."""
    wins: dict[int, int]
    """Hands in which each seat took chips."""
    biggest_pot: int
    biggest_hand: int | None
    """The number (from 1) of the hand with the biggest pot."""
    biggest_winners: tuple[int, ...]
    versus: dict[int, dict[int, int]] = field(default_factory=dict)
    """``versus[a][b]``: chips ``a`` won from ``b`` (negative: lost to ``b``)."""


def summarise(seats: Sequence[TablePlayer], outcomes: Sequence[Outcome]) -> SessionSummary:
    """The summary of these seats after these settled hands."""
    n = len(seats)
    versus = {a: {b: 0.0 for b in range(n) if b != a} for a in range(n)}
    wins = dict.fromkeys(range(n), 0)
    biggest, biggest_hand = 0, None
    biggest_winners: tuple[int, ...] = ()
    for number, outcome in enumerate(outcomes, 1):
        net = outcome.net
        gained = {s: d for s, d in net.items() if d > 0}
        total = sum(gained.values())
        for seat in gained:
            wins[seat] += 1
        for loser, loss in net.items():
            if loss >= 0 or not total:
                continue
            for winner, gain in gained.items():
                share = -loss * gain / total
                versus[winner][loser] += share
                versus[loser][winner] -= share
        pot = outcome.pot_total or sum(pot.amount for pot in outcome.pots)
        if pot > biggest:
            biggest, biggest_hand, biggest_winners = pot, number, tuple(sorted(gained))
    return SessionSummary(
        hands=len(outcomes),
        net={i: seat.stack - seat.bought for i, seat in enumerate(seats)},
        wins=wins, biggest_pot=biggest, biggest_hand=biggest_hand, biggest_winners=biggest_winners,
        versus={a: {b: round(v) for b, v in row.items()} for a, row in versus.items()},
    )
