"""The games pokerfsm knows, as data every layer reads: hold'em, Omaha, stud, short deck, lowball and badugi.

A :class:`Game` says how many cards each player gets (and how many a board
holds), which deck is dealt, how a hand is made (:class:`HandMaking`), which
hands win the pot (:class:`PotSplit`, from its :class:`HighRule` and
:class:`LowRule`), and which PHH variant codes (pokerkit's hand-history
format) are played under it. Code that needs to know the game asks the
record, never ``if name == ...``.

>>> game_of("omaha").hole_cards, game_of("omaha").hole_cards_used
(4, 2)
>>> game_of("OMAHA5-HI-LO").name, game_of("omaha5-hi-lo").eight_or_better
('omaha5-hi-lo', True)
>>> [g.name for g in GAMES]  # doctest: +NORMALIZE_WHITESPACE
['holdem', 'omaha', 'omaha5', 'omaha6', 'omaha-hi-lo', 'omaha5-hi-lo', 'stud', 'stud-hi-lo', 'razz',
 'short-deck', 'deuce-to-seven', 'a5-lowball', 'badugi']
>>> game_for_phh("FO/8").name, game_for_phh("FR").name, game_for_phh("F2L3D").name
('omaha-hi-lo', 'razz', 'deuce-to-seven')
>>> razz = game_of("razz")
>>> razz.hole_cards, razz.board_cards, razz.split.name, razz.low.name
(7, 0, 'LOW', 'ACE_TO_FIVE')
>>> len(game_of("short-deck").deck), game_of("short-deck").high.name
(36, 'SHORT_DECK')
>>> game_of("pineapple")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerfsm.errors.OptionError: unknown game 'pineapple' (known games: holdem, omaha, ..., badugi)

PHH's codes (``NT``, ``FT``, ``PO``, ``FO/8``, ``F7S`` ... as pokerkit reads
them) fix the betting structure too; a :class:`Game` is only the cards, so
no-limit and fixed-limit hold'em are one game, and so are deuce-to-seven
single draw (``N2L1D``) and triple draw (``F2L3D``): the same hands win.
PHH has no code for 5- or 6-card Omaha or ace-to-five lowball, so those
games list none. A stud player's seven cards are all ``hole_cards`` (of
which ``up_cards`` are dealt face up); a draw game's are the five (badugi:
four) the player holds at the showdown.
"""
from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

from .cards import DECK, Card, Rank
from .errors import OptionError, quoted
from .ranking import HandCategory

__all__ = ["Game", "GAMES", "HOLDEM", "OMAHA", "SHORT_DECK", "HandMaking", "HighRule", "LowRule", "PotSplit",
           "game_of", "game_for_phh", "not_played", "GameLike"]

BOARD_CARDS = 5
"""A board game (hold'em, Omaha, short deck) deals a board of five cards (flop, turn, river)."""


class _Rule(enum.Enum):
    """A rule of the game, its value the rule in words."""

    @property
    def label(self) -> str:
        """The rule in words."""
        return str(self.value)


class HandMaking(_Rule):
    """How a player's hand is made from the cards the player may use."""

    BEST_FIVE = "the best five of the player's cards and the board"
    OMAHA = "exactly two hole cards and three board cards"
    BADUGI = "the largest set of cards of distinct ranks and suits (four at most)"

class HighRule(_Rule):
    """How high hands rank."""

    STANDARD = "straight flush, quads, full house, flush, straight, trips, two pair, pair, high card"
    SHORT_DECK = "as standard, but a flush beats a full house and A-6-7-8-9 is the lowest straight"

    @property
    def categories(self) -> tuple[HandCategory, ...]:
        """The hand categories in this ranking's order, weakest first.

        >>> [c.label for c in HighRule.SHORT_DECK.categories][5:7]
        ['Full house', 'Flush']
        """
        order = tuple(HandCategory)
        if self is HighRule.SHORT_DECK:
            flush, full = order.index(HandCategory.FLUSH), order.index(HandCategory.FULL_HOUSE)
            order = (*order[:flush], HandCategory.FULL_HOUSE, HandCategory.FLUSH, *order[full + 1:])
        return order

