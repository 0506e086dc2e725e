# Seats that each hold a list of hands, and the loops the equity kernels that value every listed
# hand share (odds/_omaha_equity.pyx, odds/_short_deck_equity.pyx): a known hand is a list of one.
# The hands are rows of ``h`` cards, seat s owning rows start[s] .. start[s + 1], each with its card
# mask and weight (for the Monte Carlo draw, the running sum of its seat's weights).
#
# The loops deal the boards (every completion of the known cards, or random ones) and the random
# hands, and count the showdowns; a game only values hands on a complete board, through its
# ValueHands function and its own data (``game``), which the loops pass along untouched.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from pokerfsm.odds._kernels cimport MAX_PLAYERS, Stop, should_stop
from pokerfsm.odds._showdown cimport count_showdown, row_width
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng


cdef inline void count_combinations(int n, bint hilo, const int32_t* start, const uint64_t* masks,
                                    const double* weights, const int32_t* high, const int32_t* low,
                                    uint64_t board_mask, double* row) noexcept nogil:
    """Count every combination of one hand a seat (no card twice, none of ``board_mask``) as a
    showdown of their ``high`` values (and ``low`` ranks at hi-lo), weighted by the product of
    their weights. A hand whose ``high`` is negative is skipped."""
    cdef int depth = 0
    cdef Py_ssize_t i
    cdef Py_ssize_t idx[MAX_PLAYERS]
    cdef uint64_t used[MAX_PLAYERS + 1]
    cdef double weight[MAX_PLAYERS + 1]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    idx[0] = start[0] - 1
    used[0] = board_mask
    weight[0] = 1.0
    while depth >= 0:
        idx[depth] += 1
        i = idx[depth]
        if i >= start[depth + 1]:
            depth -= 1
            continue
        if high[i] < 0 or masks[i] & used[depth]:
            continue
        highs[depth] = high[i]
        lows[depth] = low[i] if hilo else 0
        if depth == n - 1:
            count_showdown(n, hilo, True, highs, lows, weight[depth] * weights[i], row)
        else:
            used[depth + 1] = used[depth] | masks[i]
            weight[depth + 1] = weight[depth] * weights[i]
            depth += 1
            idx[depth] = start[depth] - 1


cdef inline int64_t draw_listed(Rng* rng, int n, int h, const uint8_t* kind, const int32_t* start,
                                const double* cumulative, const uint64_t* masks, const uint8_t* hands,
                                uint64_t used, uint64_t* taken, uint8_t* holes, int64_t max_attempts) noexcept nogil:
    """Draw a hand for each seat of ``kind`` 0 by weight into ``holes`` (``h`` cards a seat), the
    whole tuple drawn again while two hands share a card or touch ``used``; ``taken`` gets ``used``
    and the hands' cards. Returns the tuples drawn again, -1 after ``max_attempts`` of them."""
    cdef int64_t attempts = 0
    cdef int p, j, lo
    cdef bint collided
    while True:
        taken[0] = used
        collided = False
        for p in range(n):
            if kind[p] != 0:
                continue
            lo = xoshiro.pick(rng, cumulative, start[p], start[p + 1] - 1)
            if taken[0] & masks[lo]:
                collided = True
                break
            taken[0] |= masks[lo]
            for j in range(h):
                holes[p * h + j] = hands[lo * h + j]
        if not collided:
            return attempts
        attempts += 1
        if attempts > max_attempts:
            return -1


cdef enum:
    MAX_HOLE = 6        # hole cards a hand may hold
    CHECK_WORK = 65536  # hands valued between two looks at the stop flag
    RANDOM_SEAT = 2     # a Monte Carlo seat's kind: a random hand from the deck (0: its listed hands)


cdef struct Seats:
    int n, h
    const uint8_t* hands
    const uint64_t* masks
    const double* weights   # enumeration: each hand's weight; Monte Carlo: cumulative within its seat
    const int32_t* start    # n + 1 entries
    const uint8_t* kind     # Monte Carlo, per seat: 0 or RANDOM_SEAT


cdef struct Board:
    uint8_t cards[5]
    uint64_t mask           # the cards' bits when enumerating; 0 in Monte Carlo (dealt hands never meet it)
    int fresh               # cards[fresh:] changed since the game last valued hands on this board
    int64_t walked[6]       # the game's own record of each prefix cards[:p] (e.g. a table state)


