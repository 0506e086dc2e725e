"""The eval, odds and generate commands, in-process and as a real process."""
import json
import subprocess
import sys

import pytest

from pokerfsm.cli import main


def test_eval_prints_category_description_and_best_five(table, capsys):
    assert main(["eval", "Ah Kh Qh Jh Th 2c 3d"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["Straight flush: Straight flush, Ace high", "best five: Ah Kh Qh Jh Th"]


def test_eval_french_and_json(table, capsys):
    assert main(["eval", "Rco", "Rca", "Rt", "3p", "3t", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.startswith("Full: Full aux Rois par les Trois")
    assert main(["eval", "As 2d 3c 4h 5s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["category"] == "STRAIGHT" and data["description"] == "Straight, Five high"


def test_odds_table_and_json(table, capsys):
    assert main(["odds", "Ah Kh", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["combinations"] == 2_118_760
    assert sum(v["count"] for v in data["categories"].values()) == 2_118_760
    assert main(["odds", "Ah", "Kh"]) == 0
    assert "Straight flush" in capsys.readouterr().out


@pytest.mark.parametrize("argv, fragment", [
    (["eval", "Ah Kh Zz Jh Th"], "'Zz'"),
    (["eval", "Ah Kh Qh"], "5, 6 or 7 cards"),
    (["eval", "Ah Kh Qh Jh ah"], "twice"),
    (["odds", "Ah Kh", "--dead", "Kh"], "twice"),
])
def test_errors_are_one_line_with_status_2(table, capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1


def test_real_process_error_has_no_traceback(table):
    result = subprocess.run([sys.executable, "-m", "pokerfsm", "eval", "Ah", "Xx", "Qh", "Jh", "Th"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "'Xx'" in result.stderr
    ok = subprocess.run(["pokerfsm", "eval", "Ah Kh Qh Jh Th"], capture_output=True, text=True)
    assert ok.returncode == 0 and "Straight flush" in ok.stdout
