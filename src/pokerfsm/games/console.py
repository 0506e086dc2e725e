"""The terminal table: the only code of the poker games that reads input or prints.

It draws hands, board, pot and stacks (:mod:`.render`), asks the human for
moves (:mod:`.prompts`) and re-asks with a hint on a bad entry, and shows for
every human decision the exact win probability (hold'em), the pot odds and
the legal actions with their amounts.

A session has a shape: the table, each computer's style and the rebuy rule
are shown first; "Enter for the next hand" between any two hands, after the
rebuys (a computer's is announced, a broke human is asked ``[Y/n]`` and the
answer is announced) unless a human has just answered that question; uncalled
bets and side pots are announced as they happen; and the session ends
with a summary (hands, results, biggest pot, results against each opponent)
however it ends: the last hand, ``q``, a refused rebuy, a bust, the end of
input or Ctrl-C.

Keys typed while the computers act are thrown away before each prompt, so
they never answer a question nobody had asked yet. With ``--explain`` the
computers' reasons are shown at once only when nobody at the table is human;
otherwise after the hand, and only for hands that were shown down.

``?`` and ``h`` at a decision show the help or the last hands, then the
table, your cards, your odds and the legal moves again, so the decision is
never scrolled off the screen. At the draw's second question (which cards),
``back`` returns to the first (how many).

In a hot seat game the screen *and the terminal's scrollback* are cleared
(``ESC[3J``) before it passes from one player to the other, and only then:
a player who acts twice in a row is not asked to pass the screen to himself.
"""
from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from rich.console import Console
from rich.markup import escape

from .actions import Action, Outcome, Phase, SeatView, Step
from .boardgames import board_game
from .pokerhand import PokerHand
from .prompts import (
    BACK_HINT,
    DRAW_HELP,
    HOLDEM_HELP,
    ChooseCards,
    CountAgain,
    MoveError,
    QuitGame,
    ShowHelp,
    ShowHistory,
    legal_summary,
    parse_move,
    parse_pause,
    parse_which,
    parse_yes_no,
)
from .render import cards_markup, numbered, plural, verb
from .screen import CLEAR_ALL, Screen
from .session import Agent, Decision, Session, play_hand

_Answer = TypeVar("_Answer")

__all__ = ["Terminal", "HumanAgent", "MoveError", "QuitGame", "parse_move", "CLEAR_ALL"]


