"""Equity at every street and all-in expected value for replayed hands; totals for a file.

Equity (hold'em, short deck, Omaha, stud, stud hi-lo, razz) is
:func:`pokerfsm.equity` at the start of each street, among the players
still in, for the hand's game (``game=``; in a hi-lo game a player's equity
is their expected share of the pot):

* exact: every remaining board (stud: every deal of the cards to come and
  of the down cards nobody has seen) is enumerated when that fits the
  equity budget, otherwise a seeded Monte Carlo estimate (``exact=False``);
* the known cards of players who have folded are dead (out of the deck:
  at stud, their up cards);
* a live hand the history does not show counts as a random hand (exact
  when that fits the equity budget, otherwise a seeded Monte Carlo estimate,
  flagged by ``exact=False``); a street where no live hand is known has no
  equity (by symmetry each player would have ``1/k``).

When the installed calculator cannot compute the hand's game, its
equities are None and :attr:`StreetEquity.note` (and
:attr:`HandAnalysis.note`) say :data:`NOT_COMPUTED` (or, at a stud street of
more players than stud equity takes, that it is not computed for so many): never a number of
another game. A stud street where the stub runs out before the cards to come (eight players, one
of whom folded early: the folded and burned cards are then shuffled back in, which the
calculator does not model) says :data:`DECK_RUNS_OUT` instead.

In the draw games (five-card draw, 2-7 single and triple draw, badugi) the
equity before the last draw depends on how players will draw, so it is
left out (:data:`BEFORE_THE_DRAW`); after the last draw the hands are final
and the equity is the share of the pot each one wins.

**All-in EV**: when the betting ends with a player all-in and cards still
to come (board cards, or a stud hand's own), each pot (main and side) is shared in proportion to the
equity of its contenders on the board at that moment; a player's expected
net is that expectation plus uncalled bets returned minus what they put
in. ``luck`` is the actual net minus the expected net.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..errors import InvalidDealError, OptionError
from ..variants import HOLDEM, Game
from .playback import AllIn, ReplayedHand, Street
from .record import Dealing

if TYPE_CHECKING:  # pragma: no cover
    from ..odds.results import EquityResult
from .settlement import layer_pots

__all__ = ["StreetEquity", "Halves", "HandAnalysis", "PlayerSummary", "Summary", "analyse", "summarise",
           "NOT_COMPUTED", "BEFORE_THE_DRAW", "DECK_RUNS_OUT"]

NOT_COMPUTED = "not computed for this game yet"
"""What a street's equity says when the calculator does not compute the hand's game."""
DECK_RUNS_OUT = "not computed where the deck runs out and folded cards are shuffled back in"
"""What a stud street's equity says when its cards to come need the folded cards again."""
BEFORE_THE_DRAW = "depends on how the players will draw"
"""What a draw game's street before the last draw says instead of an equity."""


@dataclass(frozen=True)
class Halves:
    """A hi-lo player's chance to scoop the pot, and the parts of the pot expected from each half
    (``high + low`` is the player's equity)."""

    scoop: float
    high: float
    low: float


@dataclass(frozen=True)
class StreetEquity:
    """Each player's equity when ``street`` starts (None for players not in, or unknown), and the
    chance that the pot ends split (None when unknown).

    In a hi-lo game ``low`` is the chance that a low qualifies and ``halves``
    each player's :class:`Halves` (None for players not in); both are None
    in other games, or when the equity is unknown.
    """

    street: Street
    equity: tuple[float | None, ...]
    exact: bool
    std_error: float | None = None
    split: float | None = None
    note: str | None = None
    low: float | None = None
    halves: tuple[Halves | None, ...] | None = None


