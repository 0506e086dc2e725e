"""The equity() dispatch: published exact answers, an independent brute-force oracle, invariants, Monte Carlo, errors.

The pinned numbers are the issue's table (PokerStove and other published
calculators for the preflop spots); the oracle is pokerfsm.evaluation.reference, a slow
evaluator that shares no code with the table or the kernels.
"""
import itertools
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerfsm.calculator import equity
from pokerfsm.cards import DECK, Card, parse_cards
from pokerfsm.errors import CardParseError, DuplicateCardError, InvalidDealError, OptionError, RangeParseError
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.ranges import HandRange, parse_range

pytestmark = pytest.mark.usefixtures("table")

CATEGORY_NAMES = ["HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
                  "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]


# ---------------------------------------------------------------- published answers

@pytest.mark.parametrize(
    "players, board, combinations, wins, ties",
    [
        (["AhAd", "KsKc"], "", 1_712_304, (1_388_072, 317_694), 6_538),
        (["AsKs", "QhQd"], "", 1_712_304, (787_966, 917_606), 6_732),
        (["AdTs", "QcAh"], "Kh Tc Td", 990, (843, 131), 16),
    ],
)
def test_exact_counts(players, board, combinations, wins, ties):
    r = equity(players, board)
    assert r.exact and r.std_error is None
    assert r.combinations == combinations
    assert (r.players[0].wins, r.players[1].wins) == wins
    assert r.players[0].ties == r.players[1].ties == ties
    assert r.players[0].losses == wins[1]


@pytest.mark.parametrize(
    "players, board, field, expected, tolerance",
    [
        (["AhAd", "KsKc", "7h8h"], "", "equity", (0.615170, 0.177954, 0.206876), 5e-7),
        (["QQ", "87s"], "", "equity", (0.782594, 0.217406), 5e-7),
        (["AsAc", "7d8d"], "", "win", (0.768322681, 0.228739756), 5e-10),
        (["AsAc", "7d8d"], "", "tie", (0.002937562, 0.002937562), 5e-10),
        (["AsKs", None], "Ac 2h 6c", "win", (0.858660612,), 5e-10),
        (["AsKs", "??"], "Ac 2h 6c", "tie", (0.006304488,), 5e-10),
        (["AhKh", None], "", "win", (0.662196,), 5e-7),
        (["AhKh", "random"], "", "tie", (0.016500,), 5e-7),
        (["AhKh", None], "", "equity", (0.670446,), 5e-7),
    ],
)
def test_published_fractions(players, board, field, expected, tolerance):
    r = equity(players, board)
    for player, value in zip(r.players, expected):
        assert getattr(player, field) == pytest.approx(value, abs=tolerance)


def test_pokerstove_range_game_count():
    r = equity(["QQ", "87s"])
    assert r.combinations == 41_095_296  # 6 x 4 hands x C(48, 5) boards, as PokerStove reports
    assert round(100 * r.players[0].equity, 4) == 78.2594


def test_course_example_three():
    r = equity(["Aca 10p", None], "Rco 10t 10ca 3t")
    assert r.combinations == 45_540
    assert r.players[0].wins == 43_547


# ---------------------------------------------------------------- the oracle

def brute_force(players, board, dead=()):
    """Weighted win/tie/lose/share/categories by plain enumeration with the reference evaluator."""
    board = list(parse_cards(board)) if isinstance(board, str) else list(board)
    dead = list(dead)
    choices = []
    for spec in players:
        if spec is None:
            choices.append(list(HandRange.random().items()))
        elif isinstance(spec, str) and len(parse_cards_or_none(spec) or ()) == 2:
            choices.append([(tuple(parse_cards(spec)), 1.0)])
        else:
            choices.append(list(parse_range(spec).items()))
    n = len(players)
    totals = [[0.0] * 4 for _ in range(n)]  # win, tie, lose, share
    cats = [[0.0] * 10 for _ in range(n)]
    for hands in itertools.product(*choices):
        cards = [int(c) for h, _ in hands for c in h]
        if len(set(cards) | {int(c) for c in board + dead}) != len(cards) + len(board) + len(dead):
            continue
        weight = math.prod(w for _, w in hands)
        rest = [c for c in range(52) if c not in set(cards) | {int(c) for c in board + dead}]
        for extra in itertools.combinations(rest, 5 - len(board)):
            values = [reference_value(list(h) + board + list(extra)) for h, _ in hands]
            best = max(values)
            winners = values.count(best)
            for p, v in enumerate(values):
                cats[p][v[0]] += weight
                if v == best:
                    totals[p][0 if winners == 1 else 1] += weight
                    totals[p][3] += weight / winners
                else:
                    totals[p][2] += weight
    grand = sum(totals[0][:3])
    return [[x / grand for x in row] for row in totals], [[x / grand for x in row] for row in cats]


def parse_cards_or_none(text):
    try:
        return parse_cards(text)
    except Exception:
        return None


@pytest.mark.parametrize(
    "players, board",
    [
        (["AhKh", "QsQd"], "Qh 7h 2c 5s"),
        (["AhKh", "QsQd", "Jh Th"], "Qh 7h 2c"),
        (["7c2d", "7s2h"], "Ah Kh Qh Jh"),  # a split pot on the board
        (["AhKh", None], "Qh 7h 2c 5s"),
        (["AhKh", "QQ+, AKs, 0.5(JTs)"], "Qh 7h 2c 5s"),
        (["AhKh", "0.25(22-55), 97s"], "9h 8h 2c 5s"),
        (["QQ+, AKs", "0.5(JTs), 99", "7d7c"], "Qh 7h 2c 5s"),
        (["KK+", "QQ+", "JJ+"], "2c 7d 9h Th 3s"),
        (["AhKh", None], "2c 7d 9h Th 3s"),
        (["Th9h", None], "8h 7h 2h 2c 2s"),
        # a live suit on the board, weighted ranges, pairs holding a card of that suit
        (["AsKs", "0.5(QQ, 55), 0.25(JhTh, 9h8h), 22, AhQc"], "Qh 7h 2h 5s 3d"),
        (["AsKs", "0.5(QQ, 55), 0.25(JhTh, 9h8h), 22, AhQc"], "Qh 7h 2h 5s"),
        (["7c7d", "0.75(random)"], "Ks 9s 4c 3s"),
        (["AhKh", "QQ+, AKs", None], "Qh 7h 2c 5s 9h"),
    ],
)
def test_against_brute_force(players, board):
    r = equity(players, board)
    fractions, categories = brute_force(players, board)
    for result, expected, cats in zip(r.players, fractions, categories):
        assert (result.win, result.tie, result.lose, result.equity) == pytest.approx(expected, abs=1e-12)
        assert [result.categories[name] for name in CATEGORY_NAMES] == pytest.approx(cats[1:], abs=1e-12)


@pytest.mark.parametrize("players", [["AhKh", "QsQc"], ["AhKh", "QQ+, 0.5(9h8h)"], ["AhKh", None]])
def test_dead_cards_against_brute_force(players):
    dead = parse_cards("Ac Qd 3h")
    r = equity(players, "Qh 7h 2c 5s", dead)
    fractions, _ = brute_force(players, "Qh 7h 2c 5s", dead)
    for result, expected in zip(r.players, fractions):
        assert (result.win, result.tie, result.lose, result.equity) == pytest.approx(expected, abs=1e-12)


def test_dead_cards_change_the_deck():
    dead = parse_cards("Ac Qd 3h")
    r = equity(["AhKh", "QsQc"], "Qh 7h 2c 5s", dead)
    assert r.combinations == 52 - 4 - 4 - 3
    assert r.dead == dead


# ---------------------------------------------------------------- invariants

card = st.sampled_from(DECK)


@st.composite
def deals(draw):
    cards = draw(st.permutations(DECK))
    n = draw(st.integers(2, 4))
    board_size = draw(st.sampled_from([3, 4, 5] if n < 4 else [4, 5]))
    players = []
    pos = 0
    for _ in range(n):
        kind = draw(st.sampled_from(["hand", "hand", "range", "random"]))
        if kind == "hand":
            players.append(f"{cards[pos]}{cards[pos + 1]}")
            pos += 2
        elif kind == "range":
            players.append(draw(st.sampled_from(["QQ+, AKs", "0.5(22-66), A5s-A2s", "T9s+, KQo", "random"])))
        else:
            players.append(None)
    board = cards[pos:pos + board_size]
    return players, board


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals())
def test_fractions_add_up(deal):
    players, board = deal
    try:
        r = equity(players, board, budget=0.5, seed=1)
    except InvalidDealError:
        return  # ranges that cannot be dealt around these cards
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-9)
    for p in r.players:
        assert p.win + p.tie + p.lose == pytest.approx(1.0, abs=1e-9)
        assert sum(p.categories.values()) == pytest.approx(1.0, abs=1e-9)
        assert p.win <= p.equity <= p.win + p.tie + 1e-12


