"""Joint split outcomes: who takes the pot, alone or together, on every path of the engine.

The oracle enumerates deals in plain Python with the reference evaluator
(pokerfsm.evaluation.reference), which shares no code with the table or the
kernels, and counts, for every showdown, the set of players holding the best
hand.
"""
import itertools
import json
import math

import pytest

from pokerfsm import HandCategory, evaluate_many
from pokerfsm.calculator import equity
from pokerfsm.cards import parse_cards
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.odds.results import outcome_slots, reorder_row, row_width, split_row
from pokerfsm.ranges import HandRange, parse_range

pytestmark = pytest.mark.usefixtures("table")


def choices_of(spec):
    """A seat's (hand, weight) choices, as the library reads the seat."""
    if spec is None:
        return list(HandRange.random().items())
    try:
        cards = parse_cards(spec)
    except ValueError:
        cards = ()
    if len(cards) == 2:
        return [(tuple(cards), 1.0)]
    return list(parse_range(spec).items())


def brute_force_winner_sets(players, board, dead=()):
    """Weighted showdown counts of each winner set (tuples of seats), by plain enumeration."""
    board = [int(c) for c in parse_cards(board)]
    dead = [int(c) for c in parse_cards(dead)] if dead else []
    counts = {}
    for hands in itertools.product(*(choices_of(p) for p in players)):
        cards = [int(c) for h, _ in hands for c in h]
        taken = set(cards) | set(board) | set(dead)
        if len(taken) != len(cards) + len(board) + len(dead):
            continue
        weight = math.prod(w for _, w in hands)
        rest = [c for c in range(52) if c not in taken]
        for extra in itertools.combinations(rest, 5 - len(board)):
            values = [reference_value([int(c) for c in h] + board + list(extra)) for h, _ in hands]
            best = max(values)
            seats = tuple(p for p, v in enumerate(values) if v == best)
            counts[seats] = counts.get(seats, 0.0) + weight
    return counts


SPOTS = [
    # known hands (_boards), 3 and 4 players, river and turn
    (["AhKd", "AsKc", "QhQd"], "2c 7d 9h Ts"),
    (["7c2d", "7s2h", "3c3d", "8d8s"], "Ah Kh Qh Jh"),
    (["AhKd", "AsKc", "AdKh", "2s3s"], "Qc Jd Th 4c 4d"),
    (["Ts9s", "AdQc", "8h8c"], "Js 2s 3d 4h"),
    # known hands against one range (_range_scan), the range player first, in the middle or last
    (["QQ+, AKs, 0.5(JTs)", "AhKh", "AdKc"], "Qh 7h 2c 5s"),
    (["AhKh", "0.25(22-55), 97s, 0.5(T8s-QTs)", "Ad9d"], "9h 8h 2c 5s"),
    (["AsKs", "AdKd", "0.5(QQ, 55), 0.25(JhTh, 9h8h), 22, AhQc"], "Qh 7h 2h 5s 3d"),
    (["7c7d", "0.75(random)", "7h7s"], "Ks 9s 4c 3s"),
    # weights binary cannot hold: a range that never wins alone must not show a 1e-15 win (a remainder)
    (["AhTd", "0.1(AT, 22-55), 0.3(KK-66), 0.7(A2s+)"], "Kc Qd Js 2h 3c"),
    (["AhKh", "0.1(QQ+), 0.3(AKs), 0.7(JJ, T9s)", "Ad9d"], "Qh 7h 2c 5s 9c"),
    (["AhKh", "AcKc", None, "2d2h"], "Qh 7h 2c 5s 9h"),
    # several ranges: the Python loop over the outer ranges' hands, seats reordered
    (["QQ+, AKs", "AhKd", "0.5(JTs), 99"], "Qh 7h 2c 5s"),
    (["AK", "KQ, 0.5(QQ)", "AhJh", "AQs"], "Kh Qd 2c 5s 9c"),
    (["AK", "AhKh", None], "Ac Kd 2c 5s 9c"),
]


@pytest.mark.parametrize("players, board", SPOTS)
def test_winner_sets_against_brute_force(players, board):
    r = equity(players, board, exact=True)
    expected = brute_force_winner_sets(players, board)
    total = sum(expected.values())
    assert set(r.splits) == set(expected)
    for seats, count in expected.items():
        assert r.split_counts[seats] == pytest.approx(count, rel=1e-12)
        assert r.splits[seats] == pytest.approx(count / total, abs=1e-12)
    assert r.split == pytest.approx(sum(c for s, c in expected.items() if len(s) > 1) / total, abs=1e-12)


