"""Short-deck equity: exact counts against a slow oracle on pokerkit's ShortDeckHoldemHand, Monte
Carlo, ranges over six to ace, dead cards, stopping, and the errors of a deal."""
import itertools

import pytest
from pokerkit import ShortDeckHoldemHand

import pokerfsm
from pokerfsm.cards import Card, parse_cards
from pokerfsm.errors import CancelledError, InvalidDealError, RangeParseError, TimeLimitError
from pokerfsm.odds.results import Method
from pokerfsm.odds.short_deck import compute_short_deck
from pokerfsm.odds.short_deck_deal import LOW_CARDS, prepare_short_deck_deal
from pokerfsm.odds.stopping import Stop
from pokerfsm.ranges import parse_range
from pokerfsm.variants import SHORT_DECK

LABELS = {"High card": "HIGH_CARD", "One pair": "PAIR", "Two pair": "TWO_PAIR", "Three of a kind": "THREE_OF_A_KIND",
          "Straight": "STRAIGHT", "Flush": "FLUSH", "Full house": "FULL_HOUSE", "Four of a kind": "FOUR_OF_A_KIND",
          "Straight flush": "STRAIGHT_FLUSH"}


def _text(cards):
    return "".join(str(Card(int(c))) for c in cards)


def _oracle(seats, board, dead=()):
    """Weighted showdowns, showdowns, wins, ties (showdowns shared), pot shares and category counts by
    enumeration with pokerkit; ``seats`` are lists of (hand, weight)."""
    board, dead = list(parse_cards(board)), list(parse_cards(dead))
    n = len(seats)
    wins, ties, shares = [0.0] * n, [0.0] * n, [0.0] * n
    categories = [dict.fromkeys(LABELS.values(), 0.0) for _ in range(n)]
    total, count = 0.0, 0
    fixed = set(board) | set(dead) | {c for s in seats if len(s) == 1 for c in s[0][0]}
    rest = [c for c in SHORT_DECK if c not in fixed]
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = board + list(extra)
        for choice in itertools.product(*seats):
            cards = [c for hand, _ in choice for c in hand]
            if len(set(cards) | set(full)) != len(cards) + len(full):
                continue
            weight = 1.0
            for _, w in choice:
                weight *= w
            hands = [ShortDeckHoldemHand.from_game(_text(hand), _text(full)) for hand, _ in choice]
            best = max(hands)
            winners = [p for p in range(n) if hands[p] == best]
            total += weight
            count += 1
            for p in winners:
                (wins if len(winners) == 1 else ties)[p] += weight
                shares[p] += weight / len(winners)
            for p in range(n):
                categories[p][LABELS[hands[p].entry.label.value]] += weight
    return total, count, wins, ties, shares, categories


def _known(text):
    return [(tuple(parse_cards(text)), 1.0)]


def _listed(range_text, without):
    gone = set(parse_cards(without))
    return [(tuple(combo), w) for combo, w in parse_range(range_text).items()
            if not gone & set(combo) and not set(LOW_CARDS) & set(combo)]


SPOTS = [
    (["AhKh", "QsQc"], "Jh Th 6c 9d", "", [_known("AhKh"), _known("QsQc")]),
    (["AhKh", "QsQc", "9s8s"], "Jh Th 6c 9d", "", [_known("AhKh"), _known("QsQc"), _known("9s8s")]),
    (["AsKd", "TT+, AQs+, 0.5(KQo)"], "Jh Th 6c 9d 7s", "",
     [_known("AsKd"), _listed("TT+, AQs+, 0.5(KQo)", "AsKd Jh Th 6c 9d 7s")]),
    (["As6d", None], "7h 8h 9c Kd", "Ac Tc", [_known("As6d"), _listed("random", "As6d 7h 8h 9c Kd Ac Tc")]),
    (["Kh Ks", "7h 7d"], "Kc 7s 8h 9h", "6h", [_known("KhKs"), _known("7h7d")]),
]


@pytest.mark.parametrize("players, board, dead, seats", SPOTS)
def test_exact_equity_agrees_with_a_pokerkit_oracle(players, board, dead, seats):
    total, count, wins, ties, shares, categories = _oracle(seats, board, dead)
    r = pokerfsm.equity(players, board=board, dead=dead, game="short-deck")
    assert r.exact and r.method == Method.ENUMERATION and r.game == "short-deck"
    assert r.combinations == count
    for p, player in enumerate(r.players):
        assert player.wins == pytest.approx(wins[p]) and player.ties == pytest.approx(ties[p])
        assert player.equity == pytest.approx(shares[p] / total)
        assert player.categories == pytest.approx({k: v / total for k, v in categories[p].items()})


