"""The poker table's output: what the terminal shows of a session (no input is read here).

:class:`Screen` is the half of :class:`~.console.Terminal` that prints: the
introduction (each computer's style and the rebuy rule), the table, moves as
they happen with uncalled bets and side pots, results, the last hands (``h``)
and the session summary. With ``--explain`` it also holds the computers'
reasons until a hand is shown down when a human sits at the table.
"""
from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Iterator, Mapping, Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards import Card
from .actions import Move, Outcome, Phase, SeatView, Step
from .boardgames import BOARD_GAMES, board_game, describe_hand
from .pokerhand import PokerHand
from .pots import Layer, final_layers
from .render import card_markup, cards_markup, move_text, numbered, outcome_lines, plural, pots_text, verb
from .session import Decision, Session
from .summary import summarise

__all__ = ["Screen", "CLEAR_ALL", "TITLES", "HISTORY_SHOWN"]

CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, then clear the scrollback (after 2J, which some terminals save to it)."""
HISTORY_SHOWN = 5
TITLES = {**{game.name: game.title for game in BOARD_GAMES.values()}, "draw": "Five-card draw (poker fermé)"}


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


class Screen:
    """Everything the terminal shows; ``explain`` adds the computers' reasons."""

    def __init__(self, console: Console | None = None, explain: bool = False) -> None:
        self.out = console or Console(highlight=False)
        self.explain = explain
        self.records: list[list[str]] = []
        self.holder: int | None = None
        self._public: list[str] = []
        self._reasons: dict[int, list[str]] = {}
        self._live_reasons = True
        self._announced: tuple[Layer, ...] = ()

    def new_hand(self) -> None:
        """Forget the last hand's public lines, reasons, pots and screen holder."""
        self._public, self._reasons, self.holder, self._announced = [], {}, None, ()

    def busy(self, message: str) -> contextlib.AbstractContextManager[object]:
        """A spinner on stderr while something slow runs, only when stderr is a terminal."""
        if not sys.stderr.isatty():
            return contextlib.nullcontext()
        return Console(stderr=True).status(message)

    # -- output --------------------------------------------------------------------
    @contextlib.contextmanager
    def kept(self, into: list[str]) -> Iterator[None]:
        """Print as usual, and keep what was printed in ``into`` to show it again (:meth:`reprint`)."""
        with self.out.capture() as capture:
            yield
        into.append(capture.get())
        self.reprint(into[-1:])

    def reprint(self, texts: Sequence[str]) -> None:
        """Print again what :meth:`kept` kept, exactly as it was printed."""
        for text in texts:
            self.out.file.write(text)
        self.out.file.flush()

    def public(self, markup: str) -> None:
        """Print a line everyone at the table may see (kept for the hot seat's recap)."""
        self._public.append(markup)
        self.out.print(markup)

    def hide(self) -> None:
        """Clear the screen and the scrollback, then show the hand's public lines again."""
        if self.out.is_terminal:
            self.out.file.write(CLEAR_ALL)
            self.out.file.flush()
        else:
            self.out.print("[dim]— screen cleared —[/]")
        for line in self._public:
            self.out.print(line)
        self.holder = None

    def introduce(self, session: Session, agents: Mapping[int, object]) -> None:
        """The table before the first hand: who plays, each computer's style, the rebuy rule."""
        self.out.rule(f"[bold]{TITLES.get(session.game, session.game)}[/] · {session.stakes}")
        for seat, player in enumerate(session.seats):
            style = getattr(agents.get(seat), "style", "")
            if not player.human and style:
                kind = "" if f"({player.player})" in player.name else f" ({player.player})"
                self.out.print(f"  [bold]{escape(player.name)}[/]{kind}: {style}")
        self.out.print(f"  [dim]{escape(session.rebuy_policy())}[/]")

    def table(self, session: Session, hand: PokerHand, show_for: Sequence[int] = ()) -> None:
        """Stacks, bets and cards; only the seats in ``show_for`` (and showdowns) face up.

        At the draw a seat that exchanged cards keeps its five places: the
        cards kept, then an empty place for each card still to come.
        """
        grid = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
        for column in ("", "player", "stack", "bet", "cards"):
            grid.add_column(column)
        for seat in hand.seats:
            tag = "D" if seat == hand.seats[-1] else ""
            hole = hand.hole(seat)
            coming = hand.draws.get(seat, 0) - len(hand.drawn(seat))  # exchanged, not dealt yet
            if not hole and not coming:
                cards = "[dim]folded[/]"
            elif seat in show_for or seat in hand.shown:
                cards = cards_markup(hole, coming=coming)
            else:
                cards = cards_markup((), hidden=len(hole), coming=coming)
            state = " [magenta]all-in[/]" if (hole or coming) and hand.stack(seat) == 0 else ""
            grid.add_row(tag, escape(session.seats[seat].name), str(hand.stack(seat)),
                         str(hand.bet(seat) or ""), cards + state)
        self.out.print(grid)
        if board_game(hand.game) is not None:
            self.out.print(f"Board: {cards_markup(hand.board)}   Pot: [bold]{hand.pot}[/]")
        else:
            self.out.print(f"Pot: [bold]{hand.pot}[/]")

    def step(self, session: Session, hand: PokerHand, step: Step, decision: Decision) -> None:
        """One move, as the table sees it, with the computer's reason under it (``explain``);
        then returned bets and new side pots."""
        names = [seat.name for seat in session.seats]
        self.public(f"  [bold]{escape(names[step.seat])}[/]: {move_text(step)}")
        if self.explain and not session.seats[step.seat].human and decision.rule:
            numbers = ", ".join(f"{k} {_fmt(v)}" for k, v in decision.numbers.items())
            line = f"    ↳ {decision.rule}" + (f" [{numbers}]" if numbers else "")
            if self._live_reasons:
                self.out.print(line, markup=False, style="dim")
            else:
                self._reasons.setdefault(step.seat, []).append(f"{step.street}: {line.strip()}")
        for seat, chips in step.returned:
            self.public(f"  [bold]Uncalled bet of {chips} returned to {escape(names[seat])}.[/]")
        if step.pots:
            self._announced = tuple((amount, tuple(seats)) for amount, seats in step.pots)
            self.public(f"  [bold]Pots: {pots_text(step.pots, names)}[/]")

    def street(self, hand: PokerHand) -> None:
        if board_game(hand.game) is not None and hand.board:
            self.public(f"[bold]{hand.street.capitalize()}[/]: {cards_markup(hand.board)}   Pot: {hand.pot}")
        elif hand.game == "draw":
            self.public(f"[bold]{hand.street.capitalize()}[/]   Pot: {hand.pot}")

    def outcome(self, session: Session, hand: PokerHand, outcome: Outcome,
                held: Mapping[int, Sequence[Card]] | None = None) -> None:
        """The end of the hand, printed and kept for ``h``.

        The record also says how a hand without a showdown ended (who folded,
        on which street) and what ``held`` holds: the hands of the seats at
        this screen that were not shown (your own cards; none in a hot seat).
        """
        names = [seat.name for seat in session.seats]
        if not hand.history:  # over before any move (a blind put a player all-in): say it now
            for seat, chips in outcome.returned.items():
                self.out.print(f"  [bold]Uncalled bet of {chips} returned to {escape(names[seat])}.[/]")
        layers = final_layers(outcome)
        lines = outcome_lines(outcome, names, functools.partial(describe_hand, hand.game))
        if len(layers) > 1 and layers != self._announced:  # the pots changed (or formed) since the last word
            lines.insert(0, f"  [bold]Pots at the showdown: {pots_text(layers, names)}[/]")
        for line in lines:
            self.out.print(line)
        for seat, reasons in self._reasons.items():
            if seat in outcome.shown:
                self.out.print(f"  [dim]Why {escape(names[seat])} played so:[/]")
                for reason in reasons:
                    self.out.print(f"    {reason}", markup=False, style="dim")
        header = f"[bold]Hand {session.hand_number}[/]"
        if outcome.board:
            header += f" board {cards_markup(outcome.board)}"
        last = hand.history[-1] if hand.history else None
        if not outcome.showdown and last is not None and last.action.move is Move.FOLD:
            name = escape(names[last.seat])
            header += f" · {name} {verb(name, 'folds')} on the {last.street}"
        private = [f"  {escape(names[seat])} held {cards_markup(cards)}"
                   for seat, cards in (held or {}).items() if cards and seat not in outcome.shown]
        self.records.append([header, *private, *lines])

    def show_history(self) -> None:
        """The last hands: the board, the hands shown, who collected what."""
        if not self.records:
            self.out.print("  No hand has been played yet.")
        for record in self.records[-HISTORY_SHOWN:]:
            for line in record:
                self.out.print(line)

    def summary(self, session: Session, reason: str | None) -> None:
        """The end of the session: why, then the totals and each player's result."""
        names = [seat.name for seat in session.seats]
        result = summarise(session.seats, session.outcomes)
        self.out.rule("[bold]Session summary[/]")
        if reason:
            self.out.print(escape(reason))
        line = f"{plural(result.hands, 'hand')} played"
        if result.biggest_hand is not None:
            winners = ", ".join(names[s] for s in result.biggest_winners)
            line += f" · biggest pot {result.biggest_pot} (hand {result.biggest_hand}, {winners})"
        self.out.print(escape(line))
        grid = Table(box=None, padding=(0, 1), header_style="bold")
        for column in ("player", "hands won", "rebuys", "net"):
            grid.add_column(column, justify="left" if column == "player" else "right")
        for seat, player in enumerate(session.seats):
            grid.add_row(escape(player.name), str(result.wins[seat]), str(player.rebuys),
                         f"{result.net[seat]:+d}")
        self.out.print(grid)
        for seat, player in enumerate(session.seats):
            if player.human and result.hands:
                against = " · ".join(f"{escape(names[b])} {chips:+d}"
                                     for b, chips in result.versus[seat].items() if chips)
                who = "You" if player.name == "You" else escape(player.name)
                self.out.print(f"{who} against each opponent: {against or 'even with everyone'}"
                               + (" (the others: even)" if against and len(result.versus[seat]) > 1
                                  and not all(result.versus[seat].values()) else ""))

    def _show_strength(self, session: Session, view: SeatView) -> None:
        game = board_game(view.game)
        complete = len(view.hole) + len(view.board) >= 5 and (game is None or len(view.board) >= 3)
        made = f" — {describe_hand(view.game, view.hole, view.board)}" if complete else ""
        shown = numbered(view.hole) if view.phase is Phase.DRAW else cards_markup(view.hole)
        self.out.print(f"Your cards: {shown}{made}")
        if game is not None and hasattr(session, "win_odds"):
            with self.busy("Computing your odds…"):
                result = session.win_odds(view.seat)
            odds = result.players[0]
            how = "exact" if result.exact else f"estimated, ± {1.96 * (result.std_error or 0):.1%}"
            self.out.print(f"Win [bold]{odds.win:.1%}[/] · tie {odds.tie:.1%} · equity "
                           f"{odds.equity:.1%} [dim]({how}, against one unknown hand)[/]")
        elif view.game == "draw":
            from .strength import draw_options, percentile
            if view.phase is Phase.DRAW:
                with self.busy("Valuing every draw…"):
                    best = draw_options(view.hole, view.opponents)[0]
                keep = " ".join(card_markup(c) for c in best.keep) or "nothing"
                self.out.print(f"Best exact draw: keep {keep}, exchange {5 - len(best.keep)} (chance to beat "
                               f"{plural(view.opponents, 'random hand')} afterwards {best.value:.1%})")
            else:
                with self.busy("Ranking your hand…"):
                    share = percentile(view.hole)
                self.out.print(f"Beats {share:.1%} of five-card hands")
