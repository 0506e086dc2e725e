# The compact evaluator, for cimport by other kernels (see compact.py for the design).
#
# A hand's *key* is the sum of its cards' keys (``Compact.card_key``), its
# *suit bits* the OR of ``suit_bit(card)``; ``compact_value(c, key, bits)``
# is then the value of the best five of its 5-7 cards, exactly as the hand-rank
# table gives it (``category << 12 | rank within category``). Keys and bits of
# a shared part (a board, the cards dealt so far) can be summed once and
# completed per hand. Distinct cards only: a repeated card gives a wrong value.
from libc.stdint cimport int32_t, uint16_t, uint32_t, uint64_t

cdef struct Compact:
    const uint64_t* card_key       # [52]
    const uint16_t* flush          # [8192]: by the 13-bit rank mask of the flush suit
    const uint16_t* displacement   # [2 ** BUCKET_BITS]
    const uint16_t* values         # [homes + the room the displacements take past them]
    uint32_t homes                 # the range of a rank multiset's home slot

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int pokerfsm_compact_ctz(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int pokerfsm_compact_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    #define POKERFSM_BUCKET_BITS 14
    #define POKERFSM_SUIT_BIAS 0x3333   /* added to a key's suit counts so that 5 or more sets a nibble's top bit */
    #define POKERFSM_SUIT_FLAGS 0x8888  /* the nibbles' top bits */
    /* The slot of a rank multiset from its 32-bit hash h: a home among `homes` slots (from the bits
       below the bucket's) shifted by its bucket's displacement. The table holds every shifted slot,
       so no modulo is needed. */
    static inline uint32_t pokerfsm_hash_bucket(uint32_t h) { return h >> (32 - POKERFSM_BUCKET_BITS); }
    static inline uint32_t pokerfsm_hash_home(uint32_t h, uint32_t homes) {
        return (uint32_t)(((uint64_t)(uint32_t)(h << POKERFSM_BUCKET_BITS) * homes) >> 32);
    }
    static inline uint32_t pokerfsm_hash_slot(uint64_t key, const uint16_t* displacement, uint32_t homes) {
        uint32_t h = (uint32_t)(key >> 32);
        return pokerfsm_hash_home(h, homes) + displacement[pokerfsm_hash_bucket(h)];
    }
    static inline uint64_t pokerfsm_flush_flags(uint64_t key) {
        return (key + POKERFSM_SUIT_BIAS) & POKERFSM_SUIT_FLAGS;
    }
    static inline int pokerfsm_flush_suit(uint64_t flags) { return pokerfsm_compact_ctz(flags) >> 2; }
    static inline int32_t pokerfsm_compact_value(const uint16_t* flush, const uint16_t* displacement,
                                                 const uint16_t* values, uint32_t homes, uint64_t key, uint64_t bits) {
        uint64_t flags = pokerfsm_flush_flags(key);
    #if defined(__GNUC__) || defined(__clang__)
        if (__builtin_expect(flags != 0, 0))
    #else
        if (flags)
    #endif
            return flush[(bits >> (pokerfsm_flush_suit(flags) << 4)) & 0x1FFF];
        return values[pokerfsm_hash_slot(key, displacement, homes)];
    }
    """
    enum: BUCKET_BITS "POKERFSM_BUCKET_BITS"  # log2 of the number of buckets
    enum: SUIT_BIAS "POKERFSM_SUIT_BIAS"
    enum: SUIT_FLAGS "POKERFSM_SUIT_FLAGS"
    int ctz64 "pokerfsm_compact_ctz" (uint64_t x) noexcept nogil  # the lowest set bit
    # The bucket (the top BUCKET_BITS bits) and the home slot of a rank multiset's hash h ...
    uint32_t hash_bucket "pokerfsm_hash_bucket" (uint32_t h) noexcept nogil
    uint32_t hash_home "pokerfsm_hash_home" (uint32_t h, uint32_t homes) noexcept nogil
    # ... and the slot of Compact.values that holds the value of a hand without a flush, from its key.
    uint32_t hash_slot "pokerfsm_hash_slot" (uint64_t key, const uint16_t* displacement, uint32_t homes) noexcept nogil
    # Non-zero when the hand of ``key`` holds five cards or more of one suit ...
    uint64_t flush_flags "pokerfsm_flush_flags" (uint64_t key) noexcept nogil
    # ... and the suit of that flush, from the non-zero flush_flags.
    int flush_suit "pokerfsm_flush_suit" (uint64_t flags) noexcept nogil
    # The value of a hand from its key and its suit bits, from the tables' arrays (see compact_value).
    int32_t compact_value_of "pokerfsm_compact_value" (const uint16_t* flush, const uint16_t* displacement,
                                                       const uint16_t* values, uint32_t homes, uint64_t key,
                                                       uint64_t bits) noexcept nogil


cdef inline uint64_t suit_bit(int card) noexcept nogil:
    """The card's rank bit within its suit's 16 bits."""
    return 1ULL << (((card & 3) << 4) + (card >> 2))


cdef inline int32_t rank_value(const Compact* c, uint64_t key) noexcept nogil:
    """The value of a hand without a flush, from its key (the perfect hash of its ranks)."""
    return c.values[hash_slot(key, c.displacement, c.homes)]


cdef inline int32_t compact_value(const Compact* c, uint64_t key, uint64_t bits) noexcept nogil:
    """The value of a hand from its key and its suit bits."""
    return compact_value_of(c.flush, c.displacement, c.values, c.homes, key, bits)


# The tables, built on first use. Needs the GIL; raises on failure.
cdef const Compact* compact_tables() except NULL

# Points ``c`` at the arrays of ``tables`` (hold'em's CompactTables or short deck's, whose flush
# table has ``flush_size`` entries) once their lengths are checked: 52 card keys, ``flush_size``
# flush values, 2 ** BUCKET_BITS displacements and ``0 < homes <= len(values)``. Anything else is
# one ValueError naming ``what`` and the array, and leaves ``c`` as it was. The caller keeps
# ``tables`` alive as long as ``c`` points at it. Needs the GIL.
cdef int bind_tables(Compact* c, object tables, Py_ssize_t flush_size, str what) except -1