SUIT_SWAPS = [(1, 0, 2, 3), (3, 2, 1, 0), (2, 3, 0, 1)]


def permute(cards_text, perm):
    return " ".join(str(Card(4 * c.rank + perm[c.suit])) for c in parse_cards(cards_text))


@pytest.mark.parametrize("perm", SUIT_SWAPS)
@pytest.mark.parametrize("hands, board", [(["AhKh", "QsQd"], "Qh 7h 2c"), (["Ts9s", "AdQc", "8h8c"], "Js 2s 3d 4h")])
def test_suit_permutation_invariance(perm, hands, board):
    a = equity(hands, board)
    b = equity([permute(h, perm) for h in hands], permute(board, perm))
    assert [p.wins for p in a.players] == [p.wins for p in b.players]
    assert [p.ties for p in a.players] == [p.ties for p in b.players]


def test_player_order_does_not_matter():
    a = equity(["AhKh", "QQ+", None], "Qh 7h 2c 5s")
    b = equity([None, "AhKh", "QQ+"], "Qh 7h 2c 5s")
    assert b.players[1].equity == pytest.approx(a.players[0].equity, abs=1e-12)
    assert b.players[2].equity == pytest.approx(a.players[1].equity, abs=1e-12)
    assert b.combinations == a.combinations


