"""``pokerfsm compute FILE``: the course's three examples, the extensions, and FILE:LINE errors."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerfsm.cli import main
from pokerfsm.course_file import format_course_deal, read_course_file, write_course_file
from pokerfsm.errors import InputFileError, OptionError

pytestmark = pytest.mark.usefixtures("table")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    "name, lang, expected",
    [
        ("ex1.txt", "fr", "Le joueur 2 est gagnant.\n"),
        ("ex2.txt", "fr", "Joueur 1: 0,9091\nJoueur 2: 0,0909\n"),
        # the course prints 0,9560; all 45,540 outcomes give 43,547 wins = 0.95624
        ("ex3.txt", "fr", "Joueur 1: 0,9562\n"),
        ("ex1.txt", "en", "Player 2 wins.\n"),
        ("ex2.txt", "en", "Player 1: 0.9091\nPlayer 2: 0.0909\n"),
        ("preflop.txt", "fr", "Joueur 1: 0,8106\nJoueur 2: 0,1855\n"),
        ("showdown-three-way.txt", "fr", "Le joueur 3 est gagnant.\n"),
        ("preflop-three-way.txt", "en", "Player 1: 0.6145\nPlayer 2: 0.1773\nPlayer 3: 0.2062\n"),
    ],
)
def test_examples(capsys, name, lang, expected):
    assert main(["compute", str(EXAMPLES / name), "--lang", lang]) == 0
    assert capsys.readouterr().out == expected


def write(tmp_path, text, name="deal.txt"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        ("Ah Kh\nAs Kd\n2c 3d 4h 8s 9s\n", "fr", "Égalité.\n"),
        ("Ah Kh\nAs Kd\n2c 3d 4h 8s 9s\n", "en", "Tie.\n"),
        ("Ah Kh\nAs Kd\nTc Jd\n2s 3d 4h 8s 9s\n", "fr", "Égalité entre les joueurs 1 et 2.\n"),
        ("Ah Kh\nAs Kd\nAd Kc\n2c 3d 4h 8s 9s\n", "fr", "Égalité.\n"),
        ("Ah Kh\n?\nQh Jh Th 2c 3d\n", "fr", "Joueur 1: 1,0000\n"),  # a royal flush cannot lose
        ("Aco Aca\nRp Rt\n", "fr", "Joueur 1: 0,8106\nJoueur 2: 0,1855\n"),  # two lines: preflop
        ("Aca 10p\r\nDt Aco\r\nRco 10t 10ca 3t Vco\r\n", "fr", "Le joueur 2 est gagnant.\n"),
        ("\ufeffAca 10p\nDt Aco\nRco 10t 10ca 3t Vco", "fr", "Le joueur 2 est gagnant.\n"),
        ("Ad   Ts\n  Qc Ah \nKh Tc Td 3c\n", "fr", "Joueur 1: 0,9091\nJoueur 2: 0,0909\n"),
    ],
)
def test_more_deals(capsys, tmp_path, text, lang, expected):
    assert main(["compute", str(write(tmp_path, text)), "--lang", lang]) == 0
    assert capsys.readouterr().out == expected


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("", 1, "empty file"),
        ("   \n\n", 1, "empty file"),
        (b"\x00\x01binary\x00", 1, "not a text file"),
        (b"Aca 10p\n\xff\xfe\n", 2, "not a text file"),
        ("Aca 10p\n", 2, "missing player 2"),
        ("Aca 10x\nDt Aco\nRco 10t 10ca\n", 1, "'10x' is not a card"),
        ("Aca 10p\nDt Zz\nRco 10t 10ca\n", 2, "'Zz' is not a card"),
        ("Aca 10p 3t\nDt Aco\nRco 10t 10ca\n", 1, "player 1 needs 2 cards or '?', got 3"),
        ("Aca\nDt Aco\nRco 10t 10ca\n", 1, "got 1"),
        ("Aca 10p\nDt Aco\nRco 10t\n", 3, "the board has 3, 4 or 5 cards"),
        ("Aca 10p\nDt Aco\nRco 10t 10ca 3t Vco 2p\n", 3, "got 6"),
        ("Aca 10p\nDt Aca\nRco 10t 10ca\n", 2, "card 'Aca' (Ad) is given twice (also on line 1)"),
        ("Aca 10p\nDt Aco\nRco 10t 10ca 10t\n", 3, "is given twice (earlier on this line)"),
        ("Aca 10p\n\nRco 10t 10ca\n", 2, "empty line: expected player 2's two cards"),
        ("?\n?\nRco 10t 10ca\n", 1, "every hand is '?'"),
        ("Aca 10p\nDt Aco\nRco 10t 10ca 3t\n\n", 3, "remove the blank line after it"),
        ("".join(f"{c}p {c}co\n" for c in "2345678910"[:9]) + "Vp Vco\nDp Dco\n-\n", 11, "too many players"),
    ],
)
def test_bad_files(capsys, tmp_path, text, line, fragment):
    path = write(tmp_path, text)
    with pytest.raises(InputFileError) as info:
        read_course_file(path)
    assert str(info.value).startswith(f"{path}:{line}: ")
    assert fragment in str(info.value)
    assert main(["compute", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:{line}: ") and err.count("\n") == 1


@pytest.mark.parametrize("option, value", [("--seed", "\u0661"), ("--budget", "\u0665"), ("--budget", "inf")])
def test_number_options_take_ascii_digits_only(capsys, option, value):
    assert main(["compute", str(EXAMPLES / "ex2.txt"), option, value]) == 2
    err = capsys.readouterr().err
    assert f"argument {option}: expected a" in err and repr(value) in err and err.count("\n") == 1


def test_missing_file(capsys, tmp_path):
    assert main(["compute", str(tmp_path / "nope.txt")]) == 2
    assert "nope.txt" in capsys.readouterr().err


def test_json(capsys):
    assert main(["compute", str(EXAMPLES / "ex3.txt"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["combinations"] == 45_540 and data["exact"] is True
    assert data["players"][0]["wins"] == 43_547
    assert main(["compute", str(EXAMPLES / "ex1.txt"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == [2]


def test_the_notation_flag_must_be_a_boolean(tmp_path):
    deal = read_course_file(EXAMPLES / "ex2.txt")
    assert format_course_deal(deal, french=False).startswith(str(deal.players[0][0]))
    with pytest.raises(OptionError, match="french must be True or False, got 'no'"):
        write_course_file(tmp_path / "deal.txt", deal, french="no")
    assert not (tmp_path / "deal.txt").exists()


def test_dash_board_is_preflop():
    deal = read_course_file(EXAMPLES / "preflop.txt")
    assert deal.board == () and len(deal.players) == 2


def test_real_process():
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "compute", str(EXAMPLES / "ex2.txt")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == "Joueur 1: 0,9091\nJoueur 2: 0,0909\n"