# Value ``count`` hands (rows of ``h`` cards) on the complete ``board`` into ``high`` (and ``low``
# at hi-lo, 0 for none); a hand whose mask meets ``board.mask`` gets ``high`` -1 instead. Sets
# ``board.fresh`` to 5.
ctypedef void (*ValueHands)(const void* game, Board* board, const uint8_t* hands, Py_ssize_t count, int h,
                            const uint64_t* masks, int32_t* high, int32_t* low) noexcept nogil


cdef inline int read_seats(Seats* s, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                           const double[::1] weights, const int32_t[::1] start) except -1:
    """Point ``s`` at checked seat lists (their kinds unset); raises ValueError on a shape mismatch."""
    cdef int n = <int>start.shape[0] - 1
    if (not 2 <= n <= MAX_PLAYERS or not 2 <= hands.shape[1] <= MAX_HOLE or masks.shape[0] != hands.shape[0]
            or weights.shape[0] != hands.shape[0] or start[0] != 0 or start[n] != hands.shape[0]):
        raise ValueError("equity: 2 to 10 seats, rows of 2 to 6 cards, a mask and weight per row")
    s.n = n
    s.h = <int>hands.shape[1]
    s.hands = &hands[0, 0] if hands.shape[0] > 0 else NULL
    s.masks = &masks[0] if masks.shape[0] > 0 else NULL
    s.weights = &weights[0] if weights.shape[0] > 0 else NULL
    s.start = &start[0]
    s.kind = NULL
    return 0


cdef inline int next_combination(int* comb, int r, int m) noexcept nogil:
    """Advance ``comb`` (``r`` increasing indices below ``m``) to the next combination; returns the
    first position changed, -1 after the last combination."""
    cdef int i = r - 1, j
    while i >= 0 and comb[i] == m - r + i:
        i -= 1
    if i < 0:
        return -1
    comb[i] += 1
    for j in range(i + 1, r):
        comb[j] = comb[j - 1] + 1
    return i


cdef struct Boards:
    const uint8_t* known    # the board's known cards
    int n_known
    const uint8_t* avail    # the cards left, in increasing order
    int m
    int k                   # the board cards to deal
    int d                   # of them, the cards each task fixes


cdef inline int read_boards(Boards* b, const Seats* s, const uint8_t[::1] board, const uint8_t[::1] avail, int k,
                            const int32_t[:, ::1] tasks, double[:, ::1] out) except -1:
    """Point ``b`` at checked boards of exact enumeration; raises ValueError on a shape mismatch."""
    if (board.shape[0] + k != 5 or not 0 <= tasks.shape[1] <= k or out.shape[0] != tasks.shape[0]
            or out.shape[1] != row_width(s.n)):
        raise ValueError("equity: a board of 5 - k cards and an out row of row_width(n) per task")
    b.known = &board[0] if board.shape[0] > 0 else NULL
    b.n_known = <int>board.shape[0]
    b.avail = &avail[0] if avail.shape[0] > 0 else NULL
    b.m = <int>avail.shape[0]
    b.k = k
    b.d = <int>tasks.shape[1]
    return 0


