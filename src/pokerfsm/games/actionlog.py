"""A hand as PHH action lines, written as it is played.

Hole cards are noted just before the first action after they are dealt, one
``d dh`` line per player, so that a draw's replacement cards follow the
player's discards.

>>> from pokerfsm.cards import Card
>>> log = ActionLog()
>>> log.dealt(1, Card("Ah")); log.dealt(0, Card("Kd")); log.dealt(1, Card("Ac"))
>>> log.note("p1 cc")
>>> log.lines()
['d dh p1 Kd', 'd dh p2 AhAc', 'p1 cc']
"""
from __future__ import annotations

from ..cards import Card

__all__ = ["ActionLog"]


class ActionLog:
    """The actions so far, and the hole cards dealt since the last one (by pokerkit's player index)."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._pending: dict[int, list[Card]] = {}

    def dealt(self, index: int, card: Card) -> None:
        """A hole card dealt to the player at ``index``."""
        self._pending.setdefault(index, []).append(card)

    def _deals(self) -> list[str]:
        return [f"d dh p{index + 1} " + "".join(map(str, self._pending[index])) for index in sorted(self._pending)]

    def note(self, action: str) -> None:
        """An action line, after the hole cards dealt since the last one."""
        self._lines.extend(self._deals())
        self._pending.clear()
        self._lines.append(action)

    def lines(self) -> list[str]:
        """The hand so far as PHH action lines (``'d dh p1 AhKh'``, ``'p2 cbr 40'``...)."""
        return self._lines + self._deals()
