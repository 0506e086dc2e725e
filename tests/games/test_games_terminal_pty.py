"""The poker screens played through a real terminal (a pseudo-terminal driven by pexpect).

Cards are asked for in ASCII (``--cards ascii``) so that hands can be read
back from the screen; colours are read from the escape sequences.
"""
import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

CLEAR_SCROLLBACK = "\x1b[3J"
CARD = re.compile(r"\b([2-9TJQKA][shdc])\b")


def spawn(*args, columns=120, env=None):
    environment = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), **(env or {}))
    environment.pop("COLORTERM", None)
    return pexpect.spawn(sys.executable, ["-m", "pokerfsm", *args], encoding="utf-8", timeout=120,
                         dimensions=(50, columns), env=environment)


ESC = r"(?:\x1b\[[0-9;]*m)*"


def prompt(name, street):
    """The prompt's pattern: the name is bold, so escapes sit between it and the street."""
    return f"{name}{ESC} \\({street}\\) > "


def plain(text):
    """The text without escape sequences."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_hot_seat_clears_the_scrollback_and_hands_over_only_to_the_other_player():
    child = spawn("play", "--cards", "ascii", "holdem", "--hot-seat", "--seed", "5", "--hands", "1")
    child.expect("Pass the screen to Player 2")
    child.expect("press Enter when you alone")
    child.sendline("")
    child.expect(prompt("Player 2", "pre-flop"))
    p2_cards = CARD.findall(plain(child.before).split("Your cards:")[-1].splitlines()[0])
    assert len(p2_cards) == 2
    child.sendline("c")                                    # Player 2 (the button) completes
    child.expect("Pass the screen to Player 1")
    handover = child.before
    assert CLEAR_SCROLLBACK in handover                    # screen and scrollback wiped first...
    after_clear = plain(handover.rsplit(CLEAR_SCROLLBACK, 1)[1])
    assert not any(card in after_clear for card in p2_cards)   # ...and Player 2's hand is gone
    assert "Player 2: call 5" in after_clear               # the public moves are shown again
    child.sendline("")
    child.expect(prompt("Player 1", "pre-flop"))
    child.sendline("k")                                    # the flop: Player 1 acts first again
    index = child.expect([prompt("Player 1", "flop"), "Pass the screen"])
    assert index == 0, "Player 1 was asked to pass the screen to himself"
    assert "press Enter" not in plain(child.before)
    child.sendline("b 20")
    child.expect("Pass the screen to Player 2")
    assert CLEAR_SCROLLBACK in child.before
    child.sendline("")
    child.expect(prompt("Player 2", "flop"))
    child.sendline("f")                                    # the hand ends on a fold: hide, then results
    child.expect("Session summary")
    assert CLEAR_SCROLLBACK in child.before
    assert "collects: Player 1" in plain(child.before)
    assert finish(child) == 0


def test_refusing_a_rebuy_ends_the_draw_game_with_a_summary():
    # two players, the antes put both all-in at once; with this seed you lose the first hand
    child = spawn("play", "--cards", "ascii", "draw", "--players", "2", "--stack", "2", "--ante", "2",
                  "--seed", "8")
    child.expect(prompt("You", "draw"))
    child.sendline("0")
    child.expect(r"Rebuy 200 \(cave\)\? \[Y/n\] ")
    child.sendline("n")
    child.expect("You leave the table.")
    child.expect("Session summary")
    child.expect("stacks: You 0")
    assert finish(child) == 0
    assert "Hand 2" not in plain(child.before)


def test_black_suits_are_black_on_white_whatever_the_palette():
    child = spawn("play", "--cards", "ascii", "holdem", "--seed", "4")      # 8d 7s: one red, one black
    child.expect(r"\(pre-flop\) > ")
    cards_line = child.before.split("Your cards:")[-1].split("\n")[0]      # the hand, as drawn
    styles = {card: sgr for sgr, card in re.findall(r"\x1b\[([0-9;]*)m ([2-9TJQKA][shdc]) ", cards_line)}
    assert sorted(card[1] for card in styles) == ["d", "s"], repr(cards_line)
    for card, sgr in styles.items():
        codes = sgr.split(";")
        assert "39" not in codes                            # never the terminal's default colour
        assert "48;5;231" in sgr or "48;2;255;255;255" in sgr or "47" in codes   # a white face
        if card[1] in "sc":
            assert "38;5;16" in sgr or "38;2;0;0;0" in sgr or "30" in codes      # black pips
        else:
            assert "38;5;124" in sgr or "38;2;192;0;0" in sgr or "31" in codes   # red pips
    child.sendintr()
    child.expect("Session summary")
    assert finish(child) == 0


def test_the_draw_asks_how_many_then_which_and_says_what_you_drew():
    child = spawn("play", "--cards", "ascii", "draw", "--players", "2", "--stack", "2", "--ante", "2",
                  "--seed", "8")
    child.expect(prompt("You", "draw"))
    screen = plain(child.before)
    assert "how many cards do you exchange? 0 (servi) to 5" in screen
    hand = CARD.findall(screen.split("Your cards:")[-1].splitlines()[0])
    child.sendline("1 4")                                  # positions first is ambiguous: refused
    child.expect("first say how many cards you exchange")
    child.expect(prompt("You", "draw"))
    child.sendline("3")
    child.expect(r"exchange 3: positions or cards\) > ")
    child.sendline("back")                                 # changed your mind: how many again
    child.expect(prompt("You", "draw"))
    child.sendline("2")
    child.expect(r"Which 2\? (.*)\r\n")
    assert CARD.findall(plain(child.match.group(1))) == hand and "1:" in child.match.group(1)
    child.expect(r"exchange 2: positions or cards\) > ")
    child.sendline("1 5")
    child.expect(r"You drew (.*) → your hand: (.*)\r\n")
    drawn = CARD.findall(plain(child.match.group(1)))
    now = CARD.findall(plain(child.match.group(2)))[:5]
    assert len(drawn) == 2 and now == [c for c in hand if c not in (hand[0], hand[4])] + drawn
    child.expect([r"\[Y/n\] ", r"quit\) >"])      # a rebuy if you lost, else the pause before the next hand
    child.sendline("q")
    child.expect("Session summary")
    assert finish(child) == 0


def test_ctrl_c_prints_the_summary_and_exits_cleanly():
    child = spawn("play", "--cards", "ascii", "holdem", "--opponent", "timid", "--seed", "2")
    child.expect(r"\(pre-flop\) > ")
    child.sendintr()
    child.expect("Session summary")
    child.expect("Interrupted \\(Ctrl-C\\)")
    child.expect("stacks: You 1000, Timid 1000")
    assert finish(child) == 0
    assert "Traceback" not in child.before


def test_keys_typed_while_the_computer_acts_do_not_answer_the_next_question():
    child = spawn("play", "--cards", "ascii", "holdem", "--opponent", "timid", "--seed", "3", "--hands", "2")
    child.expect(r"\(pre-flop\) > ")
    child.send("c\rzz\r")                  # 'zz' is typed ahead, before the next question is asked
    child.expect(r"\((flop|pre-flop)\) > |Enter for the next hand")
    child.sendline("q")
    child.expect("Session summary")
    assert finish(child) == 0
    assert "'zz' is not a move" not in plain(child.before)


def test_help_and_history_in_a_real_terminal():
    child = spawn("play", "--cards", "ascii", "holdem", "--opponent", "timid", "--seed", "3")
    child.expect(r"\(pre-flop\) > ")
    child.sendline("?")
    child.expect("At every prompt: \\? this help")
    child.expect(r"\(pre-flop\) > ")
    child.sendline("h")
    child.expect("No hand has been played yet")
    child.sendline("q")
    child.expect("Session summary")
    assert finish(child) == 0


def test_help_shows_the_decision_again_below_it():
    child = spawn("play", "--cards", "ascii", "holdem", "--opponent", "timid", "--seed", "3", columns=100)
    child.expect(r"\(pre-flop\) > ")
    cards = CARD.findall(plain(child.before).split("Your cards:")[-1].splitlines()[0])
    child.sendline("?")
    child.expect("At every prompt: \\? this help")
    child.expect(r"\(pre-flop\) > ")
    below = plain(child.before)                            # what stays on screen above the prompt
    assert CARD.findall(below.split("Your cards:")[-1].splitlines()[0]) == cards
    assert "Win " in below and "Pot odds:" in below and "[k] check (parole)" in below
    child.sendline("h")
    child.expect("No hand has been played yet")
    child.expect(r"\(pre-flop\) > ")
    assert "Your cards:" in plain(child.before) and "[k] check (parole)" in plain(child.before)
    child.sendline("q")
    child.expect("Session summary")
    assert finish(child) == 0


def test_after_a_computer_busts_and_rebuys_the_next_hand_waits_for_enter():
    # with this seed you win the first hand all in, and the flambeur's 100 chips with it
    child = spawn("play", "--cards", "ascii", "holdem", "--opponent", "flambeur", "--stack", "100",
                  "--seed", "1", "--hands", "2")
    while child.expect([r"\) > ", "Flambeur rebuys 100 chips"]) == 0:
        child.sendline("a")
    child.expect("Enter for the next hand")
    assert "Hand 2" not in plain(child.before)
    child.sendline("")
    child.expect("Hand 2")
    child.sendintr()
    child.expect("Session summary")
    assert finish(child) == 0


def test_rummikub_hint_taken_with_one_key_and_ctrl_c_shows_the_score():
    child = spawn("rummikub", "play", "--seed", "3")
    child.expect("Computer \\(hard\\): the exact solver")
    for _ in range(12):
        child.expect("> ")
        child.sendline("hint")
        if child.expect(["plays this move", "No tiles can be placed"]) == 0:
            break
        child.expect("> ")
        child.sendline("draw")
    else:
        pytest.fail("no move to hint in 12 turns")
    child.expect("> ")
    child.sendline("y")
    child.expect("You placed")
    child.expect("> ")
    child.sendintr()
    child.expect("Interrupted \\(Ctrl-C\\)")
    child.expect("The game in progress is not scored")
    child.expect("Bye.")
    assert finish(child) == 0


def test_pot_limit_omaha_in_a_real_terminal_shows_four_cards_the_odds_and_the_limit():
    child = spawn("play", "--cards", "ascii", "omaha", "--opponent", "bluffer", "--seed", "3", "--hands", "1")
    child.expect(prompt("You", "pre-flop"))
    screen = plain(child.before)
    assert "Heads-up pot-limit Omaha" in screen
    assert len(CARD.findall(screen.split("Your cards:")[-1].splitlines()[0])) == 4
    assert "Win " in screen and "Pot odds: call" in screen
    limit = re.search(r"\[r\]aise to [0-9]+…([0-9]+) \(pot limit\)", screen).group(1)
    assert "all-in" not in screen.split("Pot odds")[-1]
    child.sendline("r 5000")
    child.expect(f"5000 is over the pot limit: the most you can raise to is {limit} ")
    child.expect(prompt("You", "pre-flop"))
    child.sendline("r pot")
    while True:
        index = child.expect([r"\((pre-flop|flop|turn|river)\) > ", "Session summary"])
        if index == 1:
            break
        assert "Win " in plain(child.before) and "Pot odds" in plain(child.before)
        child.sendline("c")
    child.expect("stacks: You")
    assert finish(child) == 0


def test_omaha_hot_seat_hands_the_screen_over_with_four_hidden_cards():
    child = spawn("play", "--cards", "ascii", "omaha", "--hot-seat", "--seed", "5", "--hands", "1")
    child.expect("Pass the screen to Player 2")
    child.sendline("")
    child.expect(prompt("Player 2", "pre-flop"))
    p2_cards = CARD.findall(plain(child.before).split("Your cards:")[-1].splitlines()[0])
    assert len(p2_cards) == 4
    child.sendline("f")
    child.expect("Session summary")
    assert CLEAR_SCROLLBACK in child.before
    assert not any(card in plain(child.before.rsplit(CLEAR_SCROLLBACK, 1)[1]) for card in p2_cards)
    assert finish(child) == 0
