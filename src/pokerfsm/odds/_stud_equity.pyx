# Stud equity (seven-card stud, stud hi-lo 8 or better, razz): hot loops only.
# pokerfsm.odds.stud checks the deal and hands these functions contiguous arrays.
#
# Every seat holds seven cards, some known (down or up) and the rest to come (a down card
# nobody sees counts as one to come); with eight players the seventh is one community card,
# part of every hand (Monte Carlo deals it once a deal; exact enumeration is run per community
# card by pokerfsm.odds.stud). Exact enumeration lists, per seat, every set of cards
# that completes its hand (rows of seven cards, the completion's card mask) and counts every
# combination of completions with no card twice; Monte Carlo deals the completions at random.
# The values: the high of the best five of seven (the compact evaluator), and in a game with
# a low, the low's value (0 for none). Results are rows laid out by odds/_showdown.pxd, but for
# its SHOWDOWNS slot: exact counts count a group of equal showdowns once there (pokerfsm.odds.stud
# counts the deals itself).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport Compact, compact_tables, compact_value, suit_bit
from pokerfsm.evaluation._walk cimport VALUE_SHIFT
from pokerfsm.odds._kernels cimport MAX_PLAYERS, N_SLOTS, Stop, make_stop, should_stop
from pokerfsm.odds._showdown cimport count_showdown, row_width as showdown_width
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng

cdef enum:
    CARDS = 7
    CHECK_WORK = 65536  # showdowns between two looks at the stop flag
    NO_LOW = 0
    EIGHT_OR_BETTER = 1  # the low kinds: stud hi-lo's, razz's
    ACE_TO_FIVE = 2
    PLACES = 64          # entries per row of the low tables' ``place`` (see evaluation/low_tables.py)


def row_width(int n):
    """Doubles in one result row of ``n`` players (see odds/_showdown.pxd)."""
    return showdown_width(n)


cdef struct Game:
    const Compact* c
    bint high                  # the pot (or its high half) goes to the best high hand
    int low                    # NO_LOW, EIGHT_OR_BETTER or ACE_TO_FIVE
    const uint16_t* place      # the low tables' index of a sorted rank multiset: (7, PLACES)
    const uint16_t* ace_to_five  # by the index of seven ranks: the best ace-to-five low, higher better
    const uint8_t* eight_or_better  # by the index of seven ranks: the best 8-or-better low, 0 for none


cdef inline int32_t _low(const Game* g, const uint8_t* cards) noexcept nogil:
    """The seven cards' low value by the game's low kind (higher is better, 0 for none)."""
    cdef int r[CARDS]
    cdef int i, j, x, index = 0
    for i in range(CARDS):  # insertion sort of the ranks, up
        x = cards[i] >> 2
        j = i
        while j > 0 and r[j - 1] > x:
            r[j] = r[j - 1]
            j -= 1
        r[j] = x
    for i in range(CARDS):
        index += g.place[i * PLACES + r[i]]
    if g.low == EIGHT_OR_BETTER:
        return g.eight_or_better[index]
    return g.ace_to_five[index]


cdef inline void _values(const Game* g, const uint8_t* cards, int32_t* first, int32_t* second) noexcept nogil:
    """What the showdown compares of the seven ``cards``: the high value and the low value (0 for
    none) in a game with a high; the low value alone (``second`` 0) in a game of one low."""
    cdef uint64_t key = 0, bits = 0
    cdef int i
    second[0] = 0
    if g.high:
        for i in range(CARDS):
            key += g.c.card_key[cards[i]]
            bits |= suit_bit(cards[i])
        first[0] = compact_value(g.c, key, bits)
        if g.low != NO_LOW:
            second[0] = _low(g, cards)
    elif g.low != NO_LOW:
        first[0] = _low(g, cards)


cdef int _game(Game* g, bint high, int low, const uint16_t[:, ::1] place, const uint16_t[::1] ace_to_five,
               const uint8_t[::1] eight_or_better) except -1:
    if (not NO_LOW <= low <= ACE_TO_FIVE or (not high and low == NO_LOW) or place.shape[0] != CARDS
            or place.shape[1] != PLACES or ace_to_five.shape[0] != eight_or_better.shape[0]
            or ace_to_five.shape[0] == 0):
        raise ValueError("stud values: a high or a low kind, and the low tables for seven cards")
    g.c = compact_tables()
    g.high = high
    g.low = low
    g.place = &place[0, 0]
    g.ace_to_five = &ace_to_five[0]
    g.eight_or_better = &eight_or_better[0]
    return 0


