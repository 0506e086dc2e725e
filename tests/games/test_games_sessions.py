"""Issue 14 at the table: sessions with a shape, announcements, help and history, honest --explain.

Scripted through :class:`Terminal` (a list of typed lines, output in a string);
what concerns a real screen is in ``test_games_terminal_pty.py``.
"""
import io
import re

import numpy as np
import pytest
from poker_fixtures import CountingOdds, stacked_holdem
from rich.console import Console

from pokerfsm.cards import parse_cards
from pokerfsm.games.actions import Outcome
from pokerfsm.games.ai import make_agent
from pokerfsm.games.console import HumanAgent, Terminal
from pokerfsm.games.dealer import Dealer
from pokerfsm.games.draw import DrawSession
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.render import outcome_lines
from pokerfsm.games.session import TablePlayer
from pokerfsm.games.summary import summarise


class Script:
    """Typed lines, then the end of input; with ``screen``, Enter at each "Enter for the next hand"."""

    def __init__(self, *lines, screen=None):
        self.lines = list(lines)
        self.screen = screen

    def __call__(self, prompt=""):
        if self.screen is not None and self.screen.getvalue().rstrip().endswith("q quit) >"):
            return ""
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def terminal(*lines, explain=False, width=100, enter_between_hands=False):
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    keys = Script(*lines, screen=out if enter_between_hands else None)
    return Terminal(console, keys, explain=explain, echo=True), out


def heads_up(dealer, opponent="timid", stack=1000, **kwargs):
    seats = [TablePlayer("You", "human", stack), TablePlayer(opponent.capitalize(), opponent, stack)]
    return HoldemSession(seats, dealer=dealer, odds_factory=CountingOdds, **kwargs)


# --- sessions with a shape ---------------------------------------------------------------------

def test_the_game_starts_with_each_computers_style_and_the_rebuy_rule():
    s = heads_up(stacked_holdem(("2c 7d", "Ah Kh"), "Qs Js 9c 4h 3s"), "solid", rebuy=1000, computer_rebuys=3)
    term, out = terminal("f")
    term.play(s, {0: HumanAgent(), 1: make_agent("solid", np.random.default_rng(0), CountingOdds)}, max_hands=1)
    text = out.getvalue()
    assert "Solid (solid): weighs its win chance against the pot odds" in text
    assert "rebuys of 1000 chips between hands" in text and "computers rebuy at most 3 times" in text
    assert text.index("weighs its win chance") < text.index("Hand 1")


def test_enter_for_the_next_hand_then_a_summary_with_results_by_opponent():
    s = heads_up(Dealer(np.random.default_rng(3)), "timid", rebuy=1000)
    term, out = terminal(*["c"] * 60, enter_between_hands=True)     # check or call; Enter at the pauses
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=3)
    text = out.getvalue()
    assert text.count("Enter for the next hand") == 2               # not after the last hand
    summary = text[text.index("Session summary"):]
    assert "3 hands played" in summary and "biggest pot" in summary
    assert "You against each opponent: Timid " in summary
    assert "That was the last of the 3 hands." in summary
    assert text.rstrip().splitlines()[-1] == s.stacks_line()


def test_a_bust_in_holdem_offers_a_rebuy_and_refusing_it_ends_the_session():
    # You shove 2c 7d; the timid player calls with aces and wins (holes: yours first)
    s = heads_up(stacked_holdem(("2c 7d", "Ah Ad"), "Kc 9d 5s 4h Jc"), stack=500, rebuy=500)
    term, out = terminal("a", "n")
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)})
    text = out.getvalue()
    assert "your stack is empty. Rebuy 500 (cave)? [Y/n]" in text
    assert "You leave the table." in text and "Session summary" in text
    assert s.hand_number == 1 and not s.seats[0].active


def test_a_match_to_a_target_ends_when_a_stack_reaches_it():
    s = heads_up(stacked_holdem(("Ah Ad", "2c 7d"), "Kc 9d 5s 4h Jc"), stack=500, target=900)
    term, out = terminal("a")                  # the bluffer never folds: it calls, aces win
    agents = {0: HumanAgent(), 1: make_agent("bluffer", np.random.default_rng(1), CountingOdds)}
    term.play(s, agents)
    text = out.getvalue()
    assert "a match to 900 chips: no rebuys" in text
    assert "Rebuy" not in text
    assert s.over and (max(seat.stack for seat in s.seats) >= 900 or min(seat.stack for seat in s.seats) == 0)
    assert "The session is over:" in text


