# Short-deck equity: hot loops only. pokerfsm.odds.short_deck checks the deal and hands these
# functions contiguous arrays. Hands are valued by walking the hand-rank table given as an
# argument (the short-deck table: the 52-card layout, cards below six never dealt), so nothing
# here knows the deck or the ranking.
#
# Every seat holds a list of two-card hands, as odds/_seat_lists.pxd describes them. Results are one
# row per task (or Monte Carlo stream) as odds/_showdown.pxd lays it out, its categories being
# the short-deck places (value >> 12) that pokerfsm.odds.short_deck maps to hand categories.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from cython.parallel cimport prange

from pokerfsm.evaluation._walk cimport ROOT
from pokerfsm.odds._kernels cimport MAX_PLAYERS, Stop, make_stop, should_stop
from pokerfsm.odds._seat_lists cimport count_combinations, draw_listed
from pokerfsm.odds._showdown cimport count_showdown, row_width as showdown_width
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng

cdef enum:
    CHECK_WORK = 65536  # hands valued between two looks at the stop flag


def row_width(int n):
    """Doubles in one result row of ``n`` players (see odds/_showdown.pxd)."""
    return showdown_width(n)


cdef struct Question:
    const int32_t* t
    int n
    const uint8_t* hands
    const uint64_t* masks
    const double* weights   # enumeration: each hand's weight; Monte Carlo: cumulative within its seat
    const int32_t* start    # n + 1 entries
    const uint8_t* kind     # Monte Carlo, per seat: 0 its listed hands, 2 a random hand from the deck


cdef inline int32_t _value(const int32_t* t, int32_t board_state, const uint8_t* hole) noexcept nogil:
    return t[t[board_state + hole[0] + 1] + hole[1] + 1]


cdef Py_ssize_t _one_board(const Question* q, int32_t board_state, uint64_t board_mask, int32_t* high,
                           double* row) noexcept nogil:
    """Every combination of the seats' hands (no card twice) on one complete board, reached at
    ``board_state``; ``high`` is scratch space of one entry per hand. Returns the hands valued."""
    cdef Py_ssize_t i
    for i in range(q.start[q.n]):
        high[i] = -1 if q.masks[i] & board_mask else _value(q.t, board_state, q.hands + 2 * i)
    count_combinations(q.n, False, q.start, q.masks, q.weights, high, NULL, board_mask, row)
    return q.start[q.n]


cdef void _enumerate_task(const Question* q, int32_t known_state, uint64_t known_mask, const uint8_t* avail,
                          int m, int k, const int32_t* prefix, int d, int32_t* high, double* row,
                          Stop* halt) noexcept nogil:
    """Every board that completes the known board (at ``known_state``) with the ``d`` cards
    ``avail[prefix]`` and ``k - d`` more of ``avail`` after the last of them."""
    cdef int comb[5]
    cdef int32_t states[6]
    cdef uint64_t masks[6]
    cdef int r = k - d, i, j, first = (prefix[d - 1] + 1) if d > 0 else 0
    cdef Py_ssize_t work = 0
    states[0] = known_state
    masks[0] = known_mask
    for i in range(d):
        states[0] = q.t[states[0] + avail[prefix[i]] + 1]
        masks[0] |= 1ULL << avail[prefix[i]]
    if first + r > m:
        return
    for i in range(r):
        comb[i] = first + i
    i = 0  # the first index whose state must be walked again
    while True:
        for j in range(i, r):
            states[j + 1] = q.t[states[j] + avail[comb[j]] + 1]
            masks[j + 1] = masks[j] | (1ULL << avail[comb[j]])
        work += _one_board(q, states[r], masks[r], high, row)
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


cdef int _question(Question* q, const int32_t[::1] table, const uint8_t[:, ::1] hands,
                   const uint64_t[::1] masks, const double[::1] weights, const int32_t[::1] start) except -1:
    cdef int n = <int>start.shape[0] - 1
    if (not 2 <= n <= MAX_PLAYERS or hands.shape[1] != 2 or masks.shape[0] != hands.shape[0]
            or weights.shape[0] != hands.shape[0] or start[0] != 0 or start[n] != hands.shape[0]
            or table.shape[0] < 2 * ROOT):
        raise ValueError("short-deck equity: a table, 2 to 10 seats, rows of 2 cards, a mask and weight per row")
    q.t = &table[0]
    q.n = n
    q.hands = &hands[0, 0] if hands.shape[0] > 0 else NULL
    q.masks = &masks[0] if masks.shape[0] > 0 else NULL
    q.weights = &weights[0] if weights.shape[0] > 0 else NULL
    q.start = &start[0]
    q.kind = NULL
    return 0