@pytest.mark.parametrize("spec", ["AhKh", "Ah Kh", ("Ah", "Kh"), [Card("Ah"), 45], parse_range("AhKh")])
def test_hand_spellings(spec):
    r = equity([spec, "QsQd"], "Qh 7h 2c 5s")
    assert r.players[0].hand == "AhKh"
    assert r.players[0].wins == 7  # the 9 hearts left, less 2h and 5h that fill up the queens


def test_weights_are_honoured():
    full = equity(["AhKh", "AA, KK"], "Qh 7h 2c 5s")
    half = equity(["AhKh", "0.5(AA), KK"], "Qh 7h 2c 5s")
    aces = equity(["AhKh", "AA"], "Qh 7h 2c 5s")
    kings = equity(["AhKh", "KK"], "Qh 7h 2c 5s")
    known = parse_cards("AhKh Qh 7h 2c 5s")
    n_aces, n_kings = len(parse_range("AA").without(known)), len(parse_range("KK").without(known))
    expected = ((0.5 * n_aces * aces.players[0].win + n_kings * kings.players[0].win)
                / (0.5 * n_aces + n_kings))
    assert half.players[0].win == pytest.approx(expected, abs=1e-12)
    assert half.players[0].win != pytest.approx(full.players[0].win, abs=1e-6)
    assert half.combinations == full.combinations


# ---------------------------------------------------------------- Monte Carlo

@pytest.mark.parametrize(
    "players, board",
    [
        (["AhAd", "KsKc"], ""),
        (["AhKh", None], ""),
        (["AhKh", "QQ+, AKs", None], "2c 7d 9h"),
        (["AhAd", "KsKc", "7h8h"], ""),
        (["0.5(AA), KK", "AKs, QQ", "JJ"], "2c 7d 9h Th"),
    ],
)
def test_monte_carlo_within_four_standard_errors(players, board):
    exact = equity(players, board, exact=True)
    sampled = equity(players, board, samples=40_000, seed=7)
    assert not sampled.exact and sampled.combinations == 40_000
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 4 * s.std_error
        assert abs(e.win - s.win) <= 4 * math.sqrt(e.win * (1 - e.win) / 40_000) + 1e-9