cdef inline int enumerate_task(const void* game, ValueHands value, bint hilo, const Seats* s,
                               const Boards* boards, const int32_t* prefix, double* row, Stop* halt) noexcept nogil:
    """Count, into ``row``, every board that completes the known cards with the ``boards.d`` cards
    ``avail[prefix]`` and the rest of ``avail`` after the last of them, in increasing order,
    against every combination of hands, a hi-lo pot when ``hilo``. Returns 1 when it finds no memory for the hands' values
    (nothing counted), else 0; does nothing once ``halt`` says stop.

    Call it from a ``prange`` over the tasks with the game's own ``value`` named there (and
    ``hilo`` a constant where the game has no low), so that the compiler inlines them."""
    cdef Board b
    cdef int comb[5]
    cdef uint64_t masks[6]  # masks[j]: the known cards, the prefix's and comb[:j]'s
    cdef int d = boards.d, r = boards.k - boards.d, i, j, at = boards.n_known + boards.d
    cdef int first = (prefix[d - 1] + 1) if d > 0 else 0
    cdef Py_ssize_t work = 0, count = s.start[s.n]
    cdef int32_t* high
    if should_stop(halt) or first + r > boards.m:
        return 0
    high = <int32_t*>malloc(2 * (count + 1) * sizeof(int32_t))
    if high == NULL:
        return 1
    masks[0] = 0
    for i in range(boards.n_known):
        b.cards[i] = boards.known[i]
        masks[0] |= 1ULL << boards.known[i]
    for i in range(d):
        b.cards[boards.n_known + i] = boards.avail[prefix[i]]
        masks[0] |= 1ULL << boards.avail[prefix[i]]
    for i in range(r):
        comb[i] = first + i
    b.fresh = 0
    i = 0  # the first position of ``comb`` that changed
    while i >= 0:
        for j in range(i, r):
            b.cards[at + j] = boards.avail[comb[j]]
            masks[j + 1] = masks[j] | (1ULL << b.cards[at + j])
        b.mask = masks[r]
        if at + i < b.fresh:
            b.fresh = at + i
        value(game, &b, s.hands, count, s.h, s.masks, high, high + count + 1)
        count_combinations(s.n, hilo, s.start, s.masks, s.weights, high, high + count + 1, b.mask, row)
        work += count
        if work >= CHECK_WORK:
            work = 0
            if should_stop(halt):
                break
        i = next_combination(comb, r, boards.m)
    free(high)
    return 0


cdef inline int read_streams(const Seats* s, const uint8_t[::1] kind, const uint8_t[::1] board,
                             const uint64_t[::1] seeds, const int64_t[::1] trials, double[:, ::1] out) except -1:
    """Check the Monte Carlo arguments' shapes; raises ValueError on a mismatch."""
    if (kind.shape[0] != s.n or out.shape[0] != seeds.shape[0] or trials.shape[0] != seeds.shape[0]
            or out.shape[1] != row_width(s.n) or board.shape[0] > 5):
        raise ValueError("Monte Carlo equity: a kind per seat, a trial count and an out row per seed")
    return 0


cdef inline int64_t run_stream(const void* game, ValueHands value, bint hilo, int h, const Seats* s, uint64_t used,
                               const uint8_t[::1] board, uint64_t seed, int64_t trials, double* row,
                               Stop* halt, int64_t max_attempts) noexcept nogil:
    """Play ``trials`` random showdowns into ``row``: each seat of kind 0 draws one of its listed
    hands by weight, each random seat cards of the deck outside ``used``, then the board is
    completed. Returns the range deals redrawn, -1 when ``max_attempts`` in a row collide.
    ``h`` is ``s.h``. Call it from a ``prange`` over the streams, as enumerate_task (``h`` too a
    constant where the game has one)."""
    cdef Rng rng
    cdef Board b
    cdef int64_t trial = 0, rejected = 0, attempts
    cdef int n = s.n, p, j, size = 0, left, known = <int>board.shape[0]
    cdef uint8_t deck[52]
    cdef uint8_t holes[MAX_PLAYERS * MAX_HOLE]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    cdef uint64_t no_masks[MAX_PLAYERS]  # the dealt hands meet no board card: board.mask stays 0
    cdef uint64_t taken
    xoshiro.seed(&rng, seed)
    for j in range(52):
        if not (used >> j) & 1:
            deck[size] = <uint8_t>j
            size += 1
    for j in range(known):
        b.cards[j] = board[j]
    for p in range(n):
        lows[p] = 0  # a game of one high value leaves them so
        no_masks[p] = 0
    b.mask = 0
    b.fresh = 0
    while trial < trials:
        if (trial & 1023) == 0 and should_stop(halt):
            break
        attempts = draw_listed(&rng, n, h, s.kind, s.start, s.weights, s.masks, s.hands, used, &taken, holes,
                               max_attempts)
        if attempts < 0:
            return -1
        rejected += attempts
        left = size
        for p in range(n):
            if s.kind[p] == RANDOM_SEAT:
                for j in range(h):
                    holes[p * h + j] = xoshiro.draw(&rng, deck, &left, taken)
        for j in range(known, 5):
            b.cards[j] = xoshiro.draw(&rng, deck, &left, taken)
        if known < b.fresh:
            b.fresh = known
        value(game, &b, holes, n, h, no_masks, highs, lows)
        count_showdown(n, hilo, True, highs, lows, 1.0, row)
        trial += 1
    return rejected
