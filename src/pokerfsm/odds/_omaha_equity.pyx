# Omaha equity (high, and hi-lo 8 or better): hot loops only. pokerfsm.odds.omaha checks
# the deal and hands these functions contiguous arrays; the evaluation is the Omaha
# evaluator's (evaluation/_omaha.pxd), the loops over boards, deals and hands are
# odds/_seat_lists.pxd's.
#
# Every seat holds a list of hands (a known hand is a list of one): rows of ``h`` cards in
# ``hands``, seat s owning rows start[s] .. start[s + 1], each with its card mask and weight.
# Results are one row of doubles per task (or Monte Carlo stream), for n players, laid out by
# odds/_showdown.pxd (pokerfsm.odds.omaha.omaha_row_width gives its width). Weighted counts: a
# showdown counts the product of its hands' weights (1 for Monte Carlo).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._omaha cimport Omaha, board_row, high_from_row, low_value, omaha_tables
from pokerfsm.odds._kernels cimport Stop, make_stop
from pokerfsm.odds._seat_lists cimport Board, Boards, Seats, read_boards, read_seats, read_streams
from pokerfsm.odds cimport _seat_lists as seat_lists
from pokerfsm.odds._showdown cimport row_width as showdown_width


def row_width(int n):
    """Doubles in one result row of ``n`` players (see odds/_showdown.pxd)."""
    return showdown_width(n)


cdef struct Game:
    const Omaha* t
    bint hilo


cdef inline void _value_hands(const void* game, Board* board, const uint8_t* hands, Py_ssize_t count, int h,
                              const uint64_t* masks, int32_t* high, int32_t* low) noexcept nogil:
    """The seat lists' ValueHands (odds/_seat_lists.pxd) of a ``Game``."""
    cdef const Game* g = <const Game*>game
    cdef const uint16_t* ranks = board_row(g.t, board.cards, 5)
    cdef Py_ssize_t i
    for i in range(count):
        if masks[i] & board.mask:
            high[i] = -1
        else:
            high[i] = high_from_row(g.t, ranks, hands + i * h, h, board.cards, 5)
            low[i] = low_value(g.t, hands + i * h, h, board.cards, 5) if g.hilo else 0
    board.fresh = 5


cdef int _question(Seats* s, Game* g, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                   const double[::1] weights, const int32_t[::1] start, bint hilo) except -1:
    read_seats(s, hands, masks, weights, start)
    if s.h < 4:
        raise ValueError("Omaha equity: rows of 4 to 6 cards")
    g.t = omaha_tables()
    g.hilo = hilo
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
    cdef Seats s
    cdef Game g
    cdef Boards boards
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t task
    cdef int failed = 0
    _question(&s, &g, hands, masks, weights, start, hilo)
    read_boards(&boards, &s, board, avail, k, tasks, out)
    with nogil:
        for task in prange(tasks.shape[0], num_threads=threads, schedule="dynamic"):
            failed += seat_lists.enumerate_task(&g, _value_hands, g.hilo, &s, &boards,
                                                &tasks[task, 0] if boards.d > 0 else NULL, &out[task, 0], &halt)
    if failed:
        raise MemoryError("Omaha equity: no memory for the hands' values")


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
    cdef Seats s
    cdef Game g
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t stream
    cdef int64_t stuck = 0
    _question(&s, &g, hands, masks, cumulative, start, hilo)
    s.kind = &kind[0]
    read_streams(&s, kind, board, seeds, trials, out)
    with nogil:
        for stream in prange(seeds.shape[0], num_threads=threads, schedule="dynamic"):
            stuck += seat_lists.run_stream(&g, _value_hands, g.hilo, s.h, &s, used, board, seeds[stream], trials[stream],
                                           &out[stream, 0], &halt, max_attempts) < 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
