"""Exact (or Monte Carlo) equity of 2-10 hold'em hands, ranges and random hands.

>>> r = equity(["AhAd", "KsKc"])
>>> r.exact, r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
(True, 1712304, 1388072, 317694, 6538)
>>> round(r.players[0].equity, 6)
0.812555

Each player is a known hand (``"AhKd"``, ``"Ah Kd"`` or two cards), ``None``
or ``"??"`` for a random hand, or a range in PokerStove syntax (see
:mod:`pokerfsm.players` for how text is read). The board has 0, 3, 4 or 5 cards; dead cards are
out of the deck.

How it is answered: from a precomputed table when one holds the answer (a
heads-up preflop deal with no dead cards, tables built with ``pokerfsm tables
build``; see :mod:`pokerfsm.precomputed.answers`), else by
:func:`pokerfsm.odds.compute.compute`: exactly (:mod:`pokerfsm.odds.enumeration`) when the
estimated time fits ``budget`` seconds, otherwise by seeded Monte Carlo
(:mod:`pokerfsm.odds.sampling`) until the standard error of every equity is
below ``target_std_error`` or the budget is spent.

Results count showdowns: ``win`` (alone with the best hand), ``tie`` (sharing
it), ``lose``, and ``equity`` (the share of the pot: wins plus 1/k of each
k-way tie). Category probabilities are keyed by :class:`HandCategory` member
names (``"HIGH_CARD"`` … ``"STRAIGHT_FLUSH"``).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import CardsLike
from ..errors import InvalidDealError
from ..odds.compute import DEFAULT_TARGET_STD_ERROR, compute
from ..odds.deal import Deal, PlayerSpec, prepare_deal
from ..odds.draw_showdown import DrawDeal, draw_showdown, is_draw_game, prepare_draw_deal
from ..odds.omaha import compute_omaha
from ..odds.omaha_deal import OmahaDeal, OmahaPlayerSpec, prepare_omaha_deal
from ..odds.results import EquityResult
from ..odds.short_deck import compute_short_deck
from ..odds.short_deck_deal import ShortDeckDeal, prepare_short_deck_deal
from ..odds.stopping import Stop
from ..odds.stud import compute_stud
from ..odds.stud_deal import StudDeal, StudPlayerSpec, prepare_stud_deal
from ..precomputed.answers import table_answer
from ..variants import GAMES, HOLDEM, GameLike, HighRule, game_of, not_played
from .options import check_options

__all__ = ["equity", "checked_deal", "stored_answer"]


def checked_deal(players: Sequence[PlayerSpec] | Sequence[OmahaPlayerSpec] | Sequence[StudPlayerSpec] | Deal
                 | OmahaDeal | StudDeal | DrawDeal, board: CardsLike = (), dead: CardsLike = (),
                 game: GameLike = HOLDEM) -> Deal | OmahaDeal | StudDeal | DrawDeal | ShortDeckDeal:
    """``players``, ``board`` and ``dead`` checked by :func:`~pokerfsm.odds.deal.prepare_deal` (or,
    for an Omaha ``game``, :func:`~pokerfsm.odds.omaha_deal.prepare_omaha_deal`), or ``players``
    itself when it is a deal already checked (which carries its own game, board and dead cards:
    giving them again is an error)."""
    chosen = game_of(game)
    if chosen.is_stud and not isinstance(players, (Deal, OmahaDeal, StudDeal)):
        return prepare_stud_deal(players, dead, game=chosen, board=board)  # type: ignore[arg-type]
    if is_draw_game(chosen) and not isinstance(players, (Deal, OmahaDeal, StudDeal, DrawDeal)):
        return prepare_draw_deal(players, dead, game=chosen, board=board)  # type: ignore[arg-type]
    short_deck = chosen.high is HighRule.SHORT_DECK
    if short_deck and not isinstance(players, (Deal, OmahaDeal, StudDeal, ShortDeckDeal)):
        return prepare_short_deck_deal(players, board, dead)  # type: ignore[arg-type]
    if chosen is not HOLDEM and not chosen.is_omaha and not chosen.is_stud and not short_deck:
        raise not_played(chosen, "equity", [g for g in GAMES if g is HOLDEM or g.is_omaha or g.is_stud
                                            or g.high is HighRule.SHORT_DECK])
    if not isinstance(players, (Deal, OmahaDeal, StudDeal, ShortDeckDeal, DrawDeal)):
        if chosen.is_omaha:
            return prepare_omaha_deal(players, board, dead, game=chosen)  # type: ignore[arg-type]
        return prepare_deal(players, board, dead)  # type: ignore[arg-type]
    dealt = players.game if isinstance(players, (OmahaDeal, StudDeal, ShortDeckDeal, DrawDeal)) else HOLDEM
    if chosen is not HOLDEM and chosen is not dealt:
        raise InvalidDealError(f"a checked deal of {dealt.name} asked as {chosen.name}", field="game")
    for field, given in (("board", board), ("dead", dead)):
        if given is not None and (given.split() if isinstance(given, str) else list(given)):
            raise InvalidDealError(f"a checked deal carries its own {field} cards; "
                                   f"pass the {field} to prepare_deal instead", field=field)
    return players


def stored_answer(deal: Deal | ShortDeckDeal, *, exact: bool | None = None, samples: int | None = None,
                  target_std_error: float = DEFAULT_TARGET_STD_ERROR, tables: bool = True,
                  started: float | None = None) -> EquityResult | None:
    """The answer from the precomputed tables when the options allow one and a table holds it, else None.

    No table is read when ``tables`` is False or Monte Carlo is asked for
    (``exact=False`` or ``samples``). With ``exact`` None a table's Monte
    Carlo row within ``target_std_error`` answers too; with ``exact`` True
    only exact rows do. ``started``: the ``time.perf_counter()`` at the start
    of the question (now if None). For callers that would otherwise ask for
    Monte Carlo, which :func:`equity` then does not replace with a table:
    ``stored_answer(deal, exact=True) or equity(deal, samples=...)``.
    """
    if not tables or samples is not None or exact is False:
        return None
    started = time.perf_counter() if started is None else started
    return table_answer(deal, started, target_std_error if exact is None else None)


def equity(players: Sequence[PlayerSpec] | Sequence[OmahaPlayerSpec] | Sequence[StudPlayerSpec] | Deal | OmahaDeal
           | StudDeal | DrawDeal, board: CardsLike = (),
           dead: CardsLike = (), *, game: GameLike = HOLDEM, samples: int | None = None, seed: Any = None,
           exact: bool | None = None,
           budget: float | None = None, progress: Callable[[float], None] | None = None,
           target_std_error: float = DEFAULT_TARGET_STD_ERROR, stop: Stop | None = None,
           tables: bool = True) -> EquityResult:
    """Win, tie and equity of each player, exact when it fits the budget.

    ``players``: 2-10 hands, ``None``/``"??"`` (random) or range strings, or
    a :class:`~pokerfsm.odds.deal.Deal` already checked by
    :func:`~pokerfsm.odds.deal.prepare_deal` (then with no ``board`` or
    ``dead`` here: the deal has them).
    ``game``: ``"holdem"`` (the default) or an Omaha game of
    :mod:`pokerfsm.variants` (``omaha``, ``omaha5``, ``omaha6``,
    ``omaha-hi-lo``, ``omaha5-hi-lo``): each player then holds that game's
    number of hole cards, or an Omaha range (:mod:`pokerfsm.omaha_ranges`),
    up to as many players as the deck allows, and the answer is computed by
    :func:`pokerfsm.odds.omaha.compute_omaha` (no table holds Omaha); a hi-lo
    answer gives each player's ``scoop``, ``high_share`` and ``low_share``
    and the chance ``low`` that a low qualifies.
    A stud ``game`` (``stud``, ``stud-hi-lo``, ``razz``) takes each player's
    cards as dealt, ``"??"`` (or ``None``) for a down card nobody sees (see
    :mod:`pokerfsm.odds.stud_deal`), no board, and the folded players' cards
    as ``dead``; :func:`pokerfsm.odds.stud.compute_stud` answers. A draw
    ``game`` (``deuce-to-seven``, ``a5-lowball``, ``badugi``) takes each
    player's final hand and answers the showdown
    (:func:`pokerfsm.odds.draw_showdown.draw_showdown`); before the draw the
    equity depends on how the players draw, and is refused.
    ``game="short-deck"`` takes hold'em's players over the 36 cards six and
    up (ranges name ranks six to ace; see :mod:`pokerfsm.odds.short_deck_deal`);
    :func:`pokerfsm.odds.short_deck.compute_short_deck` answers, or the short-deck tables
    (``short-deck-preflop-hu``, ``short-deck-vs-random``) as ``tables`` below says for hold'em,
    with the hand categories of two known hands or ranges too.
    ``exact``: True forces enumeration, False Monte Carlo, None chooses by the
    estimated time against ``budget`` seconds (default :data:`~pokerfsm.calculator.options.DEFAULT_BUDGET`).
    ``samples`` (1 to :data:`~pokerfsm.calculator.options.MAX_SAMPLES`) fixes the number of Monte Carlo
    deals (and implies Monte Carlo unless ``exact`` is True); ``seed`` (a
    whole number or a numpy Generator) makes it repeatable.
    ``progress(fraction)`` is called as the work advances. ``stop``
    (:class:`~pokerfsm.odds.Stop`) sets a hard time limit and lets another
    thread cancel; with a time limit, the automatic mode also cuts an exact
    run that overruns its estimate (at 1.5 budgets) and hands over to Monte
    Carlo for the time left. Without one, the choice depends on the estimate
    alone, so the same question always gets the same kind of answer.

    ``tables``: answer from a precomputed table when one applies (no board,
    no dead cards, the table built) and no Monte Carlo is asked for
    (``exact=False`` or ``samples``). Its ``method`` is ``"table"``. Two
    seats: exact, equal to enumeration; the hand ``categories`` are there for
    a hand against a random hand and empty otherwise (no other table holds
    them; ``tables=False`` computes them). A known hand against 2-9 random hands, when ``exact`` is
    None: the table's Monte Carlo row if its standard error is at most
    ``target_std_error`` (``exact`` False, ``std_error`` and ``combinations``
    from the row). Without tables everything is computed as described.

    >>> r = equity(["AdTs", "QcAh"], board="Kh Tc Td")
    >>> r.combinations, r.players[0].wins, r.players[1].wins, r.players[0].ties
    (990, 843, 131, 16)

    >>> r = equity(["AsKsQhJh", "2c3c4d5d"], board="Ah 7c 8d", game="omaha")
    >>> r.game, r.combinations, round(r.players[0].equity, 4)
    ('omaha', 820, 0.672)

    Raises CardParseError, RangeParseError, DuplicateCardError or
    InvalidDealError for a bad deal (with the player, field and card),
    OptionError for a bad option or an unknown game, TimeLimitError or CancelledError when
    ``stop`` says so.
    """
    started = time.perf_counter()
    deal = checked_deal(players, board, dead, game)
    seconds = check_options(samples=samples, seed=seed, budget=budget, target_std_error=target_std_error,
                            exact=exact, tables=tables, stop=stop, progress=progress)
    stop = stop if stop is not None else Stop()
    stop.check()  # a computation cancelled (or out of time) before it starts does not start, table or not
    if isinstance(deal, OmahaDeal):
        return compute_omaha(deal, samples=samples, seed=seed, exact=exact, budget=seconds, progress=progress,
                             target_std_error=target_std_error, stop=stop)
    if isinstance(deal, DrawDeal):
        return draw_showdown(deal)
    if isinstance(deal, StudDeal):
        return compute_stud(deal, samples=samples, seed=seed, exact=exact, budget=seconds, progress=progress,
                            target_std_error=target_std_error, stop=stop)
    answer = stored_answer(deal, exact=exact, samples=samples, target_std_error=target_std_error, tables=tables,
                           started=started)
    if answer is not None:
        if progress is not None:
            progress(1.0)
        return answer
    if isinstance(deal, ShortDeckDeal):
        return compute_short_deck(deal, samples=samples, seed=seed, exact=exact, budget=seconds, progress=progress,
                                  target_std_error=target_std_error, stop=stop)
    return compute(deal, samples=samples, seed=seed, exact=exact, budget=seconds, progress=progress,
                   target_std_error=target_std_error, stop=stop)
