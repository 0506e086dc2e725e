"""Settle a finished hand: uncalled bets, main and side pots, winners, odd chips, hi-lo halves.

:func:`showdown` takes what each player put in and the hands still in, and
says who takes what. The rules, chosen so that replaying a history written
by pokerkit (our own games' included) gives its finishing stacks to the chip:

* **Uncalled bets** go back: the excess of the biggest contribution over the
  second biggest returns to its owner before any pot is formed.
* **Pots** are layered by contribution: the main pot holds what every
  contender matched, each side pot the next layer. Players who folded (or
  mucked) leave their chips in the pots they reached but cannot win them.
* **Dead antes** (``antes=``): when antes are not "trimmed" (PHH's
  ``ante_trimming_status = false``, the default), they all go to the main
  pot, even the short ante of a player who could not post a full one.
* **Odd chips**: a split pot is divided evenly and the remainder goes
  to the first winner to the left of the button, i.e. the winner with the
  lowest seat index in PHH order (seat 0 is the first player left of the
  button, the last seat is the button). With more than two winners the
  whole remainder goes to that one player, as pokerkit does.
* **Pots split by the same players count their odd chips together**: once
  the hands that win nothing are mucked (:attr:`Settlement.mucked`),
  neighbouring pots contested by the same players are one pot for
  pokerkit, so a main and a side pot chopped by the same two players make
  one odd chip, not two. Each pot still shows its own chips, eligible
  players and winners.
* **Games** (``game=``, :mod:`pokerfsm.variants`): hands are made and
  ranked by the game's evaluator (hold'em and short deck with the board,
  Omaha with exactly two hole cards, stud with a player's seven cards (with
  eight players, six and the community card dealt as the board), the
  draw games with the cards held at the showdown); a low-only game (razz,
  deuce-to-seven, badugi) gives each pot to the best low, with the same
  odd-chip rule.
* **Hi-lo** (``game="omaha-hi-lo"``, ``"stud-hi-lo"``): each pot is split in two halves,
  the odd chip to the high half; the high half goes to the best high among
  the pot's contenders, the low half to the best 8-or-better low, each
  half's odd chips to its first winner as above. When no hand still in
  has a qualifying low, every pot goes whole to the high. When some hand
  has one but none of a pot's contenders do, pokerkit shares that pot's
  low half among all of its contenders; so does this module, so that a
  replay gives pokerkit's stacks to the chip.

>>> s = showdown(["AhAd", "KsKc", "QhQd"], "2c 7d 9h Js 3s", [100, 300, 400], folded=())
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, (0, 1, 2), (0,)), (400, (1, 2), (1,))]
>>> s.returned, s.mucked, s.net
((0, 0, 100), (2,), (200, 100, -300))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import Card, CardsLike, as_cards
from ..errors import DuplicateCardError, Error, InvalidDealError
from ..variants import HOLDEM, Game, GameLike, game_of

if TYPE_CHECKING:  # pragma: no cover
    from ..evaluation import HandRank, LowRank

__all__ = ["Pot", "Settlement", "showdown", "layer_pots"]

HandLike = CardsLike | None


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, who contests it, who wins it and what each player takes.

    ``eligible`` are the players who could win it: in it for enough chips
    and not folded; ``winners`` take the pot, or its high half in a hi-lo
    game, where ``low_winners`` take the low half (empty when the low half
    is not played: hold'em, or no low qualifies); ``shares`` has one entry
    per player of the hand (zero for everybody but the winners).
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    low_winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class Settlement:
    """Who takes what at the end of a hand; every tuple is indexed by player.

    ``returned`` are the uncalled bets given back, ``ranks`` the hand value of
    every player whose hand was compared (``None`` for the others; the high
    in a hi-lo game), ``lows`` their 8-or-better lows in a hi-lo game (None
    for a hand without one; ``lows`` itself is None in a game without a low),
    ``mucked`` the players who reached the showdown and won nothing.
    """

    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    pots: tuple[Pot, ...]
    ranks: tuple[HandRank | None, ...]
    mucked: tuple[int, ...] = ()
    lows: tuple[LowRank | None, ...] | None = None

    @property
    def won(self) -> tuple[int, ...]:
        """Chips each player takes from the pots."""
        return tuple(sum(p.shares[i] for p in self.pots) for i in range(len(self.contributions)))

    @property
    def payouts(self) -> tuple[int, ...]:
        """Chips each player takes back from the table: pots won plus bets returned."""
        return tuple(w + r for w, r in zip(self.won, self.returned))

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won (positive) or lost (negative) by each player."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions))

    @property
    def contested(self) -> bool:
        """True when some pot was decided by comparing hands."""
        return any(len(p.eligible) > 1 for p in self.pots)


def _amounts(values: Sequence[int], what: str) -> list[int]:
    result = []
    for i, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidDealError(f"{what} of seat {i} must be a whole number of chips >= 0, "
                                   f"got {value!r}")
        result.append(int(value))
    return result


def _folded_set(folded: Iterable[int | bool], n: int) -> set[int]:
    items = list(folded)
    if len(items) == n and all(isinstance(x, bool) for x in items):
        return {i for i, flag in enumerate(items) if flag}
    result = set()
    for x in items:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < n:
            raise InvalidDealError(f"folded players are seat numbers 0-{n - 1} "
                                   f"(or {n} booleans), got {x!r}")
        result.add(int(x))
    return result


def layer_pots(contributions: Sequence[int], contenders: Iterable[int],
               antes: Sequence[int] | None = None) -> tuple[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]:
    """Return uncalled bets and the pots as ``(amount, eligible)`` pairs, main pot first.

    :param contributions: chips each player put in (antes included).
    :param contenders: players who can win chips (not folded).
    :param antes: the dead-ante part of each contribution, or None.
    :raises InvalidDealError: bad amounts, or no contender at all.

    Seat 0 is all-in for 50, seat 2 folds after putting in 120, seat 3's
    last 100 are not called:

    >>> layer_pots([50, 200, 120, 300], contenders=[0, 1, 3])
    ((0, 0, 0, 100), [(200, (0, 1, 3)), (370, (1, 3))])
    """
    n = len(contributions)
    total = _amounts(contributions, "the contribution")
    dead = _amounts(antes, "the ante") if antes is not None else [0] * n
    if len(dead) != n:
        raise InvalidDealError(f"{len(dead)} antes for {n} players")
    if any(a > c for a, c in zip(dead, total)):
        raise InvalidDealError("an ante is larger than that player's whole contribution")
    live = set(contenders)
    if not live:
        raise InvalidDealError("every player folded: nobody is left to win the pot")
    bets = [c - a for c, a in zip(total, dead)]
    returned = [0] * n
    if n >= 2:
        top, second = sorted(range(n), key=lambda i: bets[i], reverse=True)[:2]
        returned[top] = bets[top] - bets[second]
        bets[top] -= returned[top]
    pots: list[tuple[int, tuple[int, ...]]] = []
    carry, previous = sum(dead), 0
    last: tuple[int, ...] = ()
    for level in sorted(set(bets)):
        amount = carry + sum(min(b, level) - min(b, previous) for b in bets)
        previous = level
        eligible = tuple(i for i in range(n) if i in live and bets[i] >= level)
        last = eligible or last  # the lowest level always has every contender
        target = eligible or (pots[-1][1] if pots else last)  # dead chips join the pot below
        carry = 0
        if pots and pots[-1][1] == target:
            pots[-1] = (pots[-1][0] + amount, target)
        elif amount:
            pots.append((amount, target))
    return tuple(returned), pots


def _hands(hands: Sequence[HandLike], board: tuple[Card, ...], who: Sequence[str]) -> list[tuple[Card, ...] | None]:
    result: list[tuple[Card, ...] | None] = []
    seen = {card: "the board" for card in board}
    for i, hand in enumerate(hands):
        if hand is None or (isinstance(hand, str) and not hand.replace("?", "").strip()):  # '??' per unseen card
            result.append(None)
            continue
        cards = as_cards(hand)
        for card in cards:
            if card in seen:
                raise DuplicateCardError(f"card {str(card)!r} of {who[i]} is also in {seen[card]}",
                                         player=i, card=card)
            seen[card] = f"{who[i]}'s hand"
        result.append(cards)
    return result


def _evaluated(cards: tuple[Card, ...] | None, board: tuple[Card, ...], game: Game, i: int, who: str
               ) -> tuple[Any, LowRank | None]:  # the game's value: a HandRank, or a low-only game's low
    """Player ``i``'s value and low: the high and the 8-or-better low (None without one) in a hi-lo
    game, else the value that wins the pot (a low-only game's low) and None."""
    from ..evaluation import HiLo, evaluate  # the tables are opened only when hands are compared

    if cards is None:
        raise InvalidDealError(f"{who}'s cards are unknown but must be compared at the showdown", player=i)
    if game == HOLDEM:  # five-card draw too: its five cards and no board
        total = len(cards) + len(board)
        if not 5 <= total <= 7:
            raise InvalidDealError(f"{who} has {total} cards with the board; a showdown needs 5-7", player=i)
        return evaluate(cards + board), None
    if game.is_stud:  # eight players' seventh card is one community card, part of every hand
        cards, board = cards + board, ()
    try:
        value = evaluate(cards, board=board if game.board_cards else None, game=game)
    except Error as exc:
        raise InvalidDealError(f"{who}'s hand at {game.label}: {exc}", player=i) from None
    return (value.high, value.low) if isinstance(value, HiLo) else (value, None)


def _best(values: dict[int, HandRank] | dict[int, LowRank], eligible: tuple[int, ...]) -> tuple[int, ...]:
    """The players of ``eligible`` with the best value (those without one cannot win)."""
    holding = [i for i in eligible if i in values]
    if not holding:
        return ()
    top = max(values[i] for i in holding)
    return tuple(i for i in holding if values[i] == top)


def showdown(hands: Sequence[HandLike], board: CardsLike, contributions: Sequence[int],
             folded: Iterable[int | bool] = (), *, antes: Sequence[int] | None = None,
             game: GameLike = "holdem", names: Sequence[str] | None = None) -> Settlement:
    """Settle a hand: return uncalled bets, form the pots, award them.

    :param hands: each player's cards in PHH seat order (seat 0 first left of
        the button, the button last); ``None`` for a hand nobody saw, which is
        fine for a player who folded or who is alone in every pot they reach.
    :param board: the community cards (none for draw games).
    :param contributions: chips each player put in during the hand, antes,
        blinds and uncalled bets included.
    :param folded: seats that folded or mucked, as indices or as one boolean
        per player.
    :param antes: the part of each contribution that is a dead ante (goes to
        the main pot whatever else the player put in); ``None`` when antes
        are trimmed like any bet, or there are none.
    :param game: how hands are made and pots split (:mod:`pokerfsm.variants`):
        ``"holdem"`` (also five-card draw, with no board), ``"omaha"``, or a
        hi-lo game, whose pots are split as the module docstring says.
    :param names: what the messages call each player (a history's ``p1``, ``p2`` ...); by
        default ``seat 0``, ``seat 1`` ..., the indices the other arguments use.
    :returns: a :class:`Settlement`; see the module docstring for the rules.
    :raises InvalidDealError: inconsistent lengths or amounts, everybody
        folded, or a hand that must be compared is unknown or not a hand of
        the game (hold'em: 5-7 cards with the board).
    :raises DuplicateCardError: a card in two hands or in a hand and the board.

    A split pot with an odd chip (seat 1 is the first winner left of the button):

    >>> s = showdown([None, "Ah Kd", "As Kc"], "2c 7d 9h Js 3s", [5, 10, 10], folded=[0])
    >>> [(p.amount, p.winners, p.shares) for p in s.pots]
    [(25, (1, 2), (0, 13, 12))]

    Omaha hi-lo: seat 0 has the best high, seat 1 the only low; the odd chip
    of 25 goes to the high half:

    >>> s = showdown(["Kh Kd Qc Qs", "Ah 2c 9d 9s", None], "Kc 3d 5h 8s Js", [12, 12, 1], [2],
    ...              game="omaha-hi-lo")
    >>> [(p.amount, p.winners, p.low_winners, p.shares) for p in s.pots]
    [(25, (0,), (1,), (13, 12, 0))]
    """
    chosen = game_of(game)
    n = len(contributions)
    if n < 2:
        raise InvalidDealError(f"a hand needs at least 2 players, got {n}")
    if len(hands) != n:
        raise InvalidDealError(f"{len(hands)} hands for {n} contributions")
    out = _folded_set(folded, n)
    live = [i for i in range(n) if i not in out]
    returned, layers = layer_pots(contributions, live, antes)
    board_cards = as_cards(board)
    who = list(names) if names is not None else [f"seat {i}" for i in range(n)]
    if len(who) != n:
        raise InvalidDealError(f"{len(who)} names for {n} contributions")
    cards = _hands(hands, board_cards, who)
    compared = sorted({i for _, eligible in layers if len(eligible) > 1 for i in eligible})
    rank_of: dict[int, HandRank] = {}
    low_of: dict[int, LowRank] = {}
    for i in compared:
        rank_of[i], low = _evaluated(cards[i], board_cards, chosen, i, who[i])
        if low is not None:
            low_of[i] = low
    highs = [eligible if len(eligible) == 1 else _best(rank_of, eligible) for _, eligible in layers]
    lows = [_best(low_of, eligible) for _, eligible in layers]
    survivors = {i for group in (*highs, *lows) for i in group}
    low_played = chosen.eight_or_better and any(i in survivors for i in low_of)
    cuts = _split(layers, highs, lows if low_played else None, survivors, n)
    pots = tuple(Pot(amount, eligible, high, tuple(cut), low)
                 for (amount, eligible), high, low, cut in zip(layers, highs, cuts.lows, cuts.shares))
    return Settlement(tuple(_amounts(contributions, "the contribution")), returned, pots,
                      tuple(rank_of.get(i) for i in range(n)), tuple(i for i in compared if i not in survivors),
                      tuple(low_of.get(i) for i in range(n)) if chosen.eight_or_better else None)


@dataclass(frozen=True)
class _Cuts:
    """Each pot's shares, and who takes its low half (empty when the low half is not played)."""

    shares: list[list[int]]
    lows: list[tuple[int, ...]]


def _halves(amount: int, high: tuple[int, ...], low: tuple[int, ...] | None) -> dict[int, int]:
    """What each winner takes of ``amount`` by pokerkit's rule: the high half gets the odd chip, and
    within each half the first winner (lowest seat) gets the remainder."""
    parts = [(amount - amount // 2, high), (amount // 2, low)] if low is not None else [(amount, high)]
    taken: dict[int, int] = {}
    for chips, winners in parts:
        each, odd = divmod(chips, len(winners))
        for i in winners:
            taken[i] = taken.get(i, 0) + each + (odd if i == winners[0] else 0)
    return taken


def _split(layers: Sequence[tuple[int, tuple[int, ...]]], highs: Sequence[tuple[int, ...]],
           lows: Sequence[tuple[int, ...]] | None, survivors: set[int], n: int) -> _Cuts:
    """Each pot's shares, odd chips counted over runs of pots with the same contenders.

    Once the hands that win nothing are mucked, neighbouring pots contested
    by the same players are one pot for pokerkit, split by :func:`_halves`.
    ``lows`` (None when no low half is played) are the players with each
    pot's best low; a pot whose contenders have no low while another pot's
    do has its low half shared by all its contenders, as pokerkit shares it.
    Each of our pots still gets exactly its own chips: the run's total per
    winner is fixed first, then each pot gives every winner its own share
    (at most what is still owed) and its odd chips to the winners furthest
    below their total.
    """
    contenders = [tuple(i for i in eligible if i in survivors) for _, eligible in layers]
    shares = [[0] * n for _ in layers]
    low_takers: list[tuple[int, ...]] = [() for _ in layers]
    start = 0
    while start < len(layers):
        end = start
        while end + 1 < len(layers) and contenders[end + 1] == contenders[start]:
            end += 1
        run, high = range(start, end + 1), highs[start]
        low = None if lows is None else (lows[start] or contenders[start])
        need = _halves(sum(layers[k][0] for k in run), high, low)
        for k in run:
            low_takers[k] = low or ()
            for i, chips in _halves(layers[k][0], high, low).items():
                shares[k][i] = min(chips, need[i])
                need[i] -= shares[k][i]
        for k in run:
            for _ in range(layers[k][0] - sum(shares[k])):
                i = max(need, key=lambda seat: (need[seat], -seat))
                shares[k][i] += 1
                need[i] -= 1
        start = end + 1
    return _Cuts(shares, low_takers)
