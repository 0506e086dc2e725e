"""Heads-up no-limit hold'em and pot-limit Omaha: one hand on pokerkit, and a session of many hands.

Blinds, then pre-flop, flop, turn, river and showdown, as the French course
describes a hand (its section 4). The button posts the small blind and acts first before the flop,
last after it (pokerkit's heads-up rule). The pack is shuffled before every
hand; burns and board come from our :class:`~pokerfsm.games.dealer.Dealer`.

The same loop plays every :class:`~.boardgames.BoardGame` (``game=``): Omaha
deals four hole cards and limits every bet and raise to the pot
(pokerkit's :attr:`raise_bounds` hold the limit).

Histories are PHH (the Poker Hand History format pokerkit reads and writes),
one ``[n]`` section per hand, under the game's variant code (``NT``, ``PO``).

>>> from pokerfsm.games.session import TablePlayer
>>> session = HoldemSession([TablePlayer("Ann", "human", 100), TablePlayer("Bob", "solid", 100)], seed=1)
>>> hand = session.start_hand()
>>> hand.street, hand.pot, [str(a) for a in hand.legal_actions()]
('pre-flop', 15, ['fold', 'call 5', 'raise to 20', 'raise to 100'])
>>> omaha = HoldemSession([TablePlayer("Ann", "human", 100), TablePlayer("Bob", "solid", 100)], seed=1,
...                       game=OMAHA_TABLE)
>>> hand = omaha.start_hand()
>>> len(hand.hole(0)), [str(a) for a in hand.legal_actions()]    # the pot after the call: 30
(4, ['fold', 'call 5', 'raise to 20', 'raise to 30'])
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pokerkit as pk

from ..cards import Card
from .boardgames import HOLDEM_TABLE, OMAHA_TABLE, BoardGame
from .dealer import Dealer
from .pokerhand import AUTOMATIONS, Outcome, PokerHand
from .session import Session, TablePlayer

if TYPE_CHECKING:
    from ..odds.results import EquityResult

__all__ = ["HoldemHand", "HoldemSession", "OddsFactory", "OMAHA_TABLE", "HOLDEM_TABLE"]


class OddsOnBoard(Protocol):
    """What :class:`pokerfsm.odds.LiveOdds` is to a session: odds updated as the board grows."""

    def update(self, board: Sequence[Card]) -> EquityResult: ...


#: ``LiveOdds``-like constructor: ``factory(hero_cards) -> obj`` with ``obj.update(board)``
OddsFactory = Callable[[Sequence[Card]], OddsOnBoard]


class HoldemHand(PokerHand):
    """One heads-up (or ring) hand of a board game (no-limit hold'em by default); see :class:`PokerHand`."""

    street_names = ("pre-flop", "flop", "turn", "river")

    def __init__(self, seats: Sequence[int], stacks: Sequence[int], dealer: Dealer,
                 blinds: tuple[int, int] = (5, 10), game: BoardGame = HOLDEM_TABLE) -> None:
        small, big = blinds
        self.game = game.name
        self.pot_limit = game.pot_limit
        self.definition = getattr(pk, game.pokerkit_game)(AUTOMATIONS, True, 0, (small, big), big)
        super().__init__(self.definition(tuple(stacks), len(stacks)), seats, dealer, big)


class HoldemSession(Session):
    """Hands of heads-up hold'em (or another board game: ``game``) until a player is broke or quits.

    ``rebuy`` (chips, default None: no rebuys) lets a broke player buy in again
    between hands; computers do it by themselves within ``computer_rebuys``.
    ``target`` plays a match instead (see :class:`~.session.Session`).

    ``odds_factory`` (by default :class:`pokerfsm.odds.LiveOdds` for the
    game's cards) gives the human's live win probability; :meth:`win_odds`
    keeps one per seat and hand, and updates it street by street instead of
    starting over.
    """

    def __init__(self, seats: Sequence[TablePlayer], *, blinds: tuple[int, int] = (5, 10),
                 odds_factory: OddsFactory | None = None, rebuy: int | None = None,
                 game: BoardGame = HOLDEM_TABLE, **kwargs: Any) -> None:
        kwargs.setdefault("reshuffle", True)
        self.board_game = game
        self.game = game.name
        super().__init__(seats, **kwargs)
        self.rebuy_amount = rebuy
        self.blinds = blinds
        self._odds_factory = odds_factory
        self._live: dict[int, tuple[int, OddsOnBoard]] = {}
        self._odds: dict[tuple[int, int, int], EquityResult] = {}

    @property
    def stakes(self) -> str:
        return f"blinds {self.blinds[0]}/{self.blinds[1]}"

    def start_hand(self) -> HoldemHand:
        self.rebuy_computers()
        hand = super().start_hand()
        assert isinstance(hand, HoldemHand)
        return hand

    def _new_hand(self, order: list[int], stacks: list[int]) -> HoldemHand:
        return HoldemHand(order, stacks, self.dealer, self.blinds, self.board_game)

    def win_odds(self, seat: int) -> EquityResult:
        """The seat's chances against one unknown hand on the current board (exact at hold'em; at
        Omaha exact when quick, as on the river, else estimated: see :class:`~pokerfsm.odds.LiveOdds`)."""
        hand = self.hand
        assert hand is not None, "asked during a hand"
        if self._odds_factory is None:
            from ..calculator import LiveOdds
            self._odds_factory = functools.partial(LiveOdds, game=self.board_game.cards)
        key = (self.hand_number, seat, len(hand.board))
        if key not in self._odds:
            self._odds = {k: v for k, v in self._odds.items() if k[0] == self.hand_number}
            number, live = self._live.get(seat, (None, None))
            if live is None or number != self.hand_number:
                live = self._odds_factory(hand.hole(seat))
                self._live[seat] = (self.hand_number, live)
            self._odds[key] = live.update(hand.board)
        return self._odds[key]

    def _history_record(self, hand: PokerHand, outcome: Outcome) -> str:
        assert isinstance(hand, HoldemHand)
        record = pk.HandHistory.from_game_state(
            hand.definition, hand.state,
            hand=self.hand_number, players=self.names(hand.seats),
            finishing_stacks=[outcome.final_stacks[s] for s in hand.seats],
        )
        return f"[{self.hand_number}]\n{record.dumps()}\n\n"
