"""One hand of poker as a state machine whose moves are values.

pokerkit is the rules engine (blinds and antes, betting order, minimum
raises, all-ins, side pots, showdown); this module wraps one pokerkit
``State`` so that a game is driven by :class:`Action` values only:

* :meth:`PokerHand.legal_actions`, :meth:`PokerHand.can_apply`,
  :meth:`PokerHand.apply` and :attr:`PokerHand.history`;
* :meth:`PokerHand.view` is what one seat may know (its own cards and the
  public table), the only input of the computer players;
* :meth:`PokerHand.outcome` is a small dataclass once the hand is over.

The cards come from our :class:`~pokerfsm.games.dealer.Dealer`, never from
pokerkit's own deck, so that the pack is only cut between hands, as a card room deals.
Every hand still in at the showdown is shown, face up, to the whole table.

Amounts of bets and raises are *totals for the round* ("raise to 60"), as in
pokerkit and in hand histories.
"""
from __future__ import annotations

import itertools
import warnings
from collections.abc import Sequence
from functools import cache

import pokerkit as pk

from ..cards import Card
from ..errors import IllegalActionError
from .actionlog import ActionLog
from .actions import Action, Move, Outcome, Phase, PotResult, SeatView, Step
from .chips import ChipLedger
from .dealer import Dealer
from .pots import Layer, take_layers

__all__ = ["Move", "Action", "Phase", "Step", "SeatView", "PotResult", "Outcome", "PokerHand",
           "AUTOMATIONS"]

#: the steps pokerkit does by itself; dealing and showing are ours
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PULLING,
)


@cache
def _pk_card(card: int) -> pk.Card:
    return next(iter(pk.Card.parse(str(Card(card)))))


def _our_card(card: pk.Card) -> Card:
    return Card.parse(repr(card))