def enumerate_boards(const int32_t[::1] table, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                     const double[::1] weights, const int32_t[::1] start, const uint8_t[::1] board,
                     const uint8_t[::1] avail, int k, const int32_t[:, ::1] tasks, double[:, ::1] out,
                     int threads, uint8_t[::1] stop, double seconds):
    """Exact showdowns: task ``i`` counts, into ``out[i]``, every board that completes ``board`` with
    the cards ``avail[tasks[i]]`` and ``k - tasks.shape[1]`` more of ``avail`` after the last of them,
    against every combination of the seats' hands.

    Assumes: ``table`` is a checked hand-rank table and every card one it deals; no hand holds a
    card of ``board`` or of another seat's only hand; ``avail`` is the cards left, in increasing
    order; ``out`` is (tasks, row_width(n)), zeroed. When ``stop`` is raised or ``seconds`` run
    out, tasks end early and ``out`` is incomplete.
    """
    cdef Question q
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t n_tasks = tasks.shape[0], task
    cdef int d = <int>tasks.shape[1], known = <int>board.shape[0], m = <int>avail.shape[0], i
    cdef int32_t known_state = ROOT
    cdef uint64_t known_mask = 0
    cdef int32_t* scratch
    cdef int failed = 0
    _question(&q, table, hands, masks, weights, start)
    if known + k != 5 or not 0 <= d <= k or out.shape[0] != n_tasks or out.shape[1] != row_width(q.n):
        raise ValueError("short-deck equity: a board of 5 - k cards and an out row per task")
    for i in range(known):
        known_state = q.t[known_state + board[i] + 1]
        known_mask |= 1ULL << board[i]
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            if should_stop(&halt):
                continue
            scratch = <int32_t*>malloc((q.start[q.n] + 1) * sizeof(int32_t))
            if scratch != NULL:
                _enumerate_task(&q, known_state, known_mask, &avail[0], m, k,
                                &tasks[task, 0] if d > 0 else NULL, d, scratch, &out[task, 0], &halt)
                free(scratch)
            else:
                failed += 1
    if failed:
        raise MemoryError("short-deck equity: no memory for the hands' values")


cdef int64_t _run_stream(const Question* q, uint64_t used, const uint8_t* board, int known, uint64_t seed,
                         int64_t trials, double* row, Stop* halt, int64_t max_attempts) noexcept nogil:
    """Play ``trials`` random showdowns into ``row``; returns the range deals redrawn, -1 if stuck."""
    cdef Rng rng
    cdef int64_t trial = 0, rejected = 0, attempts
    cdef int n = q.n, p, j, size = 0, left
    cdef uint8_t deck[52]
    cdef uint8_t holes[MAX_PLAYERS * 2]
    cdef int32_t highs[MAX_PLAYERS]
    cdef int32_t state, known_state = ROOT
    cdef uint64_t taken
    xoshiro.seed(&rng, seed)
    for j in range(52):
        if not (used >> j) & 1:
            deck[size] = <uint8_t>j
            size += 1
    for j in range(known):
        known_state = q.t[known_state + board[j] + 1]
    while trial < trials:
        if (trial & 1023) == 0 and should_stop(halt):
            break
        attempts = draw_listed(&rng, n, 2, q.kind, q.start, q.weights, q.masks, q.hands, used, &taken, holes,
                               max_attempts)
        if attempts < 0:
            return -1
        rejected += attempts
        left = size
        for p in range(n):
            if q.kind[p] == 2:
                holes[2 * p] = xoshiro.draw(&rng, deck, &left, taken)
                holes[2 * p + 1] = xoshiro.draw(&rng, deck, &left, taken)
        state = known_state
        for j in range(known, 5):
            state = q.t[state + xoshiro.draw(&rng, deck, &left, taken) + 1]
        for p in range(n):
            highs[p] = _value(q.t, state, holes + 2 * p)
        count_showdown(n, False, True, highs, NULL, 1.0, row)
        trial += 1
    return rejected


def monte_carlo(const int32_t[::1] table, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                const double[::1] cumulative, const int32_t[::1] start, const uint8_t[::1] kind, uint64_t used,
                const uint8_t[::1] board, const uint64_t[::1] seeds, const int64_t[::1] trials,
                double[:, ::1] out, int threads, uint8_t[::1] stop, double seconds,
                int64_t max_attempts=1000000):
    """Random showdowns: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Assumes: a seat of ``kind`` 0 draws one of its listed hands by their ``cumulative`` weights
    (a known hand is a list of one), none touching ``used`` (the known hands, board, dead cards
    and the cards the game does not deal); a seat of kind 2 (its list empty) gets uniformly
    random cards of the rest; ``out`` is (streams, row_width(n)), zeroed. The results do not
    depend on the number of threads. Raises RuntimeError when a stream redraws ``max_attempts``
    times in a row. When ``stop`` is raised or ``seconds`` run out, streams end early.
    """
    cdef Question q
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t n_streams = seeds.shape[0], stream
    cdef int known = <int>board.shape[0]
    cdef int64_t stuck = 0, r
    _question(&q, table, hands, masks, cumulative, start)
    q.kind = &kind[0]
    if (kind.shape[0] != q.n or out.shape[0] != n_streams or trials.shape[0] != n_streams
            or out.shape[1] != row_width(q.n) or known > 5):
        raise ValueError("short-deck Monte Carlo: a kind per seat, a trial count and an out row per seed")
    with nogil:
        for stream in prange(n_streams, num_threads=threads, schedule="dynamic"):
            r = _run_stream(&q, used, &board[0] if known > 0 else NULL, known, seeds[stream], trials[stream],
                            &out[stream, 0], &halt, max_attempts)
            stuck += r < 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
