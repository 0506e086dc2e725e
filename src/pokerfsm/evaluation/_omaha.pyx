# The Omaha evaluator: hot loops only. omaha_tables.py builds the tables and
# states the design; omaha.py holds validation and error messages; these
# kernels assume what their docstrings say.
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint64_t
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport ctz64

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

cdef struct Omaha:
    const uint16_t* by_board[6]  # [board size 3-5]: (board multisets, 91)
    const uint16_t* place        # [5 * 64]: 0 past rank 12, so that a bad card reads inside it
    const uint8_t* pair          # [13 * 13]
    const uint16_t* flush        # [8192]
    const uint8_t* low           # [65536]
    const uint8_t* low_bits      # [52]

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


cdef inline int _bits(uint16_t mask, int want, uint16_t* out) noexcept nogil:
    """The masks of every ``want`` (2 or 3) bits of ``mask`` into ``out``; returns how many."""
    cdef int n = 0
    cdef uint16_t a, b, c, rest_a, rest_b
    rest_a = mask
    while rest_a:
        a = rest_a & (0 - rest_a)
        rest_a ^= a
        rest_b = rest_a
        while rest_b:
            b = rest_b & (0 - rest_b)
            rest_b ^= b
            if want == 2:
                out[n] = a | b
                n += 1
            else:
                c = rest_b
                while c:
                    out[n] = a | b | (c & (0 - c))
                    n += 1
                    c &= c - 1
    return n


cdef int32_t _flush_value(const Omaha* t, const uint8_t* hole, int h, const uint8_t* board, int b,
                          int suit) noexcept nogil:
    """The best flush of two hole cards and three board cards of ``suit`` (the rare case)."""
    cdef uint16_t hole_ranks = 0, board_ranks = 0
    cdef uint16_t pairs[15]
    cdef uint16_t triples[10]
    cdef int i, j, n_pairs, n_triples
    cdef int32_t best = 0, v
    for i in range(h):
        if (hole[i] & 3) == suit:
            hole_ranks |= <uint16_t>(1 << (hole[i] >> 2))
    for i in range(b):
        if (board[i] & 3) == suit:
            board_ranks |= <uint16_t>(1 << (board[i] >> 2))
    n_pairs = _bits(hole_ranks, 2, pairs)
    n_triples = _bits(board_ranks, 3, triples)
    for i in range(n_pairs):
        for j in range(n_triples):
            v = t.flush[pairs[i] | triples[j]]
            best = v if v > best else best
    return best


cdef inline void _order(int* r, int i, int j) noexcept nogil:
    """Put r[i] <= r[j]."""
    cdef int a = r[i], b = r[j]
    r[i] = a if a < b else b
    r[j] = b if a < b else a


cdef inline const uint16_t* board_row(const Omaha* t, const uint8_t* board, int b) noexcept nogil:
    """The row of ``by_board[b]`` for the board's ranks: the best value per hole pair multiset."""
    cdef int r[5]
    cdef int i, j, x
    for i in range(b):
        r[i] = board[i] >> 2
    if b == 5:  # a sorting network: no branch to mispredict
        _order(r, 0, 1); _order(r, 3, 4); _order(r, 2, 4); _order(r, 2, 3); _order(r, 0, 3)
        _order(r, 0, 2); _order(r, 1, 4); _order(r, 1, 3); _order(r, 1, 2)
        x = t.place[r[0]] + t.place[64 + r[1]] + t.place[128 + r[2]] + t.place[192 + r[3]] + t.place[256 + r[4]]
    else:
        for i in range(1, b):  # insertion sort, up
            x = r[i]
            j = i
            while j > 0 and r[j - 1] > x:
                r[j] = r[j - 1]
                j -= 1
            r[j] = x
        x = 0
        for i in range(b):
            x += t.place[i * 64 + r[i]]
    return t.by_board[b] + x * 91


cdef inline int32_t high_from_row(const Omaha* t, const uint16_t* row, const uint8_t* hole, int h,
                                  const uint8_t* board, int b) noexcept nogil:
    """The best value of two of the ``h`` hole cards and three of the ``b`` (3-5) board cards,
    ``row`` being the board's ``board_row``. Assumes distinct cards 0-51."""
    cdef int i, j, ri
    cdef uint64_t board_suits = 0, hole_suits = 0, flags
    cdef int32_t best = 0, v
    for i in range(b):
        board_suits += 1ULL << ((board[i] & 3) << 2)
    for i in range(h):
        ri = (hole[i] >> 2) * 13
        hole_suits += 1ULL << ((hole[i] & 3) << 2)
        for j in range(i + 1, h):
            v = row[t.pair[ri + (hole[j] >> 2)]]
            best = v if v > best else best
    flags = (board_suits + 0x5555) & (hole_suits + 0x6666) & 0x8888  # 3+ on the board and 2+ in the hole
    if flags:
        v = _flush_value(t, hole, h, board, b, ctz64(flags) >> 2)
        best = v if v > best else best
    return best


cdef inline int32_t high_value(const Omaha* t, const uint8_t* hole, int h, const uint8_t* board,
                               int b) noexcept nogil:
    """The best value of two of the ``h`` hole cards and three of the ``b`` (3-5) board cards.

    Assumes distinct cards 0-51.
    """
    return high_from_row(t, board_row(t, board, b), hole, h, board, b)


cdef inline int32_t low_value(const Omaha* t, const uint8_t* hole, int h, const uint8_t* board,
                              int b) noexcept nogil:
    """The 8-or-better low's rank (56 the wheel ... 1), 0 when none qualifies."""
    cdef int i, hole_mask = 0, board_mask = 0
    for i in range(h):
        hole_mask |= t.low_bits[hole[i]]
    for i in range(b):
        board_mask |= t.low_bits[board[i]]
    return t.low[hole_mask << 8 | board_mask]


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
