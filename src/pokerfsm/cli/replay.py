"""``pokerfsm replay FILE [--hand N] [--json]``: a hand history, street by street, with equities.

    pokerfsm replay hands.phh              # every hand, then a summary (every PHH variant)
    pokerfsm replay hands.phh --hand 3     # the third hand of the file
    pokerfsm replay draw.jsonl --json      # one JSON document

For each hand: the board, each live player's cards (where the history shows
them; at stud the down cards in parentheses, then the up cards; in a draw
game the cards held), the pot and every player's exact equity at the start
of each street;
the moves; who won which pot (in Omaha hi-lo, who took the high half and
who the low one, with which hands); and after an all-in with cards to come, each
player's expected net against the actual one ("luck"). A file of several
hands ends with a summary. The caption of each hand names its game. Where
the calculator cannot compute a game's equity, the view says so and shows
no number. Needs pokerkit (the ``games`` extra).

Whatever text the file holds (player names, the hand's name, and so the
moves) is shown escaped: no control character or escape sequence reaches
the terminal, and no ``[...]`` in a name is taken for markup.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..errors import ParseError
from .numbers import positive_whole_number

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.table import Table

    from ..cards import Card
    from ..history.analysis import HandAnalysis, StreetEquity, Summary
    from ..history.playback import Street
    from ..history.record import HandRecord
    from ..history.settlement import Pot, Settlement

Money = Callable[[float], str]

EQUITY_NOTE = ("equity: exact over every remaining board (stud: every deal of the cards to come) at "
               "the start of each street where that fits the budget; known cards of folded players "
               "are dead; a live hand or down card the history does not show counts as a random one "
               "(≈ marks a Monte Carlo estimate); hi-lo: the expected share of the pot, low: the "
               "chance that a low qualifies; split: the chance that the pot ends split; draw games: "
               "after the last draw only (before it, the equity depends on how the players will draw); "
               "stud cards: (down) up")


def _approx() -> str:
    """The mark of a Monte Carlo estimate: '≈', or '~' where cards are shown in ASCII."""
    from ..display import card_style

    return "≈" if card_style() == "unicode" else "~"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .phh, .phhs or draw .jsonl history")
    parser.add_argument("--hand", type=positive_whole_number, metavar="N",
                        help="only the N-th hand of the file (1 = the first)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def _analyses(path: str, hand: int | None) -> list[HandAnalysis]:
    """Parse the whole file, then replay and analyse the hands asked for."""
    from ..history import analyse, parse, read_text, replay

    records = parse(read_text(path), path)
    if hand is not None:
        if hand > len(records):
            raise ParseError(f"--hand {hand}: {path} holds {len(records)} "
                             f"hand{'s' * (len(records) != 1)}")
        records = [records[hand - 1]]
    return [analyse(replay(record)) for record in records]


# -- the terminal view ---------------------------------------------------------------

def _shown(text: str) -> str:
    """Text from the file as rich markup that prints it as written, control characters escaped."""
    from rich.markup import escape

    from ..textfiles import printable

    return escape(printable(text))


def _cards(cards: Iterable[Card]) -> str:
    """Cards as rich markup in the ``--cards`` style, hearts and diamonds in red."""
    from ..display import show

    return " ".join(f"[{'red' if int(c) & 3 in (1, 2) else 'default'}]{show(c)}[/]" for c in cards)


def _stakes(record: HandRecord) -> str:
    money = record.money
    parts = []
    if record.rules.fixed_limit and record.small_bet is not None and record.big_bet is not None:
        parts.append(f"limits {money(record.small_bet)}/{money(record.big_bet)}")
    if any(record.blinds):
        forced = [money(b) for b in record.blinds if b]
        parts.append(("blinds " if len(forced) <= 2 else "blinds and straddles ") + "/".join(forced))
    if record.rules.bring_in and record.bring_in:
        parts.append(f"bring-in {money(record.bring_in)}")
    if any(record.antes):
        antes = sorted(set(record.antes) - {0})
        parts.append("ante " + "/".join(map(money, antes)))
    return ", ".join(parts)


def _seat(street: Street, i: int) -> str:
    """Player ``i``'s cards at a street: hole cards, or (down) up cards at stud, ``??`` where unseen."""
    cards, up = street.cards[i] if street.cards else (), street.up[i] if street.up else ()
    if any(up):
        down = [c for c, face_up in zip(cards, up) if not face_up]
        shown = [c for c, face_up in zip(cards, up) if face_up]
        return f"({_some_cards(down)}) {_some_cards(shown)}"
    holes = street.holes[i]
    if holes:
        return _cards(holes)
    return _some_cards(cards) if any(c is not None for c in cards) else "??"


def _some_cards(cards: Iterable[Card | None]) -> str:
    """Cards as :func:`_cards` shows them, ``??`` for each one nobody saw."""
    return " ".join("??" if c is None else _cards([c]) for c in cards)


