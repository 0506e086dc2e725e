"""Replay a :class:`HandRecord` on pokerkit's rules engine, street by street, and settle it.

pokerkit checks every action (whose turn, minimum raises, fixed-limit
amounts, all-ins); this module reads the action notation itself so that a
bad action is reported on its own line, follows the chips each player puts
in, takes a snapshot at the start of every street and settles the pots with
:func:`~pokerfsm.history.settlement.showdown`. The result is a :class:`ReplayedHand`.

Nothing here prints; :mod:`pokerfsm.cli.replay` shows the result.
"""
from __future__ import annotations

import dataclasses
import math
import re
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..errors import HistoryReplayError, InvalidDealError
from ..variants import HOLDEM
from .engine import new_state, our_card, rules_engine
from .notation import is_noop, step
from .record import ActionLine, Dealing, HandRecord
from .settlement import Settlement, showdown

__all__ = ["Street", "AllIn", "ReplayedHand", "replay"]

@dataclass(frozen=True)
class Street:
    """The table when a street starts, and what happened on it.

    ``holes[i]`` are player ``i``'s cards when the history shows them all
    (None otherwise); ``cards[i]`` the same cards as dealt so far with None
    for each one the history does not show, and ``up[i]`` which of them were
    dealt face up (stud); ``live`` are the players who have not folded;
    ``dead`` the known cards of those who have; ``pot`` all chips in the middle.
    """

    name: str
    board: tuple[Card, ...]
    pot: int
    live: tuple[int, ...]
    holes: tuple[tuple[Card, ...] | None, ...]
    dead: tuple[Card, ...]
    actions: tuple[str, ...] = ()
    cards: tuple[tuple[Card | None, ...], ...] = ()
    up: tuple[tuple[bool, ...], ...] = ()


@dataclass(frozen=True)
class AllIn:
    """The moment the betting ended with someone all-in and cards still to come.

    ``cards`` and ``up`` are each player's cards and which are face up at
    that moment (as in :class:`Street`): a stud hand's cards to come are its own.
    """

    street: str
    board: tuple[Card, ...]
    live: tuple[int, ...]
    dead: tuple[Card, ...]
    cards: tuple[tuple[Card | None, ...], ...] = ()
    up: tuple[tuple[bool, ...], ...] = ()


@dataclass(frozen=True)
class ReplayedHand:
    """A replayed hand. Tuples by player follow the record's PHH order.

    ``contributions`` are the chips each player put in (``antes`` of them
    as antes). ``settlement`` and ``final_stacks`` are None when the history stops
    before the hand is over (:attr:`complete` is False). ``engine_stacks``
    are pokerkit's own finishing stacks, kept to cross-check the settlement.
    """

    record: HandRecord
    streets: tuple[Street, ...]
    board: tuple[Card, ...]
    holes: tuple[tuple[Card, ...] | None, ...]
    contributions: tuple[int, ...]
    antes: tuple[int, ...]
    folded: tuple[int, ...]
    mucked: tuple[int, ...]
    complete: bool
    settlement: Settlement | None
    final_stacks: tuple[int | None, ...] | None
    engine_stacks: tuple[int | None, ...] | None
    all_in: AllIn | None

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def showdown(self) -> bool:
        """True when two or more players were still in once the betting was over."""
        return self.complete and self.record.seats - len(self.folded) >= 2


def _known(cards: Sequence[Card | None]) -> tuple[Card, ...] | None:
    """All of ``cards`` when every one is known (and there are some), else None."""
    known = tuple(c for c in cards if c is not None)
    return known if cards and len(known) == len(cards) else None


@dataclass
class _StreetLog:
    """A street as it is replayed: its snapshot (taken once) and the moves so far."""

    snapshot: Street | None
    moves: list[str]


