# Heads-up matchup kernels: hot loops only. pokerfsm.precomputed validates
# every input once and hands these functions contiguous arrays; each kernel
# says what it assumes.
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from pokerfsm.evaluation._walk cimport ROOT, table_pointer

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define pokerfsm_prefetch(p) __builtin_prefetch((const void*)(p))
    #else
    #define pokerfsm_prefetch(p) ((void)0)
    #endif
    """
    void prefetch "pokerfsm_prefetch" (const void* p) noexcept nogil

# the 24 permutations of the four suits, 4 bytes each
cdef uint8_t SUIT_PERMS[24 * 4]
_perms = [(a, b, c, d) for a in range(4) for b in range(4) for c in range(4) for d in range(4)
          if len({a, b, c, d}) == 4]
for _i, _p in enumerate(_perms):
    for _j in range(4):
        SUIT_PERMS[4 * _i + _j] = _p[_j]


cdef inline void _prefetch_row(const int32_t* t, int32_t state) noexcept nogil:
    """Ask for the 53-entry row of ``state`` (4 cache lines) before it is read."""
    prefetch(t + state)
    prefetch(t + state + 16)
    prefetch(t + state + 32)
    prefetch(t + state + 48)


cdef void _count_one(const int32_t* t, const uint8_t* hole, int64_t* out) noexcept nogil:
    """Wins of hand 1, ties and wins of hand 2 over every 5-card board.

    ``hole`` is 4 distinct valid cards (hand 1, then hand 2). Each board card
    advances both hands' states once and the states are reused below it.
    """
    cdef uint8_t cards[48]
    cdef int m = 0, c, i0, i1, i2, i3, i4
    cdef uint64_t used = (1ULL << hole[0]) | (1ULL << hole[1]) | (1ULL << hole[2]) | (1ULL << hole[3])
    cdef int32_t a0, b0, a1, b1, a2, b2, a3, b3, a4, b4, na, nb, va, vb
    cdef int64_t wins = 0, ties = 0
    for c in range(52):
        if not (used >> c) & 1:
            cards[m] = c
            m += 1
    a0 = t[t[ROOT + hole[0] + 1] + hole[1] + 1]
    b0 = t[t[ROOT + hole[2] + 1] + hole[3] + 1]
    for i0 in range(m - 4):
        a1 = t[a0 + cards[i0] + 1]
        b1 = t[b0 + cards[i0] + 1]
        for i1 in range(i0 + 1, m - 3):
            a2 = t[a1 + cards[i1] + 1]
            b2 = t[b1 + cards[i1] + 1]
            for i2 in range(i1 + 1, m - 2):
                a3 = t[a2 + cards[i2] + 1]
                b3 = t[b2 + cards[i2] + 1]
                na = t[a3 + cards[i2 + 1] + 1]
                nb = t[b3 + cards[i2 + 1] + 1]
                for i3 in range(i2 + 1, m - 1):
                    a4 = na
                    b4 = nb
                    if i3 + 1 < m - 1:
                        na = t[a3 + cards[i3 + 1] + 1]
                        nb = t[b3 + cards[i3 + 1] + 1]
                        _prefetch_row(t, na)
                        _prefetch_row(t, nb)
                    for i4 in range(i3 + 1, m):
                        va = t[a4 + cards[i4] + 1]
                        vb = t[b4 + cards[i4] + 1]
                        wins += va > vb
                        ties += va == vb
    out[0] = wins
    out[1] = ties
    out[2] = 1712304 - wins - ties


def count_matchups(const uint8_t[:, ::1] hole, int64_t[:, ::1] out):
    """Exact showdown counts of heads-up matchups over all 1,712,304 boards.

    Assumes each row of ``hole`` holds 4 distinct cards 0-51 (hand 1, hand 2);
    ``out`` has one row of (wins of hand 1, ties, wins of hand 2) per matchup.
    Runs without the GIL on one thread.
    """
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t i
    with nogil:
        for i in range(hole.shape[0]):
            _count_one(t, &hole[i, 0], &out[i, 0])


cdef inline int64_t _ordered_key(int a_high, int a_low, int b_high, int b_low) noexcept nogil:
    return ((<int64_t>(a_high * 52 + a_low)) * 52 + b_high) * 52 + b_low


def matchup_keys(const uint8_t[:, ::1] hole, int64_t[::1] keys, uint8_t[::1] swapped):
    """The suit-isomorphism class key of each heads-up matchup.

    Assumes each row of ``hole`` holds 4 distinct cards 0-51 (hand 1, hand 2).
    Over the 24 suit permutations and both seat orders, a matchup is written
    as two hands (higher card first) and packed as
    ``((h1_high * 52 + h1_low) * 52 + h2_high) * 52 + h2_low``; ``keys[i]`` is the
    smallest such number and ``swapped[i]`` is 1 when it is only reached with
    the hands' seats exchanged (the class's hand 1 is then this row's hand 2).
    """
    cdef Py_ssize_t i
    cdef int g, c0, c1, c2, c3, ah, al, bh, bl
    cdef int64_t best, best_swapped, k
    cdef const uint8_t* p
    with nogil:
        for i in range(hole.shape[0]):
            best = best_swapped = -1
            for g in range(24):
                p = &SUIT_PERMS[4 * g]
                c0 = hole[i, 0] & ~3 | p[hole[i, 0] & 3]
                c1 = hole[i, 1] & ~3 | p[hole[i, 1] & 3]
                c2 = hole[i, 2] & ~3 | p[hole[i, 2] & 3]
                c3 = hole[i, 3] & ~3 | p[hole[i, 3] & 3]
                ah, al = (c0, c1) if c0 > c1 else (c1, c0)
                bh, bl = (c2, c3) if c2 > c3 else (c3, c2)
                k = _ordered_key(ah, al, bh, bl)
                if best < 0 or k < best:
                    best = k
                k = _ordered_key(bh, bl, ah, al)
                if best_swapped < 0 or k < best_swapped:
                    best_swapped = k
            keys[i] = best if best <= best_swapped else best_swapped
            swapped[i] = best_swapped < best