class Terminal(Screen):
    """The session loop on a terminal (or on piped stdin and stdout).

    ``read`` is the input function (``input`` by default); ``explain`` prints
    the computers' numbers and rules; ``flush`` throws typed-ahead keys away
    before each prompt (by default when reading a real terminal).

    >>> import io
    >>> term = Terminal(Console(file=io.StringIO()), read=lambda prompt: "y", echo=False)
    >>> term.ask("Rebuy? ", lambda line: parse_yes_no(line, True))
    True
    >>> CLEAR_ALL.endswith("\x1b[3J")     # hiding the screen clears the scrollback too
    True
    """

    def __init__(self, console: Console | None = None, read: Callable[[str], str] | None = None,
                 explain: bool = False, echo: bool | None = None, flush: bool | None = None) -> None:
        super().__init__(console, explain)
        self._read = read or input
        self.echo = (not sys.stdin.isatty()) if echo is None and read is None else bool(echo)
        self.flush = (read is None and sys.stdin.isatty()) if flush is None else flush
        self.help_text = HOLDEM_HELP

    # -- input ---------------------------------------------------------------------
    def flush_input(self) -> None:
        """Throw away keys typed before the question was asked."""
        if not self.flush:
            return
        try:
            import termios
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        except (ImportError, OSError, ValueError, AttributeError):
            pass
        except Exception:  # termios.error: not a terminal after all  # pragma: no cover
            pass

    def ask(self, prompt: str, parse: Callable[[str], _Answer], again: Sequence[str] = ()) -> _Answer:
        """Prompt until ``parse`` accepts the line; ``?`` and ``h`` answer and ask again.

        ``again`` is what the question stands on (the table, the cards, the
        legal moves, as printed): shown once more after the help or the last
        hands, which scroll it away.
        """
        while True:
            self.flush_input()
            self.out.print(prompt, end="")
            try:
                line = self._read("")
            except EOFError:
                self.out.print()
                raise QuitGame from None
            if self.echo:
                self.out.print(line, markup=False, highlight=False)
            try:
                return parse(line)
            except ShowHelp:
                self.out.print(self.help_text, markup=False, highlight=False)
                self.reprint(again)
            except ShowHistory:
                self.show_history()
                self.reprint(again)
            except MoveError as exc:
                self.out.print(f"[bold red]  ✗ {exc}[/]")

    def pause(self, message: str) -> None:
        """Wait for Enter; ``?``, ``h`` and ``q`` work here too, anything else is refused."""
        self.ask(f"[bold]{message}[/] ", parse_pause)

    # -- a human's turn ----------------------------------------------------------------
    def human_turn(self, session: Session, hand: PokerHand, view: SeatView) -> Action:
        name = session.seats[view.seat].name
        shown: list[str] = []
        with self.kept(shown):
            self.table(session, hand, show_for=(view.seat,))
        with self.kept(shown):
            self._decision(session, view)
        prompt = f"[bold]{escape(name)}[/] ({view.street}) > "
        while True:
            try:
                return self.ask(prompt, lambda line: parse_move(line, view), shown)
            except ChooseCards as choice:
                count = choice.count
            which = list(shown)
            with self.kept(which):
                self.out.print(f"Which {count}? {numbered(view.hole)} [dim](or {BACK_HINT})[/]")
            try:
                return self.ask(f"[bold]{escape(name)}[/] (exchange {count}: positions or cards) > ",
                                functools.partial(parse_which, view=view, count=count), which)
            except CountAgain:
                self.out.print(f"[dim]{legal_summary(view)}[/]")

    def _decision(self, session: Session, view: SeatView) -> None:
        """Under the table: your cards and chances, the pot odds, the legal moves."""
        self._show_strength(session, view)
        if view.phase is Phase.BETTING and view.to_call:
            self.out.print(f"Pot odds: call {view.to_call} to win {view.to_win} → you need "
                           f"{view.pot_odds:.1%} to break even")
        elif view.phase is Phase.BETTING:
            self.out.print(f"Pot odds: nothing to call (pot {view.pot})")
        self.out.print(f"[dim]{legal_summary(view)} · ? help[/]")

    # -- the session --------------------------------------------------------------------
    def play(self, session: Session, agents: Mapping[int, Agent], *, max_hands: int | None = None,
             hot_seat: bool = False, final_line: bool = True) -> int:
        """Play hands until the session is over, ``max_hands`` are played, or the human leaves."""
        game = board_game(session.game)
        self.help_text = game.help if game is not None else DRAW_HELP
        humans = [i for i, seat in enumerate(session.seats) if seat.human]
        self._live_reasons = not humans
        reason = None
        self.introduce(session, agents)
        try:
            while True:
                if max_hands is not None and session.hand_number >= max_hands:
                    reason = f"That was the last of the {plural(max_hands, 'hand')}."
                    break
                asked = self._between_hands(session)
                if humans and not any(session.seats[i].active for i in humans):
                    reason = _left(session, humans)
                    break
                if session.over:
                    playing = session.playing()
                    last = (f"{session.seats[playing[0]].name} is the last player with chips"
                            if len(playing) == 1 and (session.end_reason or "").startswith("fewer")
                            else session.end_reason)
                    reason = f"The session is over: {last}."
                    break
                if humans and session.hand_number and not asked:
                    self.pause("Enter for the next hand (? help · h last hands · q quit) >")
                self._play_one(session, agents, hot_seat)
        except QuitGame:
            reason = "You leave the table." if len(humans) <= 1 else "The players leave the table."
        except KeyboardInterrupt:
            self.out.print()
            reason = "Interrupted (Ctrl-C): the session ends here."
        if session.in_hand:
            reason = (reason or "") + " The hand in progress is abandoned; stacks are from before it."
        self.summary(session, reason)
        if final_line:
            self.out.print(session.stacks_line(), markup=False, highlight=False, soft_wrap=True)
        return 0

    def _play_one(self, session: Session, agents: Mapping[int, Agent], hot_seat: bool) -> None:
        hand = session.start_hand()
        self.new_hand()
        button = escape(session.seats[hand.seats[-1]].name)
        self.out.rule(f"[bold]Hand {session.hand_number}[/] · {session.stakes} · button: {button}")
        self._public.append(f"[bold]Hand {session.hand_number}[/] · {session.stakes} · button: {button}")
        humans = [s for s in hand.seats if session.seats[s].human]
        if not humans:
            self.table(session, hand)
        elif not hot_seat:
            for seat in humans:
                self.out.print(f"Your cards: {cards_markup(hand.hole(seat))}")
        last_street, told = hand.street, set()
        held = {} if hot_seat else {seat: hand.hole(seat) for seat in humans}  # for 'h', even once folded

        def on_step(hand: PokerHand, step: Step, decision: Decision) -> None:
            nonlocal last_street
            self.step(session, hand, step, decision)
            for seat in held:
                held[seat] = hand.hole(seat) or held[seat]
            if hand.street != last_street and not hand.over:
                last_street = hand.street
                self.street(hand)
            if hand.phase is not Phase.DRAW:
                for seat in humans:
                    if hand.drawn(seat) and seat not in told:
                        told.add(seat)
                        self.out.print(f"You drew {cards_markup(hand.drawn(seat))} → your hand: "
                                       f"{cards_markup(hand.hole(seat))}")

        players: dict[int, Agent] = {}
        for seat, agent in agents.items():
            if isinstance(agent, HumanAgent):
                agent.bind(self, session, hot_seat)
                players[seat] = agent
            else:
                players[seat] = _Thinking(agent, self, session.seats[seat].name)
        outcome = play_hand(hand, players, on_step)
        session.end_hand()
        if hot_seat and self.holder is not None:
            self.hide()
        if board_game(hand.game) is not None and outcome.board:
            self.out.print(f"Board: {cards_markup(outcome.board)}")
        self.outcome(session, hand, outcome, held)

    def _between_hands(self, session: Session) -> bool:
        """Computers rebuy (announced) within the policy; broke humans are asked, and their
        answer announced. True when a human answered (that answer is the pause)."""
        for event in session.rebuy_computers():
            name = escape(session.seats[event.seat].name)
            limit = session.computer_rebuys
            if event.chips:
                count = f" (rebuy {event.number} of {limit})" if limit is not None else ""
                self.out.print(f"[bold]{name} {verb(name, 'rebuys')} {event.chips} chips{count}.[/]")
            else:
                self.out.print(f"[bold]{name} {'are' if name == 'You' else 'is'} broke after "
                               f"{plural(event.number, 'rebuy')}: {verb(name, 'leaves')} the table.[/]")
        asked = False
        for seat in session.broke():
            player = session.seats[seat]
            if not player.human:
                continue
            amount = session.rebuy_amount
            if not amount or session.target is not None:
                self.out.print(f"[bold]{escape(player.name)}: your stack is empty.[/]")
                session.leave(seat)
                continue
            question = f"{player.name}, your stack is empty. Rebuy {amount} (cave)? [Y/n] "
            yes = self.ask(escape(question), lambda line: parse_yes_no(line, True))
            asked = True
            name = escape(player.name)
            if yes:
                session.rebuy(seat, amount)
                self.out.print(f"[bold]{name} {verb(name, 'rebuys')} {amount} chips "
                               f"(rebuy {player.rebuys}).[/]")
            else:
                session.leave(seat)
                self.out.print(f"[bold]{name} {verb(name, 'leaves')} the table.[/]")
        return asked


