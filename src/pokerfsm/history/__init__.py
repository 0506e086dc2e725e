"""Hand histories: read PHH and our draw logs, replay them street by street, settle the pots.

* :func:`load` / :func:`loads` read a history file (PHH or PHHS of every
  variant pokerkit plays: hold'em, short deck, Omaha, Omaha hi-lo, stud,
  stud hi-lo, razz, 2-7 single and triple draw, badugi; or the JSON lines
  of ``pokerfsm play draw --history``) and replay every hand on pokerkit's
  rules engine, giving :class:`ReplayedHand` values.
* :func:`analyse` adds each player's exact equity at every street and the
  all-in expected value against what was won; :func:`summarise` totals a file.
* :func:`showdown` settles any hand from contributions and cards (hi-lo
  pots in halves, to the chip as pokerkit splits them).

Every problem with a file is one :class:`~pokerfsm.errors.HistoryParseError`
whose message starts with ``file:line:`` and quotes the offending text.

>>> hand, = loads('''variant = 'NT'
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ['d dh p1 AhAd', 'd dh p2 KsKc', 'p2 cbr 6', 'p1 f']
... finishing_stacks = [198, 202]''')
>>> hand.complete, hand.final_stacks, [s.name for s in hand.streets]
(True, (198, 202), ['preflop'])
"""
from __future__ import annotations

from pathlib import Path

from .analysis import HandAnalysis, analyse, summarise
from .drawlog import parse_draw_lines
from .phh import parse_phh
from .playback import AllIn, ReplayedHand, Street, replay
from .record import ActionLine, HandRecord, Source
from .settlement import Pot, Settlement, showdown

__all__ = ["load", "load_history", "loads", "parse", "read_text", "replay", "analyse", "summarise", "showdown",
           "ReplayedHand", "Street", "AllIn", "HandRecord", "ActionLine", "Source", "HandAnalysis",
           "Pot", "Settlement"]


def parse(text: str, path: str = "<string>") -> list[HandRecord]:
    """The hands of a history text, not yet replayed.

    A text whose first non-blank character is ``{`` is read as the five-card
    draw JSON lines; anything else as PHH or PHHS.

    :raises HistoryParseError: the text does not parse (``path:line: ...``).
    """
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise Source.from_text(text, path).error(line, "this is a binary file, not a hand history")
    if text.lstrip().startswith("{"):
        return parse_draw_lines(text, path)
    return parse_phh(text, path)


def loads(text: str, path: str = "<string>") -> list[ReplayedHand]:
    """Parse and replay every hand of a history text.

    :raises HistoryParseError: bad syntax or fields, on their line.
    :raises HistoryReplayError: an action that cannot have happened, or
        finishing stacks that the actions do not produce.
    """
    return [replay(record) for record in parse(text, path)]


def read_text(path: str | Path) -> str:
    """The text of a history file, read as every user file is (:mod:`pokerfsm.textfiles`).

    :raises OSError: the file cannot be opened.
    :raises InputFileError: not a regular file, too large, binary or not UTF-8
        (``FILE:LINE: ...``).
    """
    from ..textfiles import read_text_file

    return read_text_file(path)


def load(path: str | Path) -> list[ReplayedHand]:
    """Read, parse and replay a history file.

    :raises OSError: the file cannot be read.
    :raises InputFileError: the file is not UTF-8 text (see :func:`read_text`).
    :raises HistoryParseError: the file is not a hand history we can read.
    :raises HistoryReplayError: a hand that cannot have happened.
    """
    return loads(read_text(path), str(path))


load_history = load
"""``pokerfsm.load_history(path)``: :func:`load` under the package's façade."""