def test_computer_rebuys_are_capped_and_announced():
    seats = [TablePlayer("You", "human", 100), TablePlayer("Bot", "bluffer", 0), TablePlayer("Cy", "timid", 0)]
    s = DrawSession(seats, rebuy=50, computer_rebuys=1, seed=1)
    seats[2].rebuys = 1                                    # Cy has used its only rebuy already
    term, out = terminal()
    term._between_hands(s)
    text = out.getvalue()
    assert "Bot rebuys 50 chips (rebuy 1 of 1)." in text
    assert "Cy is broke after 1 rebuy: leaves the table." in text
    assert seats[1].stack == 50 and not seats[2].active
    assert s.rebuy_computers() == []                       # nothing more to do


def test_the_summary_names_the_biggest_pot_and_who_won_from_whom():
    seats = [TablePlayer("You", "human", 1000), TablePlayer("Ada", "solid", 1000), TablePlayer("Bo", "timid", 1000)]
    hands = [Outcome({0: 1000, 1: 1000, 2: 1000}, {0: 900, 1: 1200, 2: 900}, (), {}, (), pot_total=300),
             Outcome({0: 900, 1: 1200, 2: 900}, {0: 960, 1: 1140, 2: 900}, (), {}, (), pot_total=120)]
    result = summarise(seats, hands)
    assert (result.hands, result.biggest_pot, result.biggest_hand, result.biggest_winners) == (2, 300, 1, (1,))
    assert result.versus[0] == {1: -40, 2: 0} and result.versus[1] == {0: 40, 2: 100}
    assert sum(sum(row.values()) for row in result.versus.values()) == 0


# --- announcements -------------------------------------------------------------------------------

def test_an_uncalled_bet_is_returned_out_loud():
    s = heads_up(stacked_holdem(("Ah Ad", "2c 7d"), "Kc 9d 5s 4h Jc"), "timid")
    term, out = terminal("r 200", "")         # the timid player completes its blind, then folds 2c 7d
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=1)
    text = out.getvalue()
    assert "Timid: fold" in text
    assert "Uncalled bet of 190 returned to You." in text
    assert "collects: You 20" in text


def test_side_pots_are_named_when_they_form():
    holes = [parse_cards(h) for h in ("2c 3d 5h 7s 9c", "2d 3h 5s 7c 9d", "Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(3)]
    seats = [TablePlayer("You", "human", 50), TablePlayer("Bot", "bluffer", 100), TablePlayer("Cy", "bluffer", 300)]
    s = DrawSession(seats, ante=2, dealer=Dealer(np.random.default_rng(0), order=order))
    term, out = terminal("a", "0", "0")
    bots = {1: make_agent("bluffer", np.random.default_rng(5)), 2: make_agent("bluffer", np.random.default_rng(6))}
    term.play(s, {0: HumanAgent(), **bots}, max_hands=1)
    text = out.getvalue()
    assert "Pots: main pot " in text and "side pot 1: " in text


def test_you_show_and_one_tile_grammar():
    outcome = Outcome({0: 100, 1: 100}, {0: 80, 1: 120}, (), {0: parse_cards("Ah Kh"), 1: parse_cards("2c 2d")},
                      parse_cards("Qs Js 9c 4h 3s"), collected={1: 40})
    lines = "\n".join(outcome_lines(outcome, ["You", "Bob"], lambda hole, board: "a hand"))
    assert "You[/] show " in lines and "Bob[/] shows " in lines and "You[/] shows" not in lines


# --- help, history, type-ahead -------------------------------------------------------------------

def test_help_and_history_at_every_prompt():
    s = heads_up(Dealer(np.random.default_rng(3)), "timid", rebuy=1000)
    term, out = terminal("?", "h", "a", "h", "?", "", "help", "f", "c", "c", "c", "c", "c")
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=2)
    text = out.getvalue()
    assert text.count("Heads-up no-limit hold'em. Each player gets two cards") == 3
    assert "No hand has been played yet." in text
    pause = text.index("Enter for the next hand")
    assert "Hand 1 " in text[pause:]                   # 'h' at the pause shows hand 1
    assert s.hand_number == 2


def test_help_at_the_draw_questions_and_the_rebuy_question():
    seats = [TablePlayer("You", "human", 2), TablePlayer("Bot", "timid", 1000)]
    holes = [parse_cards("2c 3d 5h 7s 9c"), parse_cards("Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(2)]
    s = DrawSession(seats, ante=2, rebuy=50, dealer=Dealer(np.random.default_rng(0), order=order))
    term, out = terminal("?", "2", "?", "1 9", "1 5", "?", "n")
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))})
    text = out.getvalue()
    assert text.count("Five-card draw (poker fermé). Everyone antes") == 3
    assert "Which 2? 1:" in text and "positions go from 1 to 5" in text
    assert "You drew " in text and "→ your hand:" in text
    assert "You: draws 2" in text


