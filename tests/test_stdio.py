"""Standard output belongs to the program: ``--json`` prints one JSON document, whatever else prints.

Each command runs in a real process whose dependencies are made noisy: an
audit hook writes to descriptor 1 (as C code does) and calls ``print`` on
every file the program opens once the command starts.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUMMIKUB = ROOT / "src" / "pokerfsm" / "games" / "rummikub" / "examples"

NOISY_MAIN = """
import os, sys
from pokerfsm import cli
busy = [False]
def noisy(event, args):
    if event == "open" and not busy[0]:
        busy[0] = True
        try:
            os.write(1, b"noise written on descriptor 1\\n")
            print("noise printed by a dependency")
        finally:
            busy[0] = False
sys.addaudithook(noisy)
sys.exit(cli.main(sys.argv[1:]))
"""

JSON_COMMANDS = {
    "eval": ["eval", "Ah Kh Qh Jh Th 2c 3d", "--json"],
    "odds": ["odds", "Ah Kh Qh Jh", "--json"],
    "equity": ["equity", "AhKh", "QsQd", "--board", "2h 7h 9c", "--json"],
    "outs": ["outs", "AhKh", "QsQd", "--board", "Qh 7h 2c 5s", "--json"],
    "compute": ["compute", str(ROOT / "examples" / "ex3.txt"), "--json"],
    "rummikub solve": ["rummikub", "solve", str(RUMMIKUB / "course_8_4.json"), "--json"],
    "rummikub check": ["rummikub", "check", str(RUMMIKUB / "course_8_4_move.json"), "--json"],
}


def run_noisy(argv: list[str], **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", NOISY_MAIN, *argv], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})


@pytest.mark.parametrize("name", sorted(JSON_COMMANDS))
def test_json_commands_print_one_document_whatever_dependencies_print(table, name):
    done = run_noisy(JSON_COMMANDS[name])
    assert done.returncode in (0, 1), done.stderr  # check exits 1 for an illegal move
    json.loads(done.stdout)  # exactly one document: anything else makes this raise
    assert done.stdout.count("\n") == 1
    assert "noise written on descriptor 1" in done.stderr  # the noise happened, elsewhere
    assert "noise printed by a dependency" in done.stderr


def test_the_noise_reaches_stdout_without_json(table):
    """The check above can fail: without --json nothing diverts the noise."""
    done = run_noisy(["eval", "Ah Kh Qh Jh Th"])
    assert "noise written on descriptor 1" in done.stdout


def test_json_errors_leave_stdout_empty():
    done = run_noisy(["equity", "AhKh", "Zz", "--json"])
    assert done.returncode == 2
    assert done.stdout == ""
    errors = [line for line in done.stderr.splitlines() if line.startswith("pokerfsm: error:")]
    assert len(errors) == 1 and "'Zz'" in errors[0] and "Traceback" not in done.stderr


def test_highs_construction_prints_nothing():
    """highspy 1.16 prints a banner from C++ on the first ``Highs()``; ours is silenced."""
    pytest.importorskip("highspy")
    code = ("from pokerfsm.games.rummikub.solver import _quiet_highs\n"
            "_quiet_highs(); _quiet_highs(); print('done')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "done\n"


def test_silenced_stdout_discards_descriptor_writes(capfd):
    from pokerfsm.stdio import silenced_stdout

    with silenced_stdout():
        os.write(1, b"gone\n")
        print("gone too")
    print("kept")
    assert capfd.readouterr().out == "kept\n"


def test_program_stdout_sends_foreign_text_to_stderr(capfd):
    from pokerfsm.stdio import program_stdout

    with program_stdout() as out:
        os.write(1, b"foreign C\n")
        print("foreign Python")
        out.write("mine\n")
    captured = capfd.readouterr()
    assert "mine" in captured.out and "foreign" not in captured.out
    assert "foreign C" in captured.err and "foreign Python" in captured.err
