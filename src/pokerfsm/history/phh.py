"""Read PHH (one hand) and PHHS (many ``[n]`` hands) text into :class:`HandRecord` values.

PHH is TOML with fixed field names (the PHH standard, as pokerkit writes it
and as ``pokerfsm play holdem --history`` writes it: one ``[n]`` table per
hand). pokerfsm replays every variant of the standard that pokerkit
plays, :data:`PHH_VARIANTS`: hold'em (``NT``, ``FT``), short-deck hold'em
(``NS``), pot-limit Omaha (``PO``), Omaha hi-lo (``FO/8``), seven-card stud
(``F7S``), stud hi-lo (``F7S/8``), razz (``FR``), 2-7 single and triple
draw (``N2L1D``, ``F2L3D``) and badugi (``FB``); any other code is one
error on the ``variant`` line.

The TOML is read by the standard library; this module checks the fields
pokerfsm needs and finds the line of each one, so that every problem
is reported as ``file:line: message``. Playing the actions is
:mod:`.playback`'s job (on pokerkit's rules engine).

>>> hands = parse_phh('''variant = 'NT'
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ['d dh p1 AhAd', 'd dh p2 KsKc', 'p2 f']''', "x.phh")
>>> hands[0].game, hands[0].blinds, [a.text for a in hands[0].actions][-1], hands[0].actions[0].line
('NT', (1, 2), 'p2 f', 6)
"""
from __future__ import annotations

import contextlib
import re
import tomllib  # type: ignore[import-not-found, unused-ignore]  # mypy checks as Python 3.10; pokerfsm needs 3.11
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import Any

from ..errors import HistoryParseError, quoted
from ..textfiles import printable
from .record import GAMES, ActionLine, HandRecord, Source, amount_problem, read_amount

__all__ = ["parse_phh", "MAX_PLAYERS", "PHH_VARIANTS"]

MAX_PLAYERS = 10
"""pokerfsm's equity handles 2-10 players."""

PHH_VARIANTS = tuple(code for code in GAMES if code != "draw")
"""The PHH variant codes pokerfsm replays: every one pokerkit plays."""
_SPELLED = ", ".join(f"{code!r} {GAMES[code].label}" for code in PHH_VARIANTS)


def _required(variant: str) -> tuple[str, ...]:
    """The fields a hand of ``variant`` must have (its bets: ``min_bet``, or ``small_bet`` and ``big_bet``)."""
    rules = GAMES[variant]
    bets = ("small_bet", "big_bet") if rules.fixed_limit else ("min_bet",)
    forced = "bring_in" if rules.bring_in else "blinds_or_straddles"
    return ("variant", "antes", forced, *bets, "starting_stacks", "actions")

_HEADER = re.compile(r"""^\s*\[\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*\]\s*(#.*)?$""")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_-]+)\s*=""")
_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")
_CBR = re.compile(r"\bcbr\s+([^\s#]+)")


def _unquote(key: str) -> str:
    return key[1:-1] if key[:1] in "'\"" else key


def _sections(source: Source) -> dict[str, tuple[int, int]]:
    """Each ``[name]`` table's first and last line."""
    starts = [(i + 1, _unquote(m.group(1))) for i, text in enumerate(source.lines)
              if (m := _HEADER.match(text))]
    result = {}
    for k, (line, name) in enumerate(starts):
        end = starts[k + 1][0] - 1 if k + 1 < len(starts) else len(source.lines)
        result[name] = (line, end)
    return result


def _key_lines(source: Source, first: int, last: int) -> dict[str, int]:
    lines: dict[str, int] = {}
    for number in range(first, last + 1):
        match = _KEY.match(source.text(number))
        if match:
            lines.setdefault(_unquote(match.group(1)), number)
    return lines


def _string_lines(source: Source, line: int) -> list[int]:
    """The line of each string in the TOML array whose key is on ``line``."""
    text = "\n".join(source.lines[line - 1:])
    i, depth, found = text.find("=") + 1, 0, []
    while 0 < i < len(text):
        ch = text[i]
        if ch == "\n":
            line += 1
        elif ch == "#":
            i = text.find("\n", i)
            continue
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth <= 0:
                break
        elif ch in "'\"":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            found.append(line)
            i += len(quote)
            while i < len(text) and not text.startswith(quote, i):
                if ch == '"' and text[i] == "\\":
                    i += 1
                elif text[i] == "\n":
                    line += 1
                i += 1
            i += len(quote)
            continue
        i += 1
    return found


