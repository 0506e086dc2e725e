"""Range questions cost their distinct matchups: seats with equal ranges share work (pokerfsm.odds.matchups).

Each shared answer is checked against the unshared path (every combination
of hands counted for itself) and against a slow oracle: plain enumeration of
every combination of hands and every board with the reference evaluator,
which shares no code with the kernels.
"""
import dataclasses
import itertools
import math
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pokerfsm.cards import parse_cards
from pokerfsm.combos import IDENTITY, SUIT_PERMUTATIONS
from pokerfsm.errors import InvalidDealError
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.odds.deal import prepare_deal
from pokerfsm.odds.enumeration import enumerate_ranges, make_plan
from pokerfsm.odds.matchups import combination_classes, equal_range_groups
from pokerfsm.odds.results import split_row
from pokerfsm.odds.stopping import Stop
from pokerfsm.ranges import HandRange, parse_range

pytestmark = pytest.mark.usefixtures("table")


def run(deal, *, matchups, swap_seats):
    plan = dataclasses.replace(make_plan(deal), matchups=matchups, swap_seats=swap_seats)
    return enumerate_ranges(deal, plan, None, Stop())


@cache
def value(cards):
    return reference_value(cards)


def oracle_winners(deal):
    """Weighted showdowns by winner mask, every combination of hands and every board dealt one by one."""
    board = [int(c) for c in deal.board]
    choices = [[(tuple(map(int, s.hand)), 1.0)] if s.hand is not None else
               [(tuple(map(int, h)), w) for h, w in s.cut_range.items()] for s in deal.seats]
    taken_before = set(board) | {int(c) for c in deal.dead}
    winners = np.zeros(1 << len(deal.seats))
    for hands in itertools.product(*choices):
        cards = [c for h, _ in hands for c in h]
        taken = taken_before | set(cards)
        if len(taken) != len(taken_before) + len(cards):
            continue
        weight = math.prod(w for _, w in hands)
        rest = [c for c in range(52) if c not in taken]
        for extra in itertools.combinations(rest, 5 - len(board)):
            values = [value(tuple(sorted(h + tuple(board) + extra))) for h, _ in hands]
            best = max(values)
            winners[sum(1 << p for p, v in enumerate(values) if v == best)] += weight
    return winners


PREFLOP = [
    (["QQ+, AKs", "QQ+, AKs", "87s"], "", ""),              # the same range twice
    (["KK+, AK", "76s", "KK+, AK"], "", ""),                 # equal ranges apart, another between them
    (["JJ+", "JJ+", "JJ+"], "", ""),                         # three seats of one range
]
POSTFLOP = [
    (["QQ+, AK", "QQ+, AK", "87s"], "2c 7d 9h", ""),        # a board that fixes every suit
    (["AhKd", "0.5(QQ+), AK", "0.5(QQ+), AK"], "Kh Qd 2c", "3h"),   # a known hand, weights, a dead card
    (["QQ+, 0.3(AKs)"] * 4, "2h 7h 9c 5d Td", ""),          # four seats of one range
]


@pytest.mark.parametrize("players, board, dead, matchups",
                         [spot + (True,) for spot in PREFLOP + POSTFLOP] + [spot + (False,) for spot in POSTFLOP])
def test_shared_seats_count_what_every_combination_counts(players, board, dead, matchups):
    deal = prepare_deal(players, board, dead)
    shared, shared_count = run(deal, matchups=matchups, swap_seats=True)
    alone, alone_count = run(deal, matchups=matchups, swap_seats=False)
    assert shared_count == alone_count
    np.testing.assert_allclose(shared, alone, rtol=1e-12, atol=1e-9)


@pytest.mark.parametrize("players, board, dead", [
    (["QQ+, AK", "QQ+, AK", "87s"], "2c 7d 9h 9c", ""),
    (["0.5(AA), KhKd, 76s", "9s8s", "0.5(AA), KhKd, 76s"], "Ah 7h 6c 2h", "5h"),
])
@pytest.mark.parametrize("matchups", [True, False])
def test_shared_seats_against_the_oracle(players, board, dead, matchups):
    deal = prepare_deal(players, board, dead)
    row, _ = run(deal, matchups=matchups, swap_seats=True)
    np.testing.assert_allclose(split_row(row, len(players))[1], oracle_winners(deal), rtol=1e-12, atol=1e-9)


