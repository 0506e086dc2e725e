"""The terminal table: the only code of the games that reads input or prints.

It draws hands, board, pot and stacks with Unicode suits and colour (rich),
asks the human for moves and re-asks with a hint on a bad entry, and shows
for every human decision the exact win probability (hold'em), the pot odds
and the legal actions with their amounts.

Moves typed at the prompt (English or the seed's French)::

    f  fold  couche          fold (only once there is a bet to call)
    k  check  parole         check (before the opening)
    c  call  suivre          call, or check when there is nothing to call
    b 40  bet 40  ouvre 40   bet (open) to 40
    r 120  raise 120  relance 120, r min, r pot
                             raise to 120 (the round's total)
    a  allin  tapis          all-in
    servi  pat  -            stand pat (draw)
    2c 7d   or   1 4         discard these cards, by name or position (draw)
    q  quit                  leave the table

End of input (Ctrl-D, or the end of a script piped on stdin) ends the
session cleanly, like ``q``.
"""
from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards import Card, parse_cards
from ..display import show, show_cards
from ..errors import Error, ParseError
from .pokerhand import Action, Move, Outcome, Phase, PokerHand, SeatView, Step
from .session import Decision, Session, play_hand

__all__ = ["Terminal", "HumanAgent", "MoveError", "QuitGame", "parse_move", "card_markup",
           "cards_markup"]


class MoveError(ParseError):
    """A prompt entry that is not a legal move; the message is the hint shown."""


class QuitGame(Exception):
    """The human asked to leave (``q``) or the input ended."""


_WORDS = {
    "f": Move.FOLD, "fold": Move.FOLD, "couche": Move.FOLD, "coucher": Move.FOLD,
    "k": Move.CHECK, "x": Move.CHECK, "check": Move.CHECK, "parole": Move.CHECK,
    "c": Move.CALL, "call": Move.CALL, "suivre": Move.CALL, "suis": Move.CALL, "voir": Move.CALL,
    "b": Move.BET, "bet": Move.BET, "ouvre": Move.BET, "ouvrir": Move.BET, "open": Move.BET,
    "r": Move.RAISE, "raise": Move.RAISE, "relance": Move.RAISE, "relancer": Move.RAISE,
}
_ALL_IN = {"a", "allin", "all-in", "all", "tapis", "shove"}
_QUIT = {"q", "quit", "exit", "quitter"}
_STAND_PAT = {"servi", "pat", "-", "0", "none", "stand", "keep"}


def legal_summary(view: SeatView) -> str:
    """The legal moves with their keys and amounts, e.g. ``'[f]old · [c]all 20 · ...'``."""
    if view.phase is Phase.DRAW:
        return "discard cards by name or position (e.g. '2c 7d' or '1 4'), or 'servi' to stand pat"
    parts = []
    for action in view.legal:
        if action.move is Move.FOLD:
            parts.append("\\[f]old")
        elif action.move is Move.CHECK:
            parts.append("\\[k] check (parole)")
        elif action.move is Move.CALL:
            all_in = " (all-in)" if action.amount >= view.stack else ""
            parts.append(f"\\[c]all {action.amount}{all_in}")
    if view.raise_bounds is not None:
        low, high = view.raise_bounds
        word = "\\[b]et" if view.legal_move(Move.BET) else "\\[r]aise to"
        parts.append(f"{word} {low}" + (f"…{high}" if high > low else ""))
        parts.append(f"\\[a]ll-in {high}")
    return " · ".join(parts)


def parse_move(text: str, view: SeatView) -> Action:
    """Read one prompt entry as a legal move for ``view``; raises MoveError with a hint.

    >>> from pokerfsm.games.pokerhand import Phase, SeatView
    >>> view = SeatView("holdem", 0, "flop", Phase.BETTING, (), (), 40, 20, 500, 0, 10, (40, 500),
    ...                 (Action.fold(), Action.call(20), Action.raise_to(40), Action.raise_to(500)), 1, True)
    >>> [str(parse_move(t, view)) for t in ("c", "r 100", "tapis", "r pot")]
    ['call 20', 'raise to 100', 'raise to 500', 'raise to 80']
    >>> parse_move("k", view)
    Traceback (most recent call last):
    ...
    pokerfsm.games.console.MoveError: there is 20 to call: you cannot check; call (c) or fold (f)
    """
    words = text.strip().lower().split()
    if not words:
        raise MoveError(f"type a move: {legal_summary(view)}")
    if words[0] in _QUIT:
        raise QuitGame
    if view.phase is Phase.DRAW:
        return _parse_discard(text, view)
    head, rest = words[0], words[1:]
    match = re.fullmatch(r"([a-z]+)(\d+)", head)
    if match and match.group(1) in _WORDS:  # 'r100'
        head, rest = match.group(1), [match.group(2)] + rest
    if head in _ALL_IN:
        if view.raise_bounds is not None:
            return Action(_raise_kind(view), view.raise_bounds[1])
        return _call_or_check(view)
    move = _WORDS.get(head)
    if move is None:
        raise MoveError(f"{text.strip()!r} is not a move; {legal_summary(view)} (q to quit)")
    if move is Move.FOLD:
        if view.legal_move(Move.FOLD) is None:
            raise MoveError("nothing to call: folding is not allowed before the opening; "
                            "check (k) instead")
        return Action.fold()
    if move is Move.CHECK:
        if view.to_call:
            raise MoveError(f"there is {view.to_call} to call: you cannot check; call (c) or fold (f)")
        return Action.check()
    if move is Move.CALL:
        return _call_or_check(view)
    return _parse_amount(text, rest, view)


