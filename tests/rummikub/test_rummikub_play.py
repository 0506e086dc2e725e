"""Issue 14 at the Rummikub table: levels, a running score with rematches, hints taken with one key,
runs kept in order, honest wording."""
import io
import os
import sys
from collections import Counter

import numpy as np
import pytest
from rich.console import Console

from pokerfsm.games.rummikub import console as rummikub_console
from pokerfsm.games.rummikub.console import _Terminal, placed_words, play_console
from pokerfsm.games.rummikub.game import Draw, Game, Pass, Play, computer_action
from pokerfsm.games.rummikub.match import Match
from pokerfsm.games.rummikub.players import LEVELS, computer_move, first_found, held_back
from pokerfsm.games.rummikub.rules import table_tiles
from pokerfsm.games.rummikub.tiles import JOKER, format_tiles, parse_tiles

pytest.importorskip("highspy")


class Script:
    def __init__(self, *lines):
        self.lines = list(lines)

    def __call__(self, prompt=""):
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def terminal(game, *lines, level="hard"):
    term = _Terminal(game, {0}, Script(*lines), level, np.random.default_rng(0))
    term.out = Console(file=io.StringIO(), width=120, color_system=None, highlight=False)
    return term


def text(term):
    return term.out.file.getvalue()


# --- levels --------------------------------------------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_games_legally(level):
    rng = np.random.default_rng(7)
    for seed in range(3):
        game = Game(2, seed=seed)
        turns = 0
        while not game.is_over:
            action = computer_move(game, level, rng)
            assert game.can_apply(action), (level, action)
            game.apply(action)
            turns += 1
            assert turns < 400
        assert game.tiles() == Counter({t: n for t, n in game.tiles().items()})


def test_easy_lays_the_first_set_it_finds_and_never_rearranges():
    game = Game.from_state(["R10 R11 R12 Y8 Y9 B1", "K1"], table="Y5 Y6 Y7", melded=[True, True])
    move = first_found(game)
    assert [format_tiles(s) for s in move.table] == ["Y5 Y6 Y7", "R10 R11 R12"]
    assert computer_move(game, "hard").table[0] == tuple(parse_tiles("Y5 Y6 Y7 Y8 Y9"))


def test_easy_builds_an_initial_meld_from_sets_one_after_another():
    game = Game.from_state(["R1 R2 R3 B9 Y9 K9 K5", "K1"])
    move = first_found(game)
    assert sorted(format_tiles(s) for s in move.table) == ["B9 Y9 K9", "R1 R2 R3"]   # 6, then 27
    game = Game.from_state(["R1 R2 R3 B9", "K1"])
    assert first_found(game) is None and computer_move(game, "easy") == Draw()


def test_easy_adds_a_tile_where_it_fits_when_the_hand_has_no_set():
    game = Game.from_state(["R8 B1", "K1"], table="R9 R10 R11", melded=[True, True])
    assert [format_tiles(s) for s in first_found(game).table] == ["R8 R9 R10 R11"]


def test_medium_holds_its_jokers_back_unless_it_can_go_out():
    game = Game.from_state(["J R5 R6 B9 Y2", "K1"], table="K10 K11 K12", melded=[True, True])
    for seed in range(10):
        move = held_back(game, np.random.default_rng(seed))
        assert move is None or JOKER not in table_tiles(move.table) - table_tiles(game.table)
    out = Game.from_state(["J R5 R6", "K1"], table="K10 K11 K12", melded=[True, True])
    assert held_back(out, np.random.default_rng(0)).table == computer_action(out).table


def test_a_level_with_nothing_to_play_never_passes_illegally():
    game = Game.from_state(["R1 R2 R3", "K1"], table="R4 R5 R6", pool=Counter(), melded=[True, True])
    for level in LEVELS:
        action = computer_move(game, level, np.random.default_rng(0))
        assert isinstance(action, Play) and game.can_apply(action)
    stuck = Game.from_state(["R1 B9", "K1"], pool=Counter(), melded=[True, True])
    assert all(computer_move(stuck, level) == Pass() for level in LEVELS)


# --- the table and the words -------------------------------------------------------------------

def test_a_run_is_laid_out_in_order_after_add():
    game = Game.from_state(["B4 K1 K2", "Y1"], table="B5 B6 B7 | R1 R2 R3", melded=[True, True])
    term = terminal(game, "add B4 to 1")
    assert term.human_turn()
    assert [format_tiles(s) for s in game.table] == ["B4 B5 B6 B7", "R1 R2 R3"]
    game.current = 0
    term.show()
    assert "1   B4   B5   B6   B7" in text(term)


def test_the_hint_counts_the_points_leaving_the_hand_and_y_plays_it():
    game = Game.from_state(["B6 Y13 K1", "R1"], table="J Y11 Y12 | B3 B4 B5", melded=[True, True])
    term = terminal(game, "hint", "y")
    assert term.human_turn()
    out = text(term)
    assert "Best move: place 2 tiles (B6 Y13): 19 points out of your hand" in out
    assert "worth 26" not in out
    assert "You placed" in out and game.hands[0] == Counter(parse_tiles("K1"))


