# The Omaha evaluator's tables and per-hand functions, for cimport by other kernels
# (pokerfsm.odds._omaha_equity). omaha_tables.py states the design; every
# function assumes distinct cards 0-51 and a board of 3-5 cards.
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint64_t

from pokerfsm.evaluation._compact cimport ctz64

cdef struct Omaha:
    const uint16_t* by_board[6]  # [board size 3-5]: (board multisets, 91)
    const uint16_t* place        # [5 * 64]: 0 past rank 12, so that a bad card reads inside it
    const uint8_t* pair          # [13 * 13]
    const uint16_t* flush        # [8192]
    const uint8_t* low           # [65536]
    const uint8_t* low_bits      # [52]


# The tables, built on first use. Needs the GIL; raises on failure.
cdef const Omaha* omaha_tables() except NULL


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


cdef inline int32_t _flush_value(const Omaha* t, const uint8_t* hole, int h, const uint8_t* board, int b,
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
