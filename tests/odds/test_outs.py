"""outs(): a worked example, a brute-force oracle, the flop view, errors."""
import pytest

from pokerfsm.calculator import equity
from pokerfsm.cards import DECK, parse_cards
from pokerfsm.errors import DuplicateCardError, InvalidDealError
from pokerfsm.evaluation.reference import reference_value
from pokerfsm.odds.outs import outs

pytestmark = pytest.mark.usefixtures("table")


def cards(text):
    return tuple(parse_cards(text))


def test_seed_003_example():
    # the problem set's "connect67 vs aces-in-hole" turn: the cards missing from its three lists
    # are 6c 7c / Ah Ad on 4c 8c 9s Jh
    r = outs(["6c 7c", "Ah Ad"], "4c 8c 9s Jh")
    hero = r.players[0]
    assert hero.wins == cards("2c 3c 5s 5h 5d 5c 9c Ts Th Td Tc Jc Qc Kc Ac")
    assert hero.ties == ()
    assert hero.losses == cards("2s 2h 2d 3s 3h 3d 4s 4h 4d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9h 9d "
                                "Js Jd Qs Qh Qd Ks Kh Kd As")
    assert r.players[1].wins == hero.losses
    assert r.street == "river"


def oracle(hands, board, dead=()):
    """Per river card, the winners by the reference evaluator."""
    used = {int(c) for h in hands for c in parse_cards(h)} | {int(c) for c in parse_cards(board)} | set(dead)
    result = {}
    for river in DECK:
        if int(river) in used:
            continue
        values = [reference_value(list(parse_cards(h)) + list(parse_cards(board)) + [river]) for h in hands]
        best = max(values)
        result[river] = tuple(i for i, v in enumerate(values) if v == best)
    return result


@pytest.mark.parametrize(
    "hands, board",
    [
        (["AhKh", "QsQd"], "Qh 7h 2c 5s"),
        (["7c2d", "7s2h"], "Ah Kh Qh Jh"),
        (["AhKh", "QsQd", "JcTc"], "Qh 9c 8c 2d"),
        (["2s3s", "2h3h", "4d5d", "KcKd"], "6s 7h 8c Ad"),
    ],
)
def test_rivers_against_oracle(hands, board):
    r = outs(hands, board)
    expected = oracle(hands, board)
    assert {rc.card: rc.winners for rc in r.rivers} == expected
    for p, player in enumerate(r.players):
        assert set(player.wins) == {c for c, w in expected.items() if w == (p,)}
        assert set(player.ties) == {c for c, w in expected.items() if p in w and len(w) > 1}
        assert len(player.wins) + len(player.ties) + len(player.losses) == len(expected)


@pytest.mark.parametrize("hands, board", [(["AhKh", "QsQd"], "Qh 7h 2c"), (["6c7c", "AhAd", "Ks Kd"], "4c 8c 9s")])
def test_turns_agree_with_equity(hands, board):
    r = outs(hands, board)
    assert r.street == "turn" and len(r.turns) == 52 - 2 * len(hands) - 3
    for turn in r.turns:
        exact = equity(hands, f"{board} {turn.card}")
        for p, player in enumerate(exact.players):
            assert turn.equities[p] == pytest.approx(player.equity, abs=1e-12)
            assert (turn.wins[p], turn.ties[p], turn.losses[p]) == (player.wins, player.ties, player.losses)
    best = [max(t.equities) for t in r.turns]
    for p, player in enumerate(r.players):
        favourite = {t.card for t, b in zip(r.turns, best) if t.equities[p] == b}
        assert set(player.wins) | set(player.ties) == favourite


def test_dead_cards_are_not_outs():
    r = outs(["AhKh", "QsQd"], "Qh 7h 2c 5s", dead="3h 4h")
    assert len(r.players[0].wins) == 5
    assert all(str(rc.card) not in ("3h", "4h") for rc in r.rivers)


def test_to_dict():
    d = outs(["AhKh", "QsQd"], "Qh 7h 2c 5s").to_dict()
    assert d["street"] == "river" and d["board"] == ["Qh", "7h", "2c", "5s"]
    assert d["players"][0]["wins"] == ["3h", "4h", "6h", "8h", "9h", "Th", "Jh"]
    assert len(d["rivers"]) == 44 and d["rivers"][0] == {"card": "2s", "winners": [1]}
    flop = outs(["AhKh", "QsQd"], "Qh 7h 2c").to_dict()
    assert flop["street"] == "turn" and len(flop["turns"]) == 45
    assert set(flop["turns"][0]) == {"card", "equities", "wins", "ties", "losses"}


@pytest.mark.parametrize(
    "hands, board, error, fragment",
    [
        (["AhKh", "QsQd"], "Qh 7h 2c 5s 3d", InvalidDealError, "3 or 4 board cards, got 5"),
        (["AhKh", "QsQd"], "", InvalidDealError, "got 0"),
        (["AhKh", "QQ+"], "Qh 7h 2c", InvalidDealError, "player 2 has 'QQ+'"),
        (["AhKh", None], "Qh 7h 2c", InvalidDealError, "player 2 has 'random'"),
        (["AhKh"], "Qh 7h 2c", InvalidDealError, "2 to 10 players"),
        (["AhKh", "QhQd"], "Qh 7h 2c", DuplicateCardError, "'Qh'"),
    ],
)
def test_bad_input(hands, board, error, fragment):
    with pytest.raises(error) as info:
        outs(hands, board)
    assert fragment in str(info.value)
