"""What the player types on their Rummikub turn, read into an action or a command.

* ``draw`` — take a tile from the pool and end your turn;
* ``place R7 R8 R9`` — lay a new set from your hand (``place R7 R8 R9 | Y2 Y3 Y4`` for several);
* ``add R10 to 3`` — add tiles from your hand to set 3;
* ``move K4 from 2 to 5`` (or ``to new``) — move table tiles from one set to another;
* edits can be chained with ``;`` and are checked together, as one move:
  ``add K7 to 1; move K4 from 2 to new; add K3 K5 to 4``;
* a whole new table, sets separated by ``|``: ``R7 R8 R9 | B1 B2 B3 B4``;
* ``hint`` (or ``h``) — the solver's best move; then ``y`` plays it;
* ``pass`` (pool empty, nothing to play); ``help`` or ``?``; ``quit``.

Set numbers are written in ASCII digits.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from ...errors import ParseError
from .game import Action, Draw, Pass, Play
from .rules import as_table
from .tiles import Tile, as_tiles

__all__ = ["EntryError", "parse_entry", "Hint", "Help", "Quit", "Accept", "HELP", "RULES"]

PROMPT = "> "
HELP = (
    "draw | place R7 R8 R9 | add R10 to 3 | move K4 from 2 to 5 (or: to new) | "
    "edits joined by ';' | a whole table: R7 R8 R9 | B1 B2 B3 | hint, then y to play it | pass | quit"
)
RULES = (
    "Rummikub: lay runs (three or more consecutive numbers of one colour) and groups (three or four "
    "tiles of one number, colours all different); a joker stands for any tile. Your first move, the "
    "initial meld, must be worth 30 points from your own tiles. After it you may rearrange the whole "
    "table as long as you place at least one tile and every set stays valid. Otherwise draw a tile. "
    "The first to empty their hand wins; the others score the tiles left (a joker counts 30), and "
    "over several games the lowest running total wins."
)


class EntryError(ParseError):
    """A line typed in the terminal game that is not a command."""


class Hint:
    """Ask for the solver's best move."""


class Help:
    """Show the commands."""


class Quit:
    """Leave the game."""


_ADD = re.compile(r"add\s+(?P<tiles>.+?)\s+to\s+(?P<set>\S+)", re.IGNORECASE)
_MOVE = re.compile(r"move\s+(?P<tiles>.+?)\s+from\s+(?P<source>\S+)\s+to\s+(?P<target>\S+)", re.IGNORECASE)
class Accept:
    """Play the move the last hint showed (``y``)."""


_Word = type[Draw | Pass | Hint | Help | Quit | Accept]
_WORDS: dict[str, _Word] = {"draw": Draw, "d": Draw, "pass": Pass, "hint": Hint, "h": Hint, "help": Help, "?": Help,
          "aide": Help, "quit": Quit, "exit": Quit, "q": Quit, "y": Accept, "yes": Accept, "ok": Accept}


def _set_number(text: str, table: Sequence[object], edit: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= len(table):
        raise EntryError(f"{text!r} in {edit!r} is not a set number (the table has sets 1 to {len(table)})"
                         if table else f"{text!r} in {edit!r}: the table is empty")
    return int(text) - 1


def _apply_edit(edit: str, table: list[list[Tile]]) -> None:
    """Apply one shortcut to a working copy of the table (validity is checked later, as a whole)."""
    words = edit.split(None, 1)
    verb = words[0].lower()
    if verb == "place":
        if len(words) < 2:
            raise EntryError("place what? e.g. 'place R7 R8 R9'")
        table.extend(list(s) for s in as_table(words[1]))
    elif verb == "add":
        match = _ADD.fullmatch(edit)
        if match is None:
            raise EntryError(f"{edit!r}: write 'add R10 to 3'")
        table[_set_number(match["set"], table, edit)].extend(as_tiles(match["tiles"]))
    elif verb == "move":
        match = _MOVE.fullmatch(edit)
        if match is None:
            raise EntryError(f"{edit!r}: write 'move K4 from 2 to 5' or 'move K4 from 2 to new'")
        source = table[_set_number(match["source"], table, edit)]
        tiles = as_tiles(match["tiles"])
        for tile in tiles:
            if tile not in source:
                raise EntryError(f"{edit!r}: {tile} is not in set {match['source']}")
            source.remove(tile)
        if match["target"].lower() == "new":
            table.append(list(tiles))
        else:
            table[_set_number(match["target"], table, edit)].extend(tiles)
    else:
        raise EntryError(f"unknown command {words[0]!r} ({HELP})")


def parse_entry(text: str, table: Sequence[Sequence[Tile]]) -> Action | Hint | Help | Quit | Accept | None:
    """Read one line typed on the player's turn; ``None`` for an empty line.

    >>> parse_entry("add R10 to 1; place Y2 Y3 Y4", as_table("R7 R8 R9"))
    Play(table=((Tile('R7'), Tile('R8'), Tile('R9'), Tile('R10')), (Tile('Y2'), Tile('Y3'), Tile('Y4'))))
    >>> parse_entry("add R10 to 4", as_table("R7 R8 R9"))
    Traceback (most recent call last):
    ...
    pokerfsm.games.rummikub.entries.EntryError: '4' in 'add R10 to 4' is not a set number (the table has sets 1 to 1)
    """
    line = text.strip()
    if not line:
        return None
    word = _WORDS.get(line.lower())
    if word is not None:
        return word()
    first = line.split(None, 1)[0].lower()
    if "|" in line and first not in ("place", "add", "move"):
        body = line[len("table"):] if first == "table" else line
        return Play.of(body)
    working = [list(s) for s in table]
    for edit in (e.strip() for e in line.split(";")):
        if edit:
            _apply_edit(edit, working)
    working = [s for s in working if s]  # a set emptied by moves disappears
    return Play(tuple(tuple(s) for s in working))
