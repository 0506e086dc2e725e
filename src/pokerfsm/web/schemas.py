"""Request and response bodies of the JSON API (pydantic models).

The models only bound the *shape* of a request (types, list lengths, string
lengths) so that FastAPI rejects garbage with its own 422 before any work is
done. What the cards *mean* (a token that is not a card, a card given twice, a
board of two cards) is checked by the library (:mod:`pokerfsm.web.questions`), and
the app answers in the same 422 format, naming the field. Numbers are strict:
``"samples": "100"`` or ``true`` is refused, not converted:

>>> EquityRequest.model_validate({"players": [["Ah", "Kd"], None]}).board
[]
>>> from pydantic import ValidationError
>>> for samples in ("100", True, 100.0):
...     try:
...         EquityRequest.model_validate({"players": [None, None], "samples": samples})
...     except ValidationError as exc:
...         print(exc.errors()[0]["type"])
int_type
int_type
int_type
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag

from .games import OFFERED

__all__ = [
    "MAX_PLAYERS",
    "MAX_SAMPLES",
    "CardText",
    "CardList",
    "PlayerJson",
    "SpotRequest",
    "EquityRequest",
    "EQUITY_EXAMPLES",
    "GameName",
    "EvaluateRequest",
    "OutsRequest",
    "PlayerEquity",
    "EquityResponse",
    "EvaluateResponse",
    "OutsResponse",
    "CacheStats",
    "ErrorItem",
    "ErrorResponse",
]

MAX_PLAYERS = 10
MAX_SAMPLES = 1_000_000
"""At most this many Monte Carlo deals: about 1 s for ten random hands; the deadline bounds the rest."""

CardText = Annotated[str, Field(max_length=8, examples=["Ah"])]


def _shape(value: Any) -> str | None:
    """Which arm of a cards field ``value`` is for: only that arm is checked, so one field gets one error."""
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "text"
    return "null" if value is None else None


_CARD_TOKENS = Annotated[Annotated[list[CardText], Field(max_length=52)], Tag("list")]
_NOT_CARDS = "Input should be a valid list of cards or a string"
#: cards as a list of tokens, or as one string such as ``"As Kd Qc"``
CardList = Annotated[_CARD_TOKENS | Annotated[Annotated[str, Field(max_length=200)], Tag("text")],
                     Discriminator(_shape, custom_error_type="cards_type", custom_error_message=_NOT_CARDS)]
#: a seat as JSON: two cards, ``null`` / ``[]`` / ``"??"`` for an unknown hand, or a range such as ``"QQ+,AKs"``
PlayerJson = Annotated[_CARD_TOKENS | Annotated[Annotated[str, Field(max_length=500)], Tag("text")]
                       | Annotated[None, Tag("null")],
                       Discriminator(_shape, custom_error_type="cards_type",
                                     custom_error_message="Input should be a valid list of cards, a string or null")]
#: a game's name (:mod:`pokerfsm.web.games`); hold'em when not given
GameName = Annotated[str, Field(max_length=40, examples=["omaha"])]
GAME_DESCRIPTION = (f"the game, one of {', '.join(game.name for game in OFFERED)} (holdem when not given; "
                    "GET /api/vocabulary lists them): each seat holds that game's number of hole cards, "
                    "or a range of the game")


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SpotRequest(_Request):
    """A spot: who holds what, the board and the dead cards."""

    players: Annotated[list[PlayerJson], Field(min_length=2, max_length=MAX_PLAYERS)] = Field(
        description="2 to 10 seats: the game's hole cards (two at hold'em and short deck, 4 to 6 at Omaha; at stud "
                    "3 to 7 cards as dealt, '??' for one nobody sees), null for an unknown hand, or a range "
                    "(PokerStove syntax; at Omaha, an Omaha range such as AAxx ds)",
        examples=[[["Ah", "Kd"], None, "QQ+,AKs"]],
    )
    board: CardList = Field(default=[], description="0, 3, 4 or 5 community cards")
    dead: CardList = Field(default=[], description="cards removed from the deck")


class EquityRequest(SpotRequest):
    """A showdown question: who wins how often?"""

    samples: Annotated[int, Field(strict=True, ge=1, le=MAX_SAMPLES)] | None = Field(
        default=None, examples=[100_000],
        description="force Monte Carlo with this many deals (a JSON integer); null = exact within the budget. "
                    "The server's deadline (10 s by default) bounds the time whatever the number",
    )
    seed: Annotated[int, Field(strict=True, ge=0, le=2**63 - 1)] | None = Field(
        default=None, examples=[42],
        description="seed of the Monte Carlo generator (a JSON integer), for a reproducible answer",
    )
    game: GameName = Field(default="holdem", description=GAME_DESCRIPTION)


EQUITY_EXAMPLES: dict[str, Any] = {
    "flop": {"summary": "a hand against a range on the flop",
             "value": {"players": [["Ah", "Kd"], "QQ+, AKs"], "board": ["Qd", "7c", "2s"], "dead": []}},
    "unknown": {"summary": "a hand against two unknown hands, preflop",
                "value": {"players": [["Ah", "Kd"], None, None]}},
    "sampled": {"summary": "Monte Carlo with a seed (a repeatable answer)",
                "value": {"players": [["Ah", "Ad"], ["Ks", "Kc"]], "samples": 100000, "seed": 42}},
    "omaha": {"summary": "Omaha hi-lo: a hand against a range on the flop",
              "value": {"game": "omaha-hi-lo", "players": [["Ah", "2h", "3d", "Kd"], "AAxx ds"],
                        "board": ["4c", "7h", "Qs"]}},
}
"""Whole request bodies shown in /docs (each one answers as it is in "Try it out")."""


class EvaluateRequest(_Request):
    """A hand to rank, at any game of the library, as ``pokerfsm eval --game`` ranks it."""

    cards: CardList = Field(description="5, 6 or 7 distinct cards, or the hole cards with a board; at a game "
                                        "without a board the player's cards (5 to 7 at stud, stud hi-lo and razz, 5 "
                                        "at deuce-to-seven and ace-to-five lowball, 4 at badugi)",
                            examples=[["Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"]])
    board: CardList | None = Field(default=None, examples=[None],
                                   description="3 to 5 community cards apart from the hole cards: needed by the "
                                               "Omaha games, optional at hold'em and short deck, refused at a game "
                                               "without a board")
    game: GameName = Field(default="holdem", description="the game: any game the library values (GET "
                                                         "/api/vocabulary's games and the draw games deuce-to-seven, "
                                                         "a5-lowball, badugi); holdem when not given")
    lang: Literal["en", "fr"] = Field(default="en", description="language of the description")


class OutsRequest(_Request):
    """Outs on the flop or the turn: which unseen cards help whom."""

    players: Annotated[list[PlayerJson], Field(min_length=2, max_length=MAX_PLAYERS)] = Field(
        description="2 to 10 known hands of two cards", examples=[[["Ah", "Kh"], ["Qs", "Qd"]]]
    )
    board: CardList = Field(description="3 or 4 community cards", examples=[["Qh", "7h", "2c", "5s"]])
    dead: CardList = Field(default=[], description="cards removed from the deck")
    game: GameName = Field(default="holdem", description=GAME_DESCRIPTION)


class PlayerEquity(BaseModel):
    hand: Any = Field(description="the seat as understood: its cards, a range, or null for unknown")
    win: float = Field(description="probability of winning alone")
    tie: float = Field(description="probability of sharing the best hand")
    lose: float
    equity: float = Field(description="expected share of the pot: win plus the split shares")
    categories: dict[str, float] = Field(description="hand category at showdown -> probability")
    scoop: float | None = Field(default=None, description="hi-lo only: probability of taking the whole pot alone")
    high_share: float | None = Field(default=None, description="hi-lo only: expected share of the pot won by the high")
    low_share: float | None = Field(default=None, description="hi-lo only: expected share of the pot won by the low")
    model_config = ConfigDict(extra="allow")


class EquityResponse(BaseModel):
    """The same object as ``pokerfsm equity --json`` prints."""

    players: list[PlayerEquity]
    board: list[str] = Field(description="the community cards, as the library writes them")
    dead: list[str] = Field(description="the dead cards, as the library writes them")
    combinations: int = Field(description="showdowns enumerated (exact) or sampled (Monte Carlo)")
    exact: bool
    std_error: float | None = Field(description="standard error of the equities; 0 or null when exact")
    elapsed_s: float = Field(description="compute time of the answer, in seconds")
    game: str | None = Field(default=None, description="the game, when it is not hold'em")
    low: float | None = Field(default=None, description="hi-lo only: probability that a low qualifies")
    model_config = ConfigDict(extra="allow")


class LowModel(BaseModel):
    value: int = Field(description="comparable rank of the low: higher is better")
    description: str
    best_five: list[str] = Field(description="the low's five cards, highest first")


class EvaluateResponse(BaseModel):
    """The hand's value in its game: at a hi-lo game the high and ``low``; at a low-only game its low alone."""

    game: str
    board: list[str] = Field(description="the board given, as the library writes it ([] without one)")
    cards: list[str]
    value: int = Field(description="comparable rank within the game: higher is better")
    category: str | None = Field(default=None, description="the high's category (none at a low-only game)")
    category_value: int | None = Field(default=None, description="1 = high card ... 9 = straight flush")
    description: str
    best_five: list[str] = Field(description="the cards that make the hand, as the text shows them: highest first "
                                             "(at badugi the 1 to 4 that play)")
    low: LowModel | None = Field(default=None, description="hi-lo only: the 8-or-better low, null when none qualifies")


