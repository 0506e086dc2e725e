"""Settle a finished hand: uncalled bets, main and side pots, winners, odd chips.

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
* **Hopeless hands are mucked first**: a hand beaten in every pot it could
  win takes no further part, and neighbouring pots then contested by the
  same players are one pot. (So a main and a side pot chopped by the same
  two players make one odd chip, not two.)
* **Odd chips**: a split pot is divided evenly and the remainder goes
  to the first winner to the left of the button, i.e. the winner with the
  lowest seat index in PHH order (seat 0 is the first player left of the
  button, the last seat is the button). With more than two winners the
  whole remainder goes to that one player, as pokerkit does.

>>> s = showdown(["AhAd", "KsKc", "QhQd"], "2c 7d 9h Js 3s", [100, 300, 400], folded=())
>>> s.returned, s.mucked, s.net
((0, 0, 100), (2,), (200, 100, -300))
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, (0, 1), (0,)), (400, (1,), (1,))]

Queens were beaten in both pots, so they are mucked: the main pot is then
contested by the aces and the kings, the side pot by the kings alone.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Union

from ..cards import Card, CardsLike, as_cards
from ..errors import DuplicateCardError, InvalidDealError

__all__ = ["Pot", "Settlement", "showdown", "layer_pots"]

HandLike = Union[CardsLike, None]


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, who contests it, who wins it and what each player takes.

    ``eligible`` are the players contesting the pot at the showdown: in it
    for enough chips, not folded, and not holding a hand beaten in every pot
    it could win (see :attr:`Settlement.mucked`); ``shares`` has one entry per
    player of the hand (zero for everybody but the winners).
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True)
class Settlement:
    """Who takes what at the end of a hand; every tuple is indexed by player.

    ``returned`` are the uncalled bets given back, ``ranks`` the hand value of
    every player whose hand was compared (``None`` for the others), ``mucked``
    the live players whose hands could win nothing.
    """

    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    pots: tuple[Pot, ...]
    ranks: tuple  # tuple[HandRank | None, ...]
    mucked: tuple[int, ...] = ()

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
            raise InvalidDealError(f"{what} of player {i} must be a whole number of chips >= 0, "
                                   f"got {value!r}")
        result.append(int(value))
    return result


def _folded_set(folded: Iterable, n: int) -> set[int]:
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
    pots: list[list] = []
    carry, previous = sum(dead), 0
    for level in sorted(set(bets)):
        amount = carry + sum(min(b, level) - min(b, previous) for b in bets)
        carry, previous = 0, level
        eligible = tuple(i for i in range(n) if i in live and bets[i] >= level)
        if not eligible or (pots and pots[-1][1] == eligible):
            if pots:
                pots[-1][0] += amount
            else:
                carry = amount  # nobody can win this layer yet: it joins the next pot
            continue
        if amount:
            pots.append([amount, eligible])
    if carry:  # only possible when no layer had a contender, which `live` rules out
        raise InvalidDealError("chips are left that no contender can win")
    return tuple(returned), [(amount, eligible) for amount, eligible in pots]


def _hands(hands: Sequence[HandLike], board: tuple[Card, ...]) -> list[tuple[Card, ...] | None]:
    result: list[tuple[Card, ...] | None] = []
    seen = {card: "the board" for card in board}
    for i, hand in enumerate(hands):
        if hand is None or (isinstance(hand, str) and hand.strip() in ("", "?", "??", "????")):
            result.append(None)
            continue
        cards = as_cards(hand)
        for card in cards:
            if card in seen:
                raise DuplicateCardError(f"card {str(card)!r} of player {i} is also in {seen[card]}")
            seen[card] = f"player {i}'s hand"
        result.append(cards)
    return result


def showdown(hands: Sequence[HandLike], board: CardsLike, contributions: Sequence[int],
             folded: Iterable = (), *, antes: Sequence[int] | None = None) -> Settlement:
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
    :returns: a :class:`Settlement`; see the module docstring for the rules.
    :raises InvalidDealError: inconsistent lengths or amounts, everybody
        folded, or a hand that must be compared is unknown or not 5-7 cards
        with the board.
    :raises DuplicateCardError: a card in two hands or in a hand and the board.

    A split pot with an odd chip (seat 1 is the first winner left of the button):

    >>> s = showdown([None, "Ah Kd", "As Kc"], "2c 7d 9h Js 3s", [5, 10, 10], folded=[0])
    >>> [(p.amount, p.winners, p.shares) for p in s.pots]
    [(25, (1, 2), (0, 13, 12))]
    """
    n = len(contributions)
    if n < 2:
        raise InvalidDealError(f"a hand needs at least 2 players, got {n}")
    if len(hands) != n:
        raise InvalidDealError(f"{len(hands)} hands for {n} contributions")
    out = _folded_set(folded, n)
    live = [i for i in range(n) if i not in out]
    returned, layers = layer_pots(contributions, live, antes)
    board_cards = as_cards(board)
    cards = _hands(hands, board_cards)
    compared = sorted({i for _, eligible in layers if len(eligible) > 1 for i in eligible})
    ranks: list = [None] * n
    if compared:
        from ..evaluation import evaluate  # the table is opened only when hands are compared
        for i in compared:
            if cards[i] is None:
                raise InvalidDealError(f"player {i}'s cards are unknown but must be compared at the showdown")
            total = len(cards[i]) + len(board_cards)
            if not 5 <= total <= 7:
                raise InvalidDealError(f"player {i} has {total} cards with the board; a showdown needs 5-7")
            ranks[i] = evaluate(cards[i] + board_cards)
    best = [max((ranks[i] for i in eligible), default=None) if len(eligible) > 1 else None
            for _, eligible in layers]
    hopeless = tuple(i for i in compared
                     if all(top is not None and ranks[i] < top
                            for (_, eligible), top in zip(layers, best) if i in eligible))
    if hopeless:
        returned, layers = layer_pots(contributions, [i for i in live if i not in hopeless], antes)
    pots = []
    for amount, eligible in layers:
        top = max((ranks[i] for i in eligible), default=None) if len(eligible) > 1 else None
        winners = eligible if top is None else tuple(i for i in eligible if ranks[i] == top)
        each, odd = divmod(amount, len(winners))
        shares = [0] * n
        for i in winners:
            shares[i] = each
        shares[winners[0]] += odd
        pots.append(Pot(amount, eligible, winners, tuple(shares)))
    return Settlement(tuple(_amounts(contributions, "the contribution")), returned, tuple(pots),
                      tuple(ranks), hopeless)
