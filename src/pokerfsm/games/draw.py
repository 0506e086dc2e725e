"""Five-card draw (« poker fermé »), as seed 001 describes it, on pokerkit.

* Everyone antes (« au pot »); the button moves left after every hand.
* Five cards each, dealt one at a time from the player left of the button.
* First betting round, opened by the player left of the button. Before the
  opening one may only check (« parole ») or open; after it, fold, call or
  raise, all-in included. pokerkit enforces this: folding is not legal while
  checking is.
* The draw: in turn, each player discards any cards, or none (« servi »);
  the replacements are then dealt in the same order.
* Second betting round, then the showdown, where every hand still in is
  shown; pokerkit splits the main and side pots.
* Between hands a player whose stack ran out may rebuy (« se recaver »).
* The pack is shuffled once, then only cut (see :mod:`.dealer`).

pokerkit cannot write a PHH file for this game (PHH has no five-card draw
high variant), so ``--history`` writes JSON lines, one object per hand::

    {"game": "five-card draw", "hand": 3, "players": ["Ada", ...],
     "button": "Zoe", "ante": 2, "min_bet": 4,
     "starting_stacks": [1000, ...], "actions": ["d dh p1 2c7d9hJsKs", ...],
     "finishing_stacks": [998, ...],
     "pots": [{"amount": 16, "eligible": ["Ada", ...], "won": {"Ada": 16}}]}

``players`` (and every list by player) run from the button's left to the
button; ``actions`` use PHH's notation (``d dh p1 …`` deal, ``p1 sd …``
discard, ``p1 f`` fold, ``p1 cc`` check or call, ``p1 cbr 40`` bet or raise
to 40, ``p1 sm …`` show).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pokerkit as pk

from .dealer import Dealer
from .pokerhand import AUTOMATIONS, Outcome, PokerHand
from .session import Session, TablePlayer

__all__ = ["DrawHand", "DrawSession", "MAX_PLAYERS", "TABLES", "DEFAULT_TABLE", "table_lineup"]

MAX_PLAYERS = 8
"""Eight players, as in the seed (40 cards dealt, 12 left for the draw)."""

TABLES: dict[str, tuple[str, ...]] = {
    "calm": ("solid", "timid", "random", "solid", "timid", "solid", "timid"),
    "mixed": ("solid", "timid", "random", "flambeur", "solid", "timid", "bluffer"),
    "wild": ("solid", "bluffer", "timid", "random", "flambeur", "solid", "bluffer"),
}
"""The computer players of each table, seated from your left: a table of ``n`` seats the first ``n - 1``.

``calm`` has no bluffer and no flambeur; ``mixed`` (the default) every
personality, with at most one bluffer (the eighth seat); ``wild`` two
bluffers and a flambeur, whose raises turn many first hands into all-ins.
"""
DEFAULT_TABLE = "mixed"


def table_lineup(table: str, players: int) -> tuple[str, ...]:
    """The personalities of the ``players - 1`` computer seats at ``table``.

    >>> table_lineup("mixed", 4)
    ('solid', 'timid', 'random')
    >>> table_lineup("wild", 8).count("bluffer"), table_lineup("mixed", 8).count("bluffer")
    (2, 1)

    Raises :class:`~pokerfsm.errors.IllegalActionError` for an unknown table or
    a count outside 2 to :data:`MAX_PLAYERS`.
    """
    from ..errors import IllegalActionError

    if table not in TABLES:
        raise IllegalActionError(f"no table {table!r}: choose {', '.join(TABLES)}")
    if not 2 <= players <= MAX_PLAYERS:
        raise IllegalActionError(f"five-card draw takes 2 to {MAX_PLAYERS} players, not {players}")
    return TABLES[table][:players - 1]


class DrawHand(PokerHand):
    """One hand of no-limit five-card draw with antes; see :class:`PokerHand`."""

    game = "draw"
    street_names = ("first betting round", "second betting round")

    def __init__(self, seats: Sequence[int], stacks: Sequence[int], dealer: Dealer,
                 ante: int = 2, min_bet: int = 4) -> None:
        streets = (
            pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, min_bet, None),
            pk.Street(False, (), 0, True, pk.Opening.POSITION, min_bet, None),
        )
        state = pk.State(
            AUTOMATIONS, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
            pk.BettingStructure.NO_LIMIT, True, ante, 0, 0, tuple(stacks), len(stacks),
            mode=pk.Mode.TOURNAMENT,
        )
        self.ante = ante
        super().__init__(state, seats, dealer, min_bet)


class DrawSession(Session):
    """Hands of five-card draw for 2 to 8 players, with antes and rebuys.

    A seat whose stack is empty between hands may rebuy ``rebuy`` chips
    (:meth:`Session.rebuy`); ``auto_rebuy`` does it for every computer seat,
    at most ``computer_rebuys`` times each (None: no limit).
    """

    game = "draw"

    def __init__(self, seats: Sequence[TablePlayer], *, ante: int = 2, min_bet: int | None = None,
                 rebuy: int = 200, auto_rebuy: bool = True, **kwargs: Any) -> None:
        if len(seats) > MAX_PLAYERS:
            from ..errors import IllegalActionError
            raise IllegalActionError(f"five-card draw takes at most {MAX_PLAYERS} players, not {len(seats)}")
        kwargs.setdefault("reshuffle", False)
        super().__init__(seats, **kwargs)
        self.ante = ante
        self.min_bet = min_bet if min_bet is not None else 2 * ante
        self.rebuy_amount = rebuy
        self.auto_rebuy = auto_rebuy

    @property
    def stakes(self) -> str:
        return f"ante {self.ante}"

    def start_hand(self) -> DrawHand:
        if self.auto_rebuy:
            self.rebuy_computers()
        hand = super().start_hand()
        assert isinstance(hand, DrawHand)
        return hand

    def _new_hand(self, order: list[int], stacks: list[int]) -> DrawHand:
        return DrawHand(order, stacks, self.dealer, self.ante, self.min_bet)

    def _history_record(self, hand: PokerHand, outcome: Outcome) -> str:
        names = self.names(hand.seats)
        record = {
            "game": "five-card draw", "hand": self.hand_number, "players": names,
            "button": names[-1], "ante": self.ante, "min_bet": self.min_bet,
            "starting_stacks": [outcome.starting_stacks[s] for s in hand.seats],
            "actions": hand.notation(),
            "finishing_stacks": [outcome.final_stacks[s] for s in hand.seats],
            "pots": [{"amount": pot.amount, "eligible": self.names(pot.eligible),
                      "won": {self.seats[s].name: c for s, c in pot.shares.items()}}
                     for pot in outcome.pots],
        }
        return json.dumps(record, ensure_ascii=False) + "\n"
