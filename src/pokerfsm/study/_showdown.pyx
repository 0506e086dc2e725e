# Heads-up showdown kernel for equity distributions: hot loops only. The
# Python layer (pokerfsm.study.showdowns) checks the deal, builds the boards
# and passes the hand-rank table of the game (hold'em's 52 cards or short
# deck's 36; same layout and card codes).
#
# Work is organised by board: on each complete board every hand of both
# ranges is evaluated once and sorted by value; each hand's wins and ties
# against the other range (its hands sharing no card with it) then follow by
# inclusion-exclusion over the two cards, in one sweep of the sorted values.
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from pokerfsm.evaluation._walk cimport ROOT, SLOTS, step
from pokerfsm.precomputed._value_sort cimport sort_by_value

cdef enum:
    MAX_HANDS = 1326
    INDEX_BITS = 11      # MAX_HANDS < 2 ** INDEX_BITS
    STATS = 6


cdef struct Tally:
    double total[2]          # live weight of each side
    double card[2][52]       # live weight of each side's hands holding the card
    double below[2]          # weight swept so far (smaller values)
    double below_card[2][52]
    double same[2]           # weight of the current value
    double same_card[2][52]


cdef inline void _add(double* out, int stride, int h, double x, double y) noexcept nogil:
    out[h] += x
    out[stride + h] += y
    out[2 * stride + h] += x * x
    out[3 * stride + h] += y * y
    out[4 * stride + h] += x * y
    out[5 * stride + h] += 1.0


def sweep(const int32_t[::1] table, const uint8_t[::1] board, const uint8_t[:, ::1] completions,
          const uint8_t[::1] first, const uint8_t[::1] second, const double[:, ::1] weights, double[:, :, ::1] out):
    """Add every board's showdowns to each hand of two ranges, against the other range.

    ``table``: the entries of the hand-rank table to walk (the game's: its
    values decide who wins); every card must be one the table deals.
    ``board``: the known board cards; ``completions``: one row per board
    completion (the cards dealt after ``board``, all distinct from it). The
    hands are ``first[h]``, ``second[h]`` (at most 1,326), ``weights[s, h]``
    their weight in range ``s`` (0 or 1; 0 when not in it). For each side s,
    statistic i and hand h, ``out[s, i, h]`` adds over the boards where h
    is live (shares no card with the board) and has weight in range s:
    i = 0: x, the opponents' weight it beats plus half the weight it ties;
    1: y, the opponents' live weight (hands of range 1 - s sharing no card
    with the board or h); 2-4: x*x, y*y, x*y; 5: the number of boards.
    """
    if table.shape[0] < ROOT + SLOTS:
        raise ValueError("not a hand-rank table")
    cdef const int32_t* t = &table[0]
    cdef int n = <int>first.shape[0], m = <int>completions.shape[1], boards = <int>completions.shape[0]
    if n > MAX_HANDS or weights.shape[0] != 2 or weights.shape[1] != n:
        raise ValueError("hands and weights do not match")
    if out.shape[0] != 2 or out.shape[1] != STATS or out.shape[2] != n:
        raise ValueError(f"out needs shape (2, {STATS}, {n})")
    cdef uint32_t keys[MAX_HANDS]
    cdef uint32_t spare[MAX_HANDS]
    cdef Tally tally
    cdef int32_t after[52]
    cdef uint8_t lead[52]             # the cards some hand holds first
    cdef int leads = 0
    cdef uint64_t seen = 0
    cdef int i, j, g, e, q, h, live, s, o, a, b
    cdef int32_t state, base = ROOT, v
    cdef uint64_t base_mask = 0, mask
    cdef uint32_t value
    cdef double x, y, won, tied, alive
    cdef double* result = &out[0, 0, 0]
    for i in range(board.shape[0]):
        base = step(t, base, board[i])
        base_mask |= 1ULL << board[i]
    for h in range(n):
        seen |= 1ULL << first[h]
    for i in range(52):
        if (seen >> i) & 1:
            lead[leads] = i
            leads += 1
    with nogil:
        for j in range(boards):
            state = base
            mask = base_mask
            for i in range(m):
                state = step(t, state, completions[j, i])
                mask |= 1ULL << completions[j, i]
            memset(&tally, 0, sizeof(tally))
            for i in range(leads):
                if not (mask >> lead[i]) & 1:
                    after[lead[i]] = step(t, state, lead[i])   # shared by the hands holding it first
            live = 0
            for h in range(n):
                a = first[h]
                b = second[h]
                if (mask >> a) & 1 or (mask >> b) & 1:
                    continue
                v = step(t, after[a], b)
                keys[live] = (<uint32_t>v << INDEX_BITS) | <uint32_t>h
                live += 1
                for s in range(2):
                    tally.total[s] += weights[s, h]
                    tally.card[s][a] += weights[s, h]
                    tally.card[s][b] += weights[s, h]
            sort_by_value(keys, spare, live, INDEX_BITS)
            g = 0
            while g < live:
                value = keys[g] >> INDEX_BITS
                e = g + 1
                while e < live and (keys[e] >> INDEX_BITS) == value:
                    e += 1
                for q in range(g, e):
                    h = keys[q] & ((1 << INDEX_BITS) - 1)
                    for s in range(2):
                        tally.same[s] += weights[s, h]
                        tally.same_card[s][first[h]] += weights[s, h]
                        tally.same_card[s][second[h]] += weights[s, h]
                for q in range(g, e):
                    h = keys[q] & ((1 << INDEX_BITS) - 1)
                    a = first[h]
                    b = second[h]
                    for s in range(2):
                        if weights[s, h] == 0.0:
                            continue
                        o = 1 - s
                        # the opponents holding a or b are out; only h itself holds both
                        won = tally.below[o] - tally.below_card[o][a] - tally.below_card[o][b]
                        tied = (tally.same[o] - tally.same_card[o][a] - tally.same_card[o][b]
                                + weights[o, h])
                        alive = tally.total[o] - tally.card[o][a] - tally.card[o][b] + weights[o, h]
                        x = won + 0.5 * tied
                        _add(result + s * STATS * n, n, h, x, alive)
                for q in range(g, e):
                    h = keys[q] & ((1 << INDEX_BITS) - 1)
                    for s in range(2):
                        tally.below[s] += weights[s, h]
                        tally.below_card[s][first[h]] += weights[s, h]
                        tally.below_card[s][second[h]] += weights[s, h]
                        tally.same_card[s][first[h]] = 0.0
                        tally.same_card[s][second[h]] = 0.0
                tally.same[0] = 0.0
                tally.same[1] = 0.0
                g = e