def board_by_board(hands, board, dead=""):
    """Winner-set counts and each player's category counts over every completion of the board, each
    board valued on its own with evaluate_many (no counting by rank classes)."""
    import numpy as np

    holes = [[int(c) for c in parse_cards(h)] for h in hands]
    known = [int(c) for c in parse_cards(board)]
    taken = {c for h in holes for c in h} | set(known) | {int(c) for c in parse_cards(dead)}
    rest = [c for c in range(52) if c not in taken]
    k = 5 - len(known)
    boards = np.fromiter(itertools.chain.from_iterable(itertools.combinations(rest, k)), dtype=np.uint8,
                         count=math.comb(len(rest), k) * k).reshape(math.comb(len(rest), k), k)
    values = np.stack([evaluate_many(np.hstack([np.tile(np.array(h + known, dtype=np.uint8), (len(boards), 1)),
                                                boards])) for h in holes])
    best = values.max(axis=0)
    masks = ((values == best) << np.arange(len(hands))[:, None]).sum(axis=0)
    winners = {tuple(p for p in range(len(hands)) if m >> p & 1): int(n)
               for m, n in zip(*np.unique(masks, return_counts=True))}
    categories = [np.bincount(v >> 12, minlength=10)[1:].tolist() for v in values]
    return winners, categories


@pytest.mark.parametrize("hands, board, dead", [
    (["AhKh", "QhJh", "2c2d"], "", ""),                   # preflop, two suited hands
    (["AhAd", "KsKc", "7h8h"], "", "9h Th"),              # preflop, dead cards of the 7h8h's suit
    (["9s8s", "AcKd", "7h7d", "Qs2s"], "Ts 2d 7c", ""),   # turn and river to come, 4 players
    (["AhKh", "7c7d"], "2h 5h Kc", ""),                   # a flush draw on the flop
    (["AhKh", "QhJh"], "2h 3h 4h", ""),                   # three of a suit already
    (["Ah5h", "Kh2h", "QcQd"], "3h 4h 9h Jh", ""),        # four of a suit: everyone's flush on the river
    (["2c3d", "2d3c", "4s5s"], "Ah Kh Qh Jh Th", ""),     # nothing left to deal
])
def test_known_hands_count_every_board(hands, board, dead):
    winners, categories = board_by_board(hands, board, dead)
    r = equity(hands, board, dead, exact=True)
    assert r.split_counts == winners
    for player, expected in zip(r.players, categories):
        counted = [round(player.categories[c.name] * r.combinations) for c in HandCategory]
        assert counted == expected


@pytest.mark.parametrize("players, board, dead", [
    (["QQ", "87s"], "", ""),                                    # preflop: two classes of 24 matchups
    (["AhKh", "QQ+, AKs", "0.5(JTs), 99"], "Qh 7h 2c", ""),
    (["AK", "KQ, 0.5(QQ)", "AhJh"], "Kh Qd 2c 5s", "3h"),
    (["0.3(22-55), A2s+", "AhKh"], "9h 8h 2h", ""),             # flushes on the board
    (["KK+, 0.5(AKs)", "KK+, 0.5(AKs)"], "", "As"),             # one range twice, a dead card
])
def test_matchups_and_the_range_scan_count_the_same(players, board, dead):
    """Every combination of hands as known hands (one per class of renamed suits) against one range
    walked class by class per board: the plan picks the faster, both give the same totals."""
    import dataclasses

    import numpy as np

    from pokerfsm.odds.deal import prepare_deal
    from pokerfsm.odds.enumeration import enumerate_ranges, make_plan
    from pokerfsm.odds.stopping import Stop

    deal = prepare_deal(players, board, dead)
    plan = make_plan(deal)
    scanned, matched = (enumerate_ranges(deal, dataclasses.replace(plan, matchups=m), None, Stop())
                        for m in (False, True))
    assert scanned[1] == matched[1]
    np.testing.assert_allclose(matched[0], scanned[0], rtol=1e-12)


def test_dead_cards_against_brute_force():
    players, board, dead = ["AhKd", "AsKc", "QQ, 0.5(AJs)"], "2c 7d 9h Ts", "Qs Jh"
    r = equity(players, board, dead, exact=True)
    expected = brute_force_winner_sets(players, board, dead)
    assert {s: pytest.approx(c, rel=1e-12) for s, c in expected.items()} == r.split_counts