# --- --explain never shows a hidden hand --------------------------------------------------------

def test_explain_keeps_a_folded_computers_reasons_to_itself():
    s = heads_up(stacked_holdem(("Ah Ad", "9h 4d"), "Kc 9d 5s 4h Jc"), "timid")
    term, out = terminal("r 300", "")
    term.explain = True
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=1)
    text = out.getvalue()
    assert "Timid: fold" in text
    assert "↳" not in text and "not strong enough" not in text and "win chance" not in text


def test_explain_shows_the_reasons_of_a_hand_shown_down_after_the_hand():
    s = heads_up(stacked_holdem(("Kh Kd", "Ah Ad"), "2c 7d 9s 4h 3c"), "timid")
    term, out = terminal(*["c"] * 10)
    term.explain = True
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=1)
    text = out.getvalue()
    shown = text.index("Timid shows")
    assert "↳" not in text[:shown]                       # nothing while the hand is played
    assert "Why Timid played so:" in text[shown:] and "↳ timid:" in text[shown:]


def test_explain_is_live_when_only_computers_play():
    seats = [TablePlayer("Solid", "solid", 1000), TablePlayer("Timid", "timid", 1000)]
    s = HoldemSession(seats, seed=2, odds_factory=CountingOdds)
    term, out = terminal(explain=True)
    agents = {0: make_agent("solid", np.random.default_rng(0), CountingOdds),
              1: make_agent("timid", np.random.default_rng(1), CountingOdds)}
    term.play(s, agents, max_hands=2)
    text = out.getvalue()
    first_result = text.index("collects:")
    assert "↳ " in text[:first_result]


@pytest.mark.parametrize("players", [2, 5])
def test_a_draw_session_with_only_computers_ends_at_the_hand_limit(players, capsys):
    from pokerfsm.cli import main
    assert main(["play", "draw", "--auto", "--hands", "6", "--seed", "3", "--players", str(players)]) == 0
    out = capsys.readouterr().out
    assert "Session summary" in out and "6 hands played" in out
    assert "Enter for the next hand" not in out


def test_a_bust_in_a_match_ends_it_and_says_why():
    s = heads_up(stacked_holdem(("2c 7d", "Ah Ad"), "Kc 9d 5s 4h Jc"), stack=500, target=900)
    term, out = terminal("a")                  # the timid player calls with aces and wins
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)})
    text = out.getvalue()
    assert "You are out of chips, with no rebuys in this game." in text and "Rebuy" not in text


# --- a pause between any two hands -------------------------------------------------------------

def test_a_computer_that_busts_and_rebuys_still_leaves_a_pause_before_the_next_hand():
    s = heads_up(stacked_holdem(("Ah Ad", "2c 7d"), "Kc 9d 5s 4h Jc"), "bluffer", stack=500, rebuy=500)
    term, out = terminal("a", "", "q")         # you shove aces, the bluffer calls and busts
    agents = {0: HumanAgent(), 1: make_agent("bluffer", np.random.default_rng(1), CountingOdds)}
    term.play(s, agents, max_hands=2)
    text = out.getvalue()
    rebuy, pause = text.index("Bluffer rebuys 500 chips"), text.index("Enter for the next hand")
    assert text.index("collects: You 1000") < rebuy < pause < text.index("Hand 2")


# --- h: the last hands, with your cards and how each ended -------------------------------------------

def test_history_keeps_your_cards_and_says_how_a_hand_without_showdown_ended():
    s = heads_up(stacked_holdem(("Ah Ad", "2c 7d"), "Kc 9d 5s 4h Jc"), "timid")
    term, out = terminal("r 200", "h")         # the timid player completes its blind, then folds 2c 7d
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0), CountingOdds)}, max_hands=2)
    text = out.getvalue()
    record = text[text.index("q quit) > h"):]
    assert "Hand 1 · Timid folds on the pre-flop" in record
    held = record[record.index("You held"):].splitlines()[0]
    assert "A♥" in held and "A♦" in held and "7♦" not in record       # yours, never the folded hand


