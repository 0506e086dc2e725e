"""``pokerfsm report flops``: one JSON document, CSV, Parquet, one-line errors before any cluster starts; at
hold'em and at short deck (``--game short-deck``)."""
import csv
import io
import json

import pytest

import pokerfsm
from pokerfsm.cli import main

A, B = "QQ+,AK", "22+,ATs+,KQs"
SHORT_B = "88+,ATs+,KQs"


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1,
                            dashboard_address="127.0.0.1:0") as client:
        yield client.scheduler.address


def test_json_csv_parquet_and_the_summary(table, scheduler, tmp_path, capsys):
    common = ["report", "flops", A, B, "--limit", "4", "--scheduler", scheduler, "--store", str(tmp_path / "s")]
    assert main([*common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["flops"] == 4 and not data["complete"] and data["computed"] == 4
    assert [r["key"] for r in data["rows"]] == [0, 1, 2, 3] and data["summaries"][0]["group"] == "all flops"
    assert main([*common, "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["flop"] for r in rows] == [r["flop"] for r in data["rows"]]
    assert main(common) == 0
    out = capsys.readouterr().out
    assert "all flops" in out and "4 of 1,755 flops" in out and "read from the store" in out
    pq = pytest.importorskip("pyarrow.parquet")
    assert main([*common, "--parquet", str(tmp_path / "r.parquet")]) == 0
    assert pq.read_table(tmp_path / "r.parquet").num_rows == 4


@pytest.mark.parametrize("argv, fragment", [
    (["report", "flops", "QQ+,AX", B], "'AX'"),
    (["report", "flops", "AhKh", B], "suits are renamed"),
    (["report", "flops", A, B, "--workers", "0"], "--workers"),
    (["report", "flops", A, B, "--limit", "0"], "--limit"),
    (["report", "flops", A, B, "--csv", "--json"], "not allowed"),
    (["report", "flops", "--game", "short-deck", A, "22+"], "player 2: '22+' names a rank below six"),
    (["report", "flops", "--game", "short-deck", A, "88+", "--limit", "574"], "--limit must be 1 to 573, not 574"),
    (["report", "flops", "--game", "omaha", A, "88+"], "no flop reports for Omaha"),
    (["report", "flops", "--game", "pineapple", A, "88+"], "unknown game 'pineapple'"),
])
def test_errors_are_one_line_with_status_2(table, capsys, argv, fragment, tmp_path):
    assert main([*argv, "--store", str(tmp_path / "s")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and fragment in captured.err and len(captured.err.strip().splitlines()) == 1


def test_json_rows_are_short_decks(table, scheduler, tmp_path, capsys):
    common = ["report", "flops", A, SHORT_B, "--limit", "3", "--scheduler", scheduler, "--store",
              str(tmp_path / "s"), "--game", "short-deck"]
    assert main([*common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "short-deck" and data["flops"] == 3 and not data["complete"] and data["computed"] == 3
    assert [r["flop"] for r in data["rows"]] == ["6d 6h 6s", "7s 6h 6s", "7d 6h 6s"]
    exact = pokerfsm.equity([A, SHORT_B], board=data["rows"][2]["flop"], exact=True, game="short-deck")
    assert data["rows"][2]["equity_a"] == pytest.approx(exact.players[0].equity, abs=1e-12)
    assert main(common) == 0
    out = " ".join(capsys.readouterr().out.split())   # the title wraps on a narrow terminal
    assert "on every flop at short-deck hold'em" in out and "3 of 573 flops" in out and "read from the store" in out
    assert main([*common[:-2], "--json"]) == 0   # hold'em's report of the same ranges is its own
    holdem = json.loads(capsys.readouterr().out)
    assert holdem["game"] == "holdem" and holdem["computed"] == 3 and holdem["rows"][0]["flop"] == "2d 2h 2s"

