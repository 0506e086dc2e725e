# The random number generator of the compiled Monte Carlo kernels (odds/_sampling.pyx,
# odds/_omaha_equity.pyx and precomputed/_sample.pyx): xoshiro256** (Blackman and Vigna) seeded
# by splitmix64, the one way to draw a uniform integer below n from it, and the one way to draw
# a card from a deck. Inline functions only, callable without the GIL:
# each kernel compiles its own copy, so the same seed gives the same stream everywhere.
from libc.stdint cimport uint8_t, uint64_t


cdef struct Rng:
    uint64_t s[4]        # the xoshiro256** state
    uint64_t spare       # the low half of the last output, kept for the next below() when has_spare
    bint has_spare


cdef inline void seed(Rng* r, uint64_t value) noexcept nogil:
    """Start the stream of ``value``: the state is four splitmix64 outputs of it."""
    cdef int i
    cdef uint64_t z
    for i in range(4):
        value += 0x9E3779B97F4A7C15ULL
        z = value
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
        r.s[i] = z ^ (z >> 31)
    r.has_spare = False


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t next64(Rng* r) noexcept nogil:
    """One 64-bit output; the state advances (a kept half for below() stays kept)."""
    cdef uint64_t result = _rotl(r.s[1] * 5, 7) * 9
    cdef uint64_t shifted = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= shifted
    r.s[3] = _rotl(r.s[3], 45)
    return result


cdef inline double uniform(Rng* r) noexcept nogil:
    """A uniform double in [0, 1): the top 53 bits of one output."""
    return (next64(r) >> 11) * (1.0 / 9007199254740992.0)


cdef inline int below(Rng* r, int n) noexcept nogil:
    """A uniform int in [0, n), for 0 < n < 2**31: two per 64-bit output, high half first.

    A 32-bit half times ``n``, shifted down 32 bits (multiply-shift): each
    value's probability is off by less than 2**-32 (under 2**-26 relative
    for the deck sizes the kernels draw from), far below any Monte Carlo
    error, and no draw is ever rejected, so the stream is fixed by the seed.
    """
    cdef uint64_t x
    if r.has_spare:
        r.has_spare = False
        x = r.spare
    else:
        x = next64(r)
        r.spare = x & 0xFFFFFFFFULL
        r.has_spare = True
        x >>= 32
    return <int>((x * <uint64_t>n) >> 32)


cdef inline uint8_t draw(Rng* r, uint8_t* deck, int* left, uint64_t taken) noexcept nogil:
    """A uniform card of ``deck[:left]`` not in ``taken``, moved past the cards left (a partial
    Fisher-Yates shuffle: the deck keeps its cards, in another order, for the next deal)."""
    cdef int i
    cdef uint8_t c
    while True:
        i = below(r, left[0])
        c = deck[i]
        left[0] -= 1
        deck[i] = deck[left[0]]
        deck[left[0]] = c
        if not (taken >> c) & 1:
            return c


cdef inline int pick(Rng* r, const double* cumulative, int lo, int hi) noexcept nogil:
    """An index of ``lo .. hi`` (inclusive) drawn by weight, ``cumulative`` holding the running sums
    of the weights from ``lo``: the first index whose running sum is above a uniform draw."""
    cdef int mid
    cdef double target = uniform(r) * cumulative[hi]
    while lo < hi:
        mid = (lo + hi) >> 1
        if cumulative[mid] > target:
            hi = mid
        else:
            lo = mid + 1
    return lo
