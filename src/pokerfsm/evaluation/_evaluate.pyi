"""Type stub for the evaluate() entry point (see _evaluate.pyx)."""
from typing import Literal, overload

from pokerfsm.cards import CardsLike
from pokerfsm.evaluation.handrank import HandRank
from pokerfsm.evaluation.lows import AceToFiveLow, BadugiLow, DeuceToSevenLow
from pokerfsm.evaluation.omaha import HiLo
from pokerfsm.variants import GameLike

@overload
def evaluate(cards: CardsLike, *, board: CardsLike | None = None, game: Literal["holdem"] = "holdem") -> HandRank: ...
@overload
def evaluate(cards: CardsLike, *, board: CardsLike | None = None, game: GameLike
             ) -> HandRank | HiLo | AceToFiveLow | DeuceToSevenLow | BadugiLow: ...
