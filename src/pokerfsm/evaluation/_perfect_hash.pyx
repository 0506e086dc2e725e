# The compact evaluator's table build: one hot loop, run once when the tables
# are first built (compact.py states the design and checks the inputs).
from libc.stdint cimport uint16_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from pokerfsm.evaluation._compact cimport BUCKET_BITS as _BUCKET_BITS, hash_bucket, hash_home

BUCKET_BITS = _BUCKET_BITS
"""log2 of the number of buckets, as the kernels read it."""


def place_buckets(const uint32_t[::1] hashes, const uint16_t[::1] values, uint32_t homes,
                  uint16_t[::1] displacement, uint16_t[::1] table):
    """Fill ``table`` (zeros) so that ``compact_value`` finds each value from its hash; True if done.

    Assumes distinct ``hashes``, values above 0 and ``homes`` at most the
    table's length; ``displacement`` has 2 ** BUCKET_BITS entries. Buckets are
    placed largest first, each at the smallest displacement below 65,536 where
    all its slots are free and inside the table (slots past ``homes`` take
    what the displacements push out). False when a bucket finds no room (two
    of its hashes on one slot, or the table too full): the caller tries other
    multipliers or more room.
    """
    cdef Py_ssize_t n = hashes.shape[0], i
    cdef uint32_t slots = <uint32_t>table.shape[0], d, s
    cdef int buckets = 1 << _BUCKET_BITS, b, j, size, largest = 0, fits, written
    cdef int* count = <int*>malloc((buckets + 1) * sizeof(int))
    cdef int* start = <int*>malloc((buckets + 1) * sizeof(int))
    cdef int* members = <int*>malloc((n + 1) * sizeof(int))
    cdef uint32_t* home = <uint32_t*>malloc((n + 1) * sizeof(uint32_t))
    cdef bint placed = True
    try:
        if displacement.shape[0] != buckets or homes > slots:
            raise ValueError("place_buckets: a displacement per bucket and a table of homes slots or more")
        if count == NULL or start == NULL or members == NULL or home == NULL:
            raise MemoryError()
        memset(count, 0, (buckets + 1) * sizeof(int))
        for i in range(n):
            count[hash_bucket(hashes[i])] += 1
            home[i] = hash_home(hashes[i], homes)
        start[0] = 0
        for b in range(buckets):
            start[b + 1] = start[b] + count[b]
            largest = count[b] if count[b] > largest else largest
            count[b] = 0
        for i in range(n):
            b = hash_bucket(hashes[i])
            members[start[b] + count[b]] = <int>i
            count[b] += 1
        for size in range(largest, 0, -1):
            for b in range(buckets):
                if count[b] != size:
                    continue
                fits = 0
                for d in range(65536):
                    written = 0
                    for j in range(start[b], start[b + 1]):
                        s = home[members[j]] + d
                        if s >= slots or table[s]:  # past the end, or taken (perhaps by a member of this bucket)
                            break
                        table[s] = values[members[j]]
                        written += 1
                    if written == size:
                        displacement[b] = <uint16_t>d
                        fits = 1
                        break
                    for j in range(start[b], start[b] + written):  # undo this try
                        table[home[members[j]] + d] = 0
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
