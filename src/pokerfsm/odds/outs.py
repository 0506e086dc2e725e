"""Outs: which unseen cards win, chop or lose for each known hand (:func:`outs`).

On the turn (4 board cards) every unseen river card is tried; on the flop
(3 cards) every turn card, with each player's exact equity after it and the
counts of river outcomes (and the turn cards grouped by who is then the
favourite).

>>> r = outs(["AhKh", "QsQd"], "Qh 7h 2c 5s")
>>> len(r.players[0].wins), " ".join(map(str, r.players[0].wins))
(7, '3h 4h 6h 8h 9h Th Jh')
>>> len(r.players[0].ties), len(r.players[0].losses)
(0, 37)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..cards import Card, CardsLike, as_cards
from ..errors import Error, InvalidDealError
from . import _boards
from .deal import prepare_deal
from .enumeration import states_after

__all__ = ["outs", "OutsResult", "PlayerOuts", "RiverCard", "TurnCard"]


@dataclass(frozen=True)
class RiverCard:
    """One river card: the players (0-based) who share the pot, and every player's hand value."""

    card: Card
    winners: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class TurnCard:
    """One turn card: each player's equity after it and their river wins, ties and losses."""

    card: Card
    equities: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]


@dataclass(frozen=True)
class PlayerOuts:
    """A player's next cards sorted by outcome: sole winner, sharing the pot, losing."""

    hand: str
    wins: tuple[Card, ...]
    ties: tuple[Card, ...]
    losses: tuple[Card, ...]


@dataclass(frozen=True)
class OutsResult:
    """What each unseen card does; ``rivers`` for a 4-card board, ``turns`` for a 3-card one.

    ``players`` sorts the next cards into winning, chopping and losing ones:
    on the river by who takes the pot; on the turn by who is then the
    favourite (the best equity, alone or shared).
    """

    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    players: tuple[PlayerOuts, ...]
    rivers: tuple[RiverCard, ...] = ()
    turns: tuple[TurnCard, ...] = ()

    @property
    def street(self) -> str:
        """The card being analysed: ``'river'`` or ``'turn'``."""
        return "river" if len(self.board) == 4 else "turn"

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "street": self.street,
            "players": [{"hand": p.hand, "wins": [str(c) for c in p.wins], "ties": [str(c) for c in p.ties],
                         "losses": [str(c) for c in p.losses]} for p in self.players],
        }
        if self.rivers:
            result["rivers"] = [{"card": str(r.card), "winners": list(r.winners)} for r in self.rivers]
        if self.turns:
            result["turns"] = [{"card": str(t.card), "equities": list(t.equities), "wins": list(t.wins),
                                "ties": list(t.ties), "losses": list(t.losses)} for t in self.turns]
        return result


def _showdowns(values: NDArray[Any]) -> tuple[NDArray[np.bool_], NDArray[np.intp]]:
    """(winner mask, number of winners) per row of a (cards, players) value array."""
    best = values.max(axis=1, keepdims=True)
    winners = values == best
    return winners, winners.sum(axis=1)


def outs(players: Sequence[CardsLike], board: CardsLike, dead: CardsLike = ()) -> OutsResult:
    """Analyse the next card for 2-10 known hands on a flop or a turn.

    Raises InvalidDealError (ranges, a board of another size), CardParseError
    or DuplicateCardError.
    """
    import numpy as np

    try:
        board_cards = as_cards(board)
    except Error as exc:
        raise exc.located("board") from None
    if len(board_cards) not in (3, 4):
        raise InvalidDealError(f"outs need a flop or a turn: 3 or 4 board cards, got {len(board_cards)}",
                               field="board")
    deal = prepare_deal(players, board_cards, dead)
    for number, seat in enumerate(deal.seats, 1):
        if seat.hand is None:
            raise InvalidDealError(f"outs need known hands; player {number} has {seat.text!r}",
                                   field="players", player=number - 1)
    hands = [tuple(int(c) for c in seat.known_hand) for seat in deal.seats]
    deck = np.array(sorted(set(range(52)) - deal.known_cards), dtype=np.uint8)
    states = states_after(hands, [int(c) for c in board_cards])
    after = np.zeros((len(deck), len(hands)), dtype=np.int32)
    _boards.step_all(states, deck, after)
    names = [seat.text for seat in deal.seats]
    n = len(hands)
    if len(board_cards) == 4:
        winners, count = _showdowns(after)
        rivers = tuple(RiverCard(Card(int(c)), tuple(int(p) for p in np.flatnonzero(w)),
                                 tuple(int(v) for v in vals))
                       for c, w, vals in zip(deck, winners, after))
        sorted_cards = [_sort(deck, winners[:, p] & (count == 1), winners[:, p] & (count > 1))
                        for p in range(n)]
        return OutsResult(board_cards, deal.dead, tuple(PlayerOuts(names[p], *sorted_cards[p]) for p in range(n)),
                          rivers=rivers)
    turns = []
    for i, turn in enumerate(deck):
        rest = np.delete(deck, i)
        values = np.zeros((len(rest), n), dtype=np.int32)
        _boards.step_all(np.ascontiguousarray(after[i]), rest, values)
        winners, count = _showdowns(values)
        shares = (winners / count[:, None]).sum(axis=0) / len(rest)
        wins = (winners & (count == 1)[:, None]).sum(axis=0)
        ties = (winners & (count > 1)[:, None]).sum(axis=0)
        turns.append(TurnCard(Card(int(turn)), tuple(float(x) for x in shares), tuple(int(x) for x in wins),
                              tuple(int(x) for x in ties), tuple(int(len(rest) - w - t) for w, t in zip(wins, ties))))
    equities = np.array([t.equities for t in turns])
    favourite, count = _showdowns(equities)
    players_out = tuple(PlayerOuts(names[p], *_sort(deck, favourite[:, p] & (count == 1),
                                                     favourite[:, p] & (count > 1))) for p in range(n))
    return OutsResult(board_cards, deal.dead, players_out, turns=tuple(turns))


def _sort(deck: NDArray[np.uint8], wins: NDArray[np.bool_],
          ties: NDArray[np.bool_]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The deck split into winning, chopping and losing cards, in deck order."""
    win = tuple(Card(int(c)) for c, w in zip(deck, wins) if w)
    tie = tuple(Card(int(c)) for c, w, t in zip(deck, wins, ties) if t and not w)
    lose = tuple(Card(int(c)) for c, w, t in zip(deck, wins, ties) if not w and not t)
    return win, tie, lose
