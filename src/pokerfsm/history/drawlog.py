"""Read the five-card draw histories of ``pokerfsm play draw --history`` (JSON lines).

PHH has no five-card draw variant, so the game writes one JSON object per
line and hand (the format is documented in :mod:`pokerfsm.games.draw`)::

    {"game": "five-card draw", "hand": 3, "players": [...], "button": "Zoe",
     "ante": 2, "min_bet": 4, "starting_stacks": [...], "actions": ["d dh p1 2c7d9hJsKs", ...],
     "finishing_stacks": [...], "pots": [...]}

The actions use PHH notation. Blank lines are skipped.

>>> line = ('{"game": "five-card draw", "hand": 1, "players": ["A", "B"], "button": "B", '
...         '"ante": 2, "min_bet": 4, "starting_stacks": [100, 100], "actions": [], '
...         '"finishing_stacks": [100, 100]}')
>>> record, = parse_draw_lines("\\n" + line, "d.jsonl")
>>> record.game, record.line, record.antes
('draw', 2, (2, 2))
"""
from __future__ import annotations

import json
from typing import Any

from ..errors import HistoryParseError, quoted
from .record import MAX_AMOUNT, ActionLine, HandRecord, Source, amount_problem

__all__ = ["parse_draw_lines", "MAX_PLAYERS"]

MAX_PLAYERS = 8
"""As in the game: 40 cards dealt, 12 left for the draw."""


def _whole(value: Any) -> bool:
    """A whole number of chips that pokerfsm replays (>= 0, below :data:`.record.MAX_AMOUNT`)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0 and amount_problem(value) is None


def _record(source: Source, line: int, data: Any) -> HandRecord:
    def fail(message: str) -> HistoryParseError:
        return source.error(line, message)

    if not isinstance(data, dict):
        raise fail(f"expected a JSON object for one hand, found {type(data).__name__}")
    if data.get("game") != "five-card draw":
        raise fail(f"unknown game {quoted(data.get('game'))} (expected 'five-card draw')")
    for key in ("players", "ante", "min_bet", "starting_stacks", "actions"):
        if key not in data:
            raise fail(f"the hand has no {key!r} field")
    players, stacks = data["players"], data["starting_stacks"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise fail("players must be a list of names")
    n = len(players)
    if not 2 <= n <= MAX_PLAYERS:
        raise fail(f"{n} players: five-card draw takes 2-{MAX_PLAYERS}")
    if not isinstance(stacks, list) or len(stacks) != n or not all(_whole(s) and s > 0 for s in stacks):
        raise fail(f"starting_stacks must be {n} positive whole numbers below {MAX_AMOUNT:,}, "
                   f"not {quoted(stacks)}")
    finishing = data.get("finishing_stacks")
    if finishing is not None and (not isinstance(finishing, list) or len(finishing) != n
                                  or not all(_whole(s) for s in finishing)):
        raise fail(f"finishing_stacks must be {n} whole numbers below {MAX_AMOUNT:,}, not {quoted(finishing)}")
    for key in ("ante", "min_bet"):
        if not _whole(data[key]):
            raise fail(f"{key} must be a whole number below {MAX_AMOUNT:,}, not {quoted(data[key])}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise fail("actions must be a list of strings")
    button = data.get("button")
    if button is not None and button != players[-1]:
        raise fail(f"the button {quoted(button)} must be the last player ({quoted(players[-1])})")
    return HandRecord(
        source=source, line=line, name=str(data.get("hand", "")), game="draw",
        players=tuple(players), starting_stacks=tuple(stacks), antes=(data["ante"],) * n,
        blinds=(0,) * n, actions=tuple(ActionLine(a, line) for a in actions),
        min_bet=data["min_bet"], ante_trimming=True,
        finishing_stacks=None if finishing is None else tuple(finishing),
    )


def parse_draw_lines(text: str, path: str = "<string>") -> list[HandRecord]:
    """The hands of a five-card draw JSON-lines history.

    :param text: the file's text.
    :param path: the name used in error messages.
    :raises HistoryParseError: a line that is not JSON or not a hand of the
        expected shape; the message is ``path:line: ...``.
    """
    source = Source.from_text(text, path)
    records = []
    for number, raw in enumerate(source.lines, start=1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise source.error(number, f"not valid JSON ({exc.msg}, column {exc.colno}): "
                                       f"{raw.strip()[:60]!r}") from None
        except RecursionError:
            raise source.error(number, f"not valid JSON (nested too deeply): {quoted(raw.strip(), 60)}") from None
        except ValueError as exc:  # valid syntax that Python refuses, such as a 5,000-digit number
            raise source.error(number, f"not valid JSON ({exc}): {raw.strip()[:60]!r}") from None
        records.append(_record(source, number, data))
    if not records:
        raise source.error(len(source.lines), "no hand in the file")
    return records
