# Monte Carlo kernel for the preflop-vs-random table: hot loops only. The
# Python layer (pokerfsm.precomputed.tasks) checks the hand and the number
# of opponents and decides how many deals to draw.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

from pokerfsm.evaluation._walk cimport ROOT, table_pointer
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng

cdef enum:
    MAX_OPPONENTS = 9
    GROUP = 8           # deals walked side by side


def sample_vs_random(const uint8_t[::1] hero, int opponents, uint64_t seed, int64_t deals,
                     int64_t[::1] out):
    """Showdowns of ``hero`` against ``opponents`` random hands over random preflop deals.

    Assumes ``hero`` holds 2 distinct cards 0-51, 1 <= ``opponents`` <= 9 and
    ``out`` has 20 entries. Deals ``deals`` times a board and the opponents'
    hands uniformly from the other 50 cards (xoshiro256** seeded by
    splitmix64 from ``seed``: the same seed gives the same deals) and adds to
    ``out[0]`` the deals lost, to ``out[k]`` (k = 1 .. 10) those won as
    one of k players sharing the best hand, and to ``out[10 + j]``
    (j = 1 .. 9) those lost to j opponents sharing the best hand (so
    ``out[11:]`` sums to ``out[0]``). Runs without the GIL on one thread.
    """
    cdef const int32_t* t = table_pointer()
    cdef uint8_t deck[50]
    cdef uint8_t dealt[GROUP][5 + 2 * MAX_OPPONENTS]
    cdef int32_t board[GROUP]
    cdef int32_t state[GROUP][1 + MAX_OPPONENTS]
    cdef int n = 0, c, i, j, p, g, size, needed = 5 + 2 * opponents, tied, leaders
    cdef uint8_t swap
    cdef int32_t mine, theirs, best
    cdef int64_t d = 0
    cdef Rng rng
    if not 1 <= opponents <= MAX_OPPONENTS or out.shape[0] != 20 or hero.shape[0] != 2:
        raise ValueError("sample_vs_random: 2 hero cards, 1-9 opponents and 20 outputs")
    xoshiro.seed(&rng, seed)
    for c in range(52):
        if c != hero[0] and c != hero[1]:
            deck[n] = c
            n += 1
    with nogil:
        while d < deals:
            # GROUP deals at a time, walked in lockstep so that their table
            # reads (mostly cache misses) overlap instead of waiting in turn
            size = GROUP if deals - d >= GROUP else <int>(deals - d)
            for g in range(size):
                # a partial Fisher-Yates shuffle picks the cards of one deal
                for i in range(needed):
                    j = i + xoshiro.below(&rng, 50 - i)
                    swap = deck[i]
                    deck[i] = deck[j]
                    deck[j] = swap
                    dealt[g][i] = deck[i]
                board[g] = ROOT
            for i in range(5):
                for g in range(size):
                    board[g] = t[board[g] + dealt[g][i] + 1]
            for g in range(size):
                state[g][0] = t[board[g] + hero[0] + 1]
                for p in range(opponents):
                    state[g][1 + p] = t[board[g] + dealt[g][5 + 2 * p] + 1]
            for g in range(size):
                mine = t[state[g][0] + hero[1] + 1]
                best = 0
                tied = 0
                leaders = 0
                for p in range(opponents):
                    theirs = t[state[g][1 + p] + dealt[g][6 + 2 * p] + 1]
                    if theirs > best:
                        best = theirs
                        leaders = 1
                    elif theirs == best:
                        leaders += 1
                    tied += theirs == mine
                if best > mine:
                    out[0] += 1
                    out[10 + leaders] += 1
                else:
                    out[1 + tied] += 1
            d += size
