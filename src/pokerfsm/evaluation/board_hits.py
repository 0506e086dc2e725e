"""What a range makes on a board, Flopzilla-style: :func:`hits`.

Each hand of the range that the board leaves possible is put in exactly one
*made hand* class, and in any number of *draw* classes (no draws on the
river). The made-hand classes, strongest first, and how a hand gets there:

* ``straight flush``, ``quads``, ``full house``, ``flush``, ``straight``: the
  hand's category, when the hole cards improve on the board alone (on the
  river a board that plays counts as nothing);
* ``set``: a pocket pair matching a board card; ``trips``: one hole card
  matching a pair on the board;
* ``two pair``: both hole cards pair the board (two different ranks);
* ``overpair``: a pocket pair above every board card; ``underpair``: one below
  the top board card (and not a set);
* ``top pair``: a hole card pairs the top board rank, split by kicker:
  ``top kicker`` (the best rank not on the board), ``good kicker`` (ten or
  better), ``weak kicker``;
* ``middle pair`` (a board rank between the top and the bottom one),
  ``bottom pair`` (the lowest board rank);
* ``ace high``: no pair from the hole cards, one of them an ace;
  ``nothing``: the rest. A pair that is on the board only is nobody's pair.

Draws, on the flop and the turn, for hands without a straight or better:
``flush draw`` (four to a flush with a hole card), ``open-ended`` (two or
more ranks complete a straight that uses a hole card; double gutshots count
here: eight outs), ``gutshot`` (one rank does), ``combo draw`` (a flush draw
and a straight draw), ``backdoor flush draw`` (flop only: three to a flush
with a hole card and no flush draw), ``two overcards`` (both hole cards above
the top board card, no pair).

Weights count: a hand of weight 0.5 adds 0.5 to its classes.

At short deck (``game="short-deck"``) the hands are valued by short deck's
ranking: A-6-7-8-9 is the lowest straight (so an ace and a six to nine make
straight draws) and a flush beats a full house, which :func:`made_hands`
lists in that order. Only the 36 cards six and up are dealt: an unknown
hand's range is the 630 hands of that deck, and a range, a board or dead
cards naming a lower card is one error quoting it. A top-X % item
(``top 15%``) takes short deck's own order, as the short-deck equity reads
it (:func:`pokerfsm.short_deck_order.with_short_deck_shares`).

>>> r = hits("QQ+, AKs, AKo, 76s", "Kd 7c 2h")
>>> r.combos, r.made["set"], r.made["top pair, top kicker"], r.made["overpair"], r.made["middle pair"]
(30, 3, 12, 6, 3)
>>> r.draws["backdoor flush draw"]
4
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardsLike, cards_of
from ..errors import DuplicateCardError, Error, InvalidDealError
from ..players import read_player
from ..ranges import HandRange
from ..ranking import HandCategory
from ..short_deck_order import with_short_deck_shares
from ..variants import HOLDEM, GameLike, HighRule, game_of, not_played
from .handrank import HandRank
from .hands import evaluate
from .short_deck import checked_short_deck_cards, evaluate_short_deck

__all__ = ["MADE_HANDS", "DRAWS", "BoardHits", "hits", "classify", "made_hands"]

MADE_HANDS = ("straight flush", "quads", "full house", "flush", "straight", "set", "trips", "two pair",
              "overpair", "top pair, top kicker", "top pair, good kicker", "top pair, weak kicker",
              "middle pair", "bottom pair", "underpair", "ace high", "nothing")
"""The made-hand classes, strongest first; every hand is in exactly one."""
DRAWS = ("flush draw", "open-ended", "gutshot", "combo draw", "backdoor flush draw", "two overcards")
"""The draw classes; a hand may be in several, or none."""

_CATEGORY_CLASS = {HandCategory.STRAIGHT_FLUSH: "straight flush", HandCategory.FOUR_OF_A_KIND: "quads",
                   HandCategory.FULL_HOUSE: "full house", HandCategory.FLUSH: "flush",
                   HandCategory.STRAIGHT: "straight"}
_ACE, _TEN = 12, 8


def made_hands(game: GameLike = HOLDEM) -> tuple[str, ...]:
    """The made-hand classes of ``game``, strongest first (at short deck the flush above the full house).

    >>> made_hands("short-deck")[:5]
    ('straight flush', 'quads', 'flush', 'full house', 'straight')
    """
    rule = game_of(game).high or HighRule.STANDARD
    order = [_CATEGORY_CLASS[c] for c in reversed(rule.categories) if c in _CATEGORY_CLASS]
    return (*order, *MADE_HANDS[len(order):])


@dataclass(frozen=True)
class BoardHits:
    """The weight of the range in each class (``made`` and ``draws``), out of ``combos``.

    ``hands`` maps each live hand (as text, e.g. ``'AhKd'``) to its made class
    and draws, for tools that list them; ``dead`` holds the cards that were
    out of the deck besides the board.
    """

    range_text: str
    board: tuple[Card, ...]
    combos: float
    made: dict[str, float]
    draws: dict[str, float]
    hands: dict[str, tuple[str, tuple[str, ...]]]
    dead: tuple[Card, ...] = ()

    def share(self, name: str) -> float:
        """The fraction of the live range in class ``name`` (made or draw)."""
        weight = self.made.get(name, self.draws.get(name))
        if weight is None:
            raise KeyError(name)
        return weight / self.combos if self.combos else 0.0

    def to_dict(self) -> dict[str, Any]:
        def rows(table: dict[str, float]) -> list[dict[str, Any]]:
            return [{"name": name, "combos": weight, "share": self.share(name)} for name, weight in table.items()]

        return {"range": self.range_text, "board": [str(c) for c in self.board],
                "dead": [str(c) for c in self.dead], "combos": self.combos,
                "made": rows(self.made), "draws": rows(self.draws),
                "hands": [{"hand": hand, "made": made, "draws": list(draws)}
                          for hand, (made, draws) in self.hands.items()]}


@functools.lru_cache(maxsize=16384)  # one entry per set of ranks and deck at most
def _straight_ranks(ranks: frozenset[int], lowest: int = 0) -> frozenset[int]:
    """The ranks (``lowest``-12) that, added to ``ranks``, make a straight not already there; the ace
    also plays below ``lowest`` (the deck's lowest rank: a deuce, or a six at short deck)."""
    def has_straight(present: frozenset[int]) -> bool:
        low = present | ({lowest - 1} if _ACE in present else set())
        return any(all(top - i in low for i in range(5)) for top in range(lowest + 3, 13))

    if has_straight(ranks):
        return frozenset()
    return frozenset(r for r in range(lowest, 13) if r not in ranks and has_straight(ranks | {r}))


@functools.cache
def _lowest_rank(game: GameLike) -> int:
    """The lowest rank (0-12) ``game`` deals."""
    return min(int(c.rank) for c in game_of(game).deck)


def _draws(hole: tuple[Card, Card], board: tuple[Card, ...], made: str, lowest: int = 0) -> tuple[str, ...]:
    """The draw classes of a hand (flop or turn only)."""
    found = []
    strong = made in _CATEGORY_CLASS.values()
    suits = [sum(1 for c in (*hole, *board) if c.suit == s) for s in range(4)]
    flush_draw = not strong and any(
        suits[s] == 4 and any(c.suit == s for c in hole) for s in range(4))
    board_ranks = {int(c.rank) for c in board}
    with_hole = board_ranks | {int(c.rank) for c in hole}
    outs = set() if strong else (_straight_ranks(frozenset(with_hole), lowest)
                                 - _straight_ranks_of(board_ranks, lowest))
    open_ended, gutshot = len(outs) >= 2, len(outs) == 1
    if flush_draw:
        found.append("flush draw")
    if open_ended:
        found.append("open-ended")
    if gutshot:
        found.append("gutshot")
    if flush_draw and (open_ended or gutshot):
        found.append("combo draw")
    if len(board) == 3 and not flush_draw and not strong and any(
            suits[s] == 3 and any(c.suit == s for c in hole) for s in range(4)):
        found.append("backdoor flush draw")
    top = max(board_ranks)
    if made in ("ace high", "nothing") and all(int(c.rank) > top for c in hole):
        found.append("two overcards")
    return tuple(found)


def _straight_ranks_of(ranks: set[int], lowest: int = 0) -> frozenset[int]:
    """Ranks that make a straight with the board alone (those the hole cards add nothing to)."""
    return _straight_ranks(frozenset(ranks), lowest) if len(ranks) >= 4 else frozenset()


def classify(hole: Iterable[Card], board: Iterable[Card], game: GameLike = HOLDEM) -> tuple[str, tuple[str, ...]]:
    """The made-hand class and the draws of two hole cards on a 3-5 card board, at hold'em or short deck.

    >>> classify([Card("Ah"), Card("Qh")], [Card("Qd"), Card("7h"), Card("2h")])
    ('top pair, top kicker', ('flush draw',))
    >>> classify([Card("Ah"), Card("Kd")], [Card("6c"), Card("7h"), Card("8s")], game="short-deck")
    ('ace high', ('gutshot', 'two overcards'))
    """
    chosen = game_of(game)
    short_deck = chosen.high is HighRule.SHORT_DECK
    value_of: Callable[[tuple[Card, ...]], HandRank] = evaluate_short_deck if short_deck else evaluate
    first, second = sorted(hole, reverse=True)
    hole_cards = (Card(first), Card(second))
    table = tuple(Card(c) for c in board)
    value = value_of(hole_cards + table)
    category = value.category
    board_ranks = sorted((int(c.rank) for c in table), reverse=True)
    distinct = sorted(set(board_ranks), reverse=True)
    high, low = int(hole_cards[0].rank), int(hole_cards[1].rank)
    matches = {r: board_ranks.count(r) for r in (high, low)}
    board_plays = len(table) == 5 and value == value_of(table)
    made = "nothing"
    if category in _CATEGORY_CLASS and not board_plays:
        made = _CATEGORY_CLASS[category]
    elif high == low and matches[high] >= 1:
        made = "set"
    elif (matches[high] >= 2 or matches[low] >= 2) and category >= HandCategory.THREE_OF_A_KIND:
        made = "trips"
    elif high != low and matches[high] >= 1 and matches[low] >= 1:
        made = "two pair"
    elif high == low:
        made = "overpair" if high > distinct[0] else "underpair"
    elif matches[high] or matches[low]:
        paired = high if matches[high] else low
        kicker = low if paired == high else high
        if paired == distinct[0]:
            best = max(r for r in range(13) if r not in board_ranks and r != paired)
            made = ("top pair, top kicker" if kicker == best
                    else "top pair, good kicker" if kicker >= _TEN else "top pair, weak kicker")
        elif paired == distinct[-1]:
            made = "bottom pair"
        else:
            made = "middle pair"
    elif _ACE in (high, low):
        made = "ace high"
    draws = _draws(hole_cards, table, made, _lowest_rank(chosen)) if len(table) < 5 else ()
    return made, draws


def hits(hand_range: str | HandRange, board: CardsLike, dead: CardsLike = (), *,
         game: GameLike = "holdem") -> BoardHits:
    """Classify every hand of ``hand_range`` left possible on a 3-5 card ``board`` (see the module),
    at hold'em or short deck (``game``).

    ``hand_range`` is range text (read by :func:`pokerfsm.read_player`) or a
    :class:`~pokerfsm.ranges.HandRange`; hands using a board or dead card are
    left out. To see a seat's range in a deal, give the other seats' known
    hands as ``dead``: every count is then the one :func:`pokerfsm.equity`
    deals from.

    The cards are checked as :func:`pokerfsm.equity` checks a deal: a known
    hand (two cards) sharing a card with the board or the dead cards is a
    DuplicateCardError naming the card, and so is a card both on the board
    and dead; a range with no hand left once those cards are removed is an
    InvalidDealError (``field`` ``'range'``).

    >>> hits("QQ+, AKs", "Kd 7c 2h", dead="Ah Ad").combos   # AA: only AcAs is left, AKs: AcKc and AsKs
    12
    >>> hits("AhAd", "Ah 7c 2h")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.DuplicateCardError: card 'Ah' is given twice: in the hand and in the board

    >>> r = hits("random", "Ah Kd 9c", game="short-deck")
    >>> r.combos, r.made["set"], r.draws["gutshot"]   # gutshots: two of T, J, Q, or two of 6, 7, 8
    (528, 9, 96)
    >>> hits("55+", "Ah Kd 9c", game="short-deck")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.InvalidDealError: the range holds 5c5d, a hand with a card below six, which short deck does not deal

    Raises RangeParseError, CardParseError, DuplicateCardError or
    InvalidDealError (with ``field`` set); OptionError for a game other than
    hold'em and short deck.
    """
    chosen = game_of(game)
    if chosen is not HOLDEM and chosen.high is not HighRule.SHORT_DECK:
        raise not_played(chosen, "board hits", [HOLDEM, game_of("short-deck")])
    try:
        read = read_player(hand_range) if isinstance(hand_range, str) else hand_range
        if isinstance(hand_range, str) and isinstance(read, HandRange) and chosen is not HOLDEM:
            read = read_player(with_short_deck_shares(hand_range))  # top X % in short deck's order
    except Error as exc:
        raise exc.located("range") from None
    table = _in_deck(chosen, "board", cards_of("board", board))
    if len(table) not in (3, 4, 5):
        raise InvalidDealError(f"board hits need a flop, turn or river: 3, 4 or 5 cards, got {len(table)}",
                               field="board")
    out = _in_deck(chosen, "dead", cards_of("dead", dead))
    if not isinstance(read, HandRange):
        _in_deck(chosen, "range", read)
    read = _dealt_range(chosen, read)
    places = [("board", "the board", table), ("dead", "the dead cards", out)]
    if not isinstance(read, HandRange):
        places.insert(0, ("range", "the hand", read))
    _check_distinct(places)
    given = read if isinstance(read, HandRange) else HandRange.from_combos([read])
    live = given.without(int(c) for c in (*table, *out))
    if not live:
        raise InvalidDealError(f"the range {str(given)!r} has no hand left once the board and the dead cards "
                               "are removed", field="range")
    draws = dict.fromkeys(DRAWS, 0.0)
    hands: dict[str, tuple[str, tuple[str, ...]]] = {}
    made = dict.fromkeys(made_hands(chosen), 0.0)
    for (first, second), weight in live.items():
        made_class, draw_classes = classify((first, second), table, chosen)
        made[made_class] += weight
        for name in draw_classes:
            draws[name] += weight
        hands[f"{first}{second}"] = (made_class, draw_classes)
    total = sum(weight for _, weight in live.items())

    def tidy(x: float) -> float:
        return int(x) if float(x).is_integer() else x

    return BoardHits(str(given), table, tidy(total), {k: tidy(v) for k, v in made.items()},
                     {k: tidy(v) for k, v in draws.items()} if len(table) < 5 else {}, hands, out)


def _in_deck(game: GameLike, field: str, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards``, each checked to be one ``game`` deals; InvalidDealError names the first that is not."""
    return cards if game_of(game) is HOLDEM else checked_short_deck_cards(cards, field)


def _dealt_range(game: GameLike, read: HandRange | tuple[Card, Card]) -> HandRange | tuple[Card, Card]:
    """A range of ``game``'s deck: an unknown hand's is the deck's hands; another range naming a card the
    deck does not hold is an InvalidDealError quoting that hand."""
    chosen = game_of(game)
    if chosen is HOLDEM or not isinstance(read, HandRange):
        return read
    dealt = {int(c) for c in chosen.deck}
    if read.is_random:
        return read.without(c for c in range(52) if c not in dealt)
    for combo in read:
        if not {int(c) for c in combo} <= dealt:
            raise InvalidDealError(f"the range holds {''.join(map(str, combo))}, a hand with a card below six, "
                                   "which short deck does not deal", field="range")
    return read


def _check_distinct(places: list[tuple[str, str, tuple[Card, ...]]]) -> None:
    """Raise DuplicateCardError for the first card found in two places, named as ``equity`` names them."""
    owner: dict[Card, str] = {}
    for field, place, cards in places:
        for index, card in enumerate(cards):
            if card in owner:
                raise DuplicateCardError(f"card {str(card)!r} is given twice: in {owner[card]} and in {place}",
                                         card=card, field=field, index=index)
            owner[card] = place
