"""The table kernels against the ordinary equity code."""
from __future__ import annotations

import random

import numpy as np
import pytest

import pokerfsm
from pokerfsm.cards import Card, parse_cards
from pokerfsm.precomputed import symmetry
from pokerfsm.precomputed._matchup import count_matchups
from pokerfsm.precomputed._sample import sample_vs_random as sample_kernel
from pokerfsm.precomputed._strength import board_strengths
from pokerfsm.precomputed.rows import FLOP_SHOWDOWNS, std_errors
from pokerfsm.precomputed.tasks import sample_vs_random
from pokerfsm.precomputed.verify import flop_squares


def cards_of(text):
    return [int(c) for c in parse_cards(text)]


def test_matchup_counts_equal_enumeration(table):
    rng = random.Random(11)
    rows = [rng.sample(range(52), 4) for _ in range(12)] + [cards_of("Ah Ad Ks Kc")]
    out = np.zeros((len(rows), 3), dtype=np.int64)
    count_matchups(np.array(rows, dtype=np.uint8), out)
    for row, counts in zip(rows, out.tolist()):
        hands = [[Card(c) for c in row[:2]], [Card(c) for c in row[2:]]]
        p = pokerfsm.equity(hands, exact=True).players[0]
        assert counts == [p.wins, p.ties, p.losses]
    assert out[-1].tolist() == [1_388_072, 6_538, 317_694]


@pytest.mark.parametrize("board_text", ["Ac 2h 6c", "7s 7h 7d", "Ac 2h 6c Td"])
def test_board_strengths_equal_enumeration(table, board_text):
    board = cards_of(board_text)
    hands = symmetry.board_hands(board)
    wins, ties, squares = (np.zeros(len(hands), dtype=np.int64) for _ in range(3))
    board_strengths(np.array(board, dtype=np.uint8), wins, ties, squares)
    rng = random.Random(len(board_text))
    for i in rng.sample(range(len(hands)), 6):
        hand = [Card(int(c)) for c in hands[i]]
        p = pokerfsm.equity([hand, None], board=[Card(c) for c in board], exact=True).players[0]
        assert (wins[i], ties[i]) == (p.wins, p.ties)
        if len(board) == 3:
            assert wins[i] + ties[i] + p.losses == FLOP_SHOWDOWNS


def test_board_strength_squares_equal_river_by_river_enumeration(table):
    board = cards_of("Ac 2h 6c")
    hands = symmetry.board_hands(board).tolist()
    wins, ties, squares = (np.zeros(len(hands), dtype=np.int64) for _ in range(3))
    board_strengths(np.array(board, dtype=np.uint8), wins, ties, squares)
    i = hands.index(sorted(cards_of("5s Qh")))
    assert squares[i] == flop_squares([Card(c) for c in hands[i]], [Card(c) for c in board])


def test_board_strengths_rejects_wrong_output_sizes(table):
    short = np.zeros(3, dtype=np.int64)
    with pytest.raises(ValueError, match="1176"):
        board_strengths(np.array(cards_of("Ac 2h 6c"), dtype=np.uint8), short, short, short)


def test_sampling_is_seeded_and_unbiased(table):
    hero = np.array(cards_of("Ah Kh"), dtype=np.uint8)
    first, again, other = (np.zeros(20, dtype=np.int64) for _ in range(3))
    sample_kernel(hero, 3, 42, 20_000, first)
    sample_kernel(hero, 3, 42, 20_000, again)
    sample_kernel(hero, 3, 43, 20_000, other)
    assert first.tolist() == again.tolist() != other.tolist()
    assert first[:11].sum() == 20_000 and first[5:11].sum() == 0   # at most 4 players share
    # the deals lost, by how many of the 3 opponents share the best hand
    assert first[11:14].sum() == first[0] and first[14:].sum() == 0 and first[12] > 0
    counts, deals, errors = sample_vs_random(tuple(cards_of("Ah Kh")), 1, 5, 0.002)
    exact = pokerfsm.equity(["AhKh", None], exact=True).players[0]
    assert max(errors.values()) <= 0.002
    assert abs(counts[1] / deals - exact.win) < 5 * errors["win"]
    share = sum(counts[k] / k for k in range(1, 11)) / deals
    assert abs(share - exact.equity) < 5 * errors["equity"]


def test_sampling_rejects_bad_arguments(table):
    with pytest.raises(ValueError):
        sample_kernel(np.array([0, 1], dtype=np.uint8), 10, 1, 10, np.zeros(20, dtype=np.int64))
    with pytest.raises(ValueError, match="20 outputs"):
        sample_kernel(np.array([0, 1], dtype=np.uint8), 3, 1, 10, np.zeros(11, dtype=np.int64))


def test_std_errors_of_a_split_pot():
    counts = np.zeros(11, dtype=np.int64)
    counts[0], counts[2] = 50, 50            # half lost, half split two ways
    errors = std_errors(counts, 100)
    assert errors["win"] == 0.0
    assert errors["equity"] == pytest.approx((0.0625 / 99) ** 0.5)