def hand_values(const uint8_t[:, ::1] hands, bint high, int low, const uint16_t[:, ::1] place,
                const uint16_t[::1] ace_to_five, const uint8_t[::1] eight_or_better, int32_t[::1] highs,
                int32_t[::1] lows, int threads):
    """What the showdown compares of each seven-card row (see _values) into ``highs`` and ``lows``.

    ``low`` is the low kind (0 none, 1 8-or-better, 2 ace-to-five); ``place``, ``ace_to_five`` and
    ``eight_or_better`` are the low tables for seven cards (evaluation/low_tables.py). Assumes distinct
    cards 0-51 in each row and outputs of one entry per row."""
    cdef Game g
    cdef Py_ssize_t i, n = hands.shape[0]
    _game(&g, high, low, place, ace_to_five, eight_or_better)
    if hands.shape[1] != CARDS or highs.shape[0] != n or lows.shape[0] != n:
        raise ValueError("stud values: rows of seven cards and one output entry per row")
    with nogil:
        for i in prange(n, num_threads=threads, schedule="static"):
            _values(&g, &hands[i, 0], &highs[i], &lows[i])


cdef inline int _compared(int32_t value, int32_t best) noexcept nogil:
    """0, 1 or 2 as ``value`` is below, equal to or above ``best``."""
    return (value > best) - (value < best) + 1


cdef void _last_seat(int n, bint hilo, bint categories, const int32_t* high, const int32_t* low,
                     const uint64_t* masks, Py_ssize_t lo, Py_ssize_t hi, uint64_t used, int32_t* highs,
                     int32_t* lows, double* row) noexcept nogil:
    """Every completion ``lo .. hi - 1`` of the last seat that fits beside ``used``, the other seats'
    values in ``highs`` and ``lows``: completions are grouped by how they compare with the others'
    best high (and best low), each group's showdown counted once with its size as weight."""
    cdef int32_t best_high = -1, best_low = 0
    cdef int p, group, c
    cdef Py_ssize_t i
    cdef double size[9]
    cdef int32_t group_high[9]
    cdef int32_t group_low[9]
    cdef double category[N_SLOTS]
    cdef double total = 0
    for p in range(n - 1):
        best_high = highs[p] if highs[p] > best_high else best_high
        best_low = lows[p] if lows[p] > best_low else best_low
    for group in range(9):
        size[group] = 0
    for c in range(N_SLOTS):
        category[c] = 0
    for i in range(lo, hi):
        if masks[i] & used:
            continue
        group = _compared(high[i], best_high)
        if hilo:
            group = group * 3 + _compared(low[i], best_low)
        size[group] += 1
        group_high[group] = high[i]
        group_low[group] = low[i]
        if categories:
            category[high[i] >> VALUE_SHIFT] += 1
    for group in range(9):
        if size[group] == 0:
            continue
        total += size[group]
        highs[n - 1] = group_high[group]
        lows[n - 1] = group_low[group]
        count_showdown(n, hilo, False, highs, lows, size[group], row)
    if categories:
        for p in range(n - 1):
            row[p * N_SLOTS + (highs[p] >> VALUE_SHIFT)] += total
        for c in range(N_SLOTS):
            row[(n - 1) * N_SLOTS + c] += category[c]


cdef void _count_task(int n, bint hilo, bint categories, const int32_t* high, const int32_t* low,
                      const uint64_t* masks, const int32_t* start, Py_ssize_t first, double* row,
                      Stop* halt) noexcept nogil:
    """Every combination of completions whose first seat's is ``first``, no card twice."""
    cdef int depth
    cdef Py_ssize_t i, work = 0
    cdef Py_ssize_t idx[MAX_PLAYERS]
    cdef uint64_t used[MAX_PLAYERS]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    highs[0] = high[first]
    lows[0] = low[first]
    used[1] = masks[first]
    if n == 2:
        _last_seat(n, hilo, categories, high, low, masks, start[1], start[2], used[1], highs, lows, row)
        return
    depth = 1
    idx[1] = start[1] - 1
    while depth >= 1:
        idx[depth] += 1
        i = idx[depth]
        if i >= start[depth + 1]:
            depth -= 1
            continue
        if masks[i] & used[depth]:
            continue
        highs[depth] = high[i]
        lows[depth] = low[i]
        if depth == n - 2:
            _last_seat(n, hilo, categories, high, low, masks, start[n - 1], start[n], used[depth] | masks[i],
                       highs, lows, row)
            work += start[n] - start[n - 1]
            if work >= CHECK_WORK:
                work = 0
                if should_stop(halt):
                    return
        else:
            used[depth + 1] = used[depth] | masks[i]
            depth += 1
            idx[depth] = start[depth] - 1