def test_monte_carlo_is_repeatable():
    a = equity(["AhKh"] + [None] * 5, samples=10_000, seed=3)
    b = equity(["AhKh"] + [None] * 5, samples=10_000, seed=3)
    c = equity(["AhKh"] + [None] * 5, samples=10_000, seed=4)
    assert a.to_dict()["players"] == b.to_dict()["players"]
    assert a.players[0].wins != c.players[0].wins


def test_automatic_monte_carlo_reaches_its_target():
    r = equity(["AhKh"] + [None] * 8, seed=5, budget=30)
    assert not r.exact and r.std_error <= 0.001
    assert r.players[0].equity == pytest.approx(0.2247, abs=0.005)  # 9-handed AKs, published ~22.5 %


def test_budget_switches_to_monte_carlo():
    assert equity(["AhKh", None, None], "2c 7d 9h", budget=0.001, seed=1).exact is False
    assert equity(["AhKh", None, None], "2c 7d 9h", budget=1000).exact is True
    assert equity(["AhKh", None], "2c 7d 9h").exact is True


def test_progress_reaches_one():
    seen = []
    equity(["QQ", "87s", "AKo"], "2c 7d 9h", progress=seen.append)
    assert seen and seen[-1] == pytest.approx(1.0) and seen == sorted(seen)
    seen.clear()
    equity(["AhKh", None, None], samples=5000, seed=1, progress=seen.append)
    assert seen[-1] == pytest.approx(1.0)


# ---------------------------------------------------------------- the JSON contract

def test_to_dict_shape():
    d = equity(["AhAd", "KsKc", "QQ+"], "2c 7d 9h", dead="3s").to_dict()
    assert set(d) >= {"players", "board", "dead", "combinations", "exact", "std_error", "elapsed_s"}
    assert d["board"] == ["2c", "7d", "9h"] and d["dead"] == ["3s"]
    assert d["exact"] is True and d["std_error"] is None and isinstance(d["combinations"], int)
    for p in d["players"]:
        assert set(p) >= {"hand", "win", "tie", "lose", "equity", "categories"}
        assert list(p["categories"]) == CATEGORY_NAMES
    assert d["players"][2]["hand"] == "QQ+"


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize(
    "players, board, dead, error, fragment",
    [
        (["AhKh"], "", "", InvalidDealError, "2 to 10 players, got 1"),
        ([None] * 11, "", "", InvalidDealError, "got 11"),
        (["AhKh", "QsQd"], "2c", "", InvalidDealError, "0, 3, 4 or 5 cards, got 1"),
        (["AhKh", "QsQd"], "2c 3c", "", InvalidDealError, "got 2"),
        (["AhKh", "QsQd"], "2c 3c 4c 5c 6c 7c", "", InvalidDealError, "got 6"),
        (["AhKh", "QsAh"], "", "", DuplicateCardError, "'Ah'"),
        (["AhKh", "QsQd"], "Qs 2c 3c", "", DuplicateCardError, "'Qs'"),
        (["AhKh", "QsQd"], "", "Kh", DuplicateCardError, "'Kh'"),
        (["AhKhQh", "QsQd"], "", "", InvalidDealError, "player 1 has 3 cards"),
        ([[65, 1], "QsQd"], "", "", CardParseError, "player 1: 65 is not a card index (0-51)"),
        (["AhKh", [Card("Qs"), 52]], "", "", CardParseError, "player 2: 52 is not a card index (0-51)"),
        (["Ah", "QsQd"], "", "", InvalidDealError, "player 1 has 1 card"),
        (["AhKx", "QsQd"], "", "", RangeParseError, "player 1"),
        (["AhKh", "QQ+, Zz"], "", "", RangeParseError, "'Zz'"),
        (["AhKh", "QsQd"], "2c 3c Xx", "", CardParseError, "'Xx'"),
        (["AA", "AA", "AA"], "", "", InvalidDealError, "collide with every possible deal"),
        (["AsAh", "AdAc", "AA"], "", "", InvalidDealError, "player 3's range 'AA' has no hand left"),
        ([None] * 10, "", " ".join(str(c) for c in DECK[:28]), InvalidDealError, "too few cards left"),
        ([None] * 2, "2c 3c 4c 5c 6d", [c for c in DECK if c not in parse_cards("2c 3c 4c 5c 6d")][3:],
         InvalidDealError, "too few cards left: the deal needs 4 more cards but only 3 remain"),
    ],
)
def test_bad_deals(players, board, dead, error, fragment):
    with pytest.raises(error) as info:
        equity(players, board, dead)
    assert fragment in str(info.value)


