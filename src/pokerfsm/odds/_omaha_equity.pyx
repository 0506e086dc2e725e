# Omaha equity (high, and hi-lo 8 or better): hot loops only. pokerfsm.odds.omaha checks
# the deal and hands these functions contiguous arrays; the evaluation is the Omaha
# evaluator's (evaluation/_omaha.pxd).
#
# Every seat holds a list of hands (a known hand is a list of one): rows of ``h`` cards in
# ``hands``, seat s owning rows start[s] .. start[s + 1], each with its card mask and weight.
# Results are one row of doubles per task (or Monte Carlo stream), for n players, laid out by
# odds/_showdown.pxd (pokerfsm.odds.omaha.omaha_row_width gives its width). Weighted counts: a
# showdown counts the product of its hands' weights (1 for Monte Carlo).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cython.parallel cimport prange

from pokerfsm.evaluation._omaha cimport Omaha, board_row, high_from_row, low_value, omaha_tables
from pokerfsm.odds._kernels cimport MAX_PLAYERS, Stop, make_stop, should_stop
from pokerfsm.odds._seat_lists cimport count_combinations, draw_listed
from pokerfsm.odds._showdown cimport count_showdown, row_width as showdown_width
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng

cdef enum:
    MAX_HOLE = 6
    CHECK_WORK = 65536  # hand evaluations between two looks at the stop flag


def row_width(int n):
    """Doubles in one result row of ``n`` players (see odds/_showdown.pxd)."""
    return showdown_width(n)


cdef struct Question:
    const Omaha* t
    int n, h
    bint hilo
    const uint8_t* hands
    const uint64_t* masks
    const double* weights   # enumeration: each hand's weight; Monte Carlo: cumulative within its seat
    const int32_t* start    # n + 1 entries
    const uint8_t* kind     # Monte Carlo, per seat: 0 its listed hands, 2 a random hand from the deck


cdef Py_ssize_t _one_board(const Question* q, const uint8_t* board, uint64_t board_mask, int32_t* high,
                           int32_t* low, double* row) noexcept nogil:
    """Every combination of the seats' hands (no card twice) on one complete ``board``; ``high`` and
    ``low`` are scratch space of one entry per hand. Returns the hands evaluated."""
    cdef const uint16_t* ranks = board_row(q.t, board, 5)
    cdef int n = q.n
    cdef Py_ssize_t i
    for i in range(q.start[n]):
        if q.masks[i] & board_mask:
            high[i] = -1
        else:
            high[i] = high_from_row(q.t, ranks, q.hands + i * q.h, q.h, board, 5)
            low[i] = low_value(q.t, q.hands + i * q.h, q.h, board, 5) if q.hilo else 0
    count_combinations(n, q.hilo, q.start, q.masks, q.weights, high, low, board_mask, row)
    return q.start[n]


cdef void _enumerate_task(const Question* q, const uint8_t* board, int known, const uint8_t* avail, int m,
                          int k, const int32_t* prefix, int d, int32_t* high, int32_t* low, double* row,
                          Stop* halt) noexcept nogil:
    """Every board that completes ``board[:known]`` with the ``d`` cards ``avail[prefix]`` and
    ``k - d`` more of ``avail`` after the last of them, in increasing order."""
    cdef uint8_t full[5]
    cdef int comb[5]
    cdef int r = k - d, i, j, first = (prefix[d - 1] + 1) if d > 0 else 0
    cdef uint64_t base = 0, mask
    cdef Py_ssize_t work = 0
    for i in range(known):
        full[i] = board[i]
        base |= 1ULL << board[i]
    for i in range(d):
        full[known + i] = avail[prefix[i]]
        base |= 1ULL << avail[prefix[i]]
    for i in range(r):
        comb[i] = first + i
    if first + r > m:
        return
    while True:
        mask = base
        for i in range(r):
            full[known + d + i] = avail[comb[i]]
            mask |= 1ULL << avail[comb[i]]
        work += _one_board(q, full, mask, high, low, row)
        if work >= CHECK_WORK:
            work = 0
            if should_stop(halt):
                return
        i = r - 1  # the next combination of r indices from first .. m - 1
        while i >= 0 and comb[i] == m - r + i:
            i -= 1
        if i < 0:
            return
        comb[i] += 1
        for j in range(i + 1, r):
            comb[j] = comb[j - 1] + 1


cdef int _question(Question* q, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                   const double[::1] weights, const int32_t[::1] start, bint hilo) except -1:
    cdef int n = <int>start.shape[0] - 1
    if (not 2 <= n <= MAX_PLAYERS or not 4 <= hands.shape[1] <= MAX_HOLE or masks.shape[0] != hands.shape[0]
            or weights.shape[0] != hands.shape[0] or start[0] != 0 or start[n] != hands.shape[0]):
        raise ValueError("Omaha equity: 2 to 10 seats, rows of 4 to 6 cards, a mask and weight per row")
    q.t = omaha_tables()
    q.n = n
    q.h = <int>hands.shape[1]
    q.hilo = hilo
    q.hands = &hands[0, 0] if hands.shape[0] > 0 else NULL
    q.masks = &masks[0] if masks.shape[0] > 0 else NULL
    q.weights = &weights[0] if weights.shape[0] > 0 else NULL
    q.start = &start[0]
    q.kind = NULL
    return 0


