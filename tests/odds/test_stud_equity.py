"""Stud equity (pokerfsm.odds.stud): exact answers against a slow oracle, Monte Carlo against exact.

The oracle is pokerkit's hand classes (``StandardHighHand`` for stud's high,
``EightOrBetterLowHand`` for stud hi-lo's low, ``RegularLowHand`` for razz):
it lists every way to complete each seat's seven cards from the cards left,
values each with pokerkit, and plays out every combination with no card
twice, splitting the pot as the game does. Dead cards keep the spots small.
"""
from __future__ import annotations

import itertools

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand

from pokerfsm.cards import Card
from pokerfsm.errors import CancelledError, CardParseError, DuplicateCardError, InvalidDealError, TimeLimitError
from pokerfsm.odds.results import Method
from pokerfsm.odds.stopping import Stop
from pokerfsm.odds.stud import compute_stud, deals
from pokerfsm.odds.stud_deal import prepare_stud_deal


def _pokerkit_hand(kind, cards):
    try:
        return kind.from_game("".join(str(c) for c in cards))
    except ValueError:  # no 8-or-better low
        return None


def oracle(game, seats, dead, board=""):
    """Exact (equity, high share, low share, scoop) per seat and the chance of a low, by pokerkit.

    With eight seats the seventh card is one community card: ``board`` when dealt, else every
    card left in turn (each equally likely), the deals of the rest counted for each."""
    known = [[Card.parse(t) for t in seat.split() if t != "??"] for seat in seats]
    taken = {c for hand in known for c in hand} | {Card.parse(t) for t in dead.split() + board.split()}
    if len(seats) < 8:
        return _oracle_dealt(game, known, taken)
    communities = [[Card.parse(board)]] if board else [[c] for c in map(Card, range(52)) if c not in taken]
    parts = [_oracle_dealt(game, [hand + community for hand in known], taken | set(community))
             for community in communities]
    total = sum(part[2] for part in parts)
    sums = [[sum(part[0][p][slot] * part[2] for part in parts) / total for slot in range(4)]
            for p in range(len(seats))]
    return sums, sum(part[1] * part[2] for part in parts) / total, total


def _oracle_dealt(game, known, taken):
    """The oracle of seats ``known`` completed to seven cards each from the cards outside ``taken``."""
    high_kind = None if game == "razz" else StandardHighHand
    low_kind = {"razz": RegularLowHand, "stud-hi-lo": EightOrBetterLowHand}.get(game)
    deck = [Card(c) for c in range(52) if Card(c) not in taken]
    lists = []
    for hand in known:
        listed = []
        for added in itertools.combinations(deck, 7 - len(hand)):
            cards = hand + list(added)
            listed.append((set(added), high_kind and _pokerkit_hand(high_kind, cards),
                           low_kind and _pokerkit_hand(low_kind, cards)))
        lists.append(listed)
    n = len(known)
    sums = [[0.0] * 4 for _ in range(n)]
    total = lows = 0
    for combo in itertools.product(*lists):
        cards = [c for added, _, _ in combo for c in added]
        if len(set(cards)) < len(cards):
            continue
        total += 1
        highs = [h for _, h, _ in combo]
        low_hands = [low for _, _, low in combo]
        high_part = [0.0] * n
        low_part = [0.0] * n
        made = [low for low in low_hands if low is not None]
        if high_kind is not None:
            best = max(highs)
            winners = [h == best for h in highs]
            half = 0.5 if made else 1.0
            high_part = [half / sum(winners) if w else 0.0 for w in winners]
        if made:
            lows += 1
            best_low = max(made)
            winners = [low is not None and low == best_low for low in low_hands]
            portion = 0.5 if high_kind is not None else 1.0
            low_part = [portion / sum(winners) if w else 0.0 for w in winners]
        for p in range(n):
            share = high_part[p] + low_part[p]
            for slot, value in enumerate((share, high_part[p], low_part[p], share == 1.0)):
                sums[p][slot] += value
    return [[s / total for s in row] for row in sums], lows / total, total


def dead_cards(seats, count, skip=""):
    """``count`` cards outside the seats, the same every run."""
    taken = {t for seat in seats for t in seat.split()} | set(skip.split())
    return " ".join([str(Card(c)) for c in range(52) if str(Card(c)) not in taken][:count])


