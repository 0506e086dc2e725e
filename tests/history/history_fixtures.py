"""Helpers for the history tests: random legal hands played on pokerkit, written as PHH."""
from __future__ import annotations

import warnings

import numpy as np
import pokerkit as pk

A = pk.Automation
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
               A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def random_hand(seed: int, fixed_limit: bool = False) -> str:
    """One random legal hold'em hand (2-6 players, random stacks, antes and straddles), as PHH.

    pokerkit deals nothing itself: the cards come from a seeded permutation,
    and the players choose among the legal moves at random (all-ins are
    frequent, so are side pots). ``finishing_stacks`` are pokerkit's.
    """
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    stacks = [int(x) for x in rng.integers(1, 400, size=n)]
    small, big = 1, 2
    blinds = [small, big] + [0] * (n - 2)
    if n > 3 and rng.random() < 0.3:
        blinds[2] = 4  # a straddle
    ante = int(rng.choice([0, 0, 1, 3]))
    trimming = bool(rng.random() < 0.3)
    if fixed_limit:
        game = pk.FixedLimitTexasHoldem(AUTOMATIONS, trimming, ante, tuple(blinds[:2]), 2, 4)
    else:
        game = pk.NoLimitTexasHoldem(AUTOMATIONS, trimming, ante, tuple(blinds), big)
    state = game(tuple(stacks), n)
    cards = iter(rng.permutation(DECK))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit's burns may take a card we deal later
        _play(state, cards, rng)
    # pokerkit's writer leaves ante_trimming_status out (false is the reader's default)
    history = pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks),
                                             ante_trimming_status=trimming)
    return history.dumps()


def _play(state, cards, rng) -> None:
    while state.status:
        if state.can_deal_hole():
            state.deal_hole(next(cards) + next(cards))
        elif state.can_deal_board():
            state.deal_board("".join(next(cards) for _ in range(state.board_dealing_count)))
        elif state.actor_index is not None:
            choice = rng.random()
            if state.can_complete_bet_or_raise_to() and choice < 0.35:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(int(rng.choice([low, high, (low + high) // 2])))
            elif state.can_fold() and choice < 0.5:
                state.fold()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every automation is on
            raise AssertionError(f"stuck: {state}")
