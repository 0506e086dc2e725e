"""An LRU cache of answers, keyed by a canonical form of the question.

Two questions that differ only by a renaming of the suits, by the order of
the cards inside a hand, on the board or among the dead cards have the same
answer (up to that renaming). :func:`canonical_form` picks one representative
of each such class: the smallest encoding over every suit permutation that
leaves each range unchanged. The server computes on that representative and
renames the suits back, so a cached answer is exactly what a fresh computation
would give, whichever member of the class asked first.

>>> from pokerfsm.cards import parse_cards
>>> a = Question.of([parse_cards("Ah Kh"), parse_cards("Qs Qd")], board=())
>>> b = Question.of([parse_cards("Kc Ac"), parse_cards("Qd Qh")], board=())
>>> canonical_form(a)[0] == canonical_form(b)[0]
True
"""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..combos import IDENTITY, SUIT_PERMUTATIONS, SuitMap, relabel
from ..variants import HOLDEM

__all__ = ["SeatKey", "RandomSeat", "RangeSeat", "DealtSeat", "Question", "canonical_form", "AnswerCache"]


@dataclass(frozen=True)
class RandomSeat:
    """A seat whose hand is unknown: any two cards left in the deck."""


@dataclass(frozen=True)
class RangeSeat:
    """A seat holding a range.

    ``text`` is what is handed to the equity engine (the range's canonical
    text). ``symmetries`` are the suit renamings that leave the range
    unchanged (:func:`pokerfsm.odds.symmetry.range_symmetries`); ``None`` if
    unknown, in which case no renaming is allowed for the question (always
    correct, merely shares fewer entries).
    """

    text: str
    symmetries: frozenset[SuitMap] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class DealtSeat:
    """A stud seat: its cards as dealt, ``??`` for one nobody sees (the library's text). A question
    holding one allows no suit renaming (always correct, merely sharing fewer entries)."""

    text: str


#: a seat as the answer cache keys it: its known cards (ints; two at hold'em), a random hand, a range
#: or a stud seat
SeatKey = tuple[int, ...] | RandomSeat | RangeSeat | DealtSeat


@dataclass(frozen=True)
class Question:
    """An equity question with every card an int.

    Hands and the board keep the order they were given in (they are shown back
    that way); :meth:`encode` ignores those orders. ``game`` is the game's
    name (:mod:`pokerfsm.variants`): questions of two games never share a key.
    """

    players: tuple[SeatKey, ...]
    board: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    samples: int | None = None
    seed: int | None = None
    game: str = HOLDEM.name

    @classmethod
    def of(cls, players: Sequence[Any], board: Sequence[int] = (), dead: Sequence[int] = (),
           samples: int | None = None, seed: int | None = None, game: str = HOLDEM.name) -> Question:
        """Build from seats given as cards, ``None`` (random) or a :class:`RangeSeat`."""
        seats: list[SeatKey] = []
        for seat in players:
            if seat is None or isinstance(seat, RandomSeat):
                seats.append(RandomSeat())
            elif isinstance(seat, (RangeSeat, DealtSeat)):
                seats.append(seat)
            else:
                seats.append(tuple(int(c) for c in seat))
        return cls(tuple(seats), tuple(int(c) for c in board), tuple(int(c) for c in dead), samples, seed, game)

    def allowed_permutations(self) -> tuple[SuitMap, ...]:
        """The suit renamings under which every range of the question is unchanged."""
        kept = [s.symmetries for s in self.players if isinstance(s, RangeSeat)]
        if any(isinstance(s, DealtSeat) for s in self.players):
            return (IDENTITY,)
        allowed = set(SUIT_PERMUTATIONS)
        for symmetries in kept:
            if symmetries is None:
                return (IDENTITY,)
            allowed &= symmetries
        return tuple(p for p in SUIT_PERMUTATIONS if p in allowed)

    def relabelled(self, suits: SuitMap) -> Question:
        """The same question with suit ``s`` renamed ``suits[s]`` everywhere (ranges must be invariant)."""
        seats = tuple(relabel(s, suits) if isinstance(s, tuple) else s for s in self.players)
        return Question(seats, relabel(self.board, suits), relabel(self.dead, suits),
                        self.samples, self.seed, self.game)

    def encode(self) -> tuple[Any, ...]:
        """A hashable, totally ordered encoding; hands, board and dead cards are sorted. A game other
        than hold'em ends it (a hold'em question encodes as it always has: its ETag stays the same)."""
        seats = tuple((0, *sorted(s)) if isinstance(s, tuple) else (1,) if isinstance(s, RandomSeat)
                      else (2, s.text) if isinstance(s, RangeSeat) else (3, s.text) for s in self.players)
        code = (seats, tuple(sorted(self.board)), tuple(sorted(self.dead)), self.samples, self.seed)
        return code if self.game == HOLDEM.name else (*code, self.game)


