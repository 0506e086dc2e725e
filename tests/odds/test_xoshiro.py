"""The one random number generator of the Monte Carlo kernels (``odds/_xoshiro.pxd``).

xoshiro256** seeded by splitmix64 and its one ``below(n)`` are compiled into
both kernels that draw random deals: the equity sampler (``odds._sampling``)
and the precomputed store's ``preflop-vs-random`` builder
(``precomputed._sample``). A seed names one stream of deals, so the counts a
seed gives are pinned here: a change to the generator, to ``below`` or to the
way a kernel draws its cards changes them, and with them the answers every
seeded run has given.
"""
from __future__ import annotations

import numpy as np
import pytest

from pokerfsm.cards import parse_cards
from pokerfsm.odds import _sampling
from pokerfsm.precomputed import _sample

SAMPLER_ROW_WIDTH = 3 * 10 + 2 ** 3   # three players: 10 slots each, then one count per set of winners

#: ``sampler_counts(7)``, as the sampler has drawn it since before its generator moved to the shared file.
PINNED_SAMPLER = [0, 1620, 1942, 333, 57, 48, 0, 0, 0, 0, 0, 1080, 1380, 236, 776, 87, 28, 373, 40, 0,
                  0, 906, 1924, 879, 151, 48, 33, 56, 3, 0, 0, 1215, 1578, 7, 1162, 30, 6, 2]
#: ``builder_counts(seed, opponents)``: the deals lost, won by 1-10 players, lost to 1-9 sharing the best hand.
PINNED_BUILDER = {
    (5, 1): [1243, 2689, 68, 0, 0, 0, 0, 0, 0, 0, 0, 1243, 0, 0, 0, 0, 0, 0, 0, 0],
    (2024, 3): [2317, 1590, 74, 5, 14, 0, 0, 0, 0, 0, 0, 2265, 52, 0, 0, 0, 0, 0, 0, 0],
}


def cards_of(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def sampler_counts(seed: int) -> list[int]:
    """Ah Kh against a weighted range of three hands and a random hand, on a Qs 7d 2c flop: 4,000 deals."""
    weighted = [cards_of("Qh Qc"), cards_of("Jh Td"), cards_of("As 5s")]
    used = 0
    for card in cards_of("Ah Kh Qs 7d 2c"):
        used |= 1 << card
    out = np.zeros((1, SAMPLER_ROW_WIDTH))
    _sampling.monte_carlo(
        np.array([0, 1, 2], dtype=np.uint8), np.array(cards_of("Ah Kh") + [0] * 4, dtype=np.uint8),
        np.array([0, 0, 0], dtype=np.int32), np.array([0, 3, 0], dtype=np.int32),
        np.array([c for hand in weighted for c in hand], dtype=np.uint8), np.array([1.0, 3.0, 3.5]),
        used, np.array(cards_of("Qs 7d 2c"), dtype=np.uint8), np.array([seed], dtype=np.uint64),
        np.array([4_000], dtype=np.int64), out, 1, np.zeros(1, dtype=np.uint8), 0.0)
    return [int(x) for x in out[0]]


def builder_counts(seed: int, opponents: int) -> list[int]:
    """Ah Kh against ``opponents`` random hands preflop: 4,000 deals."""
    out = np.zeros(20, dtype=np.int64)
    _sample.sample_vs_random(np.array(cards_of("Ah Kh"), dtype=np.uint8), opponents, seed, 4_000, out)
    return out.tolist()


def test_the_sampler_gives_each_seed_its_stream(table):
    first = sampler_counts(7)
    assert first == sampler_counts(7) != sampler_counts(8)
    assert sum(first[-8:]) == 4_000
    assert first == PINNED_SAMPLER


@pytest.mark.parametrize("seed, opponents", [(5, 1), (2024, 3)])
def test_the_store_builder_gives_each_seed_its_stream(table, seed, opponents):
    counts = builder_counts(seed, opponents)
    assert sum(counts[:11]) == 4_000
    assert counts == PINNED_BUILDER[seed, opponents]
