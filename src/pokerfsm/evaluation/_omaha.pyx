# The Omaha evaluator: hot loops only. omaha_tables.py builds the tables and
# states the design; omaha.py holds validation and error messages; these
# kernels assume what their docstrings say.
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint64_t
from cython.parallel cimport prange

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #define pokerfsm_omaha_prefetch(p) ((void)(p))
    #else
    #define pokerfsm_omaha_prefetch(p) __builtin_prefetch((const void*)(p))
    #endif
    """
    void prefetch "pokerfsm_omaha_prefetch" (const void* p) noexcept nogil

cdef enum:
    BLOCK = 64  # rows whose board rows are fetched together

cdef Omaha _tables
cdef bint _ready = False
_owner = None  # the OmahaTables whose arrays back _tables


cdef const Omaha* omaha_tables() except NULL:
    if not _ready:
        from pokerfsm.evaluation.omaha_tables import omaha_tables as build
        use_tables(build())
    return &_tables


def use_tables(tables):
    """Make ``tables`` (a pokerfsm.evaluation.omaha_tables.OmahaTables) the ones every kernel reads."""
    global _ready, _owner
    cdef const uint16_t[:, ::1] three = tables.by_board[3]
    cdef const uint16_t[:, ::1] four = tables.by_board[4]
    cdef const uint16_t[:, ::1] five = tables.by_board[5]
    cdef const uint16_t[:, ::1] place = tables.place
    cdef const uint8_t[::1] pair = tables.pair
    cdef const uint16_t[::1] flush = tables.flush
    cdef const uint8_t[::1] low = tables.low
    cdef const uint8_t[::1] low_bits = tables.low_bits
    if (three.shape[0] != 455 or four.shape[0] != 1820 or five.shape[0] != 6188 or five.shape[1] != 91
            or place.shape[0] != 5 or place.shape[1] != 64 or pair.shape[0] != 169 or flush.shape[0] != 8192
            or low.shape[0] != 65536 or low_bits.shape[0] != 52):
        raise ValueError("Omaha tables of the wrong shape")
    _owner = tables
    _tables.by_board[3] = &three[0, 0]
    _tables.by_board[4] = &four[0, 0]
    _tables.by_board[5] = &five[0, 0]
    _tables.place = &place[0, 0]
    _tables.pair = &pair[0]
    _tables.flush = &flush[0]
    _tables.low = &low[0]
    _tables.low_bits = &low_bits[0]
    _ready = True


cdef inline bint _bad(const uint8_t* hole, int h, const uint8_t* board, int b) noexcept nogil:
    """True when a card is above 51 or given twice (a repeat carries in the sum of the bits)."""
    cdef uint64_t seen = 0, total = 0, bit
    cdef int i, high = 0
    for i in range(h):
        bit = 1ULL << (hole[i] & 63)
        seen |= bit
        total += bit
        high |= hole[i] > 51
    for i in range(b):
        bit = 1ULL << (board[i] & 63)
        seen |= bit
        total += bit
        high |= board[i] > 51
    return high or seen != total


cdef Py_ssize_t _value_block(const Omaha* t, const uint8_t* holes, Py_ssize_t hole_step, int h,
                             const uint8_t* boards, Py_ssize_t board_step, int b, Py_ssize_t start, Py_ssize_t stop,
                             int32_t* highs, int32_t* lows) noexcept nogil:
    """Rows ``start`` to ``stop`` (at most BLOCK) of evaluate_rows; returns how many are bad.

    First every row's board row is found and its cache lines are asked for,
    then the hole pairs are read: the misses overlap instead of waiting in turn.
    """
    cdef const uint16_t* rows[BLOCK]
    cdef const uint16_t* row
    cdef Py_ssize_t i, bad = 0
    cdef const uint8_t* hole
    cdef const uint8_t* board
    for i in range(start, stop):
        row = board_row(t, boards + i * board_step, b)
        rows[i - start] = row
        prefetch(row)
        prefetch(row + 32)
        prefetch(row + 64)
        prefetch(row + 90)
    for i in range(start, stop):
        hole = holes + i * hole_step
        board = boards + i * board_step
        if _bad(hole, h, board, b):
            highs[i] = -1
            if lows != NULL:
                lows[i] = -1
            bad += 1
        else:
            highs[i] = high_from_row(t, rows[i - start], hole, h, board, b)
            if lows != NULL:
                lows[i] = low_value(t, hole, h, board, b)
    return bad


def evaluate_rows(const uint8_t[:, ::1] hole, int hole_cards, const uint8_t[:, ::1] board, int32_t[::1] high,
                  int32_t[::1] low, bint want_low, int threads):
    """Each row's Omaha high into ``high`` (and, if ``want_low``, its low rank into ``low``).

    The hole cards are the first ``hole_cards`` (4-6) of each row of ``hole``;
    ``board`` is (n, 3-5), or (1, 3-5) for one board shared by every row, or
    None when the rest of each row of ``hole`` (3-5 cards) is its board. A bad
    row (a card above 51 or a repeated card) gets -1 in both; returns how many
    rows are bad. Runs without the GIL on ``threads`` threads.
    """
    cdef const Omaha* t = omaha_tables()
    cdef Py_ssize_t n = hole.shape[0], block, bad = 0
    cdef int h = hole_cards
    cdef int b = <int>(hole.shape[1] - h if board is None else board.shape[1])
    cdef Py_ssize_t hole_step = hole.shape[1]
    cdef Py_ssize_t board_step = hole_step if board is None else (b if board.shape[0] > 1 else 0)
    cdef const uint8_t* holes = &hole[0, 0] if n > 0 else NULL
    cdef const uint8_t* boards = NULL
    cdef int32_t* highs = &high[0] if n > 0 else NULL
    cdef int32_t* lows = &low[0] if n > 0 and want_low else NULL
    if n > 0:
        boards = holes + h if board is None else &board[0, 0]
    if (not (4 <= h <= 6 and 3 <= b <= 5) or (board is None and hole_step != h + b)
            or (board is not None and (hole_step != h or (board_step and board.shape[0] != n)))
            or high.shape[0] < n or (want_low and low.shape[0] < n)):
        raise ValueError("Omaha rows of the wrong shape")
    with nogil:
        for block in prange((n + BLOCK - 1) // BLOCK, num_threads=threads, schedule="dynamic", chunksize=16):
            bad += _value_block(t, holes, hole_step, h, boards, board_step, b, block * BLOCK,
                                min(n, (block + 1) * BLOCK), highs, lows)
    return bad