class PlayerOutsModel(BaseModel):
    hand: str
    wins: list[str] = Field(description="next cards after which this player wins alone")
    ties: list[str] = Field(description="next cards after which this player shares the pot (or the lead)")
    losses: list[str]


class OutsResponse(BaseModel):
    """What each unseen card does; ``rivers`` on the turn (4-card board), ``turns`` on the flop."""

    board: list[str]
    dead: list[str]
    street: Literal["turn", "river"] = Field(description="the card being analysed")
    players: list[PlayerOutsModel]
    rivers: list[dict[str, Any]] | None = Field(default=None, description="per river card: card, winners (0-based)")
    turns: list[dict[str, Any]] | None = Field(
        default=None, description="per turn card: card, equities, and river wins/ties/losses per player")
    model_config = ConfigDict(extra="allow")


class CacheStats(BaseModel):
    hits: int
    misses: int
    size: int
    maxsize: int
    hit_rate: float
    computing: int = Field(description="equity computations under way (running or waiting for a thread)")
    threads_busy: int = Field(description="threads computing equity right now")


class ErrorItem(BaseModel):
    loc: list[str | int]
    msg: str
    type: str


class ErrorResponse(BaseModel):
    """Every 4xx/5xx answer: a list of problems, each naming its field."""

    detail: list[ErrorItem]