def test_monte_carlo_is_seeded_and_near_the_exact_answer():
    exact = pokerfsm.equity(["AhKh", "QQ+, AJs+"], board="Jh Th 6c", game="short-deck")
    first = pokerfsm.equity(["AhKh", "QQ+, AJs+"], board="Jh Th 6c", game="short-deck", samples=200_000, seed=7)
    again = pokerfsm.equity(["AhKh", "QQ+, AJs+"], board="Jh Th 6c", game="short-deck", samples=200_000, seed=7)
    assert first.method == Method.MONTE_CARLO and not first.exact and first.combinations == 200_000
    assert [p.equity for p in first.players] == [p.equity for p in again.players]
    assert first.std_error is not None and 0 < first.std_error < 0.005
    assert abs(first.players[0].equity - exact.players[0].equity) < 5 * first.std_error


def test_random_hands_are_dealt_from_the_short_deck_only():
    exact = pokerfsm.equity(["AhAd", None], board="7c 8c 9d", game="short-deck")
    assert exact.combinations == 31 * 30 // 2 * (29 * 28 // 2)   # 31 cards left of 36: every hand, turn, river
    sampled = pokerfsm.equity(["AhAd", "??"], board="7c 8c 9d", game="short-deck", samples=200_000, seed=3)
    assert abs(sampled.players[0].equity - exact.players[0].equity) < 5 * sampled.std_error
    holdem = pokerfsm.equity(["AhAd", None], board="7c 8c 9d")
    assert abs(holdem.players[0].equity - exact.players[0].equity) > 20 * sampled.std_error


def test_too_long_for_the_budget_goes_to_monte_carlo_with_its_error():
    r = pokerfsm.equity(["AhKh", None, None, None], game="short-deck", budget=0.05, seed=1)
    assert r.method == Method.MONTE_CARLO and r.std_error is not None and r.std_error < 0.01


def test_a_cancelled_or_late_computation_stops():
    stop = Stop()
    stop.cancel()
    with pytest.raises(CancelledError):
        pokerfsm.equity(["AhKh", "QsQc"], game="short-deck", stop=stop)
    with pytest.raises(TimeLimitError):
        compute_short_deck(prepare_short_deck_deal(["AhKh", None, None]), exact=True, stop=Stop(0.05))
    handed_over = pokerfsm.equity(["AhKh", None, None], game="short-deck", budget=0.05, seed=1, stop=Stop(3.0))
    assert handed_over.method == Method.MONTE_CARLO


@pytest.mark.parametrize("players, board, dead, error, message", [
    (["AhKh", "22+"], "", "", RangeParseError, "player 2: '22[+]' names a rank below six"),
    (["AhKh", "66+, 22"], "", "", RangeParseError, "player 2: '22' names a rank below six"),
    (["AhKh", "66+, A5s-A2s"], "", "", RangeParseError, "'A5s-A2s' names a rank below six"),
    (["Ah5h", "QQ"], "", "", InvalidDealError, "player 1: card '5h' is not in the short deck"),
    (["AhKh", "QQ"], "2c 7d 8d", "", InvalidDealError, "board: card '2c' is not in the short deck"),
    (["AhKh", "QQ"], "", "4s", InvalidDealError, "dead: card '4s' is not in the short deck"),
    (["AhKh", "QQ"], "", " ".join(str(c) for c in SHORT_DECK[:28]), InvalidDealError, "too few cards left"),
])
def test_bad_deals_are_one_clear_error(players, board, dead, error, message):
    with pytest.raises(error, match=message):
        pokerfsm.equity(players, board=board, dead=dead, game="short-deck")


def test_a_weighted_range_may_name_a_percentage_weight():
    r = pokerfsm.equity(["AhKh", "50%(QQ), JJ"], board="Jh Th 6c", game="short-deck")
    assert r.exact and 0 < r.players[0].equity < 1


def test_renaming_the_suits_changes_nothing():
    first = pokerfsm.equity(["AhKh", "QsQc", "9d8d"], board="Jh Th 6c", game="short-deck")
    renamed = pokerfsm.equity(["AsKs", "QhQd", "9c8c"], board="Js Ts 6d", game="short-deck")
    assert [p.wins for p in first.players] == [p.wins for p in renamed.players]
    assert [p.categories for p in first.players] == [p.categories for p in renamed.players]
