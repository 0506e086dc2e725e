"""Random legal hands of short deck, stud, razz and the draw games, played on pokerkit, as PHH.

pokerkit deals nothing itself: every card comes from a seeded shuffle (in
the draw games, discards are shuffled back once the stub runs out, as a
dealer does), the players choose among the legal moves at random, and
``finishing_stacks`` are pokerkit's own: the oracle of the replay tests.
"""
from __future__ import annotations

import warnings

import numpy as np
import pokerkit as pk
from history_fixtures import AUTOMATIONS, DECK

SHORT_DECK = [c for c in DECK if c[0] not in "2345"]
STUD = ("F7S", "F7S/8", "FR")
DRAW = ("N2L1D", "F2L3D", "FB")
VARIANTS = ("NS", *STUD, *DRAW)


def _game(variant: str, ante: int, trimming: bool = False) -> object:
    if variant in STUD:
        kind = {"F7S": pk.FixedLimitSevenCardStud, "F7S/8": pk.FixedLimitSevenCardStudHighLowSplitEightOrBetter,
                "FR": pk.FixedLimitRazz}[variant]
        return kind(AUTOMATIONS, trimming, max(ante, 1), 1, 2, 4)
    if variant == "NS":
        return pk.NoLimitShortDeckHoldem(AUTOMATIONS, trimming, ante, (1, 2), 2)
    if variant == "N2L1D":
        return pk.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, trimming, ante, (1, 2), 2)
    kind = pk.FixedLimitBadugi if variant == "FB" else pk.FixedLimitDeuceToSevenLowballTripleDraw
    return kind(AUTOMATIONS, trimming, ante, (1, 2), 2, 4)


def random_variant_hand(seed: int, variant: str, *, players: tuple[int, int] = (2, 6),
                        passive: float = 0.6, stacks: tuple[int, int] = (20, 300)) -> str:
    """One random legal hand of ``variant`` (a PHH code of :data:`VARIANTS`), as PHH text.

    ``passive`` is the share of decisions that are a check or a call (more
    showdowns); small ``stacks`` make all-ins and side pots frequent.
    """
    rng = np.random.default_rng(seed)
    n = int(rng.integers(*players))
    trimming = bool(rng.random() < 0.3)
    game = _game(variant, int(rng.choice([0, 1, 3])), trimming)
    state = game(tuple(int(x) for x in rng.integers(*stacks, size=n)), n)
    deck = [str(c) for c in rng.permutation(SHORT_DECK if variant == "NS" else DECK)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit's burns may take a card we deal later
        _play(state, deck, rng, passive)
    history = pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks),
                                             ante_trimming_status=trimming)
    return history.dumps()


def _held(state) -> set[str]:
    """Cards in the hands of players still in (never dealt again)."""
    return {repr(c) for i, cards in enumerate(state.hole_cards) if state.statuses[i] for c in cards}


def _cards(state, count: int, deck: list[str], rng: np.random.Generator) -> str:
    """``count`` cards from the stub; once it is out, every card not in a live hand (nor in this
    deal) is shuffled back in."""
    dealt: list[str] = []
    for _ in range(count):
        if not deck:
            deck.extend(str(c) for c in rng.permutation(sorted(set(DECK) - _held(state) - set(dealt))))
        dealt.append(deck.pop())
    return "".join(dealt)


def _play(state, deck: list[str], rng: np.random.Generator, passive: float) -> None:
    while state.status:
        if state.can_deal_hole():
            count = len(state.hole_dealing_statuses[state.hole_dealee_index])
            state.deal_hole(_cards(state, count, deck, rng))
        elif state.can_deal_board():
            state.deal_board(_cards(state, state.board_dealing_count, deck, rng))
        elif state.stand_patter_or_discarder_index is not None:
            hand = list(state.hole_cards[state.stand_patter_or_discarder_index])
            keep = rng.random(len(hand)) < 0.6
            state.stand_pat_or_discard([c for c, k in zip(hand, keep) if not k])
        elif state.can_post_bring_in():  # bring in, or complete at once
            state.post_bring_in() if rng.random() < 0.7 else state.complete_bet_or_raise_to()
        elif state.actor_index is not None:
            choice = rng.random() * (1 - passive) + passive
            if state.can_complete_bet_or_raise_to() and choice < 0.75:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(int(rng.choice([low, high, (low + high) // 2])))
            elif state.can_fold() and choice < 0.62:
                state.fold()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every other automation is on
            raise AssertionError(f"stuck: {state}")


def scripted_hand(variant: str, hands: list[str], folder: int) -> str:
    """A hand of ``variant`` where each player gets the cards of ``hands`` in order (a stud
    player's seven as dealt, a draw player's five or four, kept: everybody stands pat), the
    ``folder`` folds at the first chance and the others bring in, call and check to the showdown.
    Antes of 1 (and blinds 1/2, or a bring-in of 1) make the pot odd, for a split with an odd chip.
    """
    n = len(hands)
    game = _game(variant, 1)
    state = game((100,) * n, n)
    left = [[h[i:i + 2] for i in range(0, len(h), 2)] for h in hands]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                i = state.hole_dealee_index
                count = len(state.hole_dealing_statuses[i])
                state.deal_hole("".join(left[i].pop(0) for _ in range(count)))
            elif state.stand_patter_or_discarder_index is not None:
                state.stand_pat_or_discard()
            elif state.can_post_bring_in():
                state.post_bring_in()
            elif state.actor_index == folder:
                state.fold()
            else:
                state.check_or_call()
    return pk.HandHistory.from_game_state(game, state, finishing_stacks=list(state.stacks)).dumps()
