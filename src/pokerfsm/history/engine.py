"""pokerkit, the rules engine replays run on: a hand's starting ``State`` and its cards as ours.

pokerkit is the ``games`` extra; :func:`rules_engine` imports it so that a
missing one is reported by the command line as the extra to install.
"""
from __future__ import annotations

import math
from typing import Any

from ..cards import Card
from .record import HandRecord

__all__ = ["rules_engine", "new_state", "our_card"]


def rules_engine() -> Any:
    """The ``pokerkit`` module (the 'games' extra; the CLI reports a missing one)."""
    import pokerkit

    return pokerkit


def new_state(pk: Any, record: HandRecord) -> Any:
    """A pokerkit ``State`` for the hand's set-up, before any action.

    PHH games are set up by pokerkit's own reader from the record's fields
    (every PHH variant: blinds, or a stud game's bring-in); five-card draw as
    :class:`pokerfsm.games.draw.DrawHand` builds it.
    """
    automations = (pk.Automation.ANTE_POSTING, pk.Automation.BET_COLLECTION,
                   pk.Automation.BLIND_OR_STRADDLE_POSTING, pk.Automation.RUNOUT_COUNT_SELECTION,
                   pk.Automation.HAND_KILLING, pk.Automation.CHIPS_PUSHING, pk.Automation.CHIPS_PULLING)
    stacks = [math.inf if s is None else s for s in record.starting_stacks]
    if record.game == "draw":
        streets = (
            pk.Street(False, (False,) * 5, 0, False, pk.Opening.POSITION, record.min_bet, None),
            pk.Street(False, (), 0, True, pk.Opening.POSITION, record.min_bet, None),
        )
        return pk.State(automations, pk.Deck.STANDARD, (pk.StandardHighHand,), streets,
                        pk.BettingStructure.NO_LIMIT, True, record.antes[0], 0, 0, tuple(stacks),
                        len(stacks), mode=pk.Mode.TOURNAMENT)
    fields = dict(variant=record.game, ante_trimming_status=record.ante_trimming,
                  antes=list(record.antes), starting_stacks=stacks, actions=[], automations=automations)
    if record.rules.bring_in:
        fields["bring_in"] = record.bring_in
    else:
        fields["blinds_or_straddles"] = list(record.blinds)
    if record.rules.fixed_limit:
        fields.update(small_bet=record.small_bet, big_bet=record.big_bet)
    else:
        fields["min_bet"] = record.min_bet
    return pk.HandHistory(**fields).create_state()


def our_card(card: Any) -> Card | None:
    """A pokerkit card as ours (None for a card nobody saw)."""
    text = repr(card)
    return None if "?" in text else Card.parse(text)