class LowRule(_Rule):
    """How low hands rank, and which qualify."""

    EIGHT_OR_BETTER = "ace-to-five, five distinct ranks eight or lower, or no low"
    ACE_TO_FIVE = "ace-to-five: aces low, pairs count, straights and flushes do not"
    DEUCE_TO_SEVEN = "deuce-to-seven: aces high, pairs, straights and flushes count against"
    BADUGI = "badugi: more cards of distinct ranks and suits first, then the lowest, aces low"

class PotSplit(_Rule):
    """Who wins the pot."""

    HIGH = "the best high hand"
    HIGH_LOW = "half to the best high hand, half to the best qualifying low (else all to the high)"
    LOW = "the best low hand"

@dataclass(frozen=True)
class Game:
    """One game's cards: dealing, making a hand, splitting the pot.

    ``hole_cards`` is every card a player holds (a stud player's seven, up
    cards included). ``hole_cards_used`` and ``board_cards_used`` are how many
    of each a hand must take (Omaha: exactly two and three), ``None`` when any
    of them may play. ``high`` ranks the high hands (None in a low-only game),
    ``low`` the low hands (None in a high-only game).
    """

    name: str
    label: str
    hole_cards: int
    hole_cards_used: int | None = None
    board_cards_used: int | None = None
    high: HighRule | None = HighRule.STANDARD
    low: LowRule | None = None
    phh_codes: tuple[str, ...] = ()
    deck: tuple[Card, ...] = DECK
    board_cards: int = BOARD_CARDS
    up_cards: int = 0
    making: HandMaking = HandMaking.BEST_FIVE

    @property
    def split(self) -> PotSplit:
        """Who wins the pot: the high hand, high and low halves, or the low hand."""
        if self.low is None:
            return PotSplit.HIGH
        return PotSplit.LOW if self.high is None else PotSplit.HIGH_LOW

    @property
    def eight_or_better(self) -> bool:
        """True when the pot is split between the high and an 8-or-better low (Omaha and stud hi-lo)."""
        return self.split is PotSplit.HIGH_LOW and self.low is LowRule.EIGHT_OR_BETTER

    @property
    def is_omaha(self) -> bool:
        """True when a hand takes exactly two hole cards and three board cards."""
        return self.making is HandMaking.OMAHA

    @property
    def is_stud(self) -> bool:
        """True when some of a player's cards are dealt face up and no board is dealt."""
        return self.up_cards > 0

    @property
    def hole_pairs(self) -> int:
        """How many ways a hand may take its hole cards (6 at 4-card Omaha), 1 for hold'em."""
        if self.hole_cards_used is None:
            return 1
        return comb(self.hole_cards, self.hole_cards_used)

    def __str__(self) -> str:
        return self.name


def _omaha(name: str, label: str, hole_cards: int, *, low: bool = False, phh: tuple[str, ...] = ()) -> Game:
    return Game(name, label, hole_cards, hole_cards_used=2, board_cards_used=3,
                low=LowRule.EIGHT_OR_BETTER if low else None, phh_codes=phh, making=HandMaking.OMAHA)


def _no_board(name: str, label: str, hole_cards: int, phh: tuple[str, ...], *, high: HighRule | None = None,
              low: LowRule | None = None, up_cards: int = 0,
              making: HandMaking = HandMaking.BEST_FIVE) -> Game:
    return Game(name, label, hole_cards, high=high, low=low, phh_codes=phh, board_cards=0, up_cards=up_cards,
                making=making)


SHORT_DECK: tuple[Card, ...] = tuple(card for card in DECK if card.rank >= Rank.SIX)
"""The 36 cards of short-deck hold'em, sixes to aces."""

STUD_CARDS, STUD_UP_CARDS = 7, 4
"""A stud player's cards: two down, four up (third to sixth street), one down (seventh)."""

