"""Helpers for the history tests: random legal hands played on pokerkit, written as PHH."""
from __future__ import annotations

import warnings

import numpy as np
import pokerkit as pk

A = pk.Automation
AUTOMATIONS = (A.ANTE_POSTING, A.BET_COLLECTION, A.BLIND_OR_STRADDLE_POSTING, A.CARD_BURNING,
               A.HOLE_CARDS_SHOWING_OR_MUCKING, A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


HOLE_CARDS = {"NT": 2, "FT": 2, "PO": 4, "FO/8": 4}


def random_hand(seed: int, fixed_limit: bool = False, variant: str | None = None, *,
                players: tuple[int, int] = (2, 7), passive: float = 0.0, board: str = "") -> str:
    """One random legal hand (2-6 players, random stacks, antes and straddles), as PHH.

    ``variant`` is a PHH code ('NT', 'FT', 'PO', 'FO/8'; by default hold'em,
    fixed-limit when ``fixed_limit``). pokerkit deals nothing itself: the
    cards come from a seeded permutation (the board's first cards may be
    fixed by ``board``, e.g. high cards only for a hi-lo hand without a low),
    and the players choose among the legal moves at random (all-ins are
    frequent, so are side pots; with ``passive`` that share of decisions is a
    check or call, for more showdowns). ``finishing_stacks`` are pokerkit's.
    """
    variant = variant or ("FT" if fixed_limit else "NT")
    rng = np.random.default_rng(seed)
    n = int(rng.integers(*players))
    stacks = [int(x) for x in rng.integers(1, 400, size=n)]
    small, big = 1, 2
    blinds = [small, big] + [0] * (n - 2)
    if n > 3 and rng.random() < 0.3:
        blinds[2] = 4  # a straddle
    ante = int(rng.choice([0, 0, 1, 3]))
    trimming = bool(rng.random() < 0.3)
    if variant == "FT":
        game = pk.FixedLimitTexasHoldem(AUTOMATIONS, trimming, ante, tuple(blinds[:2]), 2, 4)
    elif variant == "NT":
        game = pk.NoLimitTexasHoldem(AUTOMATIONS, trimming, ante, tuple(blinds), big)
    elif variant == "PO":
        game = pk.PotLimitOmahaHoldem(AUTOMATIONS, trimming, ante, tuple(blinds), big)
    else:
        game = pk.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, trimming, ante, tuple(blinds[:2]),
                                                                 2, 4)
    state = game(tuple(stacks), n)
    fixed = [board[i:i + 2] for i in range(0, len(board), 2)]
    rest = [c for c in rng.permutation(DECK) if c not in fixed]
    boards = iter(fixed + rest[:5 - len(fixed)])
    cards = iter(rest[5 - len(fixed):])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit's burns may take a card we deal later
        _play(state, cards, boards, rng, HOLE_CARDS[variant], passive)
    # pokerkit's writer leaves ante_trimming_status out (false is the reader's default)
    history = pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks),
                                             ante_trimming_status=trimming)
    return history.dumps()


def _play(state, cards, boards, rng, hole_cards, passive) -> None:
    while state.status:
        if state.can_deal_hole():
            state.deal_hole("".join(next(cards) for _ in range(hole_cards)))
        elif state.can_deal_board():
            state.deal_board("".join(next(boards) for _ in range(state.board_dealing_count)))
        elif state.actor_index is not None:
            choice = rng.random() * (1 - passive) + passive
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
