# The compact evaluator's table build: one hot loop, run once when the tables
# are first built (compact.py states the design and checks the inputs).
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset


def place_buckets(const uint32_t[::1] hashes, const uint16_t[::1] values, int bucket_bits,
                  uint16_t[::1] displacement, uint16_t[::1] table):
    """Fill ``table`` (zeros) so that ``compact_value`` finds each value from its hash; True if done.

    Assumes distinct ``hashes`` and values above 0; ``bucket_bits`` is
    BUCKET_BITS. Buckets are placed largest first, each at the smallest
    displacement below 65,536 where all its slots are free. False when a
    bucket finds no room (two of its hashes on one slot, or the table too
    full): the caller tries other multipliers.
    """
    cdef Py_ssize_t n = hashes.shape[0], i
    cdef uint32_t slots = <uint32_t>table.shape[0], d, s
    cdef int buckets = 1 << bucket_bits, b, j, size, largest = 0, fits, written
    cdef int* count = <int*>malloc((buckets + 1) * sizeof(int))
    cdef int* start = <int*>malloc((buckets + 1) * sizeof(int))
    cdef int* members = <int*>malloc((n + 1) * sizeof(int))
    cdef uint32_t* home = <uint32_t*>malloc((n + 1) * sizeof(uint32_t))
    cdef bint placed = True
    try:
        if count == NULL or start == NULL or members == NULL or home == NULL:
            raise MemoryError()
        memset(count, 0, (buckets + 1) * sizeof(int))
        for i in range(n):
            count[hashes[i] >> (32 - bucket_bits)] += 1
            home[i] = <uint32_t>((<uint64_t><uint32_t>(hashes[i] << bucket_bits) * slots) >> 32)
        start[0] = 0
        for b in range(buckets):
            start[b + 1] = start[b] + count[b]
            largest = count[b] if count[b] > largest else largest
            count[b] = 0
        for i in range(n):
            b = hashes[i] >> (32 - bucket_bits)
            members[start[b] + count[b]] = <int>i
            count[b] += 1
        for size in range(largest, 0, -1):
            for b in range(buckets):
                if count[b] != size:
                    continue
                fits = 0
                for d in range(min(slots, 65536)):
                    written = 0
                    for j in range(start[b], start[b + 1]):
                        s = home[members[j]] + d
                        s = s - slots if s >= slots else s
                        if table[s]:  # taken (perhaps by a member of this bucket)
                            break
                        table[s] = values[members[j]]
                        written += 1
                    if written == size:
                        displacement[b] = <uint16_t>d
                        fits = 1
                        break
                    for j in range(start[b], start[b] + written):  # undo this try
                        s = home[members[j]] + d
                        table[s - slots if s >= slots else s] = 0
                if not fits:
                    placed = False
                    break
            if not placed:
                break
        return placed
    finally:
        free(count)
        free(start)
        free(members)
        free(home)