def canonical_form(question: Question) -> tuple[tuple[Any, ...], SuitMap]:
    """The key of ``question``'s class and the renaming that maps it onto the representative.

    >>> q = Question.of([(51, 47), None], board=(0, 4, 8))
    >>> key, suits = canonical_form(q)
    >>> canonical_form(q.relabelled(suits))[0] == key
    True
    """
    best: tuple[Any, ...] | None = None
    best_suits = IDENTITY
    for suits in question.allowed_permutations():
        code = question.relabelled(suits).encode()
        if best is None or code < best:
            best, best_suits = code, suits
    assert best is not None
    return best, best_suits


V = TypeVar("V")


@dataclass(eq=False)
class _Job(Generic[V]):
    """A computation running for one key, and how many requests wait for it."""

    task: asyncio.Future[V]
    abandon: Callable[[], None] | None
    waiters: int = 0


class AnswerCache(Generic[V]):
    """A least-recently-used map from keys to computed answers, with hit/miss counts.

    :meth:`get_or_compute` also shares a computation still running: a second
    request for the same key waits for the first one's answer (and counts as a
    hit) instead of computing it again. The computation belongs to no request:
    it goes on while at least one caller waits for it, whoever started it, and
    is abandoned (its task cancelled, its ``abandon()`` called) once the last
    caller stops waiting (its await is cancelled, e.g. because its client has
    gone). An abandoned computation is forgotten at once, so a later request
    for the key starts afresh rather than joining it. Failures are shared with
    every caller but not cached. Use it from one event loop.
    """

    def __init__(self, maxsize: int = 1024) -> None:
        if maxsize < 0:
            raise ValueError(f"cache size must be >= 0, got {maxsize!r}")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._running: dict[Hashable, _Job[V]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    @property
    def running(self) -> int:
        """Computations under way (shared ones count once)."""
        return len(self._running)

    @property
    def waiting(self) -> int:
        """Callers waiting for a computation under way."""
        return sum(job.waiters for job in self._running.values())

    def stats(self) -> dict[str, Any]:
        asked = self.hits + self.misses
        return {"hits": self.hits, "misses": self.misses, "size": len(self._entries),
                "maxsize": self.maxsize, "hit_rate": self.hits / asked if asked else 0.0}

    def clear(self) -> None:
        self._entries.clear()
        self.hits = self.misses = 0

    def _store(self, key: Hashable, value: V) -> None:
        if self.maxsize == 0:
            return
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.maxsize:
            self._entries.popitem(last=False)

    async def get_or_compute(self, key: Hashable, compute: Callable[[], Awaitable[V]],
                             reusable: Callable[[V], bool] | None = None,
                             abandon: Callable[[], None] | None = None) -> tuple[V, bool]:
        """The answer for ``key`` and whether it was a hit; ``compute()`` runs on a miss.

        ``reusable(value)``, if given, may refuse a stored (or shared) value for
        this request: it then counts as a miss and the new value replaces it.
        ``abandon()`` is called if the computation this call starts is
        abandoned by every caller (e.g. to cancel work running in a thread,
        which cancelling a task cannot stop).
        """
        while True:
            if key in self._entries and (reusable is None or reusable(self._entries[key])):
                self.hits += 1
                self._entries.move_to_end(key)
                return self._entries[key], True
            job = self._running.get(key)
            if job is None:
                break
            value = await self._wait(key, job)  # its failure is ours too
            if reusable is None or reusable(value):
                self.hits += 1
                return value, True
            if self._running.get(key) is None:  # refused: compute our own (unless another started)
                break
        self.misses += 1
        job = _Job(asyncio.ensure_future(self._run(key, compute)), abandon)
        self._running[key] = job
        return await self._wait(key, job), False

    async def _run(self, key: Hashable, compute: Callable[[], Awaitable[V]]) -> V:
        try:
            value = await compute()
        finally:
            job = self._running.get(key)
            if job is not None and job.task is asyncio.current_task():
                del self._running[key]
        self._store(key, value)
        return value

    async def _wait(self, key: Hashable, job: _Job[V]) -> V:
        job.waiters += 1
        try:
            return await asyncio.shield(job.task)
        finally:
            job.waiters -= 1
            if job.waiters == 0 and not job.task.done():  # the last caller has stopped waiting
                if self._running.get(key) is job:
                    del self._running[key]
                job.task.cancel()
                if job.abandon is not None:
                    job.abandon()
