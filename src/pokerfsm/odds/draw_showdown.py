"""The showdown of a draw game (deuce-to-seven, ace-to-five lowball, badugi): who takes the pot with the hands shown.

Before the last draw a player's chance depends on how the players draw
(which cards each keeps and how many each takes), not on the cards alone,
so no equity is computed then: a seat with an unseen card (``??``) or with
fewer cards than the game's hand gets one error saying so. With every hand
final (five cards, four at badugi) the answer is the showdown itself: exact,
one deal, the best hand by the game's ranking
(:func:`pokerfsm.evaluate` with ``game=``) wins, equal hands split. No hand
categories are counted (these games rank lows).

>>> r = draw_showdown(prepare_draw_deal(["7c 5d 4h 3s 2c", "8c 6d 4c 3d 2h"], game="deuce-to-seven"))
>>> r.players[0].equity, r.players[1].equity, r.combinations
(1.0, 0.0, 1)
>>> prepare_draw_deal(["7c 5d ?? ?? ??", "8c 6d 4c 3d 2h"], game="deuce-to-seven")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerfsm.errors.InvalidDealError: player 1 has 5 cards, 3 unseen (7c 5d ?? ?? ??). ... depends on how the players ...
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardsLike
from ..errors import InvalidDealError, quoted
from ..evaluation.hands import evaluate
from ..variants import Game, GameLike, game_of
from .deal import MAX_PLAYERS, KnownCards, cards_of, distinct_cards
from .results import EquityResult, Method
from .stud_deal import StudPlayerSpec, seat_cards

__all__ = ["DrawSeat", "DrawDeal", "is_draw_game", "prepare_draw_deal", "draw_showdown"]


def is_draw_game(game: Game) -> bool:
    """True for a game with no board and no up cards: the players' hands are all they play."""
    return game.board_cards == 0 and not game.is_stud


@dataclass
class DrawSeat:
    """A player's final hand."""

    text: str
    hand: tuple[Card, ...]


@dataclass
class DrawDeal(KnownCards):
    """Checked final hands (2 to 10 players), dead cards and the game."""

    game: Game
    seats: list[DrawSeat]
    dead: tuple[Card, ...]
    board: tuple[Card, ...] = ()


def prepare_draw_deal(players: Sequence[StudPlayerSpec], dead: CardsLike = (), *, game: GameLike,
                      board: CardsLike = ()) -> DrawDeal:
    """Check the final hands of a draw game's showdown.

    Raises CardParseError, DuplicateCardError or InvalidDealError (with
    ``field``, ``player``, ``card``): a hand of the wrong size, an unseen card
    (before the draw), a board; OptionError for an unknown game.
    """
    chosen = game_of(game)
    if not is_draw_game(chosen):
        raise InvalidDealError(f"{chosen.name} is not a draw game", field="game", text=chosen.name)
    if isinstance(players, str) or players is None:
        raise InvalidDealError(f"players must be a list of hands, got {quoted(players)}", field="players")
    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise InvalidDealError(f"{chosen.name} takes 2 to {MAX_PLAYERS} players, got {len(players)}",
                               field="players")
    if cards_of("board", board):
        raise InvalidDealError(f"{chosen.name} has no board", field="board")
    seats = []
    for number, spec in enumerate(players):
        shown, cards = seat_cards(spec, number)
        known = tuple(card for card in cards if card is not None)
        if len(known) != len(cards) or len(known) != chosen.hole_cards:
            unseen = len(cards) - len(known)
            count = f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f", {unseen} unseen" if unseen else "")
            raise InvalidDealError(f"player {number + 1} has {count} ({shown or 'none'}). {chosen.label}'s showdown "
                                   f"takes {chosen.hole_cards} known cards: before the draw the equity depends on "
                                   "how the players draw, so it is not computed", field="players", player=number)
        seats.append(DrawSeat(shown, known))
    dead_cards = cards_of("dead", dead)
    distinct_cards([s.hand for s in seats], (), dead_cards)
    return DrawDeal(chosen, seats, dead_cards)


def draw_showdown(deal: DrawDeal) -> EquityResult:
    """Who takes the pot: the best hand by the deal's game, equal hands sharing it."""
    started = time.perf_counter()
    values = [evaluate(seat.hand, game=deal.game) for seat in deal.seats]
    best = max(values)
    winners = tuple(p for p, value in enumerate(values) if value == best)
    return EquityResult.from_counts(deal, {winners: 1}, 1, method=Method.ENUMERATION,  # type: ignore[arg-type]
                                    exact=True, started=started, game=deal.game.name)
