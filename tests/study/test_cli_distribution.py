"""``pokerfsm distribution``: the chart, one JSON document, the plot, one-line errors."""
import json

import pytest

import pokerfsm
from pokerfsm.cli import main


def test_json_is_one_document_with_the_seats_equity(table, capsys):
    assert main(["distribution", "QQ+,AK", "22+,ATs+,KQs", "--board", "Kd 7c 2h", "--seat", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    exact = pokerfsm.equity(["QQ+,AK", "22+,ATs+,KQs"], board="Kd 7c 2h", exact=True)
    assert data["seat"] == 2 and data["exact"]
    assert data["equity"] == pytest.approx(exact.players[1].equity, abs=1e-12)
    assert data["buckets"][0]["label"] == ">= 80%"
    assert len(data["hands"]) == sum(b["weight"] for b in data["buckets"])


def test_chart_and_plot(table, capsys, tmp_path):
    plot = tmp_path / "d.svg"
    assert main(["distribution", "QQ+,AK", "?", "--board", "Kd 7c 2h", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert ">= 80%" in out and "exact" in out
    assert plot.read_text().count("<polyline") == 2
    assert main(["distribution", "QQ+,AK", "?", "--board", "Kd 7c 2h", "--cards", "unicode"]) == 0
    assert "on K♦ 7♣ 2♥: equity" in capsys.readouterr().out


def test_three_seats_and_a_curve_for_each(table, capsys, tmp_path):
    plot = tmp_path / "three.svg"
    argv = ["distribution", "QQ+,AK", "22+,ATs+,KQs", "TT+", "--board", "Kd 7c 2h", "--seat", "3", "--seed", "2",
            "--budget", "1", "--plot", str(plot), "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 3 and data["method"] == "monte-carlo" and data["range"] == "TT+"
    assert plot.read_text().count("<polyline") == 3


@pytest.mark.parametrize("argv, fragment", [
    (["distribution", "QQ+,AX", "KK", "--board", "Kd 7c 2h"], "'AX'"),
    (["distribution", "QQ+", "KK", "--board", "Kd 7c"], "got 2"),
    (["distribution", "QQ+", "KK", "--seat", "3"], "--seat"),
    (["distribution", "QQ+", "KK", "AA", "--board", "Kd 7c 2h", "--exact"], "cannot be exact"),
    (["distribution", "QQ+"], "2 to 10 players"),
    (["distribution", "QQ+", "KK", "--plot", "d.png"], "SVG only"),
])
def test_errors_are_one_line_with_status_2(table, capsys, argv, fragment, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv + ["--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert fragment in captured.err and len(captured.err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