@pytest.mark.parametrize("kwargs, fragment", [({"samples": 0}, "samples"), ({"samples": 2.5}, "samples"),
                                              ({"target_std_error": 0}, "target_std_error")])
def test_bad_options(kwargs, fragment):
    with pytest.raises(OptionError, match=fragment):
        equity(["AhKh", None], **kwargs)


@pytest.mark.parametrize("kwargs, field, fragment", [
    ({"exact": "no"}, "exact", "exact must be True, False or None, got 'no'"),
    ({"exact": 0}, "exact", "got 0"),
    ({"tables": "no"}, "tables", "tables must be True or False, got 'no'"),
    ({"tables": None}, "tables", "got None"),
    ({"stop": object()}, "stop", "stop must be a pokerfsm.odds.Stop"),
    ({"stop": 5.0}, "stop", "got 5.0"),
    ({"progress": "bar"}, "progress", "progress must be a function"),
])
def test_flags_and_objects_of_the_wrong_type_are_one_option_error(kwargs, field, fragment):
    with pytest.raises(OptionError) as info:
        equity(["AhKh", "QsQd"], **kwargs)
    assert info.value.field == field and fragment in str(info.value)


def test_an_option_error_is_not_a_bad_deal():
    assert not issubclass(OptionError, InvalidDealError)
    with pytest.raises(OptionError) as info:
        equity(["AhKh", "QsQd"], budget=-1)
    assert not isinstance(info.value, InvalidDealError) and info.value.field == "budget"


@pytest.mark.parametrize("players, board, dead", [
    (["AhKh", "QsQd"], "Qh 7h 2c", ""),
    (["AhKh", "QQ+, 0.5(9h8h)", None], "Qh 7h 2c 5s", "3d"),
    (["AhKh", None], "", "2c"),
])
def test_a_checked_deal_answers_as_its_text(players, board, dead):
    from pokerfsm.odds.deal import prepare_deal

    deal = prepare_deal(players, board, dead)
    assert equity(deal, seed=1).to_dict() | {"elapsed_s": 0} == \
        equity(players, board, dead, seed=1).to_dict() | {"elapsed_s": 0}


def test_a_checked_deal_is_not_parsed_again(monkeypatch):
    from pokerfsm.calculator import dispatch
    from pokerfsm.odds.deal import prepare_deal

    want = equity(["AhKh", "QQ+"], "Qh 7h 2c")
    deal = prepare_deal(["AhKh", "QQ+"], "Qh 7h 2c")
    monkeypatch.setattr(dispatch, "prepare_deal", lambda *args, **kwargs: pytest.fail("parsed twice"))
    assert equity(deal).players == want.players


@pytest.mark.parametrize("field", ["board", "dead"])
def test_a_checked_deal_takes_no_more_cards(field):
    from pokerfsm.odds.deal import prepare_deal

    with pytest.raises(InvalidDealError, match=f"its own {field} cards") as info:
        equity(prepare_deal(["AhKh", "QsQd"]), **{field: "2c 3c 4c"})
    assert info.value.field == field


def test_exact_refuses_hopeless_work():
    with pytest.raises(InvalidDealError, match="would take about"):
        equity([None, None, None, None], exact=True)


def test_package_functions_survive_importing_every_submodule():
    # a submodule named like a public function would replace it on the package once imported
    import subprocess
    import sys

    code = ("import pokerfsm, pokerfsm.odds, pokerfsm.odds.compute, pokerfsm.odds.outs, pokerfsm.calculator, "
            "pokerfsm.calculator.dispatch, pokerfsm.calculator.live, "
            "pokerfsm.evaluation, pokerfsm.evaluation.hands, pokerfsm.table, pokerfsm.players; "
            "print(pokerfsm.equity(['AhAd', 'KsKc'], 'Kh Tc Td').combinations, "
            "len(pokerfsm.outs(['AhKh', 'QsQd'], 'Qh 7h 2c 5s').players[0].wins))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split() == ["990", "7"]