def enumerate_boards(const uint8_t[:, ::1] hands, const uint64_t[::1] masks, const double[::1] weights,
                     const int32_t[::1] start, bint hilo, const uint8_t[::1] board, const uint8_t[::1] avail,
                     int k, const int32_t[:, ::1] tasks, double[:, ::1] out, int threads, uint8_t[::1] stop,
                     double seconds):
    """Exact showdowns: task ``i`` counts, into ``out[i]``, every board that completes ``board`` with
    the cards ``avail[tasks[i]]`` and ``k - tasks.shape[1]`` more of ``avail`` after the last of them,
    against every combination of the seats' hands (see the module header).

    Assumes: no hand holds a card of ``board`` or of another seat's only hand; ``avail`` is the
    cards outside every known card, in increasing order; ``out`` is (tasks, row_width(n)), zeroed.
    When ``stop`` is raised or ``seconds`` run out, tasks end early and ``out`` is incomplete.
    """
    cdef Question q
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t n_tasks = tasks.shape[0], task
    cdef int d = <int>tasks.shape[1], known = <int>board.shape[0], m = <int>avail.shape[0]
    cdef int32_t* scratch
    cdef int failed = 0
    _question(&q, hands, masks, weights, start, hilo)
    if known + k != 5 or not 0 <= d <= k or out.shape[0] != n_tasks or out.shape[1] != row_width(q.n):
        raise ValueError("Omaha equity: a board of 5 - k cards and an out row per task")
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            if should_stop(&halt):
                continue
            scratch = <int32_t*>malloc(2 * (q.start[q.n] + 1) * sizeof(int32_t))
            if scratch != NULL:
                _enumerate_task(&q, &board[0] if known > 0 else NULL, known, &avail[0], m, k,
                                &tasks[task, 0] if d > 0 else NULL, d, scratch, scratch + q.start[q.n] + 1,
                                &out[task, 0], &halt)
                free(scratch)
            else:
                failed += 1
    if failed:
        raise MemoryError("Omaha equity: no memory for the hands' values")


cdef int64_t _run_stream(const Question* q, uint64_t used, const uint8_t* board, int known, uint64_t seed,
                         int64_t trials, double* row, Stop* halt, int64_t max_attempts) noexcept nogil:
    """Play ``trials`` random showdowns into ``row``; returns the range deals redrawn, -1 if stuck."""
    cdef Rng rng
    cdef int64_t trial = 0, rejected = 0, attempts
    cdef int n = q.n, h = q.h, p, j, size = 0, left
    cdef uint8_t deck[52]
    cdef uint8_t holes[MAX_PLAYERS * MAX_HOLE]
    cdef uint8_t full[5]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t lows[MAX_PLAYERS]
    cdef uint64_t taken
    cdef const uint16_t* ranks
    xoshiro.seed(&rng, seed)
    for j in range(52):
        if not (used >> j) & 1:
            deck[size] = <uint8_t>j
            size += 1
    for j in range(known):
        full[j] = board[j]
    while trial < trials:
        if (trial & 1023) == 0 and should_stop(halt):
            break
        attempts = draw_listed(&rng, n, h, q.kind, q.start, q.weights, q.masks, q.hands, used, &taken, holes,
                               max_attempts)
        if attempts < 0:
            return -1
        rejected += attempts
        left = size
        for p in range(n):
            if q.kind[p] == 2:
                for j in range(h):
                    holes[p * h + j] = xoshiro.draw(&rng, deck, &left, taken)
        for j in range(known, 5):
            full[j] = xoshiro.draw(&rng, deck, &left, taken)
        ranks = board_row(q.t, full, 5)
        for p in range(n):
            highs[p] = high_from_row(q.t, ranks, holes + p * h, h, full, 5)
            lows[p] = low_value(q.t, holes + p * h, h, full, 5) if q.hilo else 0
        count_showdown(q.n, q.hilo, True, highs, lows, 1.0, row)
        trial += 1
    return rejected


def monte_carlo(const uint8_t[:, ::1] hands, const uint64_t[::1] masks, const double[::1] cumulative,
                const int32_t[::1] start, const uint8_t[::1] kind, bint hilo, uint64_t used,
                const uint8_t[::1] board, const uint64_t[::1] seeds, const int64_t[::1] trials,
                double[:, ::1] out, int threads, uint8_t[::1] stop, double seconds,
                int64_t max_attempts=1000000):
    """Random showdowns: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Assumes: a seat of ``kind`` 0 draws one of its listed hands by their ``cumulative`` weights
    (a known hand is a list of one), none touching ``used`` (the known hands, board and dead
    cards); a seat of kind 2 (its list empty) gets uniformly random cards of the rest;
    ``out`` is (streams, row_width(n)), zeroed. The results do not depend on the number of
    threads. Raises RuntimeError when a stream redraws ``max_attempts`` times in a row. When
    ``stop`` is raised or ``seconds`` run out, streams end early and ``out`` is incomplete.
    """
    cdef Question q
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t n_streams = seeds.shape[0], stream
    cdef int known = <int>board.shape[0]
    cdef int64_t stuck = 0, r
    _question(&q, hands, masks, cumulative, start, hilo)
    q.kind = &kind[0]
    if (kind.shape[0] != q.n or out.shape[0] != n_streams or trials.shape[0] != n_streams
            or out.shape[1] != row_width(q.n) or known > 5):
        raise ValueError("Omaha Monte Carlo: a kind per seat, a trial count and an out row per seed")
    with nogil:
        for stream in prange(n_streams, num_threads=threads, schedule="dynamic"):
            r = _run_stream(&q, used, &board[0] if known > 0 else NULL, known, seeds[stream], trials[stream],
                            &out[stream, 0], &halt, max_attempts)
            stuck += r < 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