def count_deals(const int32_t[::1] highs, const int32_t[::1] lows, const uint64_t[::1] masks,
                const int32_t[::1] start, bint hilo, bint categories, const int32_t[::1] tasks,
                double[:, ::1] out, int threads, uint8_t[::1] stop, double seconds):
    """Exact showdowns: task ``t`` counts, into ``out[t]``, every deal whose first seat completes
    its hand with completions ``tasks[t]`` .. ``tasks[t + 1] - 1`` of its list.

    Seat ``s`` owns completions ``start[s]`` .. ``start[s + 1] - 1``: their values ``highs`` and
    ``lows`` (what the showdown compares, higher better; see count_showdown) and the masks of the
    cards they add. Assumes no completion holds a known card; ``out`` is (tasks, row_width(n)),
    zeroed. When ``stop`` is raised or ``seconds`` run out, tasks end early and ``out`` is
    incomplete.
    """
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef int n = <int>start.shape[0] - 1
    cdef Py_ssize_t n_tasks = tasks.shape[0] - 1, task, first
    if (not 2 <= n <= MAX_PLAYERS or highs.shape[0] != start[n] or lows.shape[0] != start[n]
            or masks.shape[0] != start[n] or start[0] != 0 or out.shape[0] != n_tasks
            or out.shape[1] != showdown_width(n) or tasks[0] != start[0] or tasks[n_tasks] != start[1]):
        raise ValueError("stud counts: 2 to 10 seats, a value and mask per completion, tasks over the first seat")
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            for first in range(tasks[task], tasks[task + 1]):
                if should_stop(&halt):
                    break
                _count_task(n, hilo, categories, &highs[0], &lows[0], &masks[0], &start[0], first,
                            &out[task, 0], &halt)


cdef void _run_stream(const Game* g, int n, bint hilo, const uint8_t* known, const int32_t* missing,
                      int shared, const uint8_t* avail, int size, uint64_t seed, int64_t trials, double* row,
                      Stop* halt) noexcept nogil:
    """Play ``trials`` random deals into ``row``: the ``shared`` community cards first, then each
    seat's own."""
    cdef Rng rng
    cdef int64_t trial = 0
    cdef int p, j, left, own
    cdef uint8_t deck[52]
    cdef uint8_t hand[CARDS]
    cdef uint8_t community[CARDS]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    xoshiro.seed(&rng, seed)
    for j in range(size):
        deck[j] = avail[j]
    while trial < trials:
        if (trial & 1023) == 0 and should_stop(halt):
            break
        left = size
        for j in range(shared):
            community[j] = xoshiro.draw(&rng, deck, &left, 0)
        for p in range(n):
            own = CARDS - shared
            for j in range(own - missing[p]):
                hand[j] = known[p * CARDS + j]
            for j in range(own - missing[p], own):
                hand[j] = xoshiro.draw(&rng, deck, &left, 0)
            for j in range(shared):
                hand[own + j] = community[j]
            _values(g, hand, &highs[p], &lows[p])
        count_showdown(n, hilo, g.high, highs, lows, 1.0, row)
        trial += 1


def monte_carlo(const uint8_t[:, ::1] known, const int32_t[::1] missing, int shared, const uint8_t[::1] avail,
                bint high, int low, const uint16_t[:, ::1] place, const uint16_t[::1] ace_to_five,
                const uint8_t[::1] eight_or_better, const uint64_t[::1] seeds, const int64_t[::1] trials,
                double[:, ::1] out, int threads, uint8_t[::1] stop, double seconds):
    """Random deals: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Each deal first draws ``shared`` community cards of ``avail`` (the cards outside every known
    and dead card), part of every seat's hand; then seat ``p``, holding
    ``known[p, :7 - shared - missing[p]]``, is dealt ``missing[p]`` cards of its own from what is
    left. ``high``, ``low`` and the low tables: the game's
    values, as hand_values takes them. Assumes enough cards in ``avail``
    for every seat; ``out`` is (streams, row_width(n)), zeroed. The results do not depend on the
    number of threads. When ``stop`` is raised or ``seconds`` run out, streams end early.
    """
    cdef Game g
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef int n = <int>known.shape[0], size = <int>avail.shape[0], p, need = 0
    cdef Py_ssize_t n_streams = seeds.shape[0], stream
    _game(&g, high, low, place, ace_to_five, eight_or_better)
    for p in range(missing.shape[0]):
        need += missing[p]
        if not 0 <= missing[p] <= CARDS - shared:
            need = size + 1
    need += shared
    if (not 2 <= n <= MAX_PLAYERS or known.shape[1] != CARDS or missing.shape[0] != n or need > size
            or not 0 <= shared < CARDS
            or size > 52 or trials.shape[0] != n_streams or out.shape[0] != n_streams
            or out.shape[1] != showdown_width(n)):
        raise ValueError("stud Monte Carlo: 2 to 10 seats of seven cards, cards enough, an out row per seed")
    with nogil:
        for stream in prange(n_streams, num_threads=threads, schedule="dynamic"):
            _run_stream(&g, n, high and low != NO_LOW, &known[0, 0], &missing[0], shared, &avail[0], size,
                        seeds[stream], trials[stream], &out[stream, 0], &halt)
