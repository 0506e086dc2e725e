"""Several Rummikub games in a row, with the course's running score.

At the end of a game each player scores the tiles left in their hand, a joker
counting 30 (:func:`~.tiles.hand_points`); over several games the totals add
up and the lowest total leads (section 1, rule 7 of the course).

>>> from pokerfsm.games.rummikub.game import Outcome
>>> match = Match(2)
>>> match.record(Outcome("out", (0, 42), (0,)))
>>> match.record(Outcome("out", (35, 0), (1,)))
>>> match.totals, match.wins, match.leaders, match.games
((35, 42), (1, 1), (0,), 2)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .game import Outcome

__all__ = ["Match"]


@dataclass
class Match:
    """The running score of ``players`` players over the games recorded so far."""

    players: int
    results: list[Outcome] = field(default_factory=list)

    def record(self, outcome: Outcome) -> None:
        """Add a finished game's scores."""
        if len(outcome.scores) != self.players:
            raise ValueError(f"a game of {len(outcome.scores)} players in a match of {self.players}")
        self.results.append(outcome)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over every game (lower is better)."""
        return tuple(sum(result.scores[p] for result in self.results) for p in range(self.players))

    @property
    def wins(self) -> tuple[int, ...]:
        """Games each player won (shared wins count for each)."""
        return tuple(sum(p in result.winners for result in self.results) for p in range(self.players))

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players with the lowest total (everyone before the first game)."""
        totals = self.totals
        return tuple(p for p in range(self.players) if totals[p] == min(totals))