@dataclass(frozen=True)
class HandAnalysis:
    """A hand with its equities by street and, after an all-in, the expected nets."""

    hand: ReplayedHand
    streets: tuple[StreetEquity, ...]
    expected: tuple[float, ...] | None = None
    note: str | None = None
    """:data:`NOT_COMPUTED` when the hand's game has no equity here (nor all-in EV), else None."""

    @property
    def luck(self) -> tuple[float, ...] | None:
        """Actual net minus all-in expected net, by player (None without an all-in)."""
        if self.expected is None or self.hand.settlement is None:
            return None
        return tuple(net - ev for net, ev in zip(self.hand.settlement.net, self.expected))

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data, amounts in the file's unit: the JSON of ``pokerfsm replay``."""
        hand, record = self.hand, self.hand.record
        names, number = record.players, record.to_number

        def cards(seq: Sequence[Card] | None) -> list[str] | None:
            return None if seq is None else [str(c) for c in seq]

        result: dict[str, Any] = {
            "hand": record.name, "line": record.line, "game": record.game, "players": list(names),
            "button": names[-1], "starting_stacks": [None if s is None else number(s)
                                                     for s in record.starting_stacks],
            "antes": [number(a) for a in record.antes],
            "blinds_or_straddles": [number(b) for b in record.blinds],
            "complete": hand.complete, "showdown": hand.showdown, "board": cards(hand.board),
            "streets": [{
                "name": e.street.name, "board": cards(e.street.board), "pot": number(e.street.pot),
                "exact": e.exact, "std_error": e.std_error, "split": e.split, "note": e.note,
                **({} if e.halves is None else {"low": e.low}),
                "actions": list(e.street.actions),
                "players": [{"name": names[i], "cards": cards(e.street.holes[i]), **_faces(e.street, i),
                             "in": i in e.street.live, "equity": e.equity[i], **_halves(e, i)}
                            for i in range(record.seats)],
            } for e in self.streets],
            "finishing_stacks": None if hand.final_stacks is None else
            [None if s is None else number(s) for s in hand.final_stacks],
            "recorded_finishing_stacks": None if record.finishing_stacks is None else
            [None if s is None else number(s) for s in record.finishing_stacks],
            "settlement": None, "all_in": None, "note": self.note,
        }
        settlement = hand.settlement
        if settlement is not None:
            result["settlement"] = {
                "pots": [{"amount": number(p.amount), "eligible": [names[i] for i in p.eligible],
                          "winners": [names[i] for i in p.winners],
                          "low_winners": [names[i] for i in p.low_winners],
                          "shares": [number(x) for x in p.shares]} for p in settlement.pots],
                "returned": [number(x) for x in settlement.returned],
                "net": [number(x) for x in settlement.net],
                "hands": [None if r is None else r.describe() for r in settlement.ranks],
                "lows": None if settlement.lows is None else
                [None if low is None else low.describe() for low in settlement.lows],
                "mucked": [names[i] for i in hand.mucked],  # who threw their cards away: a hand shown is not
            }
        spot, luck = hand.all_in, self.luck
        if self.expected is not None and spot is not None and settlement is not None and luck is not None:
            result["all_in"] = {
                "street": spot.street, "board": cards(spot.board),
                "players": [names[i] for i in spot.live],
                "expected": [number(x) for x in self.expected],
                "net": [number(x) for x in settlement.net],
                "luck": [number(x) for x in luck],
            }
        return result


@dataclass(frozen=True)
class PlayerSummary:
    """One player's totals over a file (by name), amounts in the file's unit."""

    name: str
    hands: int
    net: float
    all_ins: int
    luck: float


@dataclass(frozen=True)
class Summary:
    """Totals over the hands of a file."""

    hands: int
    complete: int
    showdowns: int
    all_ins: int
    players: tuple[PlayerSummary, ...]

    def to_dict(self) -> dict[str, Any]:
        """The totals as plain data (the ``summary`` of ``pokerfsm replay --json``)."""
        return {"hands": self.hands, "complete": self.complete, "showdowns": self.showdowns,
                "all_ins": self.all_ins,
                "players": [{"name": p.name, "hands": p.hands, "net": p.net, "all_ins": p.all_ins,
                             "luck": p.luck} for p in self.players]}


def _faces(street: Street, i: int) -> dict[str, list[str | None]]:
    """A stud player's ``down`` cards (None where unseen) and ``up`` cards for the JSON (none elsewhere)."""
    if not street.up or not any(street.up[i]):
        return {}
    dealt = list(zip(street.cards[i], street.up[i]))
    return {"down": [None if c is None else str(c) for c, up in dealt if not up],
            "up": [str(c) for c, up in dealt if up and c is not None]}


