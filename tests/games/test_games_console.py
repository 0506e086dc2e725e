"""The terminal: the prompt's grammar, re-asking on bad input, whole scripted sessions."""
import io
import re

import numpy as np
import pytest
from poker_fixtures import CountingOdds
from rich.console import Console

from pokerfsm.cards import parse_cards
from pokerfsm.games.ai import make_agent
from pokerfsm.games.console import HumanAgent, MoveError, QuitGame, Terminal, parse_move
from pokerfsm.games.dealer import Dealer
from pokerfsm.games.draw import DrawSession
from pokerfsm.games.holdem import HoldemSession
from pokerfsm.games.pokerhand import Action, Phase, SeatView
from pokerfsm.games.prompts import ChooseCards, CountAgain, parse_which
from pokerfsm.games.session import TablePlayer


def betting(to_call=20, pot=40, bounds=(40, 500)):
    legal = (Action.fold(), Action.call(to_call)) if to_call else (Action.check(),)
    kind = Action.raise_to if to_call else Action.bet
    legal += tuple(kind(a) for a in bounds) if bounds else ()
    return SeatView("holdem", 0, "flop", Phase.BETTING, parse_cards("Ah Kd"), parse_cards("2c 7d 9h"),
                    pot, to_call, 500, 0, 10, bounds, legal, 1)


def drawing(hole="2c 7d 9h Js Ks"):
    hole = parse_cards(hole)
    return SeatView("draw", 0, "draw", Phase.DRAW, hole, (), 16, 0, 998, 0, 4, None,
                    (Action.draw(()),), 7)


@pytest.mark.parametrize("text, expected", [
    ("c", Action.call(20)), ("call", Action.call(20)), ("suivre", Action.call(20)), ("  C ", Action.call(20)),
    ("f", Action.fold()), ("couche", Action.fold()),
    ("r 100", Action.raise_to(100)), ("r100", Action.raise_to(100)), ("relance 100", Action.raise_to(100)),
    ("r", Action.raise_to(40)), ("r min", Action.raise_to(40)), ("r pot", Action.raise_to(20 + 40 + 20)),
    ("r max", Action.raise_to(500)), ("a", Action.raise_to(500)), ("tapis", Action.raise_to(500)),
    ("allin", Action.raise_to(500)),
])
def test_moves_facing_a_bet(text, expected):
    assert parse_move(text, betting()) == expected


@pytest.mark.parametrize("text, expected", [
    ("k", Action.check()), ("parole", Action.check()), ("c", Action.check()), ("check", Action.check()),
    ("b 40", Action.bet(40)), ("ouvre 40", Action.bet(40)), ("b", Action.bet(10)), ("a", Action.bet(500)),
])
def test_moves_before_the_opening(text, expected):
    assert parse_move(text, betting(to_call=0, bounds=(10, 500))) == expected


@pytest.mark.parametrize("text, view, hint", [
    ("", betting(), "type a move"),
    ("zz", betting(), "'zz' is not a move"),
    ("k", betting(), "cannot check"),
    ("r 5", betting(), "out of range: raise to between 40 and 500"),
    ("r 501", betting(), "out of range"),
    ("r lots", betting(), "'lots' is not an amount"),
    ("r 100", betting(bounds=None), "cannot bet or raise"),
    ("f", betting(to_call=0, bounds=(10, 500)), "folding is not allowed before the opening"),
    # issue 14: at the draw a number is how many cards, so positions come at the second question
    ("9", drawing(), "you can exchange 0 to 5 cards, not 9"),
    ("1 4", drawing(), "first say how many cards you exchange"),
    ("Zx", drawing(), "'Zx' is not a card"),
    ("As", drawing(), "'As' is not in your hand"),
])
def test_bad_entries_get_a_hint(text, view, hint):
    with pytest.raises(MoveError, match=re.escape(hint)):
        parse_move(text, view)


@pytest.mark.parametrize("text, discards", [
    ("servi", ""), ("pat", ""), ("-", ""), ("0", ""), ("2c 7d", "2c 7d"), ("2C,7D", "2c 7d"),
    ("draw 2c 7d", "2c 7d"), ("5", "2c 7d 9h Js Ks"),
])
def test_discards_by_name_or_count(text, discards):
    assert parse_move(text, drawing()) == Action.draw(parse_cards(discards) if discards else ())


@pytest.mark.parametrize("text, count", [("3", 3), ("draw 1", 1), ("exchange 4", 4)])
def test_a_count_asks_which_cards_next(text, count):
    with pytest.raises(ChooseCards) as choice:
        parse_move(text, drawing())
    assert choice.value.count == count


@pytest.mark.parametrize("text, count, discards", [
    ("1 2 3", 3, "2c 7d 9h"), ("5 1", 2, "2c Ks"), ("9h", 1, "9h"), ("2c, ks", 2, "2c Ks"),
])
def test_which_cards_by_position_or_name(text, count, discards):
    assert parse_which(text, drawing(), count) == Action.draw(parse_cards(discards))


