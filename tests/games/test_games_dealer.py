"""The pack across hands: shuffled once, then only cut (seed 001)."""
import numpy as np
import pytest

from pokerfsm.cards import DECK, parse_cards
from pokerfsm.errors import InvalidDealError
from pokerfsm.games.dealer import MIN_CUT, Dealer


def is_rotation(pack, of):
    pack, of = list(pack), list(of)
    return any(of[k:] + of[:k] == pack for k in range(len(of)))


@pytest.mark.parametrize("seed", range(5))
def test_between_hands_the_pack_is_only_cut(seed):
    dealer = Dealer(np.random.default_rng(seed))
    dealt = list(dealer.deal(12))
    dealer.muck(dealt[:4])                  # a folded hand... thrown first
    stub = list(dealer.pack)
    dealer.end_hand(dealt[4:])
    gathered = dealt[:4] + dealt[4:] + stub
    assert is_rotation(dealer.pack, gathered)
    cut = dealer.cuts[-1]
    assert MIN_CUT <= cut <= 52 - MIN_CUT
    assert list(dealer.pack) == gathered[cut:] + gathered[:cut]


def test_reshuffle_mode_shuffles_every_hand():
    dealer = Dealer(np.random.default_rng(0), reshuffle=True)
    dealt = dealer.deal(10)
    stub = dealer.pack
    dealer.end_hand(dealt)
    assert sorted(dealer.pack) == list(DECK)
    assert not is_rotation(dealer.pack, list(dealt) + list(stub))
    assert dealer.cuts == []


def test_an_empty_stub_is_refilled_from_the_shuffled_muck():
    dealer = Dealer(np.random.default_rng(1))
    first = dealer.deal(50)
    dealer.muck(first[:8])
    more = dealer.deal(6)                   # 2 from the stub, then 4 from the muck
    assert set(more[2:]) <= set(first[:8])
    assert len(set(first[8:]) | set(more)) == 48


def test_asking_for_more_than_the_stub_and_muck_hold_is_an_error():
    dealer = Dealer(np.random.default_rng(2))
    dealer.deal(50)
    with pytest.raises(InvalidDealError, match="cannot deal 3 cards"):
        dealer.deal(3)


def test_gathering_a_pack_with_missing_cards_is_an_error():
    dealer = Dealer(np.random.default_rng(3))
    dealt = dealer.deal(5)
    with pytest.raises(InvalidDealError, match="not one full deck"):
        dealer.end_hand(dealt[:4])


def test_a_stacked_pack_deals_the_given_cards_first():
    top = parse_cards("As Kd 7h")
    dealer = Dealer(np.random.default_rng(0), order=top)
    assert dealer.deal(3) == top
    assert sorted(dealer.pack + top) == list(DECK)