CASES = [  # game, seats, dead cards
    ("stud", ["As Ad Kc Qd 2h 7c 9s", "?? ?? Ts 9h 8s 7s ??"], 30),        # seventh street, unseen cards
    ("stud", ["As Ad Kc Qd 2h 7c", "Ts 9s 8s 7s 3s 3h", "Kh Ks 4d 4c 5h 6h"], 30),   # sixth to seventh
    ("stud", ["As Ad Kc Qd 2h", "?? ?? Ts 9s 8s"], 34),                    # fifth street, few unknowns
    ("stud", ["Qs Qd Kc", "?? ?? Ts"], 38),                                 # third street
    ("stud-hi-lo", ["As 2d 3c Kd 9h 9c", "?? ?? 5s 6s 7s 8h"], 28),          # lows made and missed
    ("stud-hi-lo", ["As 2d 3c 4d 9h", "?? ?? 5s 6s 7s", "Kh Ks 4c 5h 6h"], 29),   # three-way, quartered pots
    ("stud-hi-lo", ["As Ad Kc Kd 9h 9c", "Qs Qh Jc Jd Th Tc"], 30),        # no low can be made
    ("razz", ["As 2d 3c 4d 9h 9c", "?? ?? 5s 6s 7s 8h"], 28),
    ("razz", ["As 2d 3c Kd Kh", "?? ?? Ac 2c 3h", "4c 5c 6c 7c 8c"], 29),   # pairs count against
]


@pytest.mark.parametrize(("game", "seats", "dead"), CASES)
def test_exact_equity_agrees_with_pokerkit(game, seats, dead):
    cards = dead_cards(seats, dead)
    result = compute_stud(prepare_stud_deal(seats, cards, game=game))
    assert_agrees(result, oracle(game, seats, cards))
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


def assert_agrees(result, answer):
    """An exact ``result`` equals the oracle's ``answer``: every share, the chance of a low, the deals."""
    expected, low, total = answer
    assert result.method is Method.ENUMERATION and result.combinations == total
    for player, (equity, high, low_share, scoop) in zip(result.players, expected):
        assert player.equity == pytest.approx(equity, abs=1e-12)
        if result.low is not None:
            assert (player.high_share, player.low_share, player.scoop) == pytest.approx((high, low_share, scoop))
    if result.low is not None:
        assert result.low == pytest.approx(low, abs=1e-12)


def test_heads_up_fifth_street_deals_every_card_exactly():
    deal = prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"])
    result = compute_stud(deal)
    assert deals(deal) == result.combinations == 671_580
    assert result.exact and result.method is Method.ENUMERATION
    counted = sum(result.split_counts.values())
    assert counted == 671_580 and sum(result.players[0].categories.values()) == pytest.approx(1.0)


def test_seats_are_answered_in_their_order_whoever_has_most_to_come():
    seats = ["As Ad Kc Qd 2h 7c 9s", "?? ?? Ts 9h 8s 7s ??", "?? ?? 4c 4d 5h 6s ??"]
    forward = compute_stud(prepare_stud_deal(seats, dead_cards(seats, 28)))
    backward = compute_stud(prepare_stud_deal(seats[::-1], dead_cards(seats, 28)))
    assert [p.equity for p in forward.players] == pytest.approx([p.equity for p in backward.players][::-1])
    assert forward.players[0].hand == "As Ad Kc Qd 2h 7c 9s" and forward.players[1].hand.startswith("?? ??")


def test_monte_carlo_is_within_four_standard_errors_of_exact():
    deal = prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"])
    exact = compute_stud(deal)
    sampled = compute_stud(deal, samples=200_000, seed=7)
    assert sampled.method is Method.MONTE_CARLO and not sampled.exact and sampled.combinations == 200_000
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None and 0 < s.std_error < 0.002
        assert abs(e.equity - s.equity) < 4 * s.std_error
    assert compute_stud(deal, samples=50_000, seed=3).players[0].equity == \
        compute_stud(deal, samples=50_000, seed=3).players[0].equity


def test_third_street_multiway_is_sampled_within_the_budget():
    deal = prepare_stud_deal(["As Ad Kc", "?? ?? Ts", "?? ?? 9h"])
    result = compute_stud(deal, budget=0.3, seed=1)
    assert result.method is Method.MONTE_CARLO and result.std_error is not None
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    assert result.players[0].equity > result.players[1].equity


@pytest.mark.parametrize(("seats", "dead", "error", "words"), [
    (["As Kd Ah Qc", "?? ?? 7c"], "", InvalidDealError, "player 2 has 3 cards (?? ?? 7c) but player 1 has 4"),
    (["As Kd Zz", "?? ?? 7c"], "", CardParseError, "player 1: 'Zz' is not a card"),
    (["As Kd", "?? ?? 7c"], "", InvalidDealError, "player 1 has 2 cards given (As Kd)"),
    (["As Kd Ah Qc Jc 9c 8c 7c", "?? ?? 7d 2c 3c 4c 5c 6c"], "", InvalidDealError, "player 1 has 8 cards"),
    (["As Kd Ah", "?? ?? Ah"], "", DuplicateCardError, "card 'Ah' is given twice"),
    (["As Kd Ah", "?? ?? Qh"], "Qh", DuplicateCardError, "card 'Qh' is given twice"),
    (["As Kd Ah"], "", InvalidDealError, "stud takes 2 to 8 players, got 1"),
    (["?? ?? ??"] * 9, "", InvalidDealError, "stud takes 2 to 8 players, got 9"),
    ([None, "?? ?? 7c"], "", InvalidDealError, "player 1: a stud player is a list of cards"),
])
def test_bad_deals_get_one_clear_error(seats, dead, error, words):
    with pytest.raises(error) as caught:
        prepare_stud_deal(seats, dead)
    assert words in str(caught.value) and caught.value.field in ("players", "dead")