class PokerHand:
    """A hand on a pokerkit ``State``; subclasses build the state and name the streets.

    ``seats`` are the session's seat numbers in pokerkit order: first to the
    left of the button, the button last.

    Besides pokerkit's accounting it keeps what a table announces as it
    happens, through its :attr:`chips` (:class:`~pokerfsm.games.chips.ChipLedger`):
    uncalled bets given back when a betting round closes
    (:attr:`Step.returned`), the main and side pots when an all-in splits
    the pot (:attr:`Step.pots`); and the cards each player drew.

    >>> from pokerfsm.games.holdem import HoldemSession
    >>> from pokerfsm.games.session import TablePlayer
    >>> hand = HoldemSession([TablePlayer("Ann", "x", 100), TablePlayer("Bob", "x", 100)], seed=1).start_hand()
    >>> step = hand.apply(Action.raise_to(40))       # Bob, the button, raises
    >>> step = hand.apply(Action.fold())             # Ann folds her big blind
    >>> step.returned, hand.outcome().pot_total, hand.outcome().net
    (((1, 30),), 20, {0: -10, 1: 10})
    """

    game = "poker"
    street_names: tuple[str, ...] = ()
    pot_limit = False
    """True when no bet or raise may go above the pot after the call (pot-limit games)."""

    def __init__(self, state: pk.State, seats: Sequence[int], dealer: Dealer, big_blind: int) -> None:
        self._state = state
        self.seats = tuple(seats)
        self._index = {seat: i for i, seat in enumerate(self.seats)}
        self._dealer = dealer
        self.big_blind = big_blind
        self.history: list[Step] = []
        self.starting_stacks = {seat: state.starting_stacks[i] for i, seat in enumerate(self.seats)}
        self._holes: dict[int, list[Card]] = {seat: [] for seat in self.seats}
        self._board: list[Card] = []
        self._pots: list[PotResult] = []
        self._shown: dict[int, tuple[Card, ...]] = {}
        self._draws: dict[int, int] = {}
        self._layers: list[Layer] = []  # the pots when betting ends, who can win each
        self._log = ActionLog()
        self._drawn: dict[int, list[Card]] = {}
        self._advance()
        self.chips = ChipLedger(state, self.seats)
        """The chips put in, and what they announce (:mod:`pokerfsm.games.chips`)."""

    # -- what the table shows -------------------------------------------------
    @property
    def state(self) -> pk.State:
        """The underlying pokerkit state (read it, do not act on it)."""
        return self._state

    @property
    def over(self) -> bool:
        return not self._state.status

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        if self._state.stand_patter_or_discarder_index is not None:
            return Phase.DRAW
        return Phase.BETTING

    @property
    def actor(self) -> int | None:
        """The seat whose move it is, or None once the hand is over."""
        s = self._state
        index = s.stand_patter_or_discarder_index
        if index is None:
            index = s.actor_index
        return None if index is None else self.seats[index]

    def _acting_seat(self) -> int:
        """The seat whose move it is; the hand must still be going."""
        seat = self.actor
        assert seat is not None, "no seat acts once the hand is over"
        return seat

    @property
    def street(self) -> str:
        index = self._state.street_index
        if index is None or self.over:
            return "showdown" if self._shown else "end"
        if self.phase is Phase.DRAW:
            return "draw"
        return self.street_names[index]

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple(self._board)

    @property
    def pot(self) -> int:
        """All chips in the middle, bets of the current round included."""
        return self._state.total_pot_amount

    def hole(self, seat: int) -> tuple[Card, ...]:
        """The seat's current cards (empty once folded)."""
        return tuple(self._holes[seat])

    def stack(self, seat: int) -> int:
        return self._state.stacks[self._index[seat]]

    def bet(self, seat: int) -> int:
        return self._state.bets[self._index[seat]]

    @property
    def live_seats(self) -> tuple[int, ...]:
        """Seats that have not folded."""
        return tuple(s for s in self.seats if self._holes[s])

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Hands shown at the showdown so far."""
        return dict(self._shown)

    @property
    def draws(self) -> dict[int, int]:
        """How many cards each seat drew so far (draw games)."""
        return dict(self._draws)

    # -- moves ------------------------------------------------------------------
    @property
    def raise_bounds(self) -> tuple[int, int] | None:
        """Lowest and highest legal bet or "raise to" amount, or None."""
        s = self._state
        if self.phase is not Phase.BETTING or not s.can_complete_bet_or_raise_to():
            return None
        low, high = s.min_completion_betting_or_raising_to_amount, s.max_completion_betting_or_raising_to_amount
        assert low is not None and high is not None, "pokerkit gives both bounds of a raise it allows"
        return low, high

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal move; a bet or raise is listed at its lowest and highest amount.

        Any amount between those two is legal as well (see :attr:`raise_bounds`).
        In a draw, every subset of the hand is a legal discard.
        """
        if self.phase is Phase.DRAW:
            hole = sorted(self._holes[self._acting_seat()])
            return tuple(Action.draw(c) for k in range(len(hole) + 1)
                         for c in itertools.combinations(hole, k))
        if self.phase is Phase.OVER:
            return ()
        s = self._state
        actions = []
        if s.can_fold():
            actions.append(Action.fold())
        to_call = s.checking_or_calling_amount
        actions.append(Action.call(to_call) if to_call else Action.check())
        bounds = self.raise_bounds
        if bounds is not None:
            make = Action.raise_to if max(s.bets) > 0 else Action.bet
            actions.extend(make(amount) for amount in sorted(set(bounds)))
        return tuple(actions)

    def can_apply(self, action: Action) -> bool:
        """True if ``action`` is a legal move for the actor now."""
        if not isinstance(action, Action):
            return False
        if self.phase is Phase.DRAW:
            return (action.move is Move.DRAW and len(set(action.cards)) == len(action.cards)
                    and set(action.cards) <= set(self._holes[self._acting_seat()]))
        legal = self.legal_actions()
        if action.move in (Move.BET, Move.RAISE):
            bounds = self.raise_bounds
            kind = next((a.move for a in legal if a.move in (Move.BET, Move.RAISE)), None)
            return (bounds is not None and action.move is kind and not action.cards
                    and bounds[0] <= action.amount <= bounds[1])
        return action in legal

    def apply(self, action: Action) -> Step:
        """Play ``action`` for the actor; raises IllegalActionError if it is not legal."""
        if not self.can_apply(action):
            legal = ", ".join(map(str, self.legal_actions())) or "none (the hand is over)"
            raise IllegalActionError(f"{str(action)!r} is not legal for seat {self.actor} "
                                     f"on the {self.street}; legal: {legal}")
        seat, street, s = self._acting_seat(), self.street, self._state
        index = self._index[seat]
        pot, to_call = self.pot, (s.checking_or_calling_amount or 0) if action.move is not Move.DRAW else 0
        bets = list(s.bets)
        bets_before = bets[index]
        if action.move is Move.DRAW:
            s.stand_pat_or_discard([_pk_card(c) for c in action.cards])
            for card in action.cards:
                self._holes[seat].remove(card)
            self._dealer.muck(action.cards)
            self._draws[seat] = len(action.cards)
            self._drawn[seat] = []
        elif action.move is Move.FOLD:
            s.fold()
            self._dealer.muck(self._holes[seat])
            self._holes[seat] = []
        elif action.move in (Move.CHECK, Move.CALL):
            bets[index] += s.check_or_call().amount
        else:
            s.complete_bet_or_raise_to(action.amount)
            bets[index] = action.amount
        self.chips.add(seat, bets[index] - bets_before)
        all_in = action.move is not Move.DRAW and s.stacks[index] == 0
        self._log.note(f"p{index + 1} " + {
            Move.FOLD: "f", Move.CHECK: "cc", Move.CALL: "cc", Move.BET: f"cbr {action.amount}",
            Move.RAISE: f"cbr {action.amount}", Move.DRAW: ("sd " + "".join(map(str, action.cards))).strip(),
        }[action.move])
        self._advance()
        returned = self.chips.uncalled(bets) if action.move is not Move.DRAW else ()
        step = Step(seat, action, street, all_in, pot, to_call, bets_before, returned, self.chips.new_pot_layout())
        self.history.append(step)
        return step

    def drawn(self, seat: int) -> tuple[Card, ...]:
        """The replacement cards ``seat`` received at the draw so far."""
        return tuple(self._drawn.get(seat, ()))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: its own cards and the public table."""
        s = self._state
        acting = seat == self.actor
        to_call = s.checking_or_calling_amount if acting and self.phase is Phase.BETTING else 0
        return SeatView(
            game=self.game, seat=seat, street=self.street, phase=self.phase,
            hole=self.hole(seat), board=self.board, pot=self.pot, to_call=to_call or 0,
            stack=self.stack(seat), bet=self.bet(seat), big_blind=self.big_blind,
            raise_bounds=self.raise_bounds if acting else None,
            legal=self.legal_actions() if acting else (),
            opponents=sum(1 for s2 in self.live_seats if s2 != seat),
            draws=self.draws,
            history=tuple(step if step.seat == seat else step.public() for step in self.history),
            live=self.live_seats, put_in=dict(self.chips.put), pot_limit=self.pot_limit,
        )

    # -- the end ------------------------------------------------------------------
    def outcome(self) -> Outcome:
        """The result; raises IllegalActionError while the hand is still going."""
        if not self.over:
            raise IllegalActionError("the hand is not over yet")
        return Outcome(
            starting_stacks=dict(self.starting_stacks),
            final_stacks={seat: self.stack(seat) for seat in self.seats},
            pots=tuple(self._pots), shown=dict(self._shown), board=self.board,
            collected=self.chips.collected(),
            pot_total=sum(self.chips.put.values()) - sum(self.chips.returned().values()),
            returned=self.chips.returned(),
            drawn={seat: tuple(cards) for seat, cards in self._drawn.items() if cards},
        )

    def table_cards(self) -> list[Card]:
        """Cards still on the table (hands in seat order, then the board)."""
        return [c for seat in sorted(self.seats) for c in self._holes[seat]] + self._board

    # -- dealing and showdown, driven by what pokerkit waits for -----------------
    def _deal(self, count: int) -> list[pk.Card]:
        return [_pk_card(c) for c in self._dealer.deal(count)]

    def _advance(self) -> None:
        s = self._state
        with warnings.catch_warnings():
            # our cards may come back from the muck, which pokerkit only "does not recommend"
            warnings.simplefilter("ignore")
            while s.status:
                if s.can_burn_card():
                    burnt = self._dealer.deal(1)
                    s.burn_card(_pk_card(burnt[0]))
                    self._dealer.muck(burnt)
                elif s.hole_dealee_index is not None:
                    seat = self.seats[s.hole_dealee_index]
                    card, = self._deal(1)
                    self._log.dealt(s.hole_dealee_index, _our_card(card))
                    s.deal_hole([card], s.hole_dealee_index)
                    self._holes[seat].append(_our_card(card))
                    if seat in self._drawn:  # a replacement, after the seat's discards
                        self._drawn[seat].append(_our_card(card))
                elif s.can_deal_board():
                    count = s.board_dealing_count
                    assert count is not None, "pokerkit counts the board cards it can deal"
                    cards = self._deal(count)
                    s.deal_board(cards)
                    self._board.extend(map(_our_card, cards))
                    self._log.note("d db " + "".join(str(_our_card(c)) for c in cards))
                elif s.showdown_index is not None:
                    if not self._shown:  # betting is over: who can win which pot
                        self._layers = [(pot.amount, tuple(self.seats[i] for i in pot.player_indices))
                                        for pot in s.pots]
                    seat = self.seats[s.showdown_index]
                    self._shown[seat] = tuple(self._holes[seat])
                    self._log.note(f"p{s.showdown_index + 1} sm " + "".join(map(str, self._shown[seat])))
                    s.show_or_muck_hole_cards(True)
                elif s.can_push_chips():
                    self._push_chips()
                else:
                    break

    def notation(self) -> list[str]:
        """The hand so far as PHH action lines (``'d dh p1 AhKh'``, ``'p2 cbr 40'``...)."""
        return self._log.lines()

    def _push_chips(self) -> None:
        s = self._state
        pots = list(s.pots)
        push = s.push_chips()
        # pokerkit pays layers that the same hands win as one pot: name everyone who could win a part
        eligible = take_layers(self._layers, push.total_amount)
        if eligible is None:  # no showdown (or no layers to match): the pot as pokerkit holds it
            eligible = tuple(self.seats[i] for i in pots[push.pot_index].player_indices)
        shares = {self.seats[i]: amount for i, amount in enumerate(push.amounts) if amount}
        self._pots.append(PotResult(push.total_amount, eligible, shares))