def _halves(entry: StreetEquity, i: int) -> dict[str, float | None]:
    """Player ``i``'s hi-lo figures for the JSON (none outside hi-lo)."""
    if entry.halves is None:
        return {}
    part = entry.halves[i]
    if part is None:
        return {"scoop": None, "high_share": None, "low_share": None}
    return {"scoop": part.scoop, "high_share": part.high, "low_share": part.low}


class _NotComputed(Exception):
    """The installed calculator or evaluator has no back end for the hand's game."""

    note = NOT_COMPUTED


class _DeckRunsOut(_NotComputed):
    """A stud deal needs more cards than are left outside the hands and the folded cards."""

    note = DECK_RUNS_OUT


def _game_options(game: Game) -> dict[str, Any]:
    """The ``game=`` option for the calculator, left out for hold'em (its default)."""
    return {} if game == HOLDEM else {"game": game.name}


def _equity(hands: Sequence[Any], street: Street | AllIn, game: Game, **options: Any) -> EquityResult:
    """:func:`pokerfsm.equity` of ``hands`` at ``street``'s cards; :class:`_NotComputed` when the
    game has no back end here (never a number of another game). At stud the deal knows how many
    players are still in, for the community card eight players share."""
    from ..calculator import equity

    try:
        if game.is_stud:
            from ..odds.stud_deal import prepare_stud_deal

            try:
                deal = prepare_stud_deal(hands, street.dead, game=game, board=street.board,
                                         in_hand=len(street.live))
            except InvalidDealError as exc:
                if exc.field == "dead":   # too few cards left: only the folded ones could be dealt
                    raise _DeckRunsOut(str(exc)) from None
                raise
            return equity(deal, **options, **_game_options(game))
        return equity(hands, board=street.board, dead=street.dead, **options, **_game_options(game))
    except OptionError as exc:
        if exc.field == "game":
            raise _NotComputed(str(exc)) from None
        raise


def _stud_seats() -> int:
    """The most players stud equity takes."""
    from ..odds.stud_deal import MOST_PLAYERS

    return MOST_PLAYERS


def _seat_cards(street: Street | AllIn, game: Game, i: int) -> Any:
    """Player ``i``'s hand for the calculator: hole cards (None when unknown), or at stud the cards
    as dealt so far with None for each down card nobody saw."""
    if game.is_stud:
        return street.cards[i]
    return street.holes[i] if isinstance(street, Street) else None


def _board_equity(street: Street, game: Game, seed: int) -> StreetEquity:
    n = len(street.holes)
    live = street.live
    if len(live) == 1:
        return StreetEquity(street, tuple(1.0 if i in live else None for i in range(n)), True, split=0.0)
    hands = [_seat_cards(street, game, i) for i in live]
    if all(h is None or not any(c is not None for c in h) for h in hands):
        return StreetEquity(street, (None,) * n, False)
    if game.is_stud and len(live) > _stud_seats():
        return StreetEquity(street, (None,) * n, False, note=f"not computed for more than {_stud_seats()} players")
    known = all(street.holes[i] is not None for i in live)
    try:
        result = _equity(hands, street, game, exact=True if known and not game.is_stud else None, seed=seed)
    except _NotComputed as exc:
        return StreetEquity(street, (None,) * n, False, note=exc.note)
    shares = dict(zip(live, (p.equity for p in result.players)))
    halves = None
    if game.eight_or_better:
        by_seat = {i: Halves(p.scoop or 0.0, p.high_share or 0.0, p.low_share or 0.0)
                   for i, p in zip(live, result.players)}
        halves = tuple(by_seat.get(i) for i in range(n))
    return StreetEquity(street, tuple(shares.get(i) for i in range(n)), result.exact, result.std_error,
                        result.split, low=result.low if game.eight_or_better else None, halves=halves)


def _final_equity(street: Street, game: Game | None) -> StreetEquity:
    """A draw game's equity after the last draw: each final hand's share of the pot."""
    from ..evaluation import evaluate

    n = len(street.holes)
    hands = {i: hole for i in street.live if (hole := street.holes[i]) is not None}
    if len(hands) < len(street.live) or any(len(h) + len(street.board) < 4 for h in hands.values()):
        return StreetEquity(street, (None,) * n, False)
    try:
        ranks = {i: evaluate(h + street.board) if game is None else evaluate(h, game=game)
                 for i, h in hands.items()}
    except OptionError as exc:
        if exc.field != "game":
            raise
        return StreetEquity(street, (None,) * n, False, note=NOT_COMPUTED)
    best = max(ranks.values())
    winners = [i for i, r in ranks.items() if r == best]
    return StreetEquity(street, tuple((1 / len(winners) if i in winners else 0.0) if i in hands else None
                                      for i in range(n)), True, split=float(len(winners) > 1))


