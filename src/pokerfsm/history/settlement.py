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

>>> s = showdown(["AhAd", "KsKc", "QhQd"], "2c 7d 9h Js 3s", [100, 300, 400], folded=())
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(300, (0, 1, 2), (0,)), (400, (1, 2), (1,))]
>>> s.returned, s.mucked, s.net
((0, 0, 100), (2,), (200, 100, -300))
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card, CardsLike, as_cards
from ..errors import DuplicateCardError, InvalidDealError

if TYPE_CHECKING:  # pragma: no cover
    from ..evaluation import HandRank

__all__ = ["Pot", "Settlement", "showdown", "layer_pots"]

HandLike = CardsLike | None


@dataclass(frozen=True)
class Pot:
    """One pot: its chips, who contests it, who wins it and what each player takes.

    ``eligible`` are the players who could win it: in it for enough chips
    and not folded; ``shares`` has one entry per player of the hand (zero for
    everybody but the winners).
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
    the players who reached the showdown and won nothing.
    """

    contributions: tuple[int, ...]
    returned: tuple[int, ...]
    pots: tuple[Pot, ...]
    ranks: tuple[HandRank | None, ...]
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
             folded: Iterable[int | bool] = (), *, antes: Sequence[int] | None = None) -> Settlement:
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
    rank_of: dict[int, HandRank] = {}
    if compared:
        from ..evaluation import evaluate  # the table is opened only when hands are compared
        for i in compared:
            hand = cards[i]
            if hand is None:
                raise InvalidDealError(f"player {i}'s cards are unknown but must be compared at the showdown")
            total = len(hand) + len(board_cards)
            if not 5 <= total <= 7:
                raise InvalidDealError(f"player {i} has {total} cards with the board; a showdown needs 5-7")
            rank_of[i] = evaluate(hand + board_cards)
    ranks = tuple(rank_of.get(i) for i in range(n))
    winners = [eligible if len(eligible) == 1 else
               tuple(i for i in eligible if rank_of[i] == max(rank_of[j] for j in eligible))
               for _, eligible in layers]
    survivors = {i for group in winners for i in group}
    pots = tuple(Pot(amount, eligible, won, tuple(cut)) for (amount, eligible), won, cut
                 in zip(layers, winners, _split(layers, winners, survivors, n)))
    return Settlement(tuple(_amounts(contributions, "the contribution")), returned, pots,
                      ranks, tuple(i for i in compared if i not in survivors))


def _split(layers: Sequence[tuple[int, tuple[int, ...]]], winners: Sequence[tuple[int, ...]],
           survivors: set[int], n: int) -> list[list[int]]:
    """Each pot's shares, odd chips counted over runs of pots with the same contenders.

    Once the hands that win nothing are mucked, neighbouring pots contested
    by the same players are one pot for pokerkit, whose remainder goes to the
    first winner (the lowest seat). Each of our pots still gets exactly its
    own chips: the run's total per winner is fixed first, then each pot's odd
    chips go to the winners furthest below their total.
    """
    contenders = [tuple(i for i in eligible if i in survivors) for _, eligible in layers]
    shares = [[0] * n for _ in layers]
    start = 0
    while start < len(layers):
        end = start
        while end + 1 < len(layers) and contenders[end + 1] == contenders[start]:
            end += 1
        run, won = range(start, end + 1), winners[start]
        each, odd = divmod(sum(layers[k][0] for k in run), len(won))
        need = {i: each + (odd if i == won[0] else 0) for i in won}
        for k in run:
            base = layers[k][0] // len(won)
            for i in won:
                shares[k][i] = base
                need[i] -= base
        for k in run:
            for _ in range(layers[k][0] % len(won)):
                i = max(won, key=lambda seat: (need[seat], -seat))
                shares[k][i] += 1
                need[i] -= 1
        start = end + 1
    return shares
