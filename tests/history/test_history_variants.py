"""Replaying short deck, stud, stud hi-lo, razz, 2-7 single and triple draw and badugi.

pokerkit is the oracle: :mod:`variant_hands` plays random legal hands of
each variant on it (seeded), and every one must replay to pokerkit's own
finishing stacks, settled by our :mod:`pokerfsm.history.settlement`. The
``data/*_split*.phh`` files are such hands, kept because each has a split
pot with an odd chip (see the comment at the top of each).
"""
import json
from pathlib import Path

import pytest
from variant_hands import DRAW, STUD, VARIANTS, random_variant_hand

from pokerfsm import history
from pokerfsm.cli import main
from pokerfsm.history.analysis import BEFORE_THE_DRAW, NOT_COMPUTED
from pokerfsm.history.record import STUD_STREETS, TRIPLE_DRAW_STREETS

DATA = Path(__file__).resolve().parent / "data"
HANDS_PER_VARIANT = 12


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_hands_replay_to_pokerkits_stacks(table, variant):
    showdowns = 0
    for seed in range(HANDS_PER_VARIANT):
        hand, = history.loads(random_variant_hand(seed, variant, stacks=(10, 120)))
        assert hand.complete
        assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
        assert sum(hand.settlement.payouts) == sum(hand.contributions)
        showdowns += hand.settlement.contested
    assert showdowns >= HANDS_PER_VARIANT // 4  # hands are compared, not only won by folds


SPLITS = sorted(p.name for p in DATA.glob("*_split*.phh"))


def test_every_variant_has_a_kept_split_pot():
    kept = {history.load(DATA / name)[0].record.game for name in SPLITS}
    assert kept == set(VARIANTS)


@pytest.mark.parametrize("name", SPLITS)
def test_split_pots_with_an_odd_chip_settle_as_pokerkit_settles_them(table, name):
    hand, = history.load(DATA / name)
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
    split = [p for p in hand.settlement.pots if len(set(p.winners) | set(p.low_winners)) > 1]
    assert split
    for pot in split:
        takers = sorted({*pot.winners, *pot.low_winners})
        assert sum(pot.shares) == pot.amount and all(pot.shares[i] > 0 for i in takers)
    assert any(len({pot.shares[i] for i in {*pot.winners, *pot.low_winners}}) > 1 for pot in split)  # an odd chip


def stud_hand():
    text = next(t for s in range(50) if "sm" in (t := random_variant_hand(s, "F7S", passive=0.9)))
    return history.loads(text)[0]


def test_stud_streets_show_down_and_up_cards_and_the_bring_in(table):
    hand = stud_hand()
    assert [s.name for s in hand.streets] == list(STUD_STREETS[:len(hand.streets)])
    third = hand.streets[0]
    for i in third.live:
        assert len(third.cards[i]) == 3 and third.up[i] == (False, False, True)
    if len(hand.streets) == 5:
        assert all(hand.streets[4].up[i] == (False, False, True, True, True, True, False) for i in hand.streets[4].live)
    moves = " · ".join(hand.streets[0].actions)
    assert "bring in 1" in moves or "complete to 2" in moves
    assert hand.record.bring_in == 1 and hand.record.blinds == (0,) * hand.record.seats


@pytest.mark.parametrize("seed", range(6))
def test_the_first_full_bet_on_third_street_completes_the_bring_in(table, seed):
    hand, = history.loads(random_variant_hand(seed, "FR", passive=0.5))
    bets = [m for m in hand.streets[0].actions if any(w in m for w in ("complete", "raise", "bet "))]
    assert not bets or "complete to 2" in bets[0]
    assert all("complete" not in m for m in bets[1:])


def test_draw_streets_show_the_cards_held_and_the_discards(table):
    text = next(t for s in range(50) if "sd" in (t := random_variant_hand(s, "F2L3D", passive=0.9))
                and "sm" in t)
    hand, = history.loads(text)
    assert [s.name for s in hand.streets] == list(TRIPLE_DRAW_STREETS[:len(hand.streets)])
    assert all(len(cards) == 5 for s in hand.streets for i, cards in enumerate(s.cards) if i in s.live)
    moves = [m for s in hand.streets[1:] for m in s.actions]
    assert any("discard" in m or "stand pat" in m for m in moves)
    discard = next(m for m in moves if "discard" in m)
    assert "(" in discard  # the cards thrown, where the history shows them


def test_a_discarded_card_may_be_dealt_again_once_the_stub_is_out(table):
    text = random_variant_hand(0, "F2L3D", players=(6, 7), passive=0.95)
    hand, = history.loads(text)
    dealt = [a.text.split()[-1] for a in hand.record.actions if a.text.startswith("d dh")]
    cards = [d[i:i + 2] for d in dealt for i in range(0, len(d), 2)]
    assert len(cards) > 52 and len(set(cards)) < len(cards)
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks


@pytest.mark.parametrize("variant", DRAW)
def test_draw_games_have_equity_after_the_last_draw_only(table, variant):
    text = next(t for s in range(80) if (t := random_variant_hand(s, variant, passive=0.95)).count(" sm ") >= 2
                and "all-in" not in t)
    hand, = history.loads(text)
    analysis = history.analyse(hand)
    last = hand.record.rules.streets[-1]
    for entry in analysis.streets:
        if entry.street.name != last:
            assert entry.note == BEFORE_THE_DRAW and set(entry.equity) == {None}
        elif len(entry.street.live) > 1:
            shares = [entry.equity[i] for i in entry.street.live]
            assert entry.note is None and sum(shares) == pytest.approx(1)
            best = max(shares)
            winners = {i for i in entry.street.live if entry.equity[i] == best}
            pots = hand.settlement.pots
            assert winners == set(pots[0].winners) or len(pots) > 1


