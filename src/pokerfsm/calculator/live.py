"""Live odds: a known hand's equity against unknown opponents, street after street.

Each hold'em update walks only the board cards that are new, which is what the
games need at every decision; an Omaha game (``game="omaha"``...) and short
deck ask :func:`~pokerfsm.calculator.dispatch.equity` at each street. The
games without a board (stud, the draw games) are refused: an opponent there is
not a random hand but up cards that change at every street.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import Card, CardsLike, as_cards
from ..combos import hand_class
from ..errors import InvalidDealError, OptionError
from ..odds.deal import MAX_PLAYERS, Deal, prepare_deal, read_seat
from ..odds.enumeration import make_plan, range_arrays, scan_range, states_after, walk
from ..odds.omaha_deal import most_players, prepare_omaha_deal
from ..odds.results import EquityResult, Method, from_row
from ..odds.short_deck_deal import MOST_PLAYERS as SHORT_DECK_PLAYERS
from ..odds.short_deck_deal import prepare_short_deck_deal
from ..odds.stopping import Stop
from ..table.format import ROOT
from ..variants import GAMES, HOLDEM, Game, GameLike, HighRule, game_of, not_played
from .dispatch import equity, stored_answer

__all__ = ["LiveOdds"]


class LiveOdds:
    """The equity of a known hand against unknown opponents, street after street.

    Each :meth:`update` walks only the board cards that are new: the hero's
    state (hole cards plus board so far) and the board's own state are kept.
    Against one opponent the answer is exact (the preflop one comes from the
    precomputed tables when they are built, like :func:`~pokerfsm.equity`'s,
    and is otherwise cached per starting-hand class); against more it is exact when that fits
    ``budget`` seconds, otherwise a seeded Monte Carlo estimate to
    ``target_std_error``.

    ``game``: hold'em (the default), an Omaha game of :mod:`pokerfsm.variants`
    or short deck (the hero's two cards and the board of the 36 cards six and
    up); the hero then holds that game's number of cards, and every street is
    :func:`~pokerfsm.equity` of the hero against ``opponents`` random hands
    with ``game``, ``budget``, ``target_std_error`` and ``seed`` (exact when
    that fits the budget, as on a heads-up river, else seeded Monte Carlo to
    ``target_std_error`` or the end of the budget). ``samples`` fixes the
    number of Monte Carlo deals wherever the answer is sampled (Omaha, short
    deck, or more than one hold'em opponent) instead of the budget: the answer is then the
    same whatever the machine's load, which a replayed game needs.

    :meth:`update` takes a :class:`~pokerfsm.odds.Stop`, as
    :func:`~pokerfsm.equity` does: a cancelled stop or one out of time raises
    CancelledError or TimeLimitError before any work is lost (the next update goes on from the
    last board answered).

    A stud game or a draw game is refused with one OptionError naming it
    (``field="game"``): an opponent there shows up cards that change at every
    street, which :func:`~pokerfsm.equity` takes with every player's cards.

    >>> odds = LiveOdds("AdTs")
    >>> round(odds.update("Kh Tc Td 3c").players[0].win, 5)
    0.95624
    >>> omaha = LiveOdds("AsKsQhJh", game="omaha")
    >>> river = omaha.update("Ah 7c 8d 2s 3h")
    >>> river.game, river.exact, round(river.players[0].equity, 4)
    ('omaha', True, 0.5193)
    >>> short = LiveOdds("AhKh", game="short-deck").update("Qh Jh Tc 6d 6s")
    >>> short.game, short.exact, round(short.players[0].equity, 4)
    ('short-deck', True, 0.92)
    """

    _preflop_cache: dict[tuple[Any, ...], EquityResult] = {}

    def __init__(self, hero: CardsLike, opponents: int = 1, dead: CardsLike = (), *, game: GameLike = HOLDEM,
                 budget: float = 0.25, target_std_error: float = 0.003, seed: int = 0, samples: int | None = None):
        self.game = _followed(game_of(game))
        most = _most_players(self.game)
        if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents < most:
            raise InvalidDealError(f"1 to {most - 1} opponents at {self.game.name}, got {opponents!r}",
                                   field="opponents")
        if self.game.is_omaha:
            hand = prepare_omaha_deal([hero, None], game=self.game).seats[0].hand
        elif self.game is not HOLDEM:
            hand = prepare_short_deck_deal([hero, None]).seats[0].hand
        else:
            hand = read_seat(hero, 0).hand
        if hand is None:
            raise InvalidDealError(f"the hero needs a known hand, got {hero!r}", field="players", player=0)
        self.hero = hand
        self.opponents = opponents
        self.dead = as_cards(dead)
        self.budget, self.target_std_error, self.seed, self.samples = budget, target_std_error, seed, samples
        self._deal(())
        self._reset()

    def _deal(self, board: CardsLike) -> Deal | None:
        """The deal checked with this board: hold'em's (for the heads-up walk), or None at the
        other games (checked here, then again by :func:`~pokerfsm.equity`)."""
        players: list[Any] = [self.hero] + [None] * self.opponents
        if self.game.is_omaha:
            prepare_omaha_deal(players, board, self.dead, game=self.game)
            return None
        if self.game is not HOLDEM:
            prepare_short_deck_deal(players, board, self.dead)
            return None
        return prepare_deal(players, board, self.dead)

    def _reset(self) -> None:
        self.board: tuple[Card, ...] = ()
        walked = self.game is HOLDEM
        self._hero_state = int(states_after([[int(c) for c in self.hero]], [])[0]) if walked else 0
        self._board_state = ROOT
        self._last: EquityResult | None = None

    def update(self, board: CardsLike = (), *, stop: Stop | None = None) -> EquityResult:
        """The odds with this board (0, 3, 4 or 5 cards); a board that does not extend the
        previous one starts a new hand. ``stop`` cancels or limits the time, as in :func:`~pokerfsm.equity`."""
        board = as_cards(board)
        deal = self._deal(board)
        if board == self.board and self._last is not None:
            return self._last
        if stop is not None:
            stop.check()
        if deal is None or self.opponents > 1:
            players: list[Any] = [self.hero] + [None] * self.opponents
            self._last = equity(players, board, self.dead, game=self.game, budget=self.budget, seed=self.seed,
                                target_std_error=self.target_std_error, samples=self.samples, stop=stop)
            self.board = tuple(board)
            return self._last
        if board[:len(self.board)] != self.board:
            self._reset()
        new = [int(c) for c in board[len(self.board):]]
        self._hero_state = walk(self._hero_state, new)
        self._board_state = walk(self._board_state, new)
        self.board = tuple(board)
        self._last = self._heads_up(deal)
        return self._last

    def _heads_up(self, deal: Deal) -> EquityResult:
        started = time.perf_counter()
        answer = stored_answer(deal, exact=True, started=started)
        if answer is not None:
            return answer
        key = None
        if not self.board:
            key = (hand_class(self.hero),) if not self.dead else (self.hero, tuple(sorted(self.dead)))
            cached = self._preflop_cache.get(key)
            if cached is not None:
                return _relabel(cached, self.hero, self.dead, started)
        plan = make_plan(deal)
        totals, combinations = scan_range(np.array([self._hero_state], dtype=np.int32),
                                           self._board_state, [int(c) for c in self.board],
                                           deal.known_cards, range_arrays(deal.seats[1].given_range),
                                           plan.group)
        result = from_row(deal, totals, combinations, method=Method.ENUMERATION, exact=True, started=started)
        if key is not None:
            self._preflop_cache[key] = result
        return result


_FOLLOWED = tuple(g for g in GAMES if g is HOLDEM or g.is_omaha or g.high is HighRule.SHORT_DECK)
"""The games LiveOdds follows: those with a board."""


def _followed(game: Game) -> Game:
    """``game`` when LiveOdds follows it, else the one error that says why not."""
    if game in _FOLLOWED:
        return game
    if game.is_stud:
        names = ", ".join(g.name for g in _FOLLOWED)
        raise OptionError(f"LiveOdds follows a hand against random hands on a board, and {game.label} has none: "
                          "each opponent shows up cards that change at every street; ask "
                          f"pokerfsm.equity(players, game={game.name!r}) with every player's cards "
                          f"(games LiveOdds takes: {names})", field="game", text=game.name)
    raise not_played(game, "live odds", _FOLLOWED)


def _most_players(game: Game) -> int:
    """The most players (hero included) LiveOdds takes at ``game``."""
    if game.is_omaha:
        return most_players(game)
    return MAX_PLAYERS if game is HOLDEM else SHORT_DECK_PLAYERS


def _relabel(result: EquityResult, hero: Sequence[Card], dead: Sequence[Card], started: float) -> EquityResult:
    """A cached result for a suit-isomorphic hand, shown with this hand."""
    first = dataclasses.replace(result.players[0], hand=f"{hero[0]}{hero[1]}")
    return dataclasses.replace(result, players=(first,) + result.players[1:], board=(), dead=tuple(dead),
                               elapsed_s=time.perf_counter() - started)