@pytest.mark.parametrize("players, board", [
    (["AhAd", "KsKc"], ""),                           # known hands, preflop
    (["AhKh", None], ""),                             # against a range, with suit symmetry
    (["AhKh", "QQ+, AKs", None], "2c 7d 9h"),         # two ranges
    (["AsKs", "22+", "AhKh"], "Qh 7h 2h"),
    (["7c2d", "7s2h", "3c3d"], "Ah Kh Qh Jh"),
])
def test_masks_account_for_every_showdown(players, board):
    """Unit weights: the counts over the winner sets add up to the showdowns enumerated, and each
    player's win and tie are the sets it belongs to."""
    r = equity(players, board, exact=True)
    assert sum(r.split_counts.values()) == r.combinations
    assert sum(r.splits.values()) == pytest.approx(1.0, abs=1e-12)
    for p, player in enumerate(r.players):
        assert player.wins == r.split_counts.get((p,), 0)
        assert player.win == pytest.approx(r.splits.get((p,), 0.0), abs=1e-15)
        assert player.ties == sum(c for s, c in r.split_counts.items() if p in s and len(s) > 1)
        assert player.losses == sum(c for s, c in r.split_counts.items() if p not in s)
        share = sum(q / len(s) for s, q in r.splits.items() if p in s)
        assert player.equity == pytest.approx(share, abs=1e-12)


def test_published_split_of_aces_against_kings():
    r = equity(["AhAd", "KsKc"])
    assert r.split_counts == {(0,): 1_388_072, (1,): 317_694, (0, 1): 6_538}
    assert r.split == 6_538 / 1_712_304


def test_a_board_that_plays_for_everyone():
    r = equity(["2c3d", "2d3c", "4h5h"], "Ah Kh Qh Jh Th")
    assert r.splits == {(0, 1, 2): 1.0} and r.split == 1.0


def test_ten_players_use_all_their_masks():
    hands = ["AhKh", "AsKs", "AdKd", "AcKc", "QhQs", "QdQc", "JhJs", "JdJc", "ThTs", "TdTc"]
    board = "2c 3d 4h 5s"
    r = equity(hands, board, exact=True)
    assert r.combinations == 52 - 20 - 4
    assert r.split_counts == brute_force_winner_sets(hands, board)
    against_range = equity(hands[:9] + ["TT, 99"], board, exact=True)
    assert against_range.split_counts == pytest.approx(brute_force_winner_sets(hands[:9] + ["TT, 99"], board))


def test_monte_carlo_splits_are_estimates_of_the_exact_ones():
    players, board = ["AhKd", "AsKc", "QQ+, AJs", None], "2c 7d 9h"
    exact = equity(players, board, exact=True)
    sampled = equity(players, board, samples=60_000, seed=11)
    assert sum(sampled.split_counts.values()) == 60_000
    for seats, p in exact.splits.items():
        q = sampled.splits.get(seats, 0.0)
        assert abs(p - q) <= 4 * math.sqrt(p * (1 - p) / 60_000) + 1e-4, seats
    assert abs(exact.split - sampled.split) <= 4 * math.sqrt(exact.split * (1 - exact.split) / 60_000)
    many = equity(["AhKh"] + [None] * 9, samples=20_000, seed=2)
    assert all(len(s) >= 1 and max(s) <= 9 for s in many.splits)
    assert sum(many.split_counts.values()) == 20_000


def test_json_lists_the_winner_sets():
    d = json.loads(json.dumps(equity(["AhKd", "AsKc", "QhQd"], "2c 7d 9h Ts").to_dict()))
    assert d["split"] == pytest.approx(4 / 42)
    assert d["splits"] == [{"players": [2], "probability": 38 / 42, "count": 38},
                           {"players": [0, 1], "probability": 4 / 42, "count": 4}]


def test_row_helpers():
    winners = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]  # three players: mask m won m times
    row = __import__("numpy").array([0.0] * 30 + winners)
    assert row.shape == (row_width(3),)
    slots = outcome_slots(split_row(row, 3)[1], 3)
    assert slots.tolist() == [[2 + 4 + 6, 1, 3 + 5, 7], [1 + 4 + 5, 2, 3 + 6, 7], [1 + 2 + 3, 4, 5 + 6, 7]]
    moved = reorder_row(row, [2, 0, 1])  # kernel player 0 is seat 2, 1 is seat 0, 2 is seat 1
    assert split_row(moved, 3)[1].tolist() == [0.0, 2.0, 4.0, 6.0, 1.0, 3.0, 5.0, 7.0]
    with pytest.raises(ValueError):
        split_row(row[:-1], 3)