@pytest.mark.parametrize("text, count, hint", [
    ("9", 1, "positions go from 1 to 5"), ("1 1", 2, "each once"), ("1", 2, "you said 2 cards"),
    ("1 2 3", 2, "you said 2 cards"), ("As", 1, "'As' is not in your hand"), ("", 2, "which 2?"),
    ("\u0663", 1, "is not a card"),
])
def test_which_cards_bad_entries(text, count, hint):
    with pytest.raises(MoveError, match=re.escape(hint)):
        parse_which(text, drawing(), count)


@pytest.mark.parametrize("text", ["q", "quit", "Q"])
def test_quit(text):
    with pytest.raises(QuitGame):
        parse_move(text, betting())


class Script:
    """Scripted keyboard: returns the lines, then ends the input like Ctrl-D; with ``screen``,
    Enter at each "Enter for the next hand"."""

    def __init__(self, *lines, screen=None):
        self.lines = list(lines)
        self.screen = screen

    def __call__(self, prompt=""):
        if self.screen is not None and self.screen.getvalue().rstrip().endswith("q quit) >"):
            return ""
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def terminal(*lines, explain=False, enter_between_hands=False):
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, highlight=False)
    keys = Script(*lines, screen=out if enter_between_hands else None)
    return Terminal(console, keys, explain=explain, echo=True), out


def test_the_prompt_asks_again_after_bad_entries():
    term, out = terminal("zz", "r 5", "k", "c")
    action = term.ask("> ", lambda line: parse_move(line, betting()))
    assert action == Action.call(20)
    assert out.getvalue().count("✗") == 3 and "out of range" in out.getvalue()


def test_the_end_of_input_quits():
    term, _ = terminal()
    with pytest.raises(QuitGame):
        term.ask("> ", str)


def holdem_table(seed=3, **kwargs):
    seats = [TablePlayer("You", "human", 1000), TablePlayer("Bob", "timid", 1000)]
    return HoldemSession(seats, seed=seed, odds_factory=CountingOdds, **kwargs)


def test_a_scripted_holdem_session_shows_odds_pot_odds_and_moves():
    s = holdem_table()
    term, out = terminal(*["c", "k", "c"] * 30, explain=True, enter_between_hands=True)
    agents = {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))}
    assert term.play(s, agents, max_hands=4) == 0
    text = out.getvalue()
    assert text.count("Hand ") >= 4 and s.hand_number == 4
    assert "Win " in text and "exact, against one unknown hand" in text
    assert "Pot odds: call 5 to win 15" in text
    assert "[f]old · [c]all 5 · [r]aise to 20…" in text
    assert "↳ timid:" in text                              # --explain, for the computer only
    assert "collects:" in text
    assert text.rstrip().splitlines()[-1] == s.stacks_line()
    assert sum(seat.stack for seat in s.seats) == 2000


def test_end_of_input_in_the_middle_of_a_hand_ends_the_session_cleanly():
    s = holdem_table()
    term, out = terminal("c")
    agents = {0: HumanAgent(), 1: make_agent("solid", np.random.default_rng(0), CountingOdds)}
    assert term.play(s, agents) == 0
    assert "You leave the table" in out.getvalue()
    assert out.getvalue().rstrip().endswith(s.stacks_line())


def test_hot_seat_hands_over_the_screen_and_hides_the_other_hand():
    seats = [TablePlayer("Ann", "human", 1000), TablePlayer("Bea", "human", 1000)]
    s = HoldemSession(seats, odds_factory=CountingOdds,
                      dealer=Dealer(np.random.default_rng(0), order=parse_cards("As Kd Ah Kh")))
    # hand-over, move, hide: three lines per decision
    term, out = terminal("", "f", "")
    agents = {0: HumanAgent(), 1: HumanAgent()}
    term.play(s, agents, max_hands=1, hot_seat=True)
    text = out.getvalue()
    assert "Pass the screen to Bea. Ann: look away!" in text  # Bea (the button) acts first
    turn = text[text.index("Pass the screen to Bea"):text.index("Bea (pre-flop) >")]
    assert "K♦" in turn and "K♥" in turn                       # her cards: Kd Kh
    assert "A♠" not in turn and "A♥" not in turn               # not Ann's As Ah
    assert "Your cards:" in turn and "Your cards:" not in text[:text.index("Pass the screen")]


def test_a_broke_human_is_offered_a_rebuy_at_draw():
    seats = [TablePlayer("You", "human", 2), TablePlayer("Bot", "timid", 1000)]
    holes = [parse_cards("2c 3d 5h 7s 9c"), parse_cards("Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(2)]
    s = DrawSession(seats, ante=2, rebuy=50, dealer=Dealer(np.random.default_rng(0), order=order))
    term, out = terminal("servi", "maybe", "y", "q")
    agents = {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))}
    term.play(s, agents)
    text = out.getvalue()
    assert "Rebuy 50 (cave)? [Y/n]" in text and "answer y (yes) or n (no)" in text
    assert "You rebuy 50 chips (rebuy 1)." in text
    assert seats[0].rebuys == 1 and seats[0].bought == 52
    assert "Best exact draw: keep" in text


