"""A game of Rummikub as a state machine whose moves are values.

The state is the players' hands, the table (a list of sets), the pool, whose
turn it is and who has made their initial meld. On their turn a player
either draws a tile (:class:`Draw`) or plays (:class:`Play`, the whole new
table); when the pool is empty and they cannot play, they pass
(:class:`Pass`). Each action has a ``can_x()`` / ``x()`` pair, and
:meth:`Game.apply` takes the action values. An illegal action raises
:class:`~pokerfsm.games.rummikub.rules.IllegalMoveError` with the reason and
leaves the state unchanged.

The game ends when a hand is empty, or when the pool is empty and nobody can
play (every player has passed in a row). A player's score is the value of
their hand, a joker counting 30; the lowest score wins.

>>> game = Game(players=2, seed=1)
>>> game.current, game.hand.total(), game.pool.total()
(0, 14, 78)
>>> tile = game.draw()
>>> game.current, game.hands[0].total()
(1, 15)
"""
from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ...errors import InvalidDealError
from .rules import IllegalMoveError, MoveSummary, Rule, SetKind, as_table, check_move, read_set, table_tiles
from .tiles import Tile, TilesLike, as_tiles, check_supply, deal, draw_tile, full_set, hand_points

if TYPE_CHECKING:
    from collections.abc import Callable

    from .solver import Solution

__all__ = ["Game", "Draw", "Play", "Pass", "Action", "Outcome", "Turn", "computer_action",
           "HAND_SIZE", "MIN_PLAYERS", "MAX_PLAYERS"]

HAND_SIZE = 14
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class Draw:
    """Take a random tile from the pool; the turn passes."""


@dataclass(frozen=True)
class Pass:
    """Do nothing: allowed only when the pool is empty and the player cannot play."""


@dataclass(frozen=True)
class Play:
    """Put down tiles: ``table`` is the whole new table (old sets, rearranged or not, and new ones)."""

    table: tuple[tuple[Tile, ...], ...]

    @classmethod
    def of(cls, table: Iterable[TilesLike] | str) -> Play:
        """Build from sets given as strings or tile lists (one string: sets split by ``|``).

        >>> Play.of("R7 R8 R9 | B1 B2 B3").table[1]
        (Tile('B1'), Tile('B2'), Tile('B3'))
        """
        return cls(tuple(as_table(table)))


Action = Draw | Play | Pass