class _Replay:
    """Applies the actions one by one and follows chips, cards and streets."""

    def __init__(self, pk: Any, record: HandRecord) -> None:
        self.pk, self.record = pk, record
        n = record.seats
        try:
            self.state = new_state(pk, record)
        except Exception as exc:  # pokerkit refuses the set-up (blinds, stacks, ...)
            raise record.error(record.line, f"pokerkit cannot set up this hand: {_engine_reason(exc)}",
                               HistoryReplayError) from None
        self.contributions, self.antes, self.bets = [0] * n, [0] * n, [0] * n
        self.returned = 0
        self.holes: list[list[Card | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[Card] = []
        self.folded: set[int] = set()
        self.mucked: set[int] = set()
        self.in_play: set[Card] = set()
        self.taken = 0  # cards taken from the stub so far: dealt (seen or not) and burned
        self.street_list: list[_StreetLog] = []
        self.street_key = -1
        self.moves: list[str] = []
        self.all_in: AllIn | None = None
        self.seen, self.line, self.action = 0, record.line, ""
        self._begin_street(0)
        self._absorb()

    def apply(self, action: ActionLine) -> None:
        """Apply one action; raises HistoryParseError / HistoryReplayError on its line."""
        if is_noop(action):
            return
        self.line, self.action = action.line, action.text
        if not self.state.status:
            raise self.record.error(action.line, f"{action.text!r} comes after the end of the hand",
                                    HistoryReplayError)
        call = step(self.state, self.record, action, self.holes)
        try:
            call()
        except Exception as exc:  # pokerkit's rules say no
            raise self.record.error(action.line, f"illegal action {action.text!r}: {_engine_reason(exc)}",
                                    HistoryReplayError) from None
        self._absorb()

    # -- following the state ---------------------------------------------------
    def _absorb(self) -> None:
        pk, s = self.pk, self.state
        for op in s.operations[self.seen:]:
            index = getattr(op, "player_index", None)
            i = -1 if index is None else int(index)  # the operations below all have a player
            if isinstance(op, (pk.Folding, pk.CheckingOrCalling, pk.CompletionBettingOrRaisingTo,
                               pk.HoleCardsShowingOrMucking, pk.BringInPosting)):
                self._freeze()
            if isinstance(op, pk.AntePosting):
                self.contributions[i] += op.amount
                self.antes[i] += op.amount
                self.bets[i] += op.amount
            elif isinstance(op, (pk.BlindOrStraddlePosting, pk.CheckingOrCalling, pk.BringInPosting)):
                self.contributions[i] += op.amount
                self.bets[i] += op.amount
                self._move(i, op)
            elif isinstance(op, pk.CompletionBettingOrRaisingTo):
                raised = max(self.bets) > 0
                self.contributions[i] += op.amount - self.bets[i]
                self.bets[i] = op.amount
                self._move(i, op, raised)
            elif isinstance(op, pk.BetCollection):
                if len(s.statuses) - s.statuses.count(False) > 1:
                    self.returned += sum(self.bets) - sum(op.bets)
                self.bets = [0] * len(self.bets)
            elif isinstance(op, pk.Folding):
                self.folded.add(i)
                self._move(i, op)
                if self.record.rules.dealing is Dealing.DRAW:  # a draw game's muck is dealt again
                    self.in_play.difference_update(c for c in self.holes[i] if c is not None)
            elif isinstance(op, pk.CardBurning):
                self.taken += 1
            elif isinstance(op, pk.HoleDealing):
                self._deal([our_card(c) for c in op.cards], self.holes[i])
                self.up[i].extend(bool(up) for up in op.statuses)
            elif isinstance(op, pk.BoardDealing):
                self._deal_board([our_card(c) for c in op.cards])
            elif isinstance(op, pk.StandingPatOrDiscarding):
                discarded = [our_card(c) for c in op.cards]
                for card in discarded:
                    k = self.holes[i].index(card)
                    del self.holes[i][k], self.up[i][k]
                    if card is not None:
                        self.in_play.discard(card)
                shown = " ".join(str(c) for c in discarded if c is not None)
                self.moves.append(f"{self.record.players[i]}: " + (
                    f"discard {len(op.cards)}" + (f" ({shown})" if shown else "") if op.cards else "stand pat"))
            elif isinstance(op, pk.HoleCardsShowingOrMucking):
                self._show(i, [our_card(c) for c in op.hole_cards])
            if isinstance(op, (pk.Folding, pk.CheckingOrCalling, pk.CompletionBettingOrRaisingTo)):
                self._note_betting()
        self.seen = len(s.operations)
        key = s.street_index
        if key is not None and key != self.street_key:
            self._freeze()
            self._begin_street(key)

    def _deal(self, cards: list[Card | None], into: list[Card | None]) -> None:
        for card in cards:
            self.taken += 1
            if card is not None:
                self._take(card)
            into.append(card)

    def _deal_board(self, cards: list[Card | None]) -> None:
        for card in cards:
            if card is None:
                raise self.record.error(self.line, f"{self.action!r}: board cards cannot be unknown ('??')")
            self.taken += 1
            self._take(card)
            self.board.append(card)

    def _take(self, card: Card) -> None:
        game = self.record.rules.game
        if game is not None and card not in game.deck:  # pokerkit deals any card it is given
            raise self.record.error(self.line, f"{self.action!r}: card {str(card)!r} is not in "
                                               f"{game.label}'s {len(game.deck)}-card deck", HistoryReplayError)
        if card in self.in_play:
            if not self._shuffled_back(card):
                raise self._twice(card)
            return
        self.in_play.add(card)

    def _shuffled_back(self, card: Card) -> bool:
        """True for a folded hand's card dealt again once the stub has run out: pokerkit (and a
        dealer) then shuffles the folded and burned cards back in (a full stud table by the last
        streets)."""
        return self.taken > 52 and any(card in self.holes[i] for i in self.folded)

    def _twice(self, card: Card) -> HistoryReplayError:
        return self.record.error(self.line, f"card {str(card)!r} is dealt twice, "
                                            f"again in {self.action!r}", HistoryReplayError)

    def _show(self, i: int, cards: list[Card | None]) -> None:
        if not cards:
            self.mucked.add(i)
            self.moves.append(f"{self.record.players[i]}: muck")
            return
        hole = self.holes[i]
        for k, card in enumerate(cards[:len(hole)]):
            if card is not None and hole[k] is None:
                self._take(card)
                hole[k] = card
        self.moves.append(f"{self.record.players[i]}: show "
                          + " ".join("??" if c is None else str(c) for c in hole))

    def _move(self, i: int, op: Any, raised: bool = False) -> None:
        pk, name = self.pk, self.record.players[i]
        if isinstance(op, pk.Folding):
            text = "fold"
        elif isinstance(op, pk.BlindOrStraddlePosting):
            text = f"post {self.record.money(op.amount)}"
        elif isinstance(op, pk.BringInPosting):
            text = f"bring in {self.record.money(op.amount)}"
            self.completing = True
        elif isinstance(op, pk.CompletionBettingOrRaisingTo) and self.completing:
            text = f"complete to {self.record.money(op.amount)}"
            self.completing = False
        elif isinstance(op, pk.CheckingOrCalling):
            text = f"call {self.record.money(op.amount)}" if op.amount else "check"
        else:
            text = f"{'raise to' if raised else 'bet'} {self.record.money(op.amount)}"
        if self.state.stacks[i] == 0 and not isinstance(op, pk.Folding):
            text += " (all-in)"
        self.moves.append(f"{name}: {text}")

    def _note_betting(self) -> None:
        live = tuple(i for i in range(self.record.seats) if i not in self.folded)
        if any(self.state.stacks[i] == 0 for i in live):
            name = self.record.rules.streets[max(self.street_key, 0)]
            self.all_in = AllIn(name, tuple(self.board), live, self._dead(), *self._cards())
        else:
            self.all_in = None

    def _dead(self) -> tuple[Card, ...]:
        """The folded hands' cards, but those shuffled back in and dealt again."""
        live = {c for i, hole in enumerate(self.holes) if i not in self.folded for c in hole} | set(self.board)
        return tuple(c for i in sorted(self.folded) for c in self.holes[i] if c is not None and c not in live)

    def _cards(self) -> tuple[tuple[tuple[Card | None, ...], ...], tuple[tuple[bool, ...], ...]]:
        """Each player's cards as dealt so far (None where unknown), and which are face up."""
        return tuple(map(tuple, self.holes)), tuple(map(tuple, self.up))

    def _snapshot(self) -> Street:
        n = self.record.seats
        out = self.folded | self.mucked
        names = self.record.rules.streets
        return Street(
            name=names[min(max(self.street_key, 0), len(names) - 1)], board=tuple(self.board),
            pot=sum(self.contributions) - self.returned,
            live=tuple(i for i in range(n) if i not in out),
            holes=tuple(_known(h) for h in self.holes),
            dead=self._dead(), cards=self._cards()[0], up=self._cards()[1])

    def _begin_street(self, key: int) -> None:
        # stud's third street: the first full bet completes the bring-in, posted or not
        self.street_key, self.moves, self.completing = key, [], self.record.rules.bring_in and key == 0
        self.street_list.append(_StreetLog(None, self.moves))

    def _freeze(self) -> None:
        """Take the current street's snapshot, once: before its first move, or when it ends."""
        if self.street_list and self.street_list[-1].snapshot is None:
            self.street_list[-1].snapshot = self._snapshot()

    # -- the end ---------------------------------------------------------------
    def finish(self) -> ReplayedHand:
        """The replayed hand, once every action is applied."""
        s, record = self.state, self.record
        if s.status and s.showdown_index is not None:
            try:  # the history stops at the showdown: show or muck as pokerkit would
                while s.status and s.showdown_index is not None:
                    s.show_or_muck_hole_cards()
            except Exception:  # pokerkit cannot decide (unknown cards): the hand stays unfinished
                pass
            self._absorb()
        self._freeze()
        streets = tuple(dataclasses.replace(log.snapshot, actions=tuple(log.moves))
                        for log in self.street_list if log.snapshot is not None)
        holes = tuple(_known(h) for h in self.holes)
        complete = not s.status
        settlement: Settlement | None = None
        final: tuple[int | None, ...] | None = None
        engine: tuple[int | None, ...] | None = None
        all_in: AllIn | None = None
        if complete:
            out = sorted(self.folded | self.mucked)
            try:
                contenders = tuple(None if i in out else h for i, h in enumerate(holes))
                settlement = showdown(contenders, self.board, self.contributions, out,
                                      antes=None if record.ante_trimming else self.antes,
                                      game=record.rules.game or HOLDEM, names=record.players)
            except InvalidDealError as exc:
                raise record.error(self.line, f"cannot settle the hand: {exc}", HistoryReplayError) from None
            final = tuple(None if start is None else start + net
                          for start, net in zip(record.starting_stacks, settlement.net))
            engine = tuple(None if math.isinf(x) else int(x) for x in s.stacks)
            self._check_engine(final, engine)
            self._check_finishing(final)
            if self.all_in is not None and len(self.all_in.live) >= 2 and _to_come(record, self.all_in):
                all_in = self.all_in
        return ReplayedHand(record=record, streets=streets, board=tuple(self.board), holes=holes,
                    contributions=tuple(self.contributions), antes=tuple(self.antes),
                    folded=tuple(sorted(self.folded)), mucked=tuple(sorted(self.mucked)),
                    complete=complete, settlement=settlement, final_stacks=final,
                    engine_stacks=engine, all_in=all_in)

    def _stacks(self, stacks: Sequence[int | None]) -> str:
        return "[" + ", ".join("?" if x is None else self.record.money(x) for x in stacks) + "]"

    def _check_engine(self, final: tuple[int | None, ...], engine: tuple[int | None, ...]) -> None:
        """Our settlement against pokerkit's own finishing stacks: one error, never a silent difference."""
        if any(f is not None and e is not None and f != e for f, e in zip(final, engine)):
            raise self.record.error(
                self.record.line, f"the pots settle to {self._stacks(final)} here but to "
                                  f"{self._stacks(engine)} on pokerkit: this hand cannot be settled "
                                  f"with confidence ({self.record.rules.label})", HistoryReplayError)

    def _check_finishing(self, final: tuple[int | None, ...]) -> None:
        recorded = self.record.finishing_stacks
        if recorded is None:
            return
        if any(f is not None and r is not None and f != r for f, r in zip(final, recorded)):
            raise self.record.error(
                self.record.line_of("finishing_stacks"),
                f"finishing_stacks {self._stacks(recorded)} do not match the actions, which give "
                f"{self._stacks(final)}", HistoryReplayError)


def _engine_reason(exc: Exception) -> str:
    """pokerkit's reason for refusing, in a history's terms: its players are counted from 0
    ("The Player 2" is p3); an exception that is not a sentence (a KeyError's repr, an empty
    AssertionError) gives none of its text."""
    text = str(exc).strip()
    if not isinstance(exc, ValueError) or not text:
        return "pokerkit's rules engine cannot apply it at this point of the hand"
    text = re.sub(r"\bThe Player ([0-9]+)\b", lambda m: f"p{int(m.group(1)) + 1}", text)
    return text.replace(",)", ")")  # a one-card tuple, "(8s,)"


def _to_come(record: HandRecord, spot: AllIn) -> bool:
    """True when cards were still to come at an all-in: board cards, or a stud hand's own (never a draw)."""
    game = record.rules.game
    if game is None or record.rules.dealing is Dealing.DRAW:
        return False
    if record.rules.dealing is Dealing.STUD:  # eight players' seventh card is one on the board
        return any(len(spot.cards[i]) + len(spot.board) < game.hole_cards for i in spot.live)
    return len(spot.board) < game.board_cards


def replay(record: HandRecord) -> ReplayedHand:
    """Play a recorded hand on pokerkit and settle it.

    :param record: a hand from :func:`pokerfsm.history.parse`.
    :returns: the :class:`ReplayedHand`, street by street.
    :raises HistoryParseError: an action that does not parse (on its line).
    :raises HistoryReplayError: an illegal action, a card dealt twice, a hand
        that cannot be settled, or recorded finishing stacks that the actions
        do not produce.
    :raises ModuleNotFoundError: pokerkit (the ``games`` extra) is not installed.
    """
    pk = rules_engine()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about cards it did not deal itself
        run = _Replay(pk, record)
        for action in record.actions:
            run.apply(action)
        return run.finish()