def test_refusing_the_rebuy_ends_the_game():
    seats = [TablePlayer("You", "human", 2), TablePlayer("Bot", "timid", 1000)]
    holes = [parse_cards("2c 3d 5h 7s 9c"), parse_cards("Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(2)]
    s = DrawSession(seats, ante=2, rebuy=50, dealer=Dealer(np.random.default_rng(0), order=order))
    term, out = terminal("servi", "n")
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))})
    assert s.over and not seats[0].active
    assert out.getvalue().rstrip().endswith("stacks: You 0, Bot 1002")


# --- input is never taken silently -------------------------------------------------------------

@pytest.mark.parametrize("text, view, hint", [
    ("c 500", betting(), "'c 500': the call is 20, it takes no other amount; to raise to 500, type 'r 500'"),
    ("call 19", betting(), "the call is 20, it takes no other amount"),
    ("c now", betting(), "'c now': the call is 20"),
    ("f 20", betting(), "folding takes no amount"),
    ("a 300", betting(), "all-in is 500 here; to raise to 300, type 'r 300'"),
    ("r 100 200", betting(), "one amount only, e.g. 'r 100'"),
    ("k 10", betting(to_call=0, bounds=(10, 500)), "a check takes no amount; to bet 10, type 'b 10'"),
    ("c 40", betting(to_call=0, bounds=(10, 500)), "a check takes no amount; to bet 40, type 'b 40'"),
])
def test_words_after_a_move_are_refused_not_dropped(text, view, hint):
    with pytest.raises(MoveError, match=re.escape(hint)):
        parse_move(text, view)


def test_a_move_may_repeat_its_own_amount():
    assert parse_move("c 20", betting()) == Action.call(20)
    assert parse_move("a 500", betting()) == Action.raise_to(500)


def test_enter_for_the_next_hand_refuses_anything_but_enter_and_the_commands():
    term, out = terminal("c", "next hand", "")
    term.pause("Enter for the next hand (? help · h last hands · q quit) >")
    text = out.getvalue()
    assert "'c' does nothing here: press Enter for the next hand" in text
    assert "'next hand' does nothing here" in text and text.count("q quit) >") == 3


def broke_at_draw(*lines):
    seats = [TablePlayer("You", "human", 2), TablePlayer("Bot", "timid", 1000)]
    holes = [parse_cards("2c 3d 5h 7s 9c"), parse_cards("Ah Ad Ac Kh Kd")]
    order = [holes[p][k] for k in range(5) for p in range(2)]
    s = DrawSession(seats, ante=2, rebuy=50, dealer=Dealer(np.random.default_rng(0), order=order))
    term, out = terminal(*lines)
    term.play(s, {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))})
    return seats, out.getvalue()


def test_enter_alone_at_the_rebuy_question_takes_the_default_it_shows_and_says_so():
    seats, text = broke_at_draw("servi", "", "q")
    assert "your stack is empty. Rebuy 50 (cave)? [Y/n]" in text
    assert "You rebuy 50 chips (rebuy 1)." in text and seats[0].rebuys == 1


def test_refusing_the_rebuy_is_announced():
    seats, text = broke_at_draw("servi", "n")
    answer = text.index("[Y/n] n\n")
    assert text.index("You leave the table.", answer) < text.index("Session summary") and not seats[0].active


# --- the draw: going back to how many -------------------------------------------------------------

def test_back_at_which_cards_asks_how_many_again():
    with pytest.raises(CountAgain):
        parse_which("back", drawing(), 2)
    with pytest.raises(MoveError, match="or 'back' to change how many"):
        parse_which("servi", drawing(), 2)
    _, text = broke_at_draw("2", "0", "back", "0", "n")
    assert "Which 2? 1:" in text and "(or 'back' to change how many)" in text
    assert "positions go from 1 to 5, each once: e.g. '1 4'; or 'back' to change how many" in text
    after_back = text[text.index("back\n"):]
    assert "how many cards do you exchange?" in after_back.splitlines()[1]
    assert "You: servi (stands pat)" in after_back


# --- ? and h show the decision again ---------------------------------------------------------------

def test_help_and_history_show_the_cards_odds_and_moves_again():
    s = holdem_table()
    term, out = terminal("?", "h", "q")
    agents = {0: HumanAgent(), 1: make_agent("timid", np.random.default_rng(0))}
    term.play(s, agents, max_hands=1)
    text = out.getvalue()
    for answer in ("At every prompt: ? this help", "No hand has been played yet."):
        after = text[text.index(answer):]
        again = after[:after.index("You (pre-flop) >")]
        assert "Your cards:" in again and "Win " in again and "Pot odds:" in again
        assert "[k] check (parole) · [r]aise to 20" in again and "Board:" in again