HOLDEM = Game("holdem", "Texas hold'em", 2, phh_codes=("NT", "FT"))
OMAHA = _omaha("omaha", "Omaha", 4, phh=("PO",))

GAMES: tuple[Game, ...] = (
    HOLDEM,
    OMAHA,
    _omaha("omaha5", "5-card Omaha", 5),
    _omaha("omaha6", "6-card Omaha", 6),
    _omaha("omaha-hi-lo", "Omaha hi-lo, 8 or better", 4, low=True, phh=("FO/8",)),
    _omaha("omaha5-hi-lo", "5-card Omaha hi-lo, 8 or better", 5, low=True),
    _no_board("stud", "Seven-card stud", STUD_CARDS, ("F7S",), high=HighRule.STANDARD, up_cards=STUD_UP_CARDS),
    _no_board("stud-hi-lo", "Seven-card stud hi-lo, 8 or better", STUD_CARDS, ("F7S/8",), high=HighRule.STANDARD,
              low=LowRule.EIGHT_OR_BETTER, up_cards=STUD_UP_CARDS),
    _no_board("razz", "Razz", STUD_CARDS, ("FR",), low=LowRule.ACE_TO_FIVE, up_cards=STUD_UP_CARDS),
    Game("short-deck", "Short-deck hold'em", 2, high=HighRule.SHORT_DECK, phh_codes=("NS",), deck=SHORT_DECK),
    _no_board("deuce-to-seven", "Deuce-to-seven lowball", 5, ("N2L1D", "F2L3D"), low=LowRule.DEUCE_TO_SEVEN),
    _no_board("a5-lowball", "Ace-to-five lowball", 5, (), low=LowRule.ACE_TO_FIVE),
    _no_board("badugi", "Badugi", 4, ("FB",), low=LowRule.BADUGI, making=HandMaking.BADUGI),
)
"""Every game, the default (hold'em) first."""

_BY_NAME = {game.name: game for game in GAMES}
_BY_PHH = {code: game for game in GAMES for code in game.phh_codes}

GameLike = Game | str
"""A :class:`Game` or its name."""


def game_of(name: GameLike) -> Game:
    """The game called ``name`` (any case, spaces around ignored); a :class:`Game` is returned as is.

    Raises :class:`~pokerfsm.errors.OptionError` (``field="game"``) quoting
    the name and listing the known games.
    """
    if isinstance(name, Game):
        return name
    if isinstance(name, str):
        game = _BY_NAME.get(name.strip().lower())
        if game is not None:
            return game
    known = ", ".join(_BY_NAME)
    raise OptionError(f"unknown game {quoted(name)} (known games: {known})", field="game",
                      text=name if isinstance(name, str) else repr(name))


def game_for_phh(code: str) -> Game:
    """The game a PHH variant code is played with, e.g. ``'PO'`` -> omaha.

    Raises :class:`~pokerfsm.errors.OptionError` (``field="variant"``) for a
    code no game here plays.

    >>> game_for_phh("NT").name, game_for_phh("PO").name, game_for_phh("F7S/8").name
    ('holdem', 'omaha', 'stud-hi-lo')
    >>> game_for_phh("FT/8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: no game here plays PHH variant 'FT/8' (known: NT, FT, PO, FO/8, F7S, ..., FB)
    """
    game = _BY_PHH.get(code) if isinstance(code, str) else None
    if game is None:
        raise OptionError(f"no game here plays PHH variant {quoted(code)} (known: {', '.join(_BY_PHH)})",
                          field="variant", text=code if isinstance(code, str) else repr(code))
    return game


def not_played(game: Game, what: str, games: Iterable[Game]) -> OptionError:
    """The error for a ``game`` that ``what`` (e.g. ``"equity"``) does not handle: it names the games it does.

    >>> raise not_played(game_of("badugi"), "outs", GAMES[:2])
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: pokerfsm computes no outs for Badugi (games with outs: holdem, omaha)
    """
    names = ", ".join(g.name for g in games)
    return OptionError(f"pokerfsm computes no {what} for {game.label} (games with {what}: {names})",
                       field="game", text=game.name)
