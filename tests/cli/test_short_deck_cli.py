"""``pokerfsm eval``, ``equity`` and ``outs`` with ``--game short-deck``."""
import json

from pokerfsm.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_equity_short_deck_text_and_json(capsys):
    status, out, _ = run(capsys, "equity", "--game", "short-deck", "AhKh", "QQ+", "--board", "Jh Th 6c")
    assert status == 0 and "Short-deck hold'em, 4,872 showdowns, exact" in out
    status, out, _ = run(capsys, "equity", "--game", "short-deck", "AhKh", "QsQc", "--json")
    data = json.loads(out)
    assert data["game"] == "short-deck" and data["combinations"] == 201_376 and data["exact"]


def test_equity_short_deck_refuses_a_low_rank_in_one_line(capsys):
    status, out, err = run(capsys, "equity", "--game", "short-deck", "AhKh", "66+, 22")
    assert status == 2 and out == ""
    assert err.strip() == "pokerfsm: error: player 2: '22' names a rank below six, which short deck does not deal"


def test_outs_short_deck(capsys):
    status, out, _ = run(capsys, "outs", "--game", "short-deck", "AhKh", "QsQc", "--board", "Jh Th 6c 9d")
    assert status == 0 and "28 river cards" in out
    assert "winning outs (9): 6h 7h 8h 9h Qh Qd As Ad Ac" in out


def test_equity_short_deck_lists_the_flush_above_the_full_house(capsys):
    status, out, _ = run(capsys, "equity", "--game", "short-deck", "AhKh", "QsQc", "--board", "Jh Th 6c",
                         "--cards", "ascii")
    assert status == 0
    rows = [line.split("│")[1].strip() for line in out.splitlines() if line.count("│") > 2]
    assert rows.index("Flush") < rows.index("Full house") < rows.index("Straight")


def test_odds_short_deck_text_and_json(capsys):
    from pokerfsm.evaluation import hand_odds

    status, out, _ = run(capsys, "odds", "--game", "short-deck", "Ah", "Kh", "--cards", "ascii")
    assert status == 0 and "Short-deck hold'em, Ah Kh: 278,256 completions to 7 cards" in out
    assert out.index("Flush") < out.index("Full house")   # short deck's order, best first
    status, out, _ = run(capsys, "odds", "--game", "short-deck", "Ah", "Kh", "--dead", "Qh", "--json")
    data = json.loads(out)
    expected = hand_odds("Ah Kh", "Qh", game="short-deck")
    assert data["game"] == "short-deck" and data["combinations"] == expected.combinations
    assert {name: row["count"] for name, row in data["categories"].items()} == {
        c.name: n for c, n in expected.category_counts.items()}


def test_odds_refuses_a_low_card_and_another_game_in_one_line(capsys):
    status, out, err = run(capsys, "odds", "--game", "short-deck", "Ah", "5h")
    assert status == 2 and out == "" and err.count("\n") == 1 and "'5h' is not in the short deck" in err
    status, out, err = run(capsys, "odds", "--game", "razz", "Ah", "Kh")
    assert status == 2 and out == "" and "no category odds for Razz" in err
