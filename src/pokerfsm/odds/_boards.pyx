# Equity of known hands over every completion of the board: hot loops only.
# pokerfsm.odds.enumeration validates every input and hands these functions
# contiguous arrays; each kernel states what it assumes. A board card costs
# one table lookup per player per node of the enumeration tree: every
# player's state is advanced one card at a time and reused below.
from libc.stdint cimport int32_t, int64_t, uint8_t
from libc.string cimport memset
from cython.parallel cimport prange

from pokerfsm.evaluation._walk cimport VALUE_SHIFT, table_pointer
from pokerfsm.odds._kernels cimport MAX_MASKS, MAX_PLAYERS, N_SLOTS, Stop, make_stop, should_stop

SLOTS_PER_PLAYER = N_SLOTS


def row_width(int players):
    """Doubles per result row for ``players`` players: their category slots, then the winner masks."""
    return players * N_SLOTS + (1 << players)


def step_all(const int32_t[::1] states, const uint8_t[::1] cards, int32_t[:, ::1] out):
    """``out[i, p]`` = the state (or 7-card value) after adding ``cards[i]`` to ``states[p]``."""
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t i, p
    for i in range(cards.shape[0]):
        for p in range(states.shape[0]):
            out[i, p] = t[states[p] + cards[i] + 1]


cdef inline void _score(const int32_t* values, int n, int64_t* categories, int64_t* winners) noexcept nogil:
    """Count one showdown of ``n`` hand values (branch-free: outcomes are unpredictable)."""
    cdef int32_t best = values[0], v
    cdef int p, mask = 0
    for p in range(1, n):
        v = values[p]
        best = v if v > best else best
    for p in range(n):
        v = values[p]
        mask |= (v == best) << p
        categories[p * N_SLOTS + (v >> VALUE_SHIFT)] += 1
    winners[mask] += 1


cdef void _boards(const int32_t* t, const int32_t* states, int n, const uint8_t* avail, int m,
                  int start, int r, int64_t* categories, int64_t* winners) noexcept nogil:
    """Every way to deal ``r`` more cards of ``avail[start:m]`` to players at ``states``.

    When ``r`` is 0 the states are already 7-card values.
    """
    cdef int32_t nxt[MAX_PLAYERS]
    cdef int32_t a, b
    cdef int i, p
    if r == 0:
        _score(states, n, categories, winners)
    elif r == 1 and n == 2:  # the common heads-up leaf, unrolled: masks 1, 2 or 3 (a split)
        for i in range(start, m):
            a = t[states[0] + avail[i] + 1]
            b = t[states[1] + avail[i] + 1]
            categories[a >> VALUE_SHIFT] += 1
            categories[N_SLOTS + (b >> VALUE_SHIFT)] += 1
            if a > b:
                winners[1] += 1
            elif a < b:
                winners[2] += 1
            else:
                winners[3] += 1
    elif r == 1:
        for i in range(start, m):
            for p in range(n):
                nxt[p] = t[states[p] + avail[i] + 1]
            _score(nxt, n, categories, winners)
    else:
        for i in range(start, m - r + 1):
            for p in range(n):
                nxt[p] = t[states[p] + avail[i] + 1]
            _boards(t, nxt, n, avail, m, i + 1, r - 1, categories, winners)


cdef void _boards_task(const int32_t* t, const int32_t* states, int n, const uint8_t* avail, int m,
                       const int32_t* prefix, int d, int k, double* out) noexcept nogil:
    """One task: deal the ``d`` prefix cards, then every completion; counts into ``out``."""
    cdef int32_t cur[MAX_PLAYERS]
    cdef int64_t counts[MAX_PLAYERS * N_SLOTS + MAX_MASKS]
    cdef int p, j, width = n * N_SLOTS + (1 << n)
    memset(counts, 0, width * sizeof(int64_t))
    for p in range(n):
        cur[p] = states[p]
        for j in range(d):
            cur[p] = t[cur[p] + avail[prefix[j]] + 1]
    _boards(t, cur, n, avail, m, (prefix[d - 1] + 1) if d > 0 else 0, k - d, counts, counts + n * N_SLOTS)
    for p in range(width):
        out[p] = <double>counts[p]


def enumerate_boards(const int32_t[::1] states, const uint8_t[::1] avail, int k,
                     const int32_t[:, ::1] tasks, double[:, ::1] out, int threads,
                     uint8_t[::1] stop, double seconds):
    """Showdowns of known hands over every completion of the board by ``k`` cards.

    Assumes: ``states[p]`` is player p's state after their hole cards and the
    known board (a 7-card value when ``k`` is 0), 2 <= players <= 10; ``avail``
    holds the cards that may be dealt, ascending; each row of ``tasks`` is a
    strictly increasing tuple of ``d <= k`` indices into ``avail`` (the first
    board cards; ``d`` = 0 gives one task for the whole tree). ``out`` has
    shape (tasks, :func:`row_width`), laid out as _kernels.pxd says; row t
    receives task t's counts. Tasks not started when ``stop`` is raised or
    ``seconds`` run out are skipped (see _kernels.pxd).
    """
    cdef const int32_t* t = table_pointer()
    cdef int n = <int>states.shape[0], m = <int>avail.shape[0], d = <int>tasks.shape[1]
    cdef Py_ssize_t n_tasks = tasks.shape[0], task
    cdef const uint8_t* cards = &avail[0] if m > 0 else NULL
    cdef Stop halt = make_stop(&stop[0], seconds)
    if not 2 <= n <= MAX_PLAYERS or out.shape[0] != n_tasks or out.shape[1] != n * N_SLOTS + (1 << n):
        raise ValueError("enumerate_boards: 2 to 10 players and an out array of (tasks, row_width(players))")
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            if not should_stop(&halt):
                _boards_task(t, &states[0], n, cards, m, &tasks[task, 0] if d > 0 else NULL, d, k,
                             &out[task, 0])