def test_a_hot_seat_history_keeps_nobodys_cards():
    seats = [TablePlayer("Ann", "human", 1000), TablePlayer("Bea", "human", 1000)]
    s = HoldemSession(seats, odds_factory=CountingOdds,
                      dealer=Dealer(np.random.default_rng(0), order=parse_cards("As Kd Ah Kh")))
    term, out = terminal("", "f", "h")
    term.play(s, {0: HumanAgent(), 1: HumanAgent()}, max_hands=2, hot_seat=True)
    record = out.getvalue()[out.getvalue().index("q quit) > h"):]
    assert "Hand 1 · Bea folds on the pre-flop" in record and "held" not in record


# --- --explain: the reason under its move -----------------------------------------------------------

def test_a_computers_reason_is_printed_right_under_its_move():
    seats = [TablePlayer("Timid", "timid", 1000), TablePlayer("Bluffer", "bluffer", 1000)]
    s = HoldemSession(seats, dealer=stacked_holdem(("2c 7d", "Ah Kh"), "Kc 9d 5s 4h Jc"), odds_factory=CountingOdds)
    term, out = terminal(explain=True)
    agents = {0: make_agent("timid", np.random.default_rng(0), CountingOdds),
              1: make_agent("bluffer", np.random.default_rng(0), CountingOdds)}
    term.play(s, agents, max_hands=1)
    lines = out.getvalue().splitlines()
    returned = next(i for i, line in enumerate(lines) if "Uncalled bet" in line)
    assert lines[returned - 2] == "  Timid: fold" and lines[returned - 1].startswith("    ↳ timid:")


# --- pots: one naming when they form and when they are paid ---------------------------------------

def four_all_in(seed=0):
    """Four all in for 50, 100, 300 and 300: Bo's full house takes the pots it can win, and Al's
    hand, beaten there, cannot win any, so pokerkit pays Bo's two as one; Cy's two pair beat Di's."""
    holes = [parse_cards(h) for h in ("2c 3d 5h 7s 9c", "Ah Ad Ac Kh Kd", "Qs Qd 8c 8d 4h", "Jc Td 6s 4c 3h")]
    order = [holes[p][k] for k in range(5) for p in range(4)]
    seats = [TablePlayer("Al", "bluffer", 50), TablePlayer("Bo", "bluffer", 100), TablePlayer("Cy", "bluffer", 300),
             TablePlayer("Di", "bluffer", 300)]
    s = DrawSession(seats, ante=2, dealer=Dealer(np.random.default_rng(0), order=order))
    s.button = 3                                           # Al acts first, Di last
    term, out = terminal()
    term.play(s, {i: make_agent("bluffer", np.random.default_rng(seed + i)) for i in range(4)}, max_hands=1)
    return out.getvalue()


def test_pots_are_paid_under_the_names_they_were_announced_with():
    text = four_all_in()
    announced = re.findall(r"(main pot|side pot \d+):? (\d+) \(", text)
    assert [name for name, _ in announced][:3] == ["main pot", "side pot 1", "side pot 2"]
    amounts = dict(announced[-3:])
    paid = re.findall(r"^  ((?:main|side) pot[ \w,]*?) (\d+): (\w+) \d+$", text, re.M)
    assert len(paid) == 2
    for name, chips, _ in paid:
        parts = re.split(r", | and ", name)
        assert sum(int(amounts[part]) for part in parts) == int(chips)   # each part is an announced pot
    assert paid[0][:1] == ("main pot and side pot 1",) and paid[0][2] == "Bo"
    assert paid[-1][0] == "side pot 2" and paid[-1][2] == "Cy"


# --- the draw: five places for every hand ------------------------------------------------------------

@pytest.mark.parametrize("bot", ["Qc Qd 5h 7s 2c", "2c 3d 5h 7s 9c"])   # it keeps the queens; it keeps nothing
def test_at_the_draw_the_table_keeps_a_place_for_each_card_to_come(bot):
    seats = [TablePlayer("You", "human", 2), TablePlayer("Bot", "timid", 1000)]
    holes = [parse_cards(bot), parse_cards("Ah Ad Ac Kh Kd")]                 # the Bot's, then yours
    order = [holes[p][k] for k in range(5) for p in range(2)]
    s = DrawSession(seats, ante=2, rebuy=50, dealer=Dealer(np.random.default_rng(0), order=order))
    s.button = 0                                           # the Bot draws first, you last
    term, out = terminal("servi")
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))}, max_hands=1)
    text = out.getvalue()
    drawn = int(re.search(r"Bot: draws (\d)", text).group(1))
    row = next(line for line in text.splitlines() if re.match(r"\s+Bot\s+998 ", line))
    assert drawn and row.count("??") == 5 - drawn and row.count("··") == drawn and f"{drawn} to come" in row