def test_a_board_is_refused_and_cards_may_be_listed():
    with pytest.raises(InvalidDealError, match="stud has no board") as caught:
        prepare_stud_deal(["As Kd Ah", "?? ?? 7c"], board="2c 3c 4c")
    assert caught.value.field == "board"
    deal = prepare_stud_deal([["As", "Kd", "Ah"], [None, "??", Card.parse("7c")]])
    assert [s.text for s in deal.seats] == ["As Kd Ah", "?? ?? 7c"] and deal.street == 3


def test_too_few_cards_for_the_dead():
    seats = ["As Kd Ah", "?? ?? 7c"]
    with pytest.raises(InvalidDealError, match="too few cards left") as caught:
        prepare_stud_deal(seats, dead_cards(seats, 40))
    assert caught.value.field == "dead"


def test_a_cancelled_computation_stops():
    stop = Stop()
    stop.cancel()
    with pytest.raises(CancelledError):
        compute_stud(prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"]), stop=stop)


def test_a_time_limit_stops_a_forced_exact_run_and_hands_over_otherwise():
    deal = prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c", "Kh Kd 4c 5c 6c"])   # 295 million tries
    with pytest.raises(TimeLimitError):
        compute_stud(deal, exact=True, stop=Stop(0.05))
    handed_over = compute_stud(deal, budget=0.05, seed=1, stop=Stop(2.0))
    assert handed_over.method is Method.MONTE_CARLO and handed_over.std_error is not None


def test_hi_lo_halves_add_up():
    result = compute_stud(prepare_stud_deal(["As 2d 3c 4d 9h", "?? ?? 5s 6s 7s", "Kh Ks 4c 5h 6h"],
                                            game="stud-hi-lo"), samples=100_000, seed=5)
    assert 0 < result.low < 1 and sum(p.equity for p in result.players) == pytest.approx(1.0)
    for player in result.players:
        assert player.high_share + player.low_share == pytest.approx(player.equity)
        assert player.scoop <= player.equity and player.std_error is not None
    assert sum(p.low_share for p in result.players) == pytest.approx(result.low / 2)


def test_razz_counts_no_high_categories():
    result = compute_stud(prepare_stud_deal(["As 2d 3c 4d 5h", "?? ?? Kc Qc Jc"], game="razz"))
    assert result.players[0].equity == 1.0 and result.players[0].categories == {}
    assert result.to_dict()["game"] == "razz" and "low" not in result.to_dict()


def test_progress_reaches_the_end_and_hours_of_enumeration_are_refused():
    seen = []
    compute_stud(prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c"]), progress=seen.append)
    assert seen and seen[-1] == 1.0
    with pytest.raises(InvalidDealError, match=r"would take about [0-9,.]+ (hours|days|years)"):
        compute_stud(prepare_stud_deal(["As Ad Kc", "?? ?? Ts", "?? ?? 9h"]), exact=True)
    with pytest.raises(InvalidDealError, match="more than memory allows"):
        compute_stud(prepare_stud_deal(["As Ad Kc Qd 2h 7c 9s", ["??"] * 7]), exact=True)


def test_renaming_the_suits_changes_nothing():
    seats = ["As Ad Kc Qd 2h 7c", "?? ?? Ts 9h 8s 7s", "Kh Ks 4d 4c 5h 6h"]
    renamed = [seat.translate(str.maketrans("shdc", "hcsd")) for seat in seats]
    dead = dead_cards(seats, 24)
    first = compute_stud(prepare_stud_deal(seats, dead, game="stud-hi-lo"))
    second = compute_stud(prepare_stud_deal(renamed, dead.translate(str.maketrans("shdc", "hcsd")),
                                            game="stud-hi-lo"))
    assert [p.equity for p in first.players] == pytest.approx([p.equity for p in second.players], abs=1e-12)
    assert first.split_counts == second.split_counts


def test_an_exact_run_that_overruns_its_estimate_hands_over_to_monte_carlo(monkeypatch):
    import pokerfsm.odds.stud as stud

    monkeypatch.setattr(stud, "_SECONDS_PER_TRY", 1e-15)   # the estimate says exact; the run takes far longer
    deal = prepare_stud_deal(["As Ad Kc Qd 2h", "Ts 9s 8s 7h 2c", "Kh Kd 4c 5c 6c"])
    result = compute_stud(deal, budget=0.05, seed=1, stop=Stop(60.0))   # time enough to build the tables
    assert result.method is Method.MONTE_CARLO and result.std_error is not None
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