def test_y_without_a_hint_is_refused_and_asked_again():
    game = Game.from_state(["B6 K1", "R1"], table="B3 B4 B5", melded=[True, True])
    term = terminal(game, "y", "draw")
    assert term.human_turn()
    assert "ask for a hint first" in text(term) and game.hands[0].total() == 3


@pytest.mark.parametrize("placed, value, first, words", [
    ("R7", 7, False, "1 tile (R7): 7 points out of your hand"),
    ("J", 8, False, "1 tile (J): 30 points out of your hand"),
    ("R10 R11 R12", 33, True, "3 tiles (R10 R11 R12): an initial meld worth 33 points"),
])
def test_placed_words(placed, value, first, words):
    assert placed_words(parse_tiles(placed), value, first) == words


def test_one_tile_is_one_tile():
    game = Game.from_state(["B6 K1", "R1"], table="B3 B4 B5", melded=[True, True])
    term = terminal(game)
    term.show()
    assert "Computer: 1 tile" in text(term) and "1 tiles" not in text(term)


def test_help_shows_the_rules_and_the_commands():
    game = Game.from_state(["B6 K1", "R1"], table="B3 B4 B5", melded=[True, True])
    term = terminal(game, "?", "draw")
    term.human_turn()
    assert "initial meld, must be worth 30 points" in text(term) and "hint, then y to play it" in text(term)


# --- a running score, a rematch -------------------------------------------------------------------

def test_the_running_score_adds_each_games_hand_points_with_jokers_at_30():
    from pokerfsm.games.rummikub.game import Outcome
    match = Match(2)
    first = Game.from_state(["", "J K13 R1"])
    match.record(first.outcome())
    assert match.totals == (0, 44)
    match.record(Outcome("out", (50, 0), (1,)))
    assert match.totals == (50, 44) and match.leaders == (1,) and match.wins == (1, 1)


def test_rematches_until_the_player_stops_and_then_the_score(monkeypatch, capsys):
    def nearly_over(players, seed=None):
        return Game.from_state(["R1 R2 R3", "K1 K2 J"], melded=[True, True], seed=seed)

    monkeypatch.setattr(rummikub_console, "Game", nearly_over)
    status = play_console(seed=1, ask=Script("place R1 R2 R3", "y", "place R1 R2 R3", "n"))
    out = capsys.readouterr().out
    assert status == 0
    assert out.count("You went out.") == 2
    assert "2 games; a hand's tiles count against it, a joker 30" in out
    assert "Computer    total   66" in out and "You         total    0" in out
    assert out.rstrip().endswith("Bye.")


def test_enter_at_the_rematch_question_takes_the_default_it_shows_and_says_so(monkeypatch, capsys):
    def nearly_over(players, seed=None):
        return Game.from_state(["R1 R2 R3", "K1 K2 J"], melded=[True, True], seed=seed)

    monkeypatch.setattr(rummikub_console, "Game", nearly_over)
    prompts = []
    script = Script("place R1 R2 R3", "maybe", "", "place R1 R2 R3", "n")
    play_console(seed=1, ask=lambda prompt="": prompts.append(prompt) or script(prompt))
    out = capsys.readouterr().out
    assert prompts.count("Another game? [Y/n] ") == 3
    assert "Answer y or n (Enter alone means yes)." in out
    assert "Another game (Enter means yes)." in out and out.count("You went out.") == 2


def test_the_computers_level_and_style_open_the_game(capsys):
    play_console(seed=3, level="easy", ask=Script())
    out = capsys.readouterr().out
    assert out.startswith("Computer (easy): plays the first set it finds")


def test_auto_games_keep_a_running_score(capsys):
    assert play_console(seed=4, auto=True, games=2, level="easy") == 0
    out = capsys.readouterr().out
    assert out.count("game over") == 2 and "2 games; a hand's tiles count against it" in out


def test_typed_ahead_keys_are_thrown_away_in_a_real_terminal():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "pokerfsm", "rummikub", "play", "--seed", "3"],
                          encoding="utf-8", timeout=90, env=dict(os.environ, TERM="dumb"))
    child.expect("> ")
    child.send("draw\rjump\r")          # 'jump' is typed before the next question
    child.expect("You drew a tile")
    child.expect("> ")
    child.sendline("quit")
    child.expect("Bye.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "unknown command 'jump'" not in child.before


def test_the_round_counts_each_players_turns_so_yours_go_1_2_3():
    game = Game(2, seed=4)
    term = terminal(game, "draw", "draw", "draw", level="easy")
    assert not term.run()                       # three draws, then the end of input
    rounds = [line.strip("─ ") for line in text(term).splitlines() if " · You" in line and "─" in line]
    assert rounds == ["round 1 · You", "round 2 · You", "round 3 · You", "round 4 · You"]
    assert game.round == 4 and len(game.history) == 6
