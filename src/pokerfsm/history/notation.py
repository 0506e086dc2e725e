"""PHH action notation (``'d dh p1 AhKh'``, ``'p2 cbr 60'``, ``'p1 sm'``...) to pokerkit calls.

:func:`step` reads one action and returns the call that performs it on a
pokerkit ``State``, after the checks whose failure deserves a clearer
message than the engine's: the player label, the cards, the amount, whose
turn it is. The notation (PHH standard):

=================  ================================================
``d db CARDS``     deal the board (the burn card is implied)
``d dh pN CARDS``  deal hole cards (``??`` for a card nobody saw)
``pN pb``          post the bring-in (stud games)
``pN f``           fold
``pN cc``          check or call
``pN cbr X``       bet, raise or complete to X (the round's total)
``pN sd [CARDS]``  discard those cards, or stand pat (draw games)
``pN sm [CARDS]``  show the cards (``-``: the ones dealt), or muck
``# comment``      nothing; anything after ``#`` is a comment
=================  ================================================

>>> from pokerfsm.history.record import HandRecord, Source
>>> record = HandRecord(Source("x", ()), 1, "", "NT", ("a", "b"), (100, 100), (0, 0), (1, 2), ())
>>> step(None, record, ActionLine("p3 f", 4))
Traceback (most recent call last):
...
pokerfsm.errors.HistoryParseError: x:4: unknown player 'p3' in 'p3 f' (the hand has p1-p2)
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card
from ..errors import HistoryReplayError
from .record import ActionLine, HandRecord, read_amount

__all__ = ["step", "is_noop"]

_SEAT = re.compile(r"p([1-9][0-9]?)")
_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")


def is_noop(action: ActionLine) -> bool:
    """True for an empty action or a standalone ``# comment``."""
    return not action.text.split("#", 1)[0].strip()


def _seat(record: HandRecord, action: ActionLine, label: str) -> int:
    match = _SEAT.fullmatch(label)
    if not match or not 1 <= int(match.group(1)) <= record.seats:
        raise record.error(action.line, f"unknown player {label!r} in {action.text!r} "
                                        f"(the hand has p1-p{record.seats})")
    return int(match.group(1)) - 1


def _cards(record: HandRecord, action: ActionLine, text: str) -> str:
    if not _CARDS.fullmatch(text):
        raise record.error(action.line, f"bad cards {text!r} in {action.text!r} "
                                        "(PHH cards look like 'AhTd', '??' for an unknown card)")
    return text


def _amount(record: HandRecord, action: ActionLine, text: str) -> int:
    try:
        value = read_amount(text) / record.unit
    except ValueError as exc:
        raise record.error(action.line, f"bad amount {text!r} in {action.text!r}: {exc}") from None
    if value != value.to_integral_value() or value <= 0:
        raise record.error(action.line, f"bad amount {text!r} in {action.text!r}")
    return int(value)


def _illegal(record: HandRecord, action: ActionLine, why: str) -> HistoryReplayError:
    return record.error(action.line, f"{action.text!r}: {why}", HistoryReplayError)


def _check_up_cards_known(state: Any, record: HandRecord, action: ActionLine, player: int, cards: str) -> None:
    """Refuse a stud up card written ``??``: everybody at the table sees it, and the bring-in and
    who acts first on each street are decided from the up cards (pokerkit could only guess)."""
    pending = state.hole_dealing_statuses[player] if player < len(state.hole_dealing_statuses) else ()
    for k, face_up in enumerate(list(pending)[:len(cards) // 2]):
        if face_up and cards[2 * k] == "?":
            raise _illegal(record, action, f"deals p{player + 1}'s up card as '??', but up cards are dealt "
                                           "face up and must be known (the bring-in and who acts first "
                                           "are decided from them)")


def step(state: Any, record: HandRecord, action: ActionLine,
         holes: Sequence[Sequence[Card | None]] = ()) -> Callable[[], object]:
    """The call that applies ``action`` to the pokerkit ``state``.

    :param state: the hand's pokerkit ``State`` (unused for a no-op).
    :param record: the hand, for the number of players, the unit and errors.
    :param action: the action and its line.
    :param holes: the cards known so far by player, to check what is shown.
    :raises HistoryParseError: the action does not follow the notation.
    :raises HistoryReplayError: it is not that player's turn, or a player
        shows cards other than the ones dealt.
    """
    words = action.text.split("#", 1)[0].split()
    if not words:
        return lambda: None
    if words[0] == "d" and len(words) == 3 and words[1] == "db":
        cards = _cards(record, action, words[2])
        if state.showdown_index is not None:
            raise _illegal(record, action, f"p{state.showdown_index + 1} must show or muck first "
                                           "(all-in hands are shown before the board is run out)")
        return lambda: (state.burn_card("??") if state.can_burn_card() else None,
                        state.deal_board(cards))
    if words[0] == "d" and len(words) == 4 and words[1] == "dh":
        player, cards = _seat(record, action, words[2]), _cards(record, action, words[3])
        _check_up_cards_known(state, record, action, player, cards)
        return lambda: (state.burn_card("??") if state.can_burn_card() else None,  # stud's streets, draws
                        state.deal_hole(cards, player))
    if words[0] == "d" or len(words) < 2:
        raise record.error(action.line, f"unknown action {action.text!r}")
    player, verb, rest = _seat(record, action, words[0]), words[1], words[2:]
    if state.can_burn_card():  # a draw where everybody stood pat: the burn before no new cards
        state.burn_card("??")
    if verb in ("f", "cc", "cbr", "pb") and len(rest) == (verb == "cbr"):
        if state.actor_index != player:
            turn = "nobody's" if state.actor_index is None else f"p{state.actor_index + 1}'s"
            raise _illegal(record, action, f"it is {turn} turn to act, not p{player + 1}'s")
        if verb == "f":
            return lambda: state.fold()
        if verb == "cc":
            return lambda: state.check_or_call()
        if verb == "pb":
            return lambda: state.post_bring_in()
        amount = _amount(record, action, rest[0])
        return lambda: state.complete_bet_or_raise_to(amount)
    if verb == "sd" and len(rest) <= 1:
        if state.stand_patter_or_discarder_index != player:
            raise _illegal(record, action, f"p{player + 1} cannot draw now")
        discarded: str | tuple[()] = _cards(record, action, rest[0]) if rest else ()
        return lambda: state.stand_pat_or_discard(discarded)
    if verb == "sm" and len(rest) <= 1:
        if not rest:
            return lambda: state.show_or_muck_hole_cards(False, player)
        if rest[0] == "-":
            return lambda: state.show_or_muck_hole_cards(True, player)
        cards = _cards(record, action, rest[0])
        dealt = list(holes[player]) if player < len(holes) else []
        shown = {Card.parse(cards[i:i + 2]) for i in range(0, len(cards), 2) if cards[i] != "?"}
        if dealt and None not in dealt and not shown <= set(dealt):
            raise _illegal(record, action, f"p{player + 1} was dealt {''.join(map(str, dealt))}")
        return lambda: state.show_or_muck_hole_cards(cards, player)
    raise record.error(action.line, f"unknown action {action.text!r}")
