# Sorting hands by value, shared by the kernels that evaluate every hand on a board once
# (pokerfsm.precomputed._strength, pokerfsm.study._showdown). A key is
# ``value << index_bits | hand number``; values below 2 ** 16 (pokerfsm.evaluation._walk).
from libc.stdint cimport uint32_t
from libc.string cimport memset


cdef inline void sort_by_value(uint32_t* keys, uint32_t* spare, int n, int index_bits) noexcept nogil:
    """Sort ``keys[:n]`` by their 16 value bits above ``index_bits`` (two 8-bit LSD radix passes;
    ``spare`` holds ``n`` keys). The sorted keys end in ``keys``."""
    cdef int counts[256]
    cdef int shift, i, total, c, radix_pass
    cdef uint32_t* src = keys
    cdef uint32_t* dst = spare
    cdef uint32_t* swap
    for radix_pass in range(2):
        shift = index_bits + 8 * radix_pass
        memset(counts, 0, sizeof(counts))
        for i in range(n):
            counts[(src[i] >> shift) & 255] += 1
        total = 0
        for i in range(256):
            c = counts[i]
            counts[i] = total
            total += c
        for i in range(n):
            c = (src[i] >> shift) & 255
            dst[counts[c]] = src[i]
            counts[c] += 1
        swap = src
        src = dst
        dst = swap
