"""``pokerfsm report flops --game short-deck``: the 36-card flops in one JSON document, its errors one line."""
import json

import pytest

import pokerfsm
from pokerfsm.cli import main

A, B = "QQ+,AK", "88+,ATs+,KQs"


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address="127.0.0.1:0") as client:
        yield client.scheduler.address


def test_json_rows_are_short_decks(table, scheduler, tmp_path, capsys):
    common = ["report", "flops", A, B, "--limit", "3", "--scheduler", scheduler, "--store", str(tmp_path / "s"),
              "--game", "short-deck"]
    assert main([*common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "short-deck" and data["flops"] == 3 and not data["complete"] and data["computed"] == 3
    assert [r["flop"] for r in data["rows"]] == ["6d 6h 6s", "7s 6h 6s", "7d 6h 6s"]
    exact = pokerfsm.equity([A, B], board=data["rows"][2]["flop"], exact=True, game="short-deck")
    assert data["rows"][2]["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    assert main(common) == 0
    out = " ".join(capsys.readouterr().out.split())   # the title wraps on a narrow terminal
    assert "on every flop at short-deck hold'em" in out and "3 of 573 flops" in out and "read from the store" in out
    assert main([*common[:-2], "--json"]) == 0   # hold'em's report of the same ranges is its own
    holdem = json.loads(capsys.readouterr().out)
    assert holdem["game"] == "holdem" and holdem["computed"] == 3 and holdem["rows"][0]["flop"] == "2d 2h 2s"


@pytest.mark.parametrize("argv, fragment", [
    (["--game", "short-deck", "QQ+,AK", "22+"], "player 2: '22+' names a rank below six"),
    (["--game", "short-deck", "QQ+,AK", "88+", "--limit", "574"], "--limit must be 1 to 573, not 574"),
    (["--game", "omaha", "QQ+,AK", "88+"], "no flop reports for Omaha"),
    (["--game", "pineapple", "QQ+,AK", "88+"], "unknown game 'pineapple'"),
])
def test_errors_are_one_line_with_status_2(table, capsys, argv, fragment, tmp_path):
    assert main(["report", "flops", *argv, "--store", str(tmp_path / "s")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fragment in captured.err and len(captured.err.strip().splitlines()) == 1
