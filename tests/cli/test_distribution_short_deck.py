"""``pokerfsm distribution --game short-deck``: short deck's values, one JSON document, one-line errors."""
import html
import json

import pytest

import pokerfsm
from pokerfsm.cli import main

SPOT = ["QQ+,AK", "66+,ATs+,KQs", "--board", "Kd 7c 6h"]


def test_json_is_short_decks_distribution(table, capsys):
    assert main(["distribution", *SPOT, "--game", "short-deck", "--seat", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    exact = pokerfsm.equity(SPOT[:2], board="Kd 7c 6h", game="short-deck", exact=True)
    assert data["game"] == "short-deck" and data["seat"] == 2 and data["exact"]
    assert data["equity"] == pytest.approx(exact.players[1].equity, abs=1e-12)
    assert not any(rank in h["hand"][::2] for h in data["hands"] for rank in "2345")


def test_chart_names_the_game_and_the_plot_has_every_seat(table, capsys, tmp_path):
    plot = tmp_path / "d.svg"
    argv = ["distribution", *SPOT[:2], "TT+", *SPOT[2:], "--game", "short-deck", "--seed", "1", "--budget", "0.5",
            "--plot", str(plot), "--cards", "unicode"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("short-deck, seat 1 (QQ+, AK) on K♦ 7♣ 6♥: equity")
    svg = html.unescape(plot.read_text())
    assert svg.count("<polyline") == 3 and "Short-deck hold'em equity distribution on Kd 7c 6h" in svg


def test_holdem_is_the_default(table, capsys):
    assert main(["distribution", "QQ+,AK", "22+", "--board", "Kd 7c 2h", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "holdem"


@pytest.mark.parametrize("argv, fragment", [
    (["QQ+,AK", "66+,A5s", "--board", "Kd 7c 6h"], "player 2: 'A5s' names a rank below six"),
    (["QQ+,AK", "5c 6c", "--board", "Kd 7c 6h"], "player 2: card '5c' is not in the short deck"),
    (["QQ+,AK", "66+", "--board", "Kd 7c 5h"], "board: card '5h' is not in the short deck"),
    (["QQ+,AK", "66+", "--dead", "2c"], "dead: card '2c' is not in the short deck"),
])
def test_short_deck_errors_are_one_line_with_status_2(table, capsys, argv, fragment, tmp_path):
    old = tmp_path / "kept.svg"
    old.write_text("an earlier plot")
    assert main(["distribution", *argv, "--game", "short-deck", "--plot", str(old), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fragment in captured.err and len(captured.err.strip().splitlines()) == 1
    assert old.read_text() == "an earlier plot" and list(tmp_path.iterdir()) == [old]


@pytest.mark.parametrize("game", ["omaha", "razz", "shortdeck"])
def test_another_game_is_refused_before_the_work(table, capsys, game):
    assert main(["distribution", *SPOT, "--game", game, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert game in captured.err.lower() and "holdem" in captured.err and "short-deck" in captured.err