def test_seats_with_equal_ranges_merge_mirrored_matchups():
    """(a, b) and (b, a) are one class; a class of two mirrored pairs keeps each pair's weight under its order."""
    ranges = [parse_range("QQ+, AK"), parse_range("QQ+, AK"), parse_range("87s")]
    apart = combination_classes(ranges, SUIT_PERMUTATIONS, Stop(), swap_seats=False)
    shared = combination_classes(ranges, SUIT_PERMUTATIONS, Stop())
    assert shared.sizes.sum() == apart.sizes.sum()
    assert shared.weights().sum() == apart.weights().sum()
    assert len(shared) * 1.8 < len(apart)
    assert sorted(shared.orders) == [(0, 1, 2), (1, 0, 2)] and apart.orders == [(0, 1, 2)]


def test_equal_ranges_are_grouped_by_their_hands():
    r, other = parse_range("QQ+"), parse_range("JJ")
    assert equal_range_groups([r, other, HandRange(dict(r.items())), other, parse_range("AK")]) == [[0, 2], [1, 3]]
    assert equal_range_groups([r, other]) == []


def test_the_plan_counts_shared_seats():
    """Three seats of one range cost about a sixth of their combinations as matchups."""
    deal = prepare_deal(["JJ+", "JJ+", "JJ+"], "")
    plan = make_plan(deal)
    apart = combination_classes([s.cut_range for s in deal.seats], plan.group, Stop(), swap_seats=False)
    shared = combination_classes([s.cut_range for s in deal.seats], plan.group, Stop())
    assert plan.matchups and len(shared) * 4 < len(apart)
    sizes_alike = make_plan(prepare_deal(["JJ+", "77-TT", "33-66"], ""))   # as many hands each, no two equal
    assert plan.seconds * 3 < sizes_alike.seconds


cards = st.permutations(range(52))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deck=cards, board_size=st.sampled_from([4, 5]), pattern=st.sampled_from(
    [(0, 0), (0, 0, 1), (0, 1, 0), (0, "known", 0), (0, 0, 0), (1, 0, 0, 1)]),
    sizes=st.tuples(st.integers(1, 4), st.integers(1, 3)), half=st.booleans(), dead=st.booleans())
def test_random_deals_with_repeated_ranges_against_the_oracle(deck, board_size, pattern, sizes, half, dead):
    """Random small ranges on the turn and the river, some seats sharing a range: the engine's
    answer (with seats shared) is the oracle's."""
    board, rest = deck[:board_size], list(deck[board_size:])
    dead_cards = [rest.pop()] if dead else []
    known = (rest.pop(), rest.pop())
    pool = rest[:12]
    hands = [tuple(pool[i:i + 2]) for i in range(0, 12, 2)] + [(pool[0], pool[3]), (pool[5], pool[8])]
    ranges = [HandRange({hands[i]: 0.5 if half and i % 2 else 1.0 for i in range(sizes[0])}),
              HandRange({hands[4 + i]: 1.0 for i in range(sizes[1])})]
    players = [known if p == "known" else ranges[p] for p in pattern]
    try:
        deal = prepare_deal(players, board, dead_cards)
    except InvalidDealError:
        assume(False)
    expected = oracle_winners(deal)
    for matchups in (True, False):
        if not any(s.hand is None for s in deal.seats):
            break
        row, _ = run(deal, matchups=matchups, swap_seats=True)
        np.testing.assert_allclose(split_row(row, len(players))[1], expected, rtol=1e-12, atol=1e-9)


def test_without_renamings_every_orientation_is_listed():
    """With only the identity, the classes are the unordered pairs of hands of the two equal ranges."""
    classes = combination_classes([parse_range("KK"), parse_range("KK")], [IDENTITY], Stop())
    kings = [int(c) for c in parse_cards("Ks Kh Kd Kc")]
    pairs = {((kings[0], kings[i]), tuple(k for k in kings[1:] if k != kings[i])) for i in (1, 2, 3)}
    assert {tuple(map(tuple, h)) for h in classes.hands.tolist()} == pairs and set(classes.sizes) == {2}
