"""The ``pokerfsm rummikub`` command (play / solve / check) and the terminal game's entries."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerfsm import cli
from pokerfsm.games.rummikub.console import EntryError, Help, Hint, Quit, parse_entry
from pokerfsm.games.rummikub.game import Draw, Pass, Play
from pokerfsm.games.rummikub.rules import as_table
from pokerfsm.games.rummikub.solver import solve
from pokerfsm.games.rummikub.tiles import TileParseError, format_tiles

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "pokerfsm" / "games" / "rummikub" / "examples"
TABLE = as_table("R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11")


# --- what the player types -----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("draw", Draw()), ("D", Draw()), ("pass", Pass()), ("hint", Hint), ("help", Help), ("quit", Quit),
    ("", None), ("   ", None),
])
def test_words(text, expected):
    entry = parse_entry(text, TABLE)
    assert entry == expected if not isinstance(expected, type) else isinstance(entry, expected)


@pytest.mark.parametrize("text, table", [
    ("place R7 R8 R9", "R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11 | R7 R8 R9"),
    ("place Y2 Y3 Y4 | Y7 Y8 J", "R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11 | Y2 Y3 Y4 | Y7 Y8 J"),
    ("add R12 to 3", "R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11 R12"),
    ("ADD r8 r12 TO 3", "R7 B7 Y7 | K1 K2 K3 K4 | R9 R10 R11 R8 R12"),
    ("add K7 to 1; move K4 from 2 to new; add K3 K5 to 4; add R8 to 3",
     "R7 B7 Y7 K7 | K1 K2 K3 | R9 R10 R11 R8 | K4 K3 K5"),
    ("move R9 R10 R11 from 3 to 1", "R7 B7 Y7 R9 R10 R11 | K1 K2 K3 K4"),
    ("R7 B7 Y7 K7 | K1 K2 K3 K4 | R9 R10 R11", "R7 B7 Y7 K7 | K1 K2 K3 K4 | R9 R10 R11"),
    ("table R1 R2 R3 | B1 B2 B3", "R1 R2 R3 | B1 B2 B3"),
])
def test_edits_build_the_new_table(text, table):
    entry = parse_entry(text, TABLE)
    assert entry == Play.of(table)


@pytest.mark.parametrize("text, error, message", [
    ("add R10 to 9", EntryError, "'9' in 'add R10 to 9' is not a set number"),
    ("add R10", EntryError, "write 'add R10 to 3'"),
    ("move B1 from 1 to 2", EntryError, "B1 is not in set 1"),
    ("move K4 from 2", EntryError, "write 'move K4 from 2 to 5'"),
    ("place", EntryError, "place what"),
    ("jump R7", EntryError, "unknown command 'jump'"),
    ("place R7 G8 R9", TileParseError, "'G8' is not a tile"),
])
def test_bad_entries_say_why(text, error, message):
    with pytest.raises(error, match=message):
        parse_entry(text, TABLE)


# --- solve and check -----------------------------------------------------------------------

def run(argv, capsys):
    status = cli.main(["rummikub", *map(str, argv)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_solve_json_on_the_course_example(capsys):
    status, out, _ = run(["solve", EXAMPLES / "course_8_4.json", "--json"], capsys)
    assert status == 0
    answer = json.loads(out)
    assert (answer["tiles_placed"], answer["value_placed"], answer["sets_changed"]) == (4, 23, 3)
    assert answer["placed"] == ["R8", "K3", "K5", "K7"]
    assert answer == solve("K7 K7 R8 K3 K5 K5", TABLE).to_json()  # the same solve from Python


@pytest.mark.parametrize("name, tiles", [
    ("course_8_4.json", 4), ("initial_meld.json", 7), ("jokers.json", 1), ("midgame.json", 11),
    ("initial_meld_too_low.json", 0),
])
def test_solve_every_example(name, tiles, capsys):
    status, out, _ = run(["solve", EXAMPLES / name], capsys)
    assert status == 0
    if tiles:
        assert out.startswith(f"Place {tiles} tile")
        assert "New table:" in out
    else:
        assert out == "No tiles can be placed: draw a tile.\n"


@pytest.mark.parametrize("name, status, verdict", [
    ("course_8_4_move.json", 0, {"legal": True, "tiles_placed": 4, "value_placed": 23}),
    ("not_your_tile.json", 1, {"legal": False, "rule": "not-your-tile"}),
    ("initial_meld_too_low.json", 1, {"legal": False, "rule": "initial-meld-below-30"}),
])
def test_check_exit_status_and_verdict(name, status, verdict, capsys):
    code, out, _ = run(["check", EXAMPLES / name, "--json"], capsys)
    assert code == status
    answer = json.loads(out)
    assert {k: answer[k] for k in verdict} == verdict
    code, out, _ = run(["check", EXAMPLES / name], capsys)
    assert code == status and out.startswith("legal" if status == 0 else "illegal (")


@pytest.mark.parametrize("text, line, message", [
    # A missing comma: every Python names the same line (3.13 reports a trailing comma at
    # the comma itself, older versions at the bracket after it).
    ('{\n  "hand": ["R7"\n    "R8"]\n}', 3, "not valid JSON"),
    ('{\n  "hand": ["R7",\n    "X9"],\n  "table": []\n}', 3, "'X9' is not a tile"),
    ('{\n  "hand": ["R7"],\n  "table": [["R1", "R2", "R4"]]\n}', 3, "the table is not valid: set 1: R1 R2 R4"),
    ('{\n  "hand": ["J", "J"],\n  "table": [["J", "R2", "R3"]]\n}', 2, "3 copies of 'J'"),
    ('{\n  "table": []\n}', 1, "missing key 'hand'"),
    ('{\n  "hand": [],\n  "tabel": []\n}', 3, "unknown key 'tabel'"),
    ('{\n  "hand": [],\n  "initial_done": "yes"\n}', 3, "initial_done must be true or false"),
    ('{\n  "hand": [7]\n}', 2, "expected a tile"),
    ('[1, 2]', 1, "expected a JSON object"),
])
def test_bad_files_give_one_line_with_file_and_line(tmp_path, capsys, text, line, message):
    path = tmp_path / "position.json"
    path.write_text(text)
    status, out, err = run(["solve", path], capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"{path}:{line}: ") and message in err
    assert err.count("\n") == 1


def test_a_file_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"hand": ["R7"], "note": "caf\u00e9"}'.encode("latin-1"))
    status, _, err = run(["check", path], capsys)
    # read through pokerfsm.textfiles (issue 10): its wording, "not a text file (invalid UTF-8)"
    assert status == 2 and err.startswith(f"{path}:1: not ") and "UTF-8" in err


def test_check_needs_a_new_table(tmp_path, capsys):
    status, _, err = run(["check", EXAMPLES / "course_8_4.json"], capsys)
    assert status == 2 and "missing key 'new_table'" in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    status, _, err = run(["solve", tmp_path / "nope.json"], capsys)
    assert status == 2 and "nope.json" in err


# --- play ------------------------------------------------------------------------------------

def test_play_in_the_terminal_until_end_of_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\njump\nadd R1 to 1\ndraw\nquit\n"))
    status, out, _ = run(["play", "--seed", 5], capsys)
    assert status == 0
    assert "your hand (14)" in out
    assert "unknown command 'jump'" in out
    assert "the table is empty" in out
    assert "You drew a tile" in out and "Computer" in out
    assert out.rstrip().endswith("Bye.")


def test_a_bad_move_is_asked_again_with_the_reason(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("place R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13\n"))
    status, out, _ = run(["play", "--seed", 5], capsys)
    assert status == 0
    assert "not in your hand — try again" in out
    assert "Bye." in out  # then end of input


@pytest.mark.parametrize("players", [2, 3])
def test_auto_plays_to_the_end(players, capsys):
    status, out, _ = run(["play", "--auto", "--seed", 11, "--players", players], capsys)
    assert status == 0
    assert "game over" in out and "Winner:" in out
    assert out.count("points (") == players
    assert "an initial meld worth" in out and "from its hand" in out


def test_subprocess_solve_json():
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "rummikub", "solve",
                           str(EXAMPLES / "jokers.json"), "--json"],
                          capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["placed"] == ["J"]


def test_subprocess_check_illegal_exits_1():
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "rummikub", "check",
                           str(EXAMPLES / "not_your_tile.json")],
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and "R13 is not in your hand" in done.stdout


def test_terminal_game_over_a_pty():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "pokerfsm", "rummikub", "play", "--seed", "3"],
                          encoding="utf-8", timeout=60, env=dict(os.environ, TERM="dumb"))
    child.expect("> ")
    child.sendline("add R5 to 7")
    child.expect("try again")
    child.sendline("hint")
    child.expect("(Best move|No tiles can be placed)")
    child.sendline("draw")
    child.expect("You drew a tile")
    child.expect("> ")
    child.sendeof()
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_solution_tables_print_in_order(capsys):
    _, out, _ = run(["solve", EXAMPLES / "course_8_4.json"], capsys)
    lines = out.splitlines()
    start = lines.index("New table:")
    best = solve("K7 K7 R8 K3 K5 K5", TABLE)
    assert [line.split(None, 1)[1] for line in lines[start + 1:]] == [format_tiles(s) for s in best.new_table]
    assert lines[1:start] == [f"{n}. {step}" for n, step in enumerate(best.steps, 1)]


@pytest.mark.parametrize("argv", [["--help"], ["play", "--help"], ["solve", "--help"]])
def test_help_offers_no_card_option_for_tiles(argv, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["rummikub", *argv])
    out = capsys.readouterr().out
    assert done.value.code == 0 and "usage: pokerfsm rummikub" in out
    assert "--cards" not in out and "K♠" not in out


def test_the_card_option_is_refused_for_rummikub_but_kept_for_poker(capsys):
    solve = ["rummikub", "solve", str(EXAMPLES / "jokers.json"), "--json"]
    assert cli.main(solve) == 0
    capsys.readouterr()
    assert cli.main([*solve, "--cards", "ascii"]) == 2
    assert "unrecognized arguments: --cards ascii" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["play", "holdem", "--help"])
    assert "--cards" in capsys.readouterr().out
