# Hand-strength kernel for the flop-ehs table: hot loops only. The Python
# layer (pokerfsm.precomputed.tasks) validates the board and picks the rows.
#
# Work is organised by board rather than by hand: for each river board the
# values of all 1,081 two-card hands of the 47 cards left are computed once,
# sorted, and every hand's wins and ties against all the others that share
# no card with it follow by inclusion-exclusion in one sweep.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from pokerfsm.evaluation._walk cimport ROOT, table_pointer
from pokerfsm.precomputed._value_sort cimport sort_by_value

cdef enum:
    LEFT = 47            # cards left once a 5-card board is out
    HANDS = 1081         # two-card hands of those 47
    INDEX_BITS = 11      # HANDS < 2 ** INDEX_BITS
    MAX_REST = 49        # cards left after a 3-card board


cdef struct Scratch:
    uint32_t keys[HANDS]        # value << INDEX_BITS | hand number
    uint32_t spare[HANDS]       # the radix sort's other buffer
    uint8_t first[HANDS]        # each hand's two cards, as positions in ``cards``
    uint8_t second[HANDS]
    int32_t below[LEFT]         # hands already swept (smaller value) that hold the card
    int32_t same[LEFT]          # hands of the current value that hold the card


cdef void _score_river(const int32_t* t, int32_t board_state, const uint8_t* cards,
                       const uint8_t* rest_position, const int32_t* hand_id, int64_t* wins,
                       int64_t* ties, int64_t* squares, Scratch* s) noexcept nogil:
    """Add one river board's outcome to every hand of the ``LEFT`` cards left.

    ``board_state`` is the table state after the 5 board cards; ``cards`` the
    47 cards left; ``rest_position[i]`` the position of ``cards[i]`` among the
    cards left after the first street's board, and ``hand_id[p * 52 + q]`` the
    output row of the hand at positions p < q there. For each hand: wins and
    ties against every other hand sharing no card with it, and the square of
    (2 * wins + ties).
    """
    cdef int a, b, n = 0, g, e, q, number, size
    cdef int32_t state, won, tied, done = 0, row
    cdef uint32_t value
    for a in range(LEFT - 1):
        state = t[board_state + cards[a] + 1]
        for b in range(a + 1, LEFT):
            s.keys[n] = (<uint32_t>t[state + cards[b] + 1] << INDEX_BITS) | <uint32_t>n
            s.first[n] = a
            s.second[n] = b
            n += 1
    sort_by_value(s.keys, s.spare, n, INDEX_BITS)
    memset(s.below, 0, sizeof(s.below))
    memset(s.same, 0, sizeof(s.same))
    g = 0
    while g < n:
        value = s.keys[g] >> INDEX_BITS
        e = g + 1
        while e < n and (s.keys[e] >> INDEX_BITS) == value:
            e += 1
        size = e - g
        for q in range(g, e):
            number = s.keys[q] & ((1 << INDEX_BITS) - 1)
            s.same[s.first[number]] += 1
            s.same[s.second[number]] += 1
        for q in range(g, e):
            number = s.keys[q] & ((1 << INDEX_BITS) - 1)
            a = s.first[number]
            b = s.second[number]
            # inclusion-exclusion: the hands holding a or b are not opponents;
            # the only hand holding both is this one (not below, and in ``same``)
            won = done - s.below[a] - s.below[b]
            tied = size - s.same[a] - s.same[b] + 1
            row = hand_id[rest_position[a] * 52 + rest_position[b]]
            wins[row] += won
            ties[row] += tied
            squares[row] += <int64_t>(2 * won + tied) * (2 * won + tied)
        for q in range(g, e):
            number = s.keys[q] & ((1 << INDEX_BITS) - 1)
            a = s.first[number]
            b = s.second[number]
            s.below[a] += 1
            s.below[b] += 1
            s.same[a] = 0
            s.same[b] = 0
        done += size
        g = e


def board_strengths(const uint8_t[::1] board, int64_t[::1] wins, int64_t[::1] ties,
                    int64_t[::1] squares):
    """Every hand's showdowns against one random hand from a flop or a turn to the river.

    Assumes ``board`` holds 3 or 4 distinct cards 0-51. The hands are the pairs
    (p, q), p < q, of the cards not on the board in ascending order, numbered
    in that order (row 0 = the two lowest cards): ``C(49, 2)`` rows after a
    flop, ``C(48, 2)`` after a turn; each output array has that many entries.
    Adds to each row, over every completion of the board and every opponent
    hand sharing no card with the board or the hand: ``wins`` and ``ties``
    (showdown counts), and ``squares``, the sum over completions of
    ``(2 * wins + ties) ** 2`` at that river (so that the river hand strength
    is ``(2 * wins + ties) / (2 * 990)``). Runs without the GIL on one thread.
    """
    cdef const int32_t* t = table_pointer()
    cdef int k = <int>board.shape[0], n_rest = 0, c, i, j, x, y, p
    cdef uint8_t rest[MAX_REST]
    cdef uint8_t cards[LEFT]
    cdef uint8_t position[LEFT]
    cdef int32_t hand_id[MAX_REST * 52]
    cdef int32_t state = ROOT, turn_state, river_state
    cdef Scratch scratch
    cdef uint64_t used = 0
    for i in range(k):
        used |= 1ULL << board[i]
        state = t[state + board[i] + 1]
    for c in range(52):
        if not (used >> c) & 1:
            rest[n_rest] = c
            n_rest += 1
    p = 0
    for i in range(n_rest):
        for j in range(i + 1, n_rest):
            hand_id[i * 52 + j] = p
            p += 1
    if wins.shape[0] != p or ties.shape[0] != p or squares.shape[0] != p:
        raise ValueError(f"output arrays need {p} entries")
    with nogil:
        if k == 4:
            for x in range(n_rest):
                river_state = t[state + rest[x] + 1]
                p = 0
                for i in range(n_rest):
                    if i != x:
                        cards[p] = rest[i]
                        position[p] = i
                        p += 1
                _score_river(t, river_state, cards, position, hand_id, &wins[0], &ties[0],
                             &squares[0], &scratch)
        else:
            for x in range(n_rest - 1):
                turn_state = t[state + rest[x] + 1]
                for y in range(x + 1, n_rest):
                    river_state = t[turn_state + rest[y] + 1]
                    p = 0
                    for i in range(n_rest):
                        if i != x and i != y:
                            cards[p] = rest[i]
                            position[p] = i
                            p += 1
                    _score_river(t, river_state, cards, position, hand_id, &wins[0], &ties[0],
                                 &squares[0], &scratch)