def _cell(entry: StreetEquity, i: int) -> str:
    from ..history.analysis import BEFORE_THE_DRAW

    street = entry.street
    if i not in street.live:
        return "[dim]out[/]"
    text = _seat(street, i)
    share = entry.equity[i]
    if share is not None:
        text += f"  {'' if entry.exact else _approx()}{100 * share:.1f}%"
    elif entry.note is not None and entry.note != BEFORE_THE_DRAW:
        text += "  [dim]n/c[/]"  # not computed: said in full under the table
    return text


def _split(entry: StreetEquity) -> str:
    """The chance of a split pot from this street on ('' when unknown)."""
    return _chance(entry, entry.split)


def _chance(entry: StreetEquity, chance: float | None) -> str:
    """A chance computed at this street, as a percentage ('' when unknown)."""
    if chance is None:
        return ""
    return f"{'' if entry.exact else _approx()}{100 * chance:.1f}%"


class StreetTable:
    """A hand's table by street that cuts no word while the width allows it.

    Rich narrows the widest columns first when a table is too wide, which cuts
    headers such as ``street`` or ``Denis (flambeur)`` although other columns
    have room to give. Here every column gets at least its longest word, and
    the rest of the width goes to the columns that can use it, in the first
    style whose words fit: boxed, then bare with three spaces between columns,
    then with two. Only a width too small for the barest style is left to rich.
    """

    STYLES: tuple[dict[str, Any], ...] = (
        {},
        {"box": "SIMPLE_HEAD", "show_edge": False, "pad_edge": False},
        {"box": "SIMPLE_HEAD", "show_edge": False, "pad_edge": False, "collapse_padding": True},
    )

    def __init__(self, columns: list[str], right: Iterable[str] = ()) -> None:
        self.columns, self.right = columns, set(right)
        self.rows: list[list[str]] = []

    def table(self, style: dict[str, Any], widths: list[int] | None = None) -> Table:
        """The rich table in one of :attr:`STYLES`, its columns ``widths`` wide (rich's choice: None)."""
        from rich import box
        from rich.table import Table

        table = Table(**{**style, "box": getattr(box, style["box"])} if "box" in style else style)
        for k, column in enumerate(self.columns):
            table.add_column(column, justify="right" if column in self.right else "left",
                             width=None if widths is None else widths[k])
        for row in self.rows:
            table.add_row(*row)
        return table

    def widths(self, console: Console, room: int, style: dict[str, Any]) -> list[int] | None:
        """Each column's width for the table to fit ``room`` cells in ``style`` with no word cut,
        or None when the longest words alone do not fit."""
        from rich.measure import Measurement

        unbounded = console.options.update_width(10 ** 6)
        ranges = [[Measurement.get(console, unbounded, console.render_str(cell)) for cell in cells]
                  for cells in zip(self.columns, *self.rows)]
        low = [max(r.minimum for r in column) for column in ranges]
        high = [max(r.maximum for r in column) for column in ranges]
        ones = [1] * len(low)
        room -= Measurement.get(console, unbounded, self.table(style, ones)).maximum - len(ones)  # borders, padding
        if sum(low) > room:
            return None
        if sum(high) <= room:
            return high
        spare, wanted = room - sum(low), sum(high) - sum(low)
        widths = [lo + (hi - lo) * spare // wanted for lo, hi in zip(low, high)]
        for k in sorted(range(len(widths)), key=lambda k: widths[k] - high[k])[:room - sum(widths)]:
            widths[k] += 1  # the cells the rounding down left over, to the columns furthest from their want
        return widths

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for style in self.STYLES:
            widths = self.widths(console, options.max_width, style)
            if widths is not None:
                yield self.table(style, widths)
                return
        yield self.table(self.STYLES[-1])


def hand_view(analysis: HandAnalysis, number: int, count: int) -> list[RenderableType]:
    """The rich renderables for one hand: a table by street, then the result lines."""
    from ..history.record import Dealing

    hand = analysis.hand
    record, names, money = hand.record, tuple(map(_shown, hand.players)), hand.record.money
    label = f" \\[{_shown(record.name)}]" if record.name else ""
    button = "" if record.rules.bring_in else f"button {names[-1]} · "  # stud has no button
    title = (f"Hand {number} of {count}{label} · {record.rules.label} · {_stakes(record)} · "
             f"{button}{_shown(record.path)}:{record.line}")
    # stud and draw games have no board, but for eight stud players' community card: no column for it
    has_board = record.rules.dealing is Dealing.BOARD or bool(hand.board)
    has_low = record.rules.game is not None and record.rules.game.eight_or_better  # the chance of a low
    table = StreetTable(["street", *["board"] * has_board, "pot", "split", *["low"] * has_low, *names],
                        right=("pot", "split", "low"))
    for entry in analysis.streets:
        table.rows.append([entry.street.name, *[_cards(entry.street.board)] * has_board, money(entry.street.pot),
                           _split(entry), *[_chance(entry, entry.low)] * has_low,
                           *(_cell(entry, i) for i in range(record.seats))])
    lines: list[RenderableType] = [f"[bold]{title}[/]", table]
    if analysis.note is not None:
        lines.append(f"  [yellow]equity and all-in EV: {analysis.note} ({record.rules.label})[/]")
    for entry in analysis.streets:
        if entry.street.actions:
            lines.append(f"  [bold]{entry.street.name}[/]: " + " · ".join(map(_shown, entry.street.actions)))
    settlement = hand.settlement
    if settlement is None:
        lines.append("  [yellow]the history stops before the end of the hand: no result[/]")
        return lines
    lows = settlement.lows
    shown = [f"{names[i]} {rank.describe()}" + (f", {low.describe()}" if lows and (low := lows[i]) else "")
             for i, rank in enumerate(settlement.ranks) if rank]
    if shown:
        lines.append("  showdown: " + " · ".join(shown))
    for k, pot in enumerate(settlement.pots):
        kind = "main pot" if k == 0 else f"side pot {k}"
        if len(settlement.pots) == 1:
            kind = "pot"
        contest = f" ({', '.join(names[i] for i in pot.eligible)})" if len(pot.eligible) > 1 else ""
        lines.append(f"  {kind} {money(pot.amount)}{contest}: {_pot_result(pot, settlement, names, money)}")
    for i, chips in enumerate(settlement.returned):
        if chips:
            lines.append(f"  uncalled {money(chips)} returned to {names[i]}")
    changes = []
    finals = hand.final_stacks or (None,) * len(names)
    for i, name in enumerate(names):
        net = settlement.net[i]
        final = finals[i]
        stack = "" if final is None else f" → {money(final)}"
        changes.append(f"{name} {'+' if net > 0 else ''}{money(net)}{stack}")
    lines.append("  result: " + ", ".join(changes))
    spot, expected, luck = hand.all_in, analysis.expected, analysis.luck
    if spot is not None and expected is not None and luck is not None:
        board = f" ({' '.join(map(str, spot.board)) or 'no board'})" if has_board else ""
        parts = [f"{names[i]} expected {_signed(money, expected[i])}, "
                 f"won {_signed(money, settlement.net[i])}, luck {_signed(money, luck[i])}"
                 for i in spot.live]
        when = "preflop" if spot.street == "preflop" else f"on the {spot.street}"
        lines.append(f"  all-in {when}{board}: " + "; ".join(parts))
    return lines


def _pot_result(pot: Pot, settlement: Settlement, names: tuple[str, ...], money: Money) -> str:
    """Who takes a pot and with what: ``'Bea 40 with Two pair, ...'``; in a hi-lo game both halves."""
    takers = dict.fromkeys(pot.winners + pot.low_winners)  # a scooper once
    won = ", ".join(f"{names[i]} {money(pot.shares[i])}" for i in takers)
    rank = settlement.ranks[pot.winners[0]]
    how = f" with {rank.describe()}" if rank is not None else ""
    if settlement.lows is None or len(pot.eligible) < 2:
        return won + how
    high = f"high {', '.join(names[i] for i in pot.winners)}{how}"
    if not pot.low_winners:
        return f"{won} ({high}, no low)"
    takers_low = ", ".join(names[i] for i in pot.low_winners)
    low = settlement.lows[pot.low_winners[0]]
    if low is None:  # another pot's hand qualifies, none of this one's: pokerkit's rule
        return f"{won} ({high}; no low here, the low half to {takers_low} as pokerkit shares it)"
    return f"{won} ({high}; low {takers_low} with {low.describe()})"


def _signed(money: Money, amount: float) -> str:
    text = money(round(amount, 1))
    return text if text.startswith("-") else "+" + text


def summary_view(summary: Summary) -> list[RenderableType]:
    """The rich renderables of the multi-hand summary."""
    from rich.table import Table

    title = (f"[bold]Summary: {summary.hands} hands, {summary.showdowns} showdowns, "
             f"{summary.all_ins} all-ins with cards to come[/]")
    table = Table()
    for column in ("player", "hands", "net", "all-ins", "luck (won - all-in EV)"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for p in summary.players:
        net = f"{p.net:+,.2f}".rstrip("0").rstrip(".") if isinstance(p.net, float) else f"{p.net:+,}"
        table.add_row(_shown(p.name), str(p.hands), net, str(p.all_ins), f"{p.luck:+,.1f}")
    return [title, table]


def run(args: argparse.Namespace) -> int:
    from ..history import summarise

    analyses = _analyses(args.file, args.hand)
    summary = summarise(analyses) if len(analyses) > 1 else None
    out = getattr(args, "stdout", None) or sys.stdout
    if args.json:
        from . import write_json

        write_json(out, {"file": args.file, "note": EQUITY_NOTE,
                         "hands": [a.to_dict() for a in analyses],
                         "summary": None if summary is None else summary.to_dict()})
        return 0
    from rich.console import Console

    console = Console(file=out, highlight=False, width=None if out.isatty() else 160)
    console.print(f"[dim]{EQUITY_NOTE.replace('≈', _approx())}[/]")
    for number, analysis in enumerate(analyses, 1):
        console.print()
        for renderable in hand_view(analysis, number, len(analyses)):
            console.print(renderable)
    if summary is not None:
        console.print()
        for renderable in summary_view(summary):
            console.print(renderable)
    return 0