def _street_equity(hand: ReplayedHand, street: Street, seed: int) -> StreetEquity:
    rules = hand.record.rules
    if rules.dealing is not Dealing.DRAW and rules.game is not None:
        return _board_equity(street, rules.game, seed)
    if street.name != rules.streets[-1]:
        return StreetEquity(street, (None,) * len(street.holes), False, note=BEFORE_THE_DRAW)
    return _final_equity(street, rules.game)


def _all_in_expected(hand: ReplayedHand) -> tuple[float, ...] | None:
    """Each player's expected net from the all-in on, None without one (or without a back end)."""
    spot, settlement, game = hand.all_in, hand.settlement, hand.record.rules.game
    if spot is None or settlement is None or game is None:
        return None
    antes = None if hand.record.ante_trimming else hand.antes
    returned, pots = layer_pots(hand.contributions, spot.live, antes)
    expected = [float(r - c) for r, c in zip(returned, hand.contributions)]
    shares: dict[tuple[int, ...], tuple[float, ...]] = {}
    for amount, eligible in pots:
        if len(eligible) == 1:
            expected[eligible[0]] += amount
            continue
        if eligible not in shares:
            if any(hand.holes[i] is None for i in eligible):
                return None
            if game.is_stud and len(spot.live) > _stud_seats():  # the live players decide the community card
                return None
            # the hands as shown at the end (at stud, the cards that were dealt by the all-in)
            holes = [hole if not game.is_stud else hole[:len(spot.cards[i])]
                     for i in eligible if (hole := hand.holes[i]) is not None]
            try:
                result = _equity(holes, spot, game, exact=None if game.is_stud else True)
            except _NotComputed:
                return None
            shares[eligible] = tuple(p.equity for p in result.players)
        for i, share in zip(eligible, shares[eligible]):
            expected[i] += amount * share
    return tuple(expected)


def analyse(hand: ReplayedHand, *, seed: int = 0) -> HandAnalysis:
    """Equity at every street and the all-in expected nets of a replayed hand.

    :param hand: a hand from :func:`pokerfsm.history.load`.
    :param seed: seeds the Monte Carlo estimate used when a live hand is
        unknown and exact enumeration does not fit the budget.
    :raises InvalidDealError: only for inconsistent hands (not from a replay).
    """
    streets = tuple(_street_equity(hand, street, seed) for street in hand.streets)
    note = next((e.note for e in streets if e.note is not None and e.note != BEFORE_THE_DRAW), None)
    return HandAnalysis(hand, streets, _all_in_expected(hand), note)


def summarise(analyses: Sequence[HandAnalysis]) -> Summary:
    """Totals over a file: hands, showdowns, all-ins, and each player's net and luck.

    Players are matched by name (PHH's ``players``, or ``p1``... when a file
    has none).
    """
    totals: dict[str, PlayerSummary] = {}
    for analysis in analyses:
        hand, luck, number = analysis.hand, analysis.luck, analysis.hand.record.to_number
        net = hand.settlement.net if hand.settlement is not None else (0,) * hand.record.seats
        all_in = hand.all_in.live if hand.all_in is not None and luck is not None else ()
        for i, name in enumerate(hand.players):
            row = totals.get(name, PlayerSummary(name, 0, 0, 0, 0.0))
            totals[name] = PlayerSummary(name, row.hands + 1, row.net + number(net[i]),
                                         row.all_ins + (i in all_in),
                                         row.luck + (number(luck[i]) if luck is not None and i in all_in else 0))
    return Summary(
        hands=len(analyses), complete=sum(a.hand.complete for a in analyses),
        showdowns=sum(a.hand.showdown for a in analyses),
        all_ins=sum(a.expected is not None for a in analyses),
        players=tuple(totals.values()))