def _raise_kind(view: SeatView) -> Move:
    return Move.BET if view.legal_move(Move.BET) else Move.RAISE


def _call_or_check(view: SeatView) -> Action:
    return view.legal_move(Move.CALL) or view.legal_move(Move.CHECK)


def _parse_amount(text: str, rest: Sequence[str], view: SeatView) -> Action:
    if view.raise_bounds is None:
        raise MoveError(f"you cannot bet or raise now; {legal_summary(view)}")
    low, high = view.raise_bounds
    if not rest or rest[0] == "min":
        return Action(_raise_kind(view), low)
    word = rest[0]
    if word in ("pot", "max"):
        facing = view.bet + view.to_call
        amount = high if word == "max" else facing + view.pot + view.to_call
        return Action(_raise_kind(view), min(high, max(low, amount)))
    if not word.isdigit():
        raise MoveError(f"{word!r} is not an amount: type e.g. 'r {low}' (an amount from {low} to {high})")
    amount = int(word)
    if not low <= amount <= high:
        what = "bet" if _raise_kind(view) is Move.BET else "raise to"
        raise MoveError(f"{amount} is out of range: {what} between {low} and {high} "
                        "(the amount is your total bet this round)")
    return Action(_raise_kind(view), amount)


def _parse_discard(text: str, view: SeatView) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if len(words) == 1 and words[0] in _STAND_PAT:
        return Action.draw(())
    hole = view.hole
    if all(w.isdigit() for w in words):
        positions = [int(w) for w in words]
        if any(not 1 <= p <= len(hole) for p in positions) or len(set(positions)) != len(positions):
            raise MoveError(f"positions go from 1 to {len(hole)}, each once: e.g. '1 4'")
        return Action.draw(hole[p - 1] for p in positions)
    try:
        cards = parse_cards(text)
    except Error as exc:
        raise MoveError(f"{exc}; or give positions 1-{len(hole)}, or 'servi' to stand pat") from None
    stray = [c for c in cards if c not in hole]
    if stray:
        raise MoveError(f"{str(stray[0])!r} is not in your hand ({' '.join(map(str, hole))})")
    return Action.draw(cards)


# -- drawing ---------------------------------------------------------------------
def card_markup(card: Card) -> str:
    """A card as rich markup: rank and suit (a symbol or a letter, see :mod:`pokerfsm.display`),
    red for hearts and diamonds."""
    colour = "red" if int(card) & 3 in (1, 2) else "default"
    return f"[bold {colour} on white] {show(card)} [/]"


def cards_markup(cards: Sequence[Card], hidden: int = 0) -> str:
    shown = " ".join(card_markup(c) for c in cards)
    backs = " ".join("[white on blue] ?? [/]" for _ in range(hidden))
    return " ".join(p for p in (shown, backs) if p) or "—"


