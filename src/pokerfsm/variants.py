"""The games pokerfsm knows, as data every layer reads: hold'em and the Omaha family.

A :class:`Game` says how many hole cards each player gets, which deck is
dealt, how a hand is made from hole and board cards, whether the pot is split
with an 8-or-better low, and which PHH variant codes (pokerkit's hand-history
format) are played under it. Code that needs to know the game asks the
record, never ``if name == ...``.

>>> game_of("omaha").hole_cards, game_of("omaha").hole_cards_used
(4, 2)
>>> game_of("OMAHA5-HI-LO").name, game_of("omaha5-hi-lo").eight_or_better
('omaha5-hi-lo', True)
>>> [g.name for g in GAMES]
['holdem', 'omaha', 'omaha5', 'omaha6', 'omaha-hi-lo', 'omaha5-hi-lo']
>>> game_for_phh("FO/8").name
'omaha-hi-lo'
>>> game_of("razz")
Traceback (most recent call last):
...
pokerfsm.errors.OptionError: unknown game 'razz' (known games: holdem, omaha, omaha5, omaha6, omaha-hi-lo, omaha5-hi-lo)

PHH's codes (``NT``, ``FT``, ``PO``, ``FO/8`` as pokerkit reads them) fix the
betting structure too; a :class:`Game` is only the cards, so no-limit and
fixed-limit hold'em are one game. PHH has no code for 5- or 6-card Omaha,
so those games list none.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .cards import DECK, Card
from .errors import OptionError, quoted

__all__ = ["Game", "GAMES", "HOLDEM", "OMAHA", "game_of", "game_for_phh", "GameLike"]

BOARD_CARDS = 5
"""Every game here deals a board of five cards (flop, turn, river)."""


@dataclass(frozen=True)
class Game:
    """One game's cards: dealing, making a hand, splitting the pot.

    ``hole_cards_used`` and ``board_cards_used`` are how many of each a hand
    must take (Omaha: exactly two and three), ``None`` when any five of the
    hole and board cards together make the hand (hold'em).
    """

    name: str
    label: str
    hole_cards: int
    hole_cards_used: int | None = None
    board_cards_used: int | None = None
    eight_or_better: bool = False
    phh_codes: tuple[str, ...] = ()
    deck: tuple[Card, ...] = DECK
    board_cards: int = BOARD_CARDS

    @property
    def is_omaha(self) -> bool:
        """True when a hand takes exactly two hole cards and three board cards."""
        return self.hole_cards_used == 2 and self.board_cards_used == 3

    @property
    def hole_pairs(self) -> int:
        """How many ways a hand may take its hole cards (6 at 4-card Omaha), 1 for hold'em."""
        if self.hole_cards_used is None:
            return 1
        return comb(self.hole_cards, self.hole_cards_used)

    def __str__(self) -> str:
        return self.name


def _omaha(name: str, label: str, hole_cards: int, *, low: bool = False, phh: tuple[str, ...] = ()) -> Game:
    return Game(name, label, hole_cards, hole_cards_used=2, board_cards_used=3, eight_or_better=low,
                phh_codes=phh)


HOLDEM = Game("holdem", "Texas hold'em", 2, phh_codes=("NT", "FT"))
OMAHA = _omaha("omaha", "Omaha", 4, phh=("PO",))

GAMES: tuple[Game, ...] = (
    HOLDEM,
    OMAHA,
    _omaha("omaha5", "5-card Omaha", 5),
    _omaha("omaha6", "6-card Omaha", 6),
    _omaha("omaha-hi-lo", "Omaha hi-lo, 8 or better", 4, low=True, phh=("FO/8",)),
    _omaha("omaha5-hi-lo", "5-card Omaha hi-lo, 8 or better", 5, low=True),
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
    code no game here plays (stud, razz, draw games ...).

    >>> game_for_phh("NT").name, game_for_phh("PO").name
    ('holdem', 'omaha')
    >>> game_for_phh("F7S")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.OptionError: no game here plays PHH variant 'F7S' (known: NT, FT, PO, FO/8)
    """
    game = _BY_PHH.get(code) if isinstance(code, str) else None
    if game is None:
        raise OptionError(f"no game here plays PHH variant {quoted(code)} (known: {', '.join(_BY_PHH)})",
                          field="variant", text=code if isinstance(code, str) else repr(code))
    return game
