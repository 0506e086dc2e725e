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

At an Omaha game (``game="omaha"``, see :mod:`pokerfsm.variants`) each next
card is answered by :func:`pokerfsm.odds.omaha.compute_omaha` on the board it
makes (at short deck by :func:`pokerfsm.odds.short_deck.compute_short_deck`,
the next cards being the short deck's); at hi-lo a winning card is one that scoops (the whole pot alone), a
chopping card one that gives part of the pot, and each turn card's river
wins, ties and losses count the same way.

>>> r = outs(["AsKsQhJh", "2c3c4d5d"], "Ah 7c 8d 9h", game="omaha-hi-lo")
>>> r.game, len(r.players[1].wins), len(r.players[1].ties), len(r.players[1].losses)
('omaha-hi-lo', 3, 37, 0)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ..cards import Card, CardsLike, as_cards
from ..errors import Error, InvalidDealError
from ..evaluation.omaha import HiLoValues, omaha_rows
from ..evaluation.short_deck import short_deck_rows
from ..variants import GAMES, HOLDEM, GameLike, HighRule, game_of, not_played
from . import _boards
from .deal import Deal, prepare_deal
from .enumeration import states_after
from .omaha import compute_omaha
from .omaha_deal import OmahaDeal, prepare_omaha_deal
from .results import EquityResult
from .short_deck import compute_short_deck
from .short_deck_deal import ShortDeckDeal, prepare_short_deck_deal

__all__ = ["outs", "OutsResult", "PlayerOuts", "RiverCard", "TurnCard"]


@dataclass(frozen=True)
class RiverCard:
    """One river card: the players (0-based) who share the pot, and every player's hand value (the
    high's at Omaha)."""

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
    game: str = "holdem"

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
        if self.game != HOLDEM.name:
            result["game"] = self.game
        if self.turns:
            result["turns"] = [{"card": str(t.card), "equities": list(t.equities), "wins": list(t.wins),
                                "ties": list(t.ties), "losses": list(t.losses)} for t in self.turns]
        return result


def _showdowns(values: NDArray[Any]) -> tuple[NDArray[np.bool_], NDArray[np.intp]]:
    """(winner mask, number of winners) per row of a (cards, players) value array."""
    best = values.max(axis=1, keepdims=True)
    winners = values == best
    return winners, winners.sum(axis=1)


def outs(players: Sequence[CardsLike], board: CardsLike, dead: CardsLike = (), *,
         game: GameLike = HOLDEM) -> OutsResult:
    """Analyse the next card for 2-10 known hands on a flop or a turn, at hold'em or an Omaha ``game``.

    Raises InvalidDealError (ranges, a board of another size), CardParseError
    or DuplicateCardError; OptionError for an unknown game.
    """
    import numpy as np

    chosen = game_of(game)
    short_deck = chosen.high is HighRule.SHORT_DECK
    if chosen is not HOLDEM and not chosen.is_omaha and not short_deck:  # the other games' back ends come next
        raise not_played(chosen, "outs", [g for g in GAMES if g is HOLDEM or g.is_omaha
                                          or g.high is HighRule.SHORT_DECK])
    try:
        board_cards = as_cards(board)
    except Error as exc:
        raise exc.located("board") from None
    if len(board_cards) not in (3, 4):
        raise InvalidDealError(f"outs need a flop or a turn: 3 or 4 board cards, got {len(board_cards)}",
                               field="board")
    if chosen.is_omaha:
        return _outs_card_by_card(_known_hands(prepare_omaha_deal(players, board_cards, dead, game=chosen)),
                                  compute_omaha, _omaha_highs)
    if short_deck:
        return _outs_card_by_card(_known_hands(prepare_short_deck_deal(players, board_cards, dead)),
                                  compute_short_deck, _short_deck_values)
    deal = _known_hands(prepare_deal(players, board_cards, dead))
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


Dealt = TypeVar("Dealt", Deal, OmahaDeal, ShortDeckDeal)


def _known_hands(deal: Dealt) -> Dealt:
    """``deal``, once every seat is found to hold a known hand."""
    for number, seat in enumerate(deal.seats, 1):
        if seat.hand is None:
            raise InvalidDealError(f"outs need known hands; player {number} has {seat.text!r}",
                                   field="players", player=number - 1)
    return deal


CardByCard = TypeVar("CardByCard", OmahaDeal, ShortDeckDeal)


def _outs_card_by_card(deal: CardByCard, compute: Callable[[CardByCard], EquityResult],
                       highs: Callable[[NDArray[np.uint8], tuple[Card, ...], CardByCard], tuple[int, ...]]
                       ) -> OutsResult:
    """:func:`outs` at Omaha or short deck: each next card's board answered exactly by ``compute``,
    each player's high on a complete board by ``highs``."""
    from dataclasses import replace

    deck = [Card(c) for c in sorted({int(c) for c in deal.game.deck} - deal.known_cards)]
    after = [compute(replace(deal, board=deal.board + (card,))) for card in deck]
    n = len(deal.seats)
    names = [seat.text for seat in deal.seats]
    cards = np.array([int(c) for c in deck], dtype=np.uint8)
    equities = np.array([[p.equity for p in r.players] for r in after])
    if len(deal.board) == 4:
        wins = np.array([[p.win > 0 for p in r.players] for r in after])
        shares = equities > 0
        holes = np.array([[int(c) for c in seat.hand or ()] for seat in deal.seats], dtype=np.uint8)
        rivers = tuple(RiverCard(card, tuple(int(p) for p in np.flatnonzero(shares[i])),
                                 highs(holes, deal.board + (card,), deal)) for i, card in enumerate(deck))
        return OutsResult(deal.board, deal.dead, tuple(PlayerOuts(names[p], *_sort(cards, wins[:, p], shares[:, p]))
                                                       for p in range(n)), rivers=rivers, game=deal.game.name)
    turns = tuple(TurnCard(card, tuple(p.equity for p in r.players), tuple(int(p.wins) for p in r.players),
                           tuple(int(p.ties) for p in r.players), tuple(int(p.losses) for p in r.players))
                  for card, r in zip(deck, after))
    favourite, count = _showdowns(equities)
    players_out = tuple(PlayerOuts(names[p], *_sort(cards, favourite[:, p] & (count == 1),
                                                     favourite[:, p] & (count > 1))) for p in range(n))
    return OutsResult(deal.board, deal.dead, players_out, turns=turns, game=deal.game.name)


def _omaha_highs(holes: NDArray[np.uint8], board: tuple[Card, ...], deal: OmahaDeal) -> tuple[int, ...]:
    """Each player's Omaha high value on a complete board."""
    values = omaha_rows(holes, np.array([int(c) for c in board], dtype=np.uint8), deal.game, 1)
    return tuple(int(v) for v in (values.high if isinstance(values, HiLoValues) else values))


def _short_deck_values(holes: NDArray[np.uint8], board: tuple[Card, ...], deal: ShortDeckDeal) -> tuple[int, ...]:
    """Each player's short-deck value on a complete board."""
    rows = np.concatenate([holes, np.broadcast_to(np.array([int(c) for c in board], dtype=np.uint8),
                                                  (len(holes), len(board)))], axis=1)
    return tuple(int(v) for v in short_deck_rows(rows))


def _sort(deck: NDArray[np.uint8], wins: NDArray[np.bool_],
          ties: NDArray[np.bool_]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The deck split into winning, chopping and losing cards, in deck order."""
    win = tuple(Card(int(c)) for c, w in zip(deck, wins) if w)
    tie = tuple(Card(int(c)) for c, w, t in zip(deck, wins, ties) if t and not w)
    lose = tuple(Card(int(c)) for c, w, t in zip(deck, wins, ties) if not w and not t)
    return win, tie, lose
