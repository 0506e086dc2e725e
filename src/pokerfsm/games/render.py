"""How the poker table looks: cards, moves and results as rich markup (no printing here).

Cards are white faces with red or black pips, in explicit colours: black is
``#000000`` on ``#ffffff``, never the terminal's default text colour, which a
dark palette makes light grey on the white face. On 256-colour terminals these
are fixed cube colours that palettes do not remap; ``--cards ascii`` shows the
suits as letters (see :mod:`pokerfsm.display`).

>>> from pokerfsm.cards import Card
>>> from pokerfsm.display import set_card_style
>>> set_card_style("ascii")
>>> card_markup(Card("Ks")), card_markup(Card("Ah"))
('[bold #000000 on #ffffff] Ks [/]', '[bold #c00000 on #ffffff] Ah [/]')
>>> numbered(Card(c) for c in ("2c", "Td"))
'1:[bold #000000 on #ffffff] 2c [/] 2:[bold #c00000 on #ffffff] Td [/]'
>>> set_card_style("auto")
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.markup import escape

from ..cards import Card
from ..display import show
from .actions import Action, Move, Outcome, Step
from .pots import final_layers, pot_name, settled_names

__all__ = ["card_markup", "cards_markup", "numbered", "move_text", "pots_text", "plural", "verb",
           "RED", "BLACK", "FACE", "BACK", "PLACE"]

RED = "#c00000"
BLACK = "#000000"
FACE = "#ffffff"
BACK = "bold #ffffff on #1f3f9f"
PLACE = "dim"


def card_markup(card: Card) -> str:
    """A card as rich markup: rank and suit (a symbol or a letter), red or black on white."""
    colour = RED if int(card) & 3 in (1, 2) else BLACK
    return f"[bold {colour} on {FACE}] {show(card)} [/]"


def cards_markup(cards: Sequence[Card], hidden: int = 0, coming: int = 0) -> str:
    """Cards face up, then ``hidden`` backs, then ``coming`` empty places (cards exchanged at the
    draw, dealt once everyone has drawn); a dash when there is nothing.

    >>> cards_markup((), hidden=1, coming=2)
    '[bold #ffffff on #1f3f9f] ?? [/] [dim] ·· [/] [dim] ·· [/] [dim]2 to come[/]'
    """
    shown = " ".join(card_markup(c) for c in cards)
    backs = " ".join(f"[{BACK}] ?? [/]" for _ in range(hidden))
    places = " ".join([f"[{PLACE}] ·· [/]"] * coming + ([f"[{PLACE}]{coming} to come[/]"] if coming else []))
    return " ".join(p for p in (shown, backs, places) if p) or "—"


def numbered(cards: Iterable[Card]) -> str:
    """Cards with their positions (1 to 5), for the draw."""
    return " ".join(f"{i}:{card_markup(c)}" for i, c in enumerate(cards, 1))


def plural(count: int, noun: str) -> str:
    """``'1 card'``, ``'3 cards'``.

    >>> plural(1, "tile"), plural(0, "tile")
    ('1 tile', '0 tiles')
    """
    return f"{count} {noun}{'' if count == 1 else 's'}"


def verb(name: str, third_person: str) -> str:
    """The verb agreeing with the name: ``You show``, ``Bob shows``.

    >>> verb("You", "shows"), verb("Bob", "shows"), verb("You", "collects")
    ('show', 'shows', 'collect')
    """
    return third_person[:-1] if name == "You" and third_person.endswith("s") else third_person


def move_text(step: Step) -> str:
    """A move as the table sees it: ``'raise to 60 (all-in)'``, ``'draws 3'``, ``'servi (stands pat)'``."""
    action: Action = step.action
    if action.move is Move.DRAW:
        count = len(action.cards) or action.amount
        text = f"draws {count}" if count else "servi (stands pat)"
    else:
        text = str(action)
    if step.all_in:
        text += " [magenta](all-in)[/]"
    return text


def pots_text(pots: Sequence[tuple[int, Sequence[int]]], names: Sequence[str]) -> str:
    """``'main pot 150 (Ada, Bob, You) · side pot 1: 100 (Ada, You)'``."""
    parts = []
    for number, (amount, eligible) in enumerate(pots):
        who = ", ".join(names[s] for s in eligible)
        label = pot_name(number) + (":" if number else "")
        parts.append(f"{label} {amount} ({escape(who)})")
    return " · ".join(parts)


def outcome_lines(outcome: Outcome, names: Sequence[str],
                  describe: Callable[[Sequence[Card], Sequence[Card]], str]) -> list[str]:
    """The end of a hand: the hands shown (``describe(hole, board)`` names each), the pots, who
    collects, each result.

    The pots are named after the layers the table announced (:mod:`.pots`).
    """
    lines = []
    for seat, cards in outcome.shown.items():
        name = names[seat]
        lines.append(f"  [bold]{escape(name)}[/] {verb(name, 'shows')} {cards_markup(cards)} — "
                     f"{describe(tuple(cards), outcome.board)}")
    layers = final_layers(outcome)
    if len(layers) > 1 or len(outcome.pots) > 1:
        labels = (settled_names(layers, [pot.amount for pot in outcome.pots])
                  or [pot_name(number) for number in range(len(outcome.pots))])
        for label, pot in zip(labels, outcome.pots):
            winners = ", ".join(f"{names[s]} {c}" for s, c in pot.shares.items())
            lines.append(f"  {label} {pot.amount}: {escape(winners)}")
    takes = ", ".join(f"{names[s]} {c}" for s, c in outcome.won.items())
    lines.append(f"  [bold]collects: {escape(takes)}[/]")
    net = ", ".join(f"{names[s]} {d:+d}" for s, d in outcome.net.items() if d)
    lines.append(f"  [dim]{escape(net) or 'no chips moved'}[/]")
    return lines