def computes(game, hands, board=()):
    from pokerfsm.calculator import equity
    from pokerfsm.errors import OptionError

    try:
        equity(hands, board=board, game=game, samples=100, seed=1)
    except OptionError:
        return False
    return True


@pytest.mark.parametrize("variant, game", [("F7S", "stud"), ("F7S/8", "stud-hi-lo"), ("FR", "razz")])
def test_stud_equity_at_every_street_is_the_games_equity(table, variant, game):
    if not computes(game, [[None, None, "Ah"], [None, None, "Kd"]]):
        pytest.skip(f"the calculator computes no {game} equity here")
    from pokerfsm.calculator import equity

    seed = next(s for s in range(60) if " sm " in random_variant_hand(s, variant, players=(2, 3), passive=0.95))
    hand, = history.loads(random_variant_hand(seed, variant, players=(2, 3), passive=0.95))
    analysis = history.analyse(hand, seed=3)
    assert analysis.note is None
    for entry in analysis.streets[:2]:
        street = entry.street
        if len(street.live) < 2:
            continue
        expected = equity([street.cards[i] for i in street.live], dead=street.dead, game=game, seed=3)
        assert [entry.equity[i] for i in street.live] == pytest.approx(
            [p.equity for p in expected.players], abs=0 if expected.exact else 4 * (expected.std_error or 0))


def test_short_deck_equity_is_the_games_equity_or_said_not_computed(table):
    hand, = history.loads(next(t for s in range(60) if " sm " in (t := random_variant_hand(s, "NS", passive=0.95))))
    analysis = history.analyse(hand)
    flop = analysis.streets[1]
    if not computes("short-deck", [None, None]):
        assert analysis.note == NOT_COMPUTED and set(flop.equity) == {None}
        return
    from pokerfsm.calculator import equity

    expected = equity([flop.street.holes[i] for i in flop.street.live], board=flop.street.board,
                      dead=flop.street.dead, exact=True, game="short-deck")
    assert [flop.equity[i] for i in flop.street.live] == pytest.approx([p.equity for p in expected.players])


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_command_shows_each_game_and_its_json_names_it(table, tmp_path, capsys, variant):
    path = tmp_path / "hand.phh"
    path.write_text(random_variant_hand(7, variant, passive=0.9))
    assert main(["replay", str(path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    hand, = document["hands"]
    assert hand["game"] == variant and hand["finishing_stacks"] == hand["recorded_finishing_stacks"]
    seat = hand["streets"][0]["players"][0]
    if variant in STUD:  # third street: two down cards, one up
        assert len(seat["down"]) == 2 and len(seat["up"]) == 1 and seat["cards"] == seat["down"] + seat["up"]
    else:
        assert "down" not in seat and "up" not in seat
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    rules = history.load(path)[0].record.rules
    assert f"· {rules.label} ·" in out
    assert ("button p" in out) == (variant not in STUD)
    header = next(line for line in out.splitlines() if "┃ street" in line)
    assert (" board " in header) == (variant == "NS")


@pytest.mark.parametrize("variant, damage, fragment", [
    ("F7S", ("'p", "'p9", 1), "unknown player 'p9"),
    ("FR", ("bring_in = 1", "bring_in = -1", 1), "amounts >= 0"),
    ("FB", (" sd ", " sd 2c2c", 1), "illegal action"),
])
def test_a_damaged_file_is_one_located_error(tmp_path, capsys, variant, damage, fragment):
    text = random_variant_hand(3, variant, passive=0.9)
    old, new, count = damage
    assert old in text
    path = tmp_path / "bad.phh"
    path.write_text(text.replace(old, new, count))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"{path}:") and fragment in err[0]


def test_a_stud_street_of_more_players_than_stud_equity_takes_says_so(table, tmp_path, capsys):
    from pokerfsm.odds.stud_deal import MOST_PLAYERS

    text = random_variant_hand(5, "F7S", players=(MOST_PLAYERS + 1, MOST_PLAYERS + 2), passive=0.2)
    hand, = history.loads(text)
    assert hand.final_stacks == hand.engine_stacks
    analysis = history.analyse(hand)
    third = analysis.streets[0]
    assert len(third.street.live) > MOST_PLAYERS and set(third.equity) == {None}
    assert third.note == analysis.note == f"not computed for more than {MOST_PLAYERS} players"
    path = tmp_path / "eight.phh"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    assert f"not computed for more than {MOST_PLAYERS} players" in capsys.readouterr().out


def test_stud_down_cards_nobody_saw_until_the_showdown(table):
    import tomllib

    text = next(t for s in range(60) if "p2 sm " in (t := random_variant_hand(s, "F7S", players=(2, 3), passive=0.97)))
    actions = tomllib.loads(text)["actions"]
    deals = [k for k, a in enumerate(actions) if a.startswith("d dh p2 ")]
    actions[deals[0]] = "d dh p2 ????" + actions[deals[0]][-2:]  # the two down cards of third street
    actions[deals[-1]] = "d dh p2 ??"  # and the one of seventh street
    head, tail = text.split("actions = ")
    hand, = history.loads(head + f"actions = {actions!r}\n" + tail[tail.index("finishing_stacks"):])
    assert hand.final_stacks == hand.engine_stacks == hand.record.finishing_stacks
    third = hand.streets[0]
    assert third.cards[1][:2] == (None, None) and third.holes[1] is None
    assert len(hand.holes[1]) == 7  # shown at the end
    analysis = history.analyse(hand)
    assert all(sum(e.equity[i] for i in e.street.live) == pytest.approx(1) for e in analysis.streets)
