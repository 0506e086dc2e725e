"""The games played with a board, as data: heads-up no-limit hold'em and pot-limit Omaha.

One hand loop (:mod:`.holdem`) plays both; a :class:`BoardGame` says what
differs: the cards (a :class:`pokerfsm.variants.Game`: how many hole cards,
how a hand is made), the betting (no-limit or pot-limit: the most a player may
raise to is the pot after their call), pokerkit's game that keeps the rules,
and the words the table shows. The computer players and the screen ask the
record (:func:`board_game` of a :attr:`~.actions.SeatView.game`), never
``if name == ...``.

>>> board_game("omaha").cards.hole_cards, board_game("omaha").pot_limit, board_game("draw")
(4, True, None)
>>> [game.name for game in BOARD_GAMES.values()]
['holdem', 'omaha']
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..evaluation import HandRank, HiLo, evaluate
from ..variants import HOLDEM, OMAHA, Game

__all__ = ["BoardGame", "BOARD_GAMES", "HOLDEM_TABLE", "OMAHA_TABLE", "board_game", "describe_hand", "high_hand"]

_HOLDEM_HELP = """\
Heads-up no-limit hold'em. Each player gets two cards; five shared cards come face up:
three on the flop, one on the turn, one on the river. The best five-card hand from your two
and the board's five wins the pot. The button posts the small blind and acts first before
the flop, last after it. Amounts are your total bet for the round ("r 120" raises to 120).
Moves: f fold · k check · c call · b 40 bet · r 120 raise to · r min / r pot / r max · a all-in
At every prompt: ? this help · h the last hands · q leave the table."""

_OMAHA_HELP = """\
Heads-up pot-limit Omaha. Each player gets four cards; five shared cards come face up:
three on the flop, one on the turn, one on the river. Your hand is made of exactly two of
your four cards and exactly three of the board's. The button posts the small blind and acts
first before the flop, last after it. Pot limit: the most you may raise to is the pot after
your call (your call, then a raise of the whole pot). Amounts are your total bet for the round.
Moves: f fold · k check · c call · b 40 bet · r 120 raise to · r min / r pot (the limit)
      · a all-in (when the pot limit allows your whole stack)
At every prompt: ? this help · h the last hands · q leave the table."""


@dataclass(frozen=True)
class BoardGame:
    """A heads-up game with a board: its cards, its betting and what the table calls it.

    ``pokerkit_game`` names pokerkit's game class, which takes the same
    arguments for every game here (automations, ante trimming, antes, blinds,
    minimum bet); ``phh_code`` is what its histories are written under.
    """

    name: str
    title: str
    cards: Game
    pot_limit: bool
    pokerkit_game: str
    phh_code: str
    help: str

    @property
    def hole_cards(self) -> int:
        return self.cards.hole_cards


HOLDEM_TABLE = BoardGame("holdem", "Heads-up no-limit hold'em", HOLDEM, False, "NoLimitTexasHoldem", "NT",
                         _HOLDEM_HELP)
OMAHA_TABLE = BoardGame("omaha", "Heads-up pot-limit Omaha", OMAHA, True, "PotLimitOmahaHoldem", "PO",
                        _OMAHA_HELP)
BOARD_GAMES = {game.name: game for game in (HOLDEM_TABLE, OMAHA_TABLE)}
"""Each board game by the name a :class:`~.actions.SeatView` carries."""


def board_game(name: str) -> BoardGame | None:
    """The board game called ``name``, or None for a game without a board (draw)."""
    return BOARD_GAMES.get(name)


def high_hand(game: str, hole: Sequence[Card], board: Sequence[Card]) -> HandRank:
    """The best high hand by the game's rule: at Omaha exactly two of the hole cards and three of
    the board (a flop at least); otherwise the best five of all the cards (five to seven)."""
    found = board_game(game)
    if found is not None and found.cards.is_omaha:
        rank = evaluate(list(hole), board=list(board), game=found.cards)
    else:
        rank = evaluate(list(hole) + list(board))
    high = rank.high if isinstance(rank, HiLo) else rank
    assert isinstance(high, HandRank), "the games played here rank hands high"
    return high


def describe_hand(game: str, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """The best hand by the game's rule (:func:`high_hand`), in words: ``'Two pair, Kings and Sevens'``.

    >>> from pokerfsm.cards import parse_cards
    >>> board = parse_cards("Kh Qh Jh Th 9h")
    >>> describe_hand("holdem", parse_cards("Ah 2s"), board), describe_hand("omaha", parse_cards("Ah 2s 3s 4d"), board)
    ('Straight flush, Ace high', 'High card, Ace')
    """
    return high_hand(game, hole, board).describe()
