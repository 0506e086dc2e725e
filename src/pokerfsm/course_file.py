"""The French course's deal files (its section 3.4: the calculator's input and output): a reader and a writer.

The file holds one line per player, then the board line:

* line 1: player 1's two cards, e.g. ``Aca 10p`` (French notation: ranks
  ``A R D V 10 9 … 2``, suits ``p co ca t`` in lower case; standard
  ``Ad Ts`` works too);
* line 2: player 2's two cards, or ``?`` for an unknown hand;
* line 3: the 3, 4 or 5 board cards.

Extensions: 3 to 10 player lines before the board line (each a hand or
``?``), and a preflop file whose board line is ``-`` or empty (a blank last
line; a two-line file needs none). A course file holds cards, never ranges:
see :mod:`pokerfsm.players` for why ``AT KT`` is refused there.

Errors are :class:`~pokerfsm.errors.InputFileError` as ``FILE:LINE: message``.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .cards import Card
from .errors import CardParseError, InputFileError, checked_flag
from .odds.deal import MAX_PLAYERS
from .ranges import RANDOM_WORDS
from .textfiles import file_error, read_text_file

__all__ = ["CourseDeal", "read_course_file", "parse_course_text", "format_course_deal", "write_course_file"]


@dataclass(frozen=True)
class CourseDeal:
    """A course file's deal: each player's hand (None when unknown) and the board."""

    players: tuple[tuple[Card, Card] | None, ...]
    board: tuple[Card, ...]

    @property
    def complete(self) -> bool:
        return len(self.board) == 5 and all(self.players)


def read_course_file(path: str | Path) -> CourseDeal:
    """Parse a course file; raises InputFileError as ``FILE:LINE: message``.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("Aca 10p\\n?\\nRco 10t 10ca 3t\\n")
    >>> deal = read_course_file(f.name); deal
    CourseDeal(players=((Card('Ad'), Card('Ts')), None), board=(Card('Kh'), Card('Tc'), Card('Td'), Card('3c')))
    >>> print(format_course_deal(deal), end='')
    Aca 10p
    ?
    Rco 10t 10ca 3t
    >>> os.unlink(f.name)
    """
    return parse_course_text(read_text_file(path), str(path))


def parse_course_text(text: str, name: str = "<text>") -> CourseDeal:
    """Parse the text of a course file; ``name`` is the file name its errors quote."""

    def fail(line: int, message: str) -> InputFileError:
        return file_error(name, line, message)

    lines = text.splitlines()
    blank_board = False
    while lines and not lines[-1].strip():  # a blank last line is an empty (preflop) board line
        lines.pop()
        blank_board = True
    if not lines:
        raise fail(1, "empty file: expected player 1's two cards, e.g. 'Aca 10p'")
    if len(lines) == 1:
        raise fail(2, "missing player 2: expected two cards or '?' (then the board line)")
    if blank_board or len(lines) == 2:
        player_lines, board_line = lines, ""
    else:
        player_lines, board_line = lines[:-1], lines[-1]
    if len(player_lines) > MAX_PLAYERS:
        raise fail(MAX_PLAYERS + 1, f"too many players: at most {MAX_PLAYERS} player lines, then the board line")
    seen: dict[Card, int] = {}

    def cards_on(line_number: int, text: str, notation: str = "any") -> tuple[Card, ...]:
        try:
            cards = tuple(Card.parse(token, notation) for token in text.split())
        except CardParseError as exc:
            raise fail(line_number, str(exc)) from None
        for c in cards:
            if c in seen:
                where = "earlier on this line" if seen[c] == line_number else f"also on line {seen[c]}"
                raise fail(line_number, f"card {c.french!r} ({c}) is given twice ({where})")
            seen[c] = line_number
        return cards

    players: list[tuple[Card, Card] | None] = []
    for number, line in enumerate(player_lines, 1):
        if line.strip() and line.strip().lower() in RANDOM_WORDS:
            players.append(None)
            continue
        if not line.strip():
            raise fail(number, f"empty line: expected player {number}'s two cards or '?'")
        hand = cards_on(number, line, "course")  # no range here: AT is not A♣ (see pokerfsm.players)
        if len(hand) != 2:
            hint = ("; if it is the board, remove the blank line after it"
                    if blank_board and number == len(player_lines) and 3 <= len(hand) <= 5 else "")
            raise fail(number, f"player {number} needs 2 cards or '?', got {len(hand)}: {line.strip()!r}{hint}")
        players.append((hand[0], hand[1]))
    board_number = len(lines)
    board: tuple[Card, ...] = ()
    if board_line.strip() not in ("", "-"):
        board = cards_on(board_number, board_line)
        if len(board) not in (3, 4, 5):
            raise fail(board_number, f"the board has 3, 4 or 5 cards (or '-' before the flop), got {len(board)}: "
                                     f"{board_line.strip()!r}")
    if not any(players):
        raise fail(1, "every hand is '?': at least one player's cards must be known")
    return CourseDeal(tuple(players), board)


def format_course_deal(deal: CourseDeal, *, french: bool = True) -> str:
    """The text of a course file for ``deal``: one line per player, then the board line.

    Cards are written in the course's French notation (``french=False``: standard).
    A preflop deal gets ``-`` as its board line.
    """
    checked_flag(french, "french")

    def cards(items: Iterable[Card]) -> str:
        return " ".join(c.french if french else str(c) for c in items)

    lines = ["?" if hand is None else cards(hand) for hand in deal.players]
    lines.append(cards(deal.board) if deal.board else "-")
    return "\n".join(lines) + "\n"


def write_course_file(path: str | os.PathLike[str], deal: CourseDeal, *, french: bool = True) -> Path:
    """Write ``deal`` to ``path`` as a course file; returns the path."""
    target = Path(path)
    target.write_text(format_course_deal(deal, french=french), encoding="utf-8")
    return target