def _deepest_line(source: Source) -> int:
    """The line where brackets and braces, counted as written, open deepest (strings aside)."""
    depth, deepest, where = 0, 0, 1
    for number, text in enumerate(source.lines, 1):
        for ch in text:
            depth += (ch in "[{") - (ch in "]}")
            if depth > deepest:
                deepest, where = depth, number
    return where


class _Fields:
    """One hand's TOML table, checked field by field with the field's line in errors."""

    def __init__(self, source: Source, table: dict[str, Any], line: int, lines: dict[str, int],
                 where: str) -> None:
        self.source, self.table, self.line, self.lines, self.where = source, table, line, lines, where

    def fail(self, name: str, message: str) -> HistoryParseError:
        """The error for field ``name``, on its line and quoting it."""
        line = self.lines.get(name, self.line)
        return self.source.error(line, f"{message}: {quoted(self.source.text(line).strip(), 80)}")

    def get(self, name: str, required: bool = False) -> Any:
        if name not in self.table:
            if required:
                raise self.source.error(self.line, f"{self.where} has no {name!r} field")
            return None
        return self.table[name]

    def number_or_inf(self, name: str, value: Any, allow_inf: bool = True) -> Decimal | None:
        """An amount >= 0, or None for ``inf`` where ``allow_inf`` (an unknown stack)."""
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise self.fail(name, f"{name} must hold numbers, not {quoted(value)}")
        amount = Decimal(value)
        if amount.is_infinite() and allow_inf and amount > 0:
            return None
        if not amount.is_finite() or amount < 0:
            raise self.fail(name, f"{name} must hold amounts >= 0, not {quoted(str(amount), 24)}")
        problem = amount_problem(amount)
        if problem is not None:
            raise self.fail(name, f"{name} holds {quoted(str(amount), 24)}, {problem}")
        return amount

    def number(self, name: str, value: Any) -> Decimal:
        """An amount >= 0."""
        amount = self.number_or_inf(name, value, allow_inf=False)
        if amount is None:  # pragma: no cover - refused above
            raise self.fail(name, f"{name} must be finite")
        return amount

    def numbers(self, name: str, count: int | None) -> list[Decimal]:
        """A list of amounts >= 0, ``count`` of them when given."""
        return [self.number(name, v) for v in self.entries(name, count)]

    def stacks(self, name: str, count: int | None) -> list[Decimal | None]:
        """A list of stacks: amounts >= 0, or None for ``inf`` (unknown)."""
        return [self.number_or_inf(name, v) for v in self.entries(name, count)]

    def entries(self, name: str, count: int | None) -> list[Any]:
        """The required list field ``name``, ``count`` entries long when given."""
        value = self.get(name, required=True)
        if not isinstance(value, list):
            raise self.fail(name, f"{name} must be a list, not {quoted(value)}")
        if count is not None and len(value) != count:
            raise self.fail(name, f"{name} has {len(value)} entries for {count} players")
        return value


def _maybe(convert: Callable[[Decimal], int], value: Decimal | None) -> int | None:
    return None if value is None else convert(value)


def _exponent(values: Iterable[Decimal | None]) -> int:
    places = 0
    for value in values:
        if value is not None:
            places = max(places, -min(0, int(value.normalize().as_tuple().exponent)))
    return places