class Terminal:
    """The session loop on a terminal (or on piped stdin and stdout).

    ``read`` is the input function (``input`` by default); ``explain`` prints
    every computer decision's numbers and rule.
    """

    def __init__(self, console: Console | None = None, read: Callable[[str], str] | None = None,
                 explain: bool = False, echo: bool | None = None) -> None:
        self.out = console or Console(highlight=False)
        self._read = read or input
        self.explain = explain
        self.echo = (not sys.stdin.isatty()) if echo is None and read is None else bool(echo)

    # -- input ---------------------------------------------------------------------
    def ask(self, prompt: str, parse: Callable[[str], object]):
        """Prompt until ``parse`` accepts the line; a bad line shows its hint and asks again."""
        while True:
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
            except MoveError as exc:
                self.out.print(f"[yellow]  ✗ {exc}[/]")

    def busy(self, message: str):
        """A spinner on stderr while something slow runs, only when stderr is a terminal."""
        if not sys.stderr.isatty():
            return contextlib.nullcontext()
        return Console(stderr=True).status(message)

    def pause(self, message: str) -> None:
        """Wait for Enter (hot seat hand-overs)."""
        self.ask(f"[bold]{message}[/] ", lambda line: line)

    # -- output --------------------------------------------------------------------
    def hand_header(self, session: Session, hand: PokerHand) -> None:
        button = escape(session.seats[hand.seats[-1]].name)
        self.out.rule(f"[bold]Hand {session.hand_number}[/] · {session.stakes} · button: {button}")

    def table(self, session: Session, hand: PokerHand, show_for: Sequence[int] = ()) -> None:
        """Stacks, bets and cards; only the seats in ``show_for`` (and showdowns) face up."""
        grid = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
        for column in ("", "player", "stack", "bet", "cards"):
            grid.add_column(column)
        for seat in hand.seats:
            name = session.seats[seat].name
            tag = "D" if seat == hand.seats[-1] else ""
            hole = hand.hole(seat)
            if not hole:
                cards = "[dim]folded[/]"
            elif seat in show_for or seat in hand.shown:
                cards = cards_markup(hole)
            else:
                cards = cards_markup((), hidden=len(hole))
            state = " [magenta]all-in[/]" if hole and hand.stack(seat) == 0 else ""
            grid.add_row(tag, escape(name), str(hand.stack(seat)), str(hand.bet(seat) or ""), cards + state)
        self.out.print(grid)
        if hand.game == "holdem":
            self.out.print(f"Board: {cards_markup(hand.board)}   Pot: [bold]{hand.pot}[/]")
        else:
            self.out.print(f"Pot: [bold]{hand.pot}[/]")

    def step(self, session: Session, hand: PokerHand, step: Step, decision: Decision) -> None:
        """One move, as the table sees it (and the reasons, with ``explain``)."""
        name = session.seats[step.seat].name
        action = step.action
        if action.move is Move.DRAW:
            text = f"draws {len(action.cards)}" if action.cards else "servi (stands pat)"
        else:
            text = str(action)
        if step.all_in:
            text += " [magenta](all-in)[/]"
        self.out.print(f"  [cyan]{escape(name)}[/]: {text}")
        if self.explain and not session.seats[step.seat].human and decision.rule:
            numbers = ", ".join(f"{k} {_fmt(v)}" for k, v in decision.numbers.items())
            self.out.print(f"    ↳ {decision.rule}" + (f" [{numbers}]" if numbers else ""),
                           markup=False, style="dim")

    def street(self, hand: PokerHand) -> None:
        if hand.game == "holdem" and hand.board:
            self.out.print(f"[bold]{hand.street.capitalize()}[/]: {cards_markup(hand.board)}"
                           f"   Pot: {hand.pot}")
        elif hand.game == "draw":
            self.out.print(f"[bold]{hand.street.capitalize()}[/]   Pot: {hand.pot}")

    def outcome(self, session: Session, hand: PokerHand, outcome: Outcome) -> None:
        from ..evaluation import evaluate
        for seat, cards in outcome.shown.items():
            value = evaluate(tuple(cards) + outcome.board)
            self.out.print(f"  [cyan]{escape(session.seats[seat].name)}[/] shows {cards_markup(cards)} — "
                           f"{value.describe()}")
        if len(outcome.pots) > 1:
            for number, pot in enumerate(outcome.pots):
                label = "main pot" if number == 0 else f"side pot {number}"
                winners = ", ".join(f"{session.seats[s].name} {c}" for s, c in pot.shares.items())
                self.out.print(f"  {label} {pot.amount}: {escape(winners)}")
        takes = ", ".join(f"{session.seats[s].name} {c}" for s, c in outcome.collected.items() if c)
        self.out.print(f"  [green]collects: {escape(takes)}[/]")
        net = ", ".join(f"{session.seats[s].name} {d:+d}" for s, d in outcome.net.items() if d)
        self.out.print(f"  [dim]{escape(net) or 'no chips moved'}[/]")

    # -- a human's turn ----------------------------------------------------------------
    def human_turn(self, session: Session, hand: PokerHand, view: SeatView) -> Action:
        name = session.seats[view.seat].name
        self.table(session, hand, show_for=(view.seat,))
        self._show_strength(session, hand, view)
        if view.phase is Phase.BETTING and view.to_call:
            self.out.print(f"Pot odds: call {view.to_call} to win {view.pot} → you need "
                           f"{view.pot_odds:.1%} to break even")
        elif view.phase is Phase.BETTING:
            self.out.print(f"Pot odds: nothing to call (pot {view.pot})")
        self.out.print(f"[dim]{legal_summary(view)}[/]")
        return self.ask(f"[bold]{escape(name)}[/] ({view.street}) > ", lambda line: parse_move(line, view))

    def _show_strength(self, session: Session, hand: PokerHand, view: SeatView) -> None:
        from ..evaluation import evaluate
        cards = view.hole + view.board
        made = f" — {evaluate(cards).describe()}" if len(cards) >= 5 else ""
        self.out.print(f"Your cards: {cards_markup(view.hole)}{made}")
        if view.game == "holdem" and hasattr(session, "win_odds"):
            with self.busy("Computing your exact odds…"):
                odds = session.win_odds(view.seat).players[0]
            self.out.print(f"Win [bold green]{odds.win:.1%}[/] · tie {odds.tie:.1%} · equity "
                           f"{odds.equity:.1%} [dim](exact, against one unknown hand)[/]")
        elif view.game == "draw":
            from .strength import draw_options, percentile
            if view.phase is Phase.DRAW:
                with self.busy("Valuing every draw…"):
                    best = draw_options(view.hole, view.opponents)[0]
                keep = show_cards(best.keep) or "nothing"
                self.out.print(f"Best exact draw: keep {keep} (chance to beat {view.opponents} "
                               f"random hands afterwards {best.value:.1%})")
            else:
                with self.busy("Ranking your hand…"):
                    share = percentile(view.hole)
                self.out.print(f"Beats {share:.1%} of five-card hands")

    # -- the session --------------------------------------------------------------------
    def play(self, session: Session, agents: Mapping[int, object], *, max_hands: int | None = None,
             hot_seat: bool = False, final_line: bool = True) -> int:
        """Play hands until the session is over, ``max_hands`` are played, or the human quits."""
        try:
            while max_hands is None or session.hand_number < max_hands:
                self._rebuys(session)
                if session.over:
                    break
                hand = session.start_hand()
                self.hand_header(session, hand)
                last_street = hand.street
                humans = [s for s in hand.seats if session.seats[s].human]
                if not humans:
                    self.table(session, hand)
                elif not hot_seat:
                    for seat in humans:
                        self.out.print(f"Your cards: {cards_markup(hand.hole(seat))}")

                def on_step(hand: PokerHand, step: Step, decision: Decision) -> None:
                    nonlocal last_street
                    self.step(session, hand, step, decision)
                    if hand.street != last_street and not hand.over:
                        last_street = hand.street
                        self.street(hand)

                for agent in agents.values():
                    if isinstance(agent, HumanAgent):
                        agent.bind(self, session, hot_seat)
                outcome = play_hand(hand, {seat: agent if isinstance(agent, HumanAgent)
                                           else _Thinking(agent, self, session.seats[seat].name)
                                           for seat, agent in agents.items()}, on_step)
                session.end_hand()
                if hand.game == "holdem" and outcome.board:
                    self.out.print(f"Board: {cards_markup(outcome.board)}")
                self.outcome(session, hand, outcome)
        except QuitGame:
            self.out.print("[bold]You leave the table.[/]")
            if session.in_hand:
                self.out.print("[dim](the hand in progress is abandoned; stacks are from before it)[/]")
        if final_line:
            self.out.print(session.stacks_line(), markup=False, highlight=False, soft_wrap=True)
        return 0

    def _rebuys(self, session: Session) -> None:
        if not session.rebuy_amount:
            return
        for seat in session.broke():
            player = session.seats[seat]
            if not player.human:
                continue
            amount = session.rebuy_amount
            yes = self.ask(escape(f"{player.name}, your stack is empty. Rebuy {amount} (cave)? [y/n] "),
                           _yes_no)
            if yes:
                session.rebuy(seat, amount)
            else:
                session.leave(seat)


def _yes_no(line: str) -> bool:
    word = line.strip().lower()
    if word in ("y", "yes", "o", "oui", ""):
        return True
    if word in ("n", "no", "non"):
        return False
    raise MoveError("answer y (yes) or n (no)")


def _fmt(value) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


class _Thinking:
    """A computer agent whose (possibly slow) decisions show a spinner."""

    def __init__(self, agent, terminal: Terminal, name: str) -> None:
        self.agent, self.terminal, self.name = agent, terminal, name

    def decide(self, view: SeatView) -> Decision:
        with self.terminal.busy(f"{self.name} is thinking…"):
            return self.agent.decide(view)


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
        name = session.seats[view.seat].name
        if self.hot_seat:
            others = [s.name for i, s in enumerate(session.seats) if s.human and i != view.seat]
            terminal.out.print(f"\n[bold reverse] Pass the screen to {name}. "
                               f"{', '.join(others)}: look away! [/]")
            terminal.pause(f"{name}, press Enter when you alone can see the screen")
        action = terminal.human_turn(session, session.hand, view)
        if self.hot_seat:
            terminal.pause(f"{name}, press Enter to hide your cards")
            terminal.out.clear()
        return Decision(action, "human")
