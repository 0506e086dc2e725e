# Short-deck equity: hot loops only. pokerfsm.odds.short_deck checks the deal and hands these
# functions contiguous arrays. Hands are valued by short deck's compact evaluator
# (evaluation/_short_deck_compact.pxd), which measures faster here than walking the short-deck
# hand-rank table; given that table (``table=``), the kernels walk it instead, so that
# perf/bench_short_deck.py can measure both. The loops over boards, deals and hands are
# odds/_seat_lists.pxd's.
#
# Every seat holds a list of two-card hands, as odds/_seat_lists.pxd describes them. Results are one
# row per task (or Monte Carlo stream) as odds/_showdown.pxd lays it out, its categories being
# the short-deck places (value >> 12) that pokerfsm.odds.short_deck maps to hand categories.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport suit_bit
from pokerfsm.evaluation._short_deck_compact cimport ShortDeck, short_deck_compact_tables, short_deck_value
from pokerfsm.evaluation._walk cimport ROOT
from pokerfsm.odds._kernels cimport Stop, make_stop
from pokerfsm.odds._seat_lists cimport Board, Boards, Seats, read_boards, read_seats, read_streams
from pokerfsm.odds cimport _seat_lists as seat_lists
from pokerfsm.odds._showdown cimport row_width as showdown_width


def row_width(int n):
    """Doubles in one result row of ``n`` players (see odds/_showdown.pxd)."""
    return showdown_width(n)


cdef inline void _value_hands(const void* game, Board* board, const uint8_t* hands, Py_ssize_t count, int h,
                              const uint64_t* masks, int32_t* high, int32_t* low) noexcept nogil:
    """The seat lists' ValueHands (odds/_seat_lists.pxd) of the compact tables (``game``): the
    board's key and suit bits, completed by each two-card hand's."""
    cdef const ShortDeck* c = <const ShortDeck*>game
    cdef uint64_t key = 0, bits = 0
    cdef Py_ssize_t i
    cdef int p
    for p in range(5):
        key += c.card_key[board.cards[p]]
        bits |= suit_bit(board.cards[p])
    board.fresh = 5
    for i in range(count):
        if masks[i] & board.mask:
            high[i] = -1
        else:
            high[i] = short_deck_value(c, key + c.card_key[hands[2 * i]] + c.card_key[hands[2 * i + 1]],
                                       bits | suit_bit(hands[2 * i]) | suit_bit(hands[2 * i + 1]))


cdef inline void _walk_hands(const void* game, Board* board, const uint8_t* hands, Py_ssize_t count, int h,
                             const uint64_t* masks, int32_t* high, int32_t* low) noexcept nogil:
    """The seat lists' ValueHands of a hand-rank table (``game``): the board's prefixes are
    walked on from the first card that changed, each two-card hand from the board's state."""
    cdef const int32_t* t = <const int32_t*>game
    cdef int32_t state = ROOT if board.fresh == 0 else <int32_t>board.walked[board.fresh]
    cdef Py_ssize_t i
    cdef int p
    for p in range(board.fresh, 5):
        state = t[state + board.cards[p] + 1]
        board.walked[p + 1] = state
    board.fresh = 5
    for i in range(count):
        if masks[i] & board.mask:
            high[i] = -1
        else:
            high[i] = t[t[state + hands[2 * i] + 1] + hands[2 * i + 1] + 1]


cdef const int32_t* _walked(const int32_t[::1] table) except? NULL:
    """The entries of a hand-rank table given to be walked, or NULL (the compact tables)."""
    if table is None:
        return NULL
    if table.shape[0] < 2 * ROOT:
        raise ValueError("short-deck equity: not a hand-rank table")
    return &table[0]


cdef const ShortDeck* _question(Seats* s, const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                                const double[::1] weights, const int32_t[::1] start) except NULL:
    """Point ``s`` at the seats' lists; returns the compact tables (built on first use)."""
    read_seats(s, hands, masks, weights, start)
    if s.h != 2:
        raise ValueError("short-deck equity: rows of 2 cards")
    return short_deck_compact_tables()