@dataclass(frozen=True)
class Turn:
    """One entry of the history: who acted, what they did, the tile drawn (if any)."""

    player: int
    action: Action
    drawn: Tile | None = None
    summary: MoveSummary | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``'out'`` (a hand emptied) or ``'blocked'``."""

    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class Game:
    """The state of one game; see the module docstring.

    ``Game(players=2, seed=7)`` shuffles and deals 14 tiles each; use
    :meth:`from_state` to set up a given position.
    """

    hands: list[Counter[Tile]]
    table: list[tuple[Tile, ...]]
    pool: Counter[Tile]
    current: int = 0
    melded: list[bool] = field(default_factory=list)
    history: list[Turn] = field(default_factory=list)
    passes: int = 0
    rng: np.random.Generator = field(default_factory=np.random.default_rng, repr=False, compare=False)

    def __init__(self, players: int = 2, *, seed: int | np.random.Generator | None = None) -> None:
        _check_players(players)
        self.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        self.pool = full_set()
        self.hands = [deal(self.pool, HAND_SIZE, self.rng) for _ in range(players)]
        self.table = []
        self.current = 0
        self.melded = [False] * players
        self.history = []
        self.passes = 0

    @classmethod
    def from_state(cls, hands: Sequence[Counter[Tile] | TilesLike], table: Iterable[TilesLike] | str = (),
                   pool: Counter[Tile] | TilesLike | None = None, *, current: int = 0,
                   melded: Sequence[bool] | None = None,
                   seed: int | np.random.Generator | None = None) -> Game:
        """A game in a given state; the pool defaults to every tile not in a hand or on the table."""
        game = cls.__new__(cls)
        game.rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        _check_players(len(hands))
        game.hands = [+Counter(h) if isinstance(h, Counter) else Counter(as_tiles(h)) for h in hands]
        game.table = as_table(table)
        used = table_tiles(game.table) + sum(game.hands, Counter())
        check_supply(used, "the hands and the table")
        if pool is None:
            game.pool = full_set() - used
        else:
            game.pool = +Counter(pool) if isinstance(pool, Counter) else Counter(as_tiles(pool))
            check_supply(used + game.pool, "the game")
        game.current = current
        game.melded = list(melded) if melded is not None else [False] * len(game.hands)
        game.history = []
        game.passes = 0
        return game

    # -- reading the state -------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def hand(self) -> Counter[Tile]:
        """The hand of the player to act."""
        return self.hands[self.current]

    @property
    def round(self) -> int:
        """The round being played: the player to act's own turn number, from 1.

        Every player's first turn is round 1, so with two players the rounds go
        1, 1, 2, 2, ... and each player sees 1, 2, 3.

        >>> game = Game(players=2, seed=1)
        >>> _ = game.draw(); game.current, game.round
        (1, 1)
        >>> _ = game.draw(); game.current, game.round
        (0, 2)
        """
        return 1 + sum(1 for turn in self.history if turn.player == self.current)

    @property
    def next_player(self) -> int:
        return (self.current + 1) % self.players

    def tiles(self) -> Counter[Tile]:
        """Every tile in the game (hands, table, pool): always the full 106."""
        return sum(self.hands, Counter()) + table_tiles(self.table) + self.pool

    def copy(self) -> Game:
        return copy.deepcopy(self)

    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, else how it ended."""
        scores = tuple(hand_points(h) for h in self.hands)
        if any(not h for h in self.hands):
            reason = "out"
        elif self.passes >= self.players:
            reason = "blocked"
        else:
            return None
        best = min(scores)
        return Outcome(reason, scores, tuple(i for i, s in enumerate(scores) if s == best))

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def hint(self) -> Solution:
        """The solver's best move for the player to act (a :class:`~.solver.Solution`)."""
        from .solver import solve

        return solve(self.hand, self.table, initial_done=self.melded[self.current])

    # -- actions -----------------------------------------------------------------------------
    def _check_turn(self, player: int | None) -> None:
        if self.is_over:
            raise IllegalMoveError("the game is over", Rule.GAME_OVER)
        if player is not None and player != self.current:
            raise IllegalMoveError(f"it is player {self.current + 1}'s turn, not player {player + 1}'s",
                                   Rule.NOT_YOUR_TURN)

    def _end_turn(self, turn: Turn) -> None:
        self.history.append(turn)
        self.current = self.next_player

    def can_draw(self, player: int | None = None) -> bool:
        return self._allowed(lambda: self._check_draw(player))

    def _check_draw(self, player: int | None) -> None:
        self._check_turn(player)
        if not self.pool:
            raise IllegalMoveError("the pool is empty: play or pass", Rule.POOL_EMPTY)

    def draw(self, player: int | None = None) -> Tile:
        """Draw a random tile from the pool into the hand (``piocher``); returns it."""
        self._check_draw(player)
        tile = draw_tile(self.pool, self.rng)
        self.hand[tile] += 1
        self.passes = 0
        self._end_turn(Turn(self.current, Draw(), drawn=tile))
        return tile

    def check_play(self, table: Iterable[TilesLike] | str, player: int | None = None) -> MoveSummary:
        """Referee a proposed new table without playing it; raise the reason it is illegal."""
        self._check_turn(player)
        return check_move(self.table, self.hand, as_table(table), initial_done=self.melded[self.current])

    def can_play(self, table: Iterable[TilesLike] | str, player: int | None = None) -> bool:
        return self._allowed(lambda: self.check_play(table, player))

    def play(self, table: Iterable[TilesLike] | str, player: int | None = None) -> MoveSummary:
        """Replace the table by ``table`` (``jouer_un_coup``; an initial meld if not made yet)."""
        new_table = as_table(table)
        summary = self.check_play(new_table, player)
        new_table = [_laid_out(tiles) for tiles in new_table]
        self.hand.subtract(summary.placed)
        self.hands[self.current] = +self.hand
        self.table = new_table
        self.melded[self.current] = True
        self.passes = 0
        self._end_turn(Turn(self.current, Play(tuple(new_table)), summary=summary))
        return summary

    def meld(self, sets: Iterable[TilesLike] | str, player: int | None = None) -> MoveSummary:
        """Lay new sets next to the untouched table (``jouer_premier_coup``)."""
        return self.play(self.table + as_table(sets), player)

    def can_pass(self, player: int | None = None) -> bool:
        return self._allowed(lambda: self._check_pass(player))

    def _check_pass(self, player: int | None) -> None:
        self._check_turn(player)
        if self.pool:
            raise IllegalMoveError("you can only pass when the pool is empty: draw a tile", Rule.POOL_NOT_EMPTY)
        best = self.hint()
        if best.tiles_placed:
            raise IllegalMoveError(f"you can still play ({best.steps[0]}, ...): passing is only "
                                   "for a player who cannot", Rule.POOL_EMPTY)

    def pass_turn(self, player: int | None = None) -> None:
        """Pass (pool empty and nothing to play); when everybody has, the game is over."""
        self._check_pass(player)
        self.passes += 1
        self._end_turn(Turn(self.current, Pass()))

    def can_apply(self, action: Action, player: int | None = None) -> bool:
        return self._allowed(lambda: self._check(action, player))

    def _check(self, action: Action, player: int | None) -> None:
        if isinstance(action, Draw):
            self._check_draw(player)
        elif isinstance(action, Pass):
            self._check_pass(player)
        elif isinstance(action, Play):
            self.check_play(action.table, player)
        else:
            raise TypeError(f"not a Rummikub action: {action!r}")

    def apply(self, action: Action, player: int | None = None) -> Turn:
        """Apply an action value; returns the history entry it made."""
        if isinstance(action, Draw):
            self.draw(player)
        elif isinstance(action, Pass):
            self.pass_turn(player)
        elif isinstance(action, Play):
            self.play(action.table, player)
        else:
            raise TypeError(f"not a Rummikub action: {action!r}")
        return self.history[-1]

    @staticmethod
    def _allowed(check: Callable[[], object]) -> bool:
        try:
            check()
        except IllegalMoveError:
            return False
        return True


def _laid_out(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """A run in increasing order, its jokers where they count (``B4 B5 B7 B6`` -> ``B4 B5 B6 B7``);
    a group as the player laid it.

    >>> _laid_out(as_table("B4 B5 B7 B6")[0]), _laid_out(as_table("R7 B7 Y7")[0])
    ((Tile('B4'), Tile('B5'), Tile('B6'), Tile('B7')), (Tile('R7'), Tile('B7'), Tile('Y7')))
    """
    reading = read_set(tiles)
    return reading.tiles if reading.kind is SetKind.RUN else tuple(tiles)


def _check_players(players: object) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidDealError(f"Rummikub is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")


def computer_action(game: Game) -> Action:
    """The computer's choice: the solver's best move, else draw, else pass."""
    best = game.hint()
    if best.tiles_placed:
        return Play(best.new_table)
    return Draw() if game.pool else Pass()
