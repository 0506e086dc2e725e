"""``pokerfsm play``: options, histories, and whole games through the real program."""
import json
import os
import subprocess
import sys

import pokerkit as pk
import pytest

from pokerfsm.cli import main


def final_stacks(text):
    line = text.rstrip().splitlines()[-1]
    assert line.startswith("stacks: ")
    return {name: int(chips) for name, chips in
            (item.rsplit(" ", 1) for item in line[len("stacks: "):].split(", "))}


def test_automatic_draw_prints_a_final_line_of_the_stacks(capsys):
    assert main(["play", "draw", "--auto", "--hands", "3", "--seed", "1"]) == 0
    stacks = final_stacks(capsys.readouterr().out)
    assert list(stacks) == ["You", "Ada (solid)", "Bruno (timid)", "Chloe (random)", "Denis (flambeur)",
                            "Emma (solid)", "Felix (timid)", "Gaby (bluffer)"]   # the mixed table


def test_the_same_seed_plays_the_same_game(capsys):
    runs = []
    for _ in range(2):
        main(["play", "draw", "--auto", "--hands", "2", "--seed", "9", "--players", "4"])
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]


def test_holdem_history_is_phh_that_pokerkit_reads(tmp_path, capsys):
    path = tmp_path / "session.phhs"
    assert main(["play", "holdem", "--auto", "--hands", "3", "--seed", "2", "--opponent", "timid",
                 "--history", str(path)]) == 0
    stacks = final_stacks(capsys.readouterr().out)
    records = list(pk.HandHistory.loads_all(path.read_text()))
    assert [r.hand for r in records] == [1, 2, 3]
    last = records[-1]
    assert dict(zip(last.players, last.finishing_stacks)) == stacks


def test_draw_history_is_json_lines(tmp_path, capsys):
    path = tmp_path / "session.jsonl"
    assert main(["play", "draw", "--auto", "--hands", "4", "--seed", "3", "--players", "5",
                 "--history", str(path)]) == 0
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["hand"] for r in records] == [1, 2, 3, 4]
    assert all(len(r["players"]) == 5 and r["game"] == "five-card draw" for r in records)


def test_explain_shows_the_rule_behind_each_computer_move(capsys):
    main(["play", "draw", "--auto", "--hands", "1", "--seed", "4", "--players", "3", "--explain"])
    out = capsys.readouterr().out
    assert "↳ keep" in out or "↳ solid" in out


@pytest.mark.parametrize("argv, message", [
    (["play", "draw", "--players", "9"], "--players takes 2 to 8 players, got 9"),
    (["play", "holdem", "--hot-seat", "--auto"], "--hot-seat and --auto exclude each other"),
])
def test_bad_choices_are_one_line_errors(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["play", "holdem", "--blinds", "10/5"],
    ["play", "holdem", "--blinds", "five"],
    ["play", "holdem", "--stack", "0"],
    ["play", "holdem", "--opponent", "shark"],
    ["play", "chess"],
    ["play", "holdem", "--seed", "\u0661"],          # digits 0-9 only, as everywhere
    ["play", "holdem", "--blinds", "\u0665/\u0661\u0660"],
    ["play", "draw", "--players", "\u0663"],
    ["play", "holdem", "--seed", "-1"],
])
def test_bad_options_are_refused_by_the_parser(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "error" in err and len(err.strip().splitlines()) == 1


def test_a_history_file_that_cannot_be_written_is_a_one_line_error(tmp_path, capsys):
    target = tmp_path / "missing" / "h.phhs"
    assert main(["play", "holdem", "--auto", "--hands", "1", "--history", str(target)]) == 2
    assert str(target) in capsys.readouterr().err


def run_program(args, stdin, timeout=120):
    env = dict(os.environ, COLUMNS="100")
    return subprocess.run([sys.executable, "-m", "pokerfsm", "play", *args], input=stdin, text=True,
                          capture_output=True, timeout=timeout, env=env)


def test_a_full_holdem_hand_through_the_real_program():
    # the bluffer never folds: calling every time reaches the showdown (or someone's all-in)
    result = run_program(["holdem", "--opponent", "bluffer", "--seed", "3", "--hands", "1"],
                         "zz\n" + "c\n" * 12)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "'zz' is not a move" in out
    assert "Win " in out and "Pot odds:" in out
    assert " shows " in out and "collects:" in out
    assert sum(final_stacks(out).values()) == 2000
    assert result.stderr == ""


def test_a_draw_hand_through_the_real_program():
    # 'servi' is refused while betting (a hint) and taken at the draw; 'c' the other way round
    result = run_program(["draw", "--players", "3", "--seed", "5", "--hands", "1"], "servi\nc\n" * 10)
    assert result.returncode == 0, result.stderr
    assert "Draw" in result.stdout and "Best exact draw: keep" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_end_of_input_at_the_first_prompt_ends_cleanly():
    result = run_program(["holdem", "--seed", "1"], "")
    assert result.returncode == 0
    assert "You leave the table" in result.stdout and result.stderr == ""


def test_the_prompt_in_a_real_terminal():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "pokerfsm", "play", "holdem", "--opponent", "bluffer",
                                           "--seed", "3", "--hands", "1"],
                          encoding="utf-8", timeout=60, dimensions=(40, 120))
    child.expect(r"\(pre-flop\) > ")                       # colours sit between name and street
    assert "Win " in child.before and "Pot odds" in child.before
    child.sendline("r 3")
    child.expect("out of range")
    while True:
        index = child.expect([r"\((pre-flop|flop|turn|river)\) > ", pexpect.EOF])
        if index == 1:
            break
        child.sendline("c")
    child.close()
    assert child.exitstatus == 0
    assert "stacks: You" in child.before


def test_without_pokerkit_the_command_says_which_extra_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pokerkit", None)      # makes 'import pokerkit' fail
    assert main(["play", "holdem", "--auto", "--hands", "1"]) == 2
    assert 'pip install "pokerfsm[games]"' in capsys.readouterr().err
