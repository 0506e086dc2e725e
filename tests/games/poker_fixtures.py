"""Helpers shared by the poker games' tests: a stand-in odds provider, an
automatic player, and an independent side-pot payout oracle."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pokerfsm.evaluation import evaluate
from pokerfsm.games.pokerhand import Action, Move, Outcome, Phase, SeatView
from pokerfsm.games.session import Decision
from pokerfsm.games.strength import made_category


@dataclass
class FakePlayer:
    win: float
    tie: float = 0.0

    @property
    def equity(self) -> float:
        return self.win + self.tie / 2


@dataclass
class FakeResult:
    players: tuple
    exact: bool = True
    std_error: float | None = None


class CountingOdds:
    """A LiveOdds stand-in: strength from the made hand, and a count of calls."""

    made = 0
    updates: list = []

    def __init__(self, hero, opponents=1, dead=()):
        type(self).made += 1
        self.hero = tuple(hero)
        self.boards = []

    def update(self, board=()):
        board = tuple(board)
        self.boards.append(board)
        type(self).updates.append((self.hero, board))
        category = made_category(self.hero, board)
        return FakeResult((FakePlayer(min(0.95, 0.2 + 0.12 * int(category)), 0.01),))

    @classmethod
    def reset(cls):
        cls.made, cls.updates = 0, []


class Chaos:
    """An automatic player that tries every kind of legal move (for invariants)."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def decide(self, view: SeatView) -> Decision:
        if view.phase is Phase.DRAW:
            return Decision(view.legal[int(self.rng.integers(len(view.legal)))])
        roll = self.rng.random()
        if view.raise_bounds and roll < 0.3:
            low, high = view.raise_bounds
            amount = high if roll < 0.08 else int(self.rng.integers(low, high + 1))
            kind = next(a.move for a in view.legal if a.move in (Move.BET, Move.RAISE))
            return Decision(Action(kind, amount))
        fold = view.legal_move(Move.FOLD)
        if fold is not None and roll < 0.5:
            return Decision(fold)
        return Decision(view.legal_move(Move.CALL) or view.legal_move(Move.CHECK))


def contributions(outcome: Outcome) -> dict[int, int]:
    """Chips each seat put in the pot during the hand."""
    return {s: outcome.starting_stacks[s] - outcome.final_stacks[s] + outcome.collected.get(s, 0)
            for s in outcome.starting_stacks}


def expected_payouts(put_in: dict[int, int], shown: dict[int, tuple], board: tuple):
    """Independent pot layering: (chips each seat should collect, seats that may get an odd chip).

    Every layer between two contribution levels is a pot; it goes to the best
    hand(s), by our evaluator, among the shown seats that paid up to that level.
    """
    values = {s: evaluate(tuple(cards) + tuple(board)) for s, cards in shown.items()}
    levels = sorted({c for c in put_in.values() if c > 0})
    pay = {s: 0 for s in put_in}
    odd = set()
    previous = 0
    for level in levels:
        layer = sum(min(c, level) - min(c, previous) for c in put_in.values())
        eligible = [s for s in values if put_in[s] >= level]
        if not eligible:  # only folded money at this level: it goes to the live seats below
            eligible = list(values)
        best = max(values[s] for s in eligible)
        winners = [s for s in eligible if values[s] == best]
        share, rest = divmod(layer, len(winners))
        for s in winners:
            pay[s] += share
        if rest:
            odd.update(winners)
        previous = level
    return pay, odd


def stacked_holdem(holes, board, *extra_hands):
    """A hold'em pack: ``holes`` dealt round-robin (first to the big blind), then burn/flop/burn/turn/
    burn/river; ``extra_hands`` are further (holes, board) pairs for the next hands (a pack
    reshuffled is replaced by these, in order)."""
    from pokerfsm.cards import parse_cards
    from pokerfsm.games.dealer import Dealer

    def one(holes, board):
        holes = [parse_cards(h) for h in holes]
        board = parse_cards(board)
        used = set(board).union(*holes)
        others = [c for c in parse_cards("2d 3d 4d 5d 6d 8d Td 2h 3h") if c not in used]
        order = [h[0] for h in holes] + [h[1] for h in holes]
        return order + [others[0], *board[:3], others[1], board[3], others[2], board[4]]

    dealer = Dealer(np.random.default_rng(0), order=one(holes, board))
    queue = [one(h, b) for h, b in extra_hands]

    def end_hand(table_cards, _end=dealer.end_hand):
        _end(table_cards)
        if queue:
            top = queue.pop(0)
            dealer._stub = top + [c for c in dealer._stub if c not in top]
    dealer.end_hand = end_hand
    return dealer