def enumerate_boards(const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                     const double[::1] weights, const int32_t[::1] start, const uint8_t[::1] board,
                     const uint8_t[::1] avail, int k, const int32_t[:, ::1] tasks, double[:, ::1] out,
                     int threads, uint8_t[::1] stop, double seconds, const int32_t[::1] table=None):
    """Exact showdowns: task ``i`` counts, into ``out[i]``, every board that completes ``board`` with
    the cards ``avail[tasks[i]]`` and ``k - tasks.shape[1]`` more of ``avail`` after the last of them,
    against every combination of the seats' hands.

    Assumes: every card is one of the short deck (six and up), and ``table``, if given, the
    short-deck hand-rank table (checked); no hand holds a
    card of ``board`` or of another seat's only hand; ``avail`` is the cards left, in increasing
    order; ``out`` is (tasks, row_width(n)), zeroed. When ``stop`` is raised or ``seconds`` run
    out, tasks end early and ``out`` is incomplete.
    """
    cdef Seats s
    cdef Boards boards
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t task
    cdef int failed = 0
    cdef const ShortDeck* tables = _question(&s, hands, masks, weights, start)
    cdef const int32_t* t = _walked(table)
    read_boards(&boards, &s, board, avail, k, tasks, out)
    with nogil:
        for task in prange(tasks.shape[0], num_threads=threads, schedule="dynamic"):
            if t == NULL:
                failed += seat_lists.enumerate_task(tables, _value_hands, False, &s, &boards,
                                                    &tasks[task, 0] if boards.d > 0 else NULL, &out[task, 0], &halt)
            else:
                failed += seat_lists.enumerate_task(t, _walk_hands, False, &s, &boards,
                                                    &tasks[task, 0] if boards.d > 0 else NULL, &out[task, 0], &halt)
    if failed:
        raise MemoryError("short-deck equity: no memory for the hands' values")


def monte_carlo(const uint8_t[:, ::1] hands, const uint64_t[::1] masks,
                const double[::1] cumulative, const int32_t[::1] start, const uint8_t[::1] kind, uint64_t used,
                const uint8_t[::1] board, const uint64_t[::1] seeds, const int64_t[::1] trials,
                double[:, ::1] out, int threads, uint8_t[::1] stop, double seconds,
                int64_t max_attempts=1000000, const int32_t[::1] table=None):
    """Random showdowns: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Assumes: a seat of ``kind`` 0 draws one of its listed hands by their ``cumulative`` weights
    (a known hand is a list of one), none touching ``used`` (the known hands, board, dead cards
    and the cards the game does not deal); a seat of kind 2 (its list empty) gets uniformly
    random cards of the rest; ``out`` is (streams, row_width(n)), zeroed. The results do not
    depend on the number of threads. Raises RuntimeError when a stream redraws ``max_attempts``
    times in a row. When ``stop`` is raised or ``seconds`` run out, streams end early. Given
    ``table`` (the short-deck hand-rank table), hands are valued by walking it.
    """
    cdef Seats s
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t stream
    cdef int64_t stuck = 0
    cdef const ShortDeck* tables = _question(&s, hands, masks, cumulative, start)
    cdef const int32_t* t = _walked(table)
    s.kind = &kind[0]
    read_streams(&s, kind, board, seeds, trials, out)
    with nogil:
        for stream in prange(seeds.shape[0], num_threads=threads, schedule="dynamic"):
            if t == NULL:
                stuck += seat_lists.run_stream(tables, _value_hands, False, 2, &s, used, board, seeds[stream],
                                               trials[stream], &out[stream, 0], &halt, max_attempts) < 0
            else:
                stuck += seat_lists.run_stream(t, _walk_hands, False, 2, &s, used, board, seeds[stream],
                                               trials[stream], &out[stream, 0], &halt, max_attempts) < 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