def _left(session: Session, humans: list[int]) -> str:
    """Why the humans are gone: out of chips in a match, or they chose to leave."""
    broke = [session.seats[i].name for i in humans if session.seats[i].stack == 0]
    if broke and (not session.rebuy_amount or session.target is not None):
        who = "You are" if broke == ["You"] else f"{' and '.join(broke)} {'is' if len(broke) == 1 else 'are'}"
        return f"{who} out of chips, with no rebuys in this game."
    return "You leave the table." if len(humans) == 1 else "The players leave the table."


class _Thinking:
    """A computer agent whose (possibly slow) decisions show a spinner."""

    def __init__(self, agent: Agent, terminal: Terminal, name: str) -> None:
        self.agent, self.terminal, self.name = agent, terminal, name

    def decide(self, view: SeatView) -> Decision:
        with self.terminal.busy(f"{self.name} is thinking…"):
            return self.agent.decide(view)

    def observe(self, view: SeatView, outcome: Outcome) -> None:
        observe = getattr(self.agent, "observe", None)
        if observe is not None:
            observe(view, outcome)


class HumanAgent:
    """A seat played at the keyboard; needs :meth:`bind` to a terminal and session."""

    def __init__(self) -> None:
        self.terminal: Terminal | None = None
        self.session: Session | None = None
        self.hot_seat = False

    def bind(self, terminal: Terminal, session: Session, hot_seat: bool) -> None:
        self.terminal, self.session, self.hot_seat = terminal, session, hot_seat

    def decide(self, view: SeatView) -> Decision:
        terminal, session = self.terminal, self.session
        assert terminal is not None and session is not None, "bind() the agent before the hand"
        hand = session.hand
        assert hand is not None, "asked during a hand"
        name = session.seats[view.seat].name
        if self.hot_seat and terminal.holder != view.seat:
            if terminal.holder is not None:
                terminal.hide()
            others = [s.name for i, s in enumerate(session.seats) if s.human and i != view.seat]
            terminal.out.print(f"\n[bold reverse] Pass the screen to {escape(name)}. "
                               f"{escape(', '.join(others))}: look away! [/]")
            terminal.pause(f"{name}, press Enter when you alone can see the screen")
            terminal.holder = view.seat
        return Decision(terminal.human_turn(session, hand, view), "human")