def _hand(source: Source, table: Any, line: int, last: int, name: str) -> HandRecord:
    where = f"hand [{printable(name)}]" if name else "the hand"
    lines = _key_lines(source, line if name else 1, last)
    if not isinstance(table, dict):
        raise source.error(line, f"expected a hand table [{printable(name)}], found {quoted(table)}")
    f = _Fields(source, table, line, lines, where)
    variant = f.get("variant", required=True)
    if not isinstance(variant, str) or variant not in PHH_VARIANTS:
        raise f.fail("variant", f"unknown variant {quoted(variant)} (expected one of {_SPELLED})")
    required = _required(variant)
    for key in required:
        f.get(key, required=True)
    stacks = f.stacks("starting_stacks", None)
    n = len(stacks)
    if not 2 <= n <= MAX_PLAYERS:
        raise f.fail("starting_stacks", f"{n} player{'s' * (n != 1)}: pokerfsm replays hands of "
                                        f"2-{MAX_PLAYERS} players")
    if any(s == 0 for s in stacks):
        raise f.fail("starting_stacks", "a starting stack of 0: every player must have chips")
    antes = f.numbers("antes", n)
    blinds = f.numbers("blinds_or_straddles", n) if "blinds_or_straddles" in required else [Decimal(0)] * n
    bets = {k: f.number(k, f.get(k)) for k in ("min_bet", "small_bet", "big_bet", "bring_in") if k in required}
    finishing = f.stacks("finishing_stacks", n) if "finishing_stacks" in table else None
    actions = f.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise f.fail("actions", "actions must be a list of strings")
    amounts = []
    for text in actions:
        for match in _CBR.finditer(text):
            with contextlib.suppress(ValueError):  # the replay reports it on the action's own line
                amounts.append(read_amount(match.group(1)))
    players = f.get("players")
    if players is None:
        players = [f"p{i + 1}" for i in range(n)]
    elif not isinstance(players, list) or len(players) != n or not all(isinstance(p, str) for p in players):
        raise f.fail("players", f"players must be a list of {n} names")
    trimming = f.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise f.fail("ante_trimming_status", "ante_trimming_status must be true or false")
    places = _exponent([*stacks, *antes, *blinds, *bets.values(), *(finishing or ()), *amounts])
    scale = Decimal(10) ** places

    def units(value: Decimal) -> int:
        return int(value * scale)

    def stack_units(value: Decimal | None) -> int | None:
        return None if value is None else units(value)

    action_lines = _string_lines(source, lines["actions"]) if "actions" in lines else []
    if len(action_lines) != len(actions):
        action_lines = [lines.get("actions", line)] * len(actions)
    return HandRecord(
        source=source, line=line, name=name or str(f.get("hand") or ""), game=variant,
        players=tuple(players), starting_stacks=tuple(stack_units(s) for s in stacks),
        antes=tuple(units(a) for a in antes), blinds=tuple(units(b) for b in blinds),
        actions=tuple(ActionLine(text, line) for text, line in zip(actions, action_lines)),
        min_bet=_maybe(units, bets.get("min_bet")), small_bet=_maybe(units, bets.get("small_bet")),
        big_bet=_maybe(units, bets.get("big_bet")), bring_in=_maybe(units, bets.get("bring_in")),
        ante_trimming=bool(trimming),
        finishing_stacks=None if finishing is None else tuple(stack_units(v) for v in finishing),
        unit=Decimal(1) / scale, field_lines=lines,
    )


def parse_phh(text: str, path: str = "<string>") -> list[HandRecord]:
    """The hands of a PHH (one hand) or PHHS (``[1]``, ``[2]``, ... tables) text.

    :param text: the file's text.
    :param path: the name used in error messages.
    :raises HistoryParseError: TOML syntax errors, missing or ill-typed fields,
        unknown variants; the message is ``path:line: ...``.
    """
    source = Source.from_text(text, path)
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except RecursionError:
        line = _deepest_line(source)
        raise source.error(line, f"not valid TOML: lists or tables nested too deeply: "
                                 f"{quoted(source.text(line).strip(), 80)}") from None
    except ValueError as exc:  # tomllib.TOMLDecodeError
        message = str(exc)
        where = _TOML_WHERE.search(message)
        line = int(where.group(1)) if where else len(source.lines)
        raise source.error(line, "not valid TOML: " + _TOML_WHERE.sub("", message).strip()
                           + f": {quoted(source.text(line).strip(), 80)}") from None
    if not document:
        raise source.error(len(source.lines), "no hand in the file")
    if "variant" in document or "actions" in document or not all(
            isinstance(v, dict) for v in document.values()):
        stray = next((k for k, v in document.items() if isinstance(v, dict)), None)
        if stray is not None and ("variant" in document or "actions" in document):
            raise source.error(_sections(source).get(stray, (1, 1))[0],
                               f"a one-hand PHH file cannot also hold the table [{printable(stray)}]")
        return [_hand(source, document, 1, len(source.lines), "")]
    sections = _sections(source)
    hands = []
    for name, table in document.items():
        first, last = sections.get(name, (1, len(source.lines)))
        hands.append(_hand(source, table, first, last, name))
    return hands
