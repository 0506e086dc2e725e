"""What a hand's chips announce as they move: the uncalled bet given back, the side pots as they form,
and what each seat took from the table.

A :class:`ChipLedger` follows one pokerkit ``State`` beside
:class:`~pokerfsm.games.pokerhand.PokerHand`, which tells it the chips each
seat puts in; pokerkit keeps the stacks and pays the pots, the ledger says
what a dealer says out loud about them.

>>> from pokerfsm.games.holdem import HoldemSession
>>> from pokerfsm.games.session import TablePlayer
>>> from pokerfsm.games.actions import Action
>>> hand = HoldemSession([TablePlayer("Ann", "x", 100), TablePlayer("Bob", "x", 100)], seed=1).start_hand()
>>> hand.chips.put                       # the blinds, posted
{0: 10, 1: 5}
>>> step = hand.apply(Action.raise_to(40)); step = hand.apply(Action.fold())
>>> hand.chips.returned(), hand.chips.collected()
({1: 30}, {1: 50})
"""
from __future__ import annotations

from collections.abc import Sequence

import pokerkit as pk

__all__ = ["ChipLedger", "PotLayout"]

PotLayout = tuple[tuple[int, tuple[int, ...]], ...]
"""The pots as (chips, the seats that can win them), main pot first."""


class ChipLedger:
    """The chips of one hand on a pokerkit ``state`` whose players are ``seats`` (in pokerkit order).

    ``put`` is the chips each seat put in so far: the antes and blinds, then
    every call, bet and raise the hand adds with :meth:`add`.
    """

    def __init__(self, state: pk.State, seats: Sequence[int]) -> None:
        self._state = state
        self._seats = tuple(seats)
        self._pot_layout: PotLayout = ()
        self.put = {seat: 0 for seat in self._seats}
        for operation in state.operations:
            if isinstance(operation, (pk.AntePosting, pk.BlindOrStraddlePosting)):
                self.put[self._seats[operation.player_index]] += operation.amount

    def add(self, seat: int, chips: int) -> None:
        """Count ``chips`` more put in by ``seat``."""
        self.put[seat] += chips

    def uncalled(self, bets: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """The bet nobody matched, as (seat, chips), once the round's ``bets`` are gone from the table
        (the round is over); empty otherwise."""
        if sum(bets) == 0 or (any(self._state.bets) and self._state.status):
            return ()
        ranked = sorted(range(len(bets)), key=lambda i: -bets[i])
        extra = bets[ranked[0]] - (bets[ranked[1]] if len(bets) > 1 else 0)
        if extra <= 0:
            return ()
        return ((self._seats[ranked[0]], extra),)

    def returned(self) -> dict[int, int]:
        """The uncalled bet of the hand: what its biggest contributor put in beyond everyone else.

        Once a bet goes uncalled nobody else can bet any more, so a hand has at
        most one, and the moves announce it when it happens.
        """
        ranked = sorted(self.put.items(), key=lambda item: -item[1])
        extra = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
        return {ranked[0][0]: extra} if extra > 0 else {}

    def new_pot_layout(self) -> PotLayout:
        """The pots when there are several and they changed since last asked; empty otherwise."""
        if not self._state.status:
            return ()
        layout = tuple((pot.amount, tuple(self._seats[i] for i in pot.player_indices))
                       for pot in self._state.pots)
        if len(layout) < 2 or layout == self._pot_layout:
            return ()
        self._pot_layout = layout
        return layout

    def collected(self) -> dict[int, int]:
        """Chips each seat took back from the table (pots won and uncalled bets)."""
        collected: dict[int, int] = {}
        for operation in self._state.operations:
            if isinstance(operation, pk.ChipsPulling):
                seat = self._seats[operation.player_index]
                collected[seat] = collected.get(seat, 0) + operation.amount
        return collected
