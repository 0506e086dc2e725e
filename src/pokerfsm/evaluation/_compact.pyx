# The compact evaluator: hot loops only. compact.py builds the tables and
# states the design; handrank.py holds validation and error messages; these
# kernels assume what their docstrings say.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE
from cpython.ref cimport PyObject
from cython.parallel cimport prange

from pokerfsm.cards import Card
from pokerfsm.evaluation.handrank import hand_ranks, validated
from pokerfsm.evaluation._walk cimport ROOT, VALUE_SHIFT, table_pointer

cdef Compact _tables
cdef bint _ready = False
_owner = None                        # the CompactTables whose arrays back _tables
cdef list _hand_ranks = hand_ranks()  # value -> HandRank instance
cdef type _card_type = Card
cdef type _int_type = int

cdef extern from "Python.h":
    PyObject* type_of "(PyObject*)Py_TYPE" (PyObject* o) noexcept


cdef const Compact* compact_tables() except NULL:
    if not _ready:
        from pokerfsm.evaluation.compact import compact_tables as build
        use_tables(build())
    return &_tables


cdef int bind_tables(Compact* c, object tables, Py_ssize_t flush_size, str what) except -1:
    """Point ``c`` at the arrays of ``tables`` once their lengths are checked (see _compact.pxd)."""
    cdef const uint64_t[::1] card_key = tables.card_keys
    cdef const uint16_t[::1] flush = tables.flush
    cdef const uint16_t[::1] displacement = tables.displacement
    cdef const uint16_t[::1] values = tables.values
    homes = tables.homes
    for name, length, wanted in (("card_keys", card_key.shape[0], 52), ("flush", flush.shape[0], flush_size),
                                 ("displacement", displacement.shape[0], 1 << BUCKET_BITS)):
        if length != wanted:
            raise ValueError(f"{what}: {name} has {length:,} entries, not {wanted:,}")
    if not 0 < homes <= values.shape[0]:
        raise ValueError(f"{what}: homes is {homes!r}, outside 1 to {values.shape[0]:,} (the length of values)")
    c.card_key = &card_key[0]
    c.flush = &flush[0]
    c.displacement = &displacement[0]
    c.values = &values[0]
    c.homes = <uint32_t>homes
    return 0


def use_tables(tables):
    """Make ``tables`` (a pokerfsm.evaluation.compact.CompactTables) the ones every kernel reads.

    Raises ValueError (naming the array) for tables of the wrong shape, keeping the tables in use.
    """
    global _ready, _owner
    cdef int j
    bind_tables(&_tables, tables, 8192, "compact tables")
    _owner = tables
    for j in range(256):
        set_row_card(j, _tables.card_key[j] if j < 52 else 0, suit_bit(j) if j < 52 else 0)
    _ready = True


cdef inline long _card_code(PyObject* item) noexcept:
    """The code of a Card or plain int item, or -1 for anything else (left to validation)."""
    cdef int overflow = 0
    cdef long code
    cdef PyObject* kind = type_of(item)
    if kind == <PyObject*>_card_type or kind == <PyObject*>_int_type:
        code = PyLong_AsLongAndOverflow(<object>item, &overflow)
        if overflow == 0 and 0 <= code < 52:
            return code
    return -1


def evaluate(cards):
    """Value of the best five of 5, 6 or 7 distinct cards, as a :class:`HandRank`.

    Cards may be :class:`Card` objects, ints 0-51 or text (``"Ah Kh Qh Jh Th"``).

    >>> from pokerfsm import evaluate
    >>> hand = evaluate("Ah Kh Qh Jh Th 2c 3d")
    >>> hand.category.name, hand.describe()
    ('STRAIGHT_FLUSH', 'Straight flush, Ace high')
    >>> evaluate("Kh Kd Kc 3s 3c").describe(lang="fr")
    'Full aux Rois par les Trois'

    Raises CardParseError, DuplicateCardError or InvalidDealError.
    """
    cdef const Compact* c = &_tables
    cdef Py_ssize_t n, i
    cdef long code
    cdef uint64_t seen = 0, key = 0, bits = 0
    cdef bint is_list = type(cards) is list
    if not _ready:
        c = compact_tables()
    if is_list or type(cards) is tuple:
        n = PyList_GET_SIZE(cards) if is_list else PyTuple_GET_SIZE(cards)
        if 5 <= n <= 7:
            for i in range(n):
                code = _card_code(PyList_GET_ITEM(cards, i) if is_list else PyTuple_GET_ITEM(cards, i))
                if code < 0 or (seen >> code) & 1:
                    return _evaluate_checked(cards)
                seen |= 1ULL << code
                key += c.card_key[code]
                bits |= suit_bit(code)
            return _hand_ranks[compact_value(c, key, bits)]
    return _evaluate_checked(cards)


cdef object _evaluate_checked(cards):
    """Check anything the fast path could not take (raising the error that says why), then evaluate it."""
    return evaluate(tuple([int(c) for c in validated(cards)]))


cdef extern from *:
    """
    /* evaluate_rows' loop, in C because the popcount instruction needs a per-function target,
       which Cython cannot declare. A card is a 16-byte record: its key in the low 64 bits, its
       suit_bit in the high ones (0 for a byte past the deck), so one add per card sums a row's key
       and its suit bits, which compact_value takes. The cards of a row are distinct and all in the
       deck exactly when the k bits sum to a number with k bits set (adding a bit already set
       carries, and a carry never adds a set bit). */
    #if defined(__GNUC__) || defined(__clang__)
    #define POKERFSM_INLINE static inline __attribute__((always_inline))
    #define POKERFSM_LIKELY(x) __builtin_expect(!!(x), 1)
    #else
    #define POKERFSM_INLINE static __forceinline
    #define POKERFSM_LIKELY(x) (x)
    #endif
    #if defined(__x86_64__) || defined(_M_X64)
    #include <emmintrin.h>
    typedef __m128i pokerfsm_card;
    #define POKERFSM_CARD(key, bit) _mm_set_epi64x((long long)(bit), (long long)(key))
    #define POKERFSM_ADD(a, b) _mm_add_epi64(a, b)
    #define POKERFSM_KEY(a) ((uint64_t)_mm_cvtsi128_si64(a))
    #define POKERFSM_BITS(a) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)))
    #else
    typedef struct { uint64_t key, bits; } pokerfsm_card;
    static inline pokerfsm_card pokerfsm_card_of(uint64_t key, uint64_t bit) { pokerfsm_card c = {key, bit}; return c; }
    static inline pokerfsm_card pokerfsm_card_add(pokerfsm_card a, pokerfsm_card b) {
        a.key += b.key; a.bits += b.bits; return a;
    }
    #define POKERFSM_CARD(key, bit) pokerfsm_card_of(key, bit)
    #define POKERFSM_ADD(a, b) pokerfsm_card_add(a, b)
    #define POKERFSM_KEY(a) ((a).key)
    #define POKERFSM_BITS(a) ((a).bits)
    #endif
    #if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    #define POKERFSM_POPCNT_TARGET 1
    #endif

    static pokerfsm_card pokerfsm_row_cards[256];  /* by byte: a card's record, or zeros past 51 */

    static void pokerfsm_set_row_card(int byte, uint64_t key, uint64_t bit) {
        pokerfsm_row_cards[byte] = POKERFSM_CARD(key, bit);
    }

    static int pokerfsm_portable_popcount(uint64_t x) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_popcountll(x);
    #else
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    #endif
    }

    /* The card code at rows[i] (bytes, or 4- or 8-byte signed integers), 255 (no card) outside 0-51. */
    POKERFSM_INLINE size_t pokerfsm_card_at(const void* rows, Py_ssize_t i, int width) {
        uint64_t code;
        if (width == 1) return ((const uint8_t*)rows)[i];
        code = width == 4 ? (uint64_t)(int64_t)((const int32_t*)rows)[i] : (uint64_t)((const int64_t*)rows)[i];
        return code < 52 ? (size_t)code : 255;
    }

    POKERFSM_INLINE Py_ssize_t pokerfsm_rows_of(const uint16_t* flush, const uint16_t* displacement,
            const uint16_t* values, uint32_t homes, const void* rows, Py_ssize_t count, int k, int width,
            int32_t* out, int hardware_popcount) {
        const pokerfsm_card* cards = pokerfsm_row_cards;
        Py_ssize_t i, bad = 0;
        int j, held;
        for (i = 0; i < count; i++) {
            pokerfsm_card sum = cards[pokerfsm_card_at(rows, i * k, width)];
            uint64_t bits;
            int32_t v;
            for (j = 1; j < k; j++) sum = POKERFSM_ADD(sum, cards[pokerfsm_card_at(rows, i * k + j, width)]);
            bits = POKERFSM_BITS(sum);
    #if defined(__GNUC__) || defined(__clang__)
            held = hardware_popcount ? __builtin_popcountll(bits) : pokerfsm_portable_popcount(bits);
    #else
            held = pokerfsm_portable_popcount(bits);
    #endif
            /* A bad row's key is no rank multiset's, and its slot could lie past the table: it is
               looked up as key 0 instead (bucket 0's displacement keeps home 0 inside the table). */
            v = pokerfsm_compact_value(flush, displacement, values, homes, held == k ? POKERFSM_KEY(sum) : 0, bits);
            if (!POKERFSM_LIKELY(held == k)) { v = -1; bad++; }
            out[i] = v;
        }
        return bad;
    }

    /* One specialised loop per row length (5-7) and card code width (1, 4 or 8 bytes). */
    #define POKERFSM_ROWS_CASE(w, n, hw) case (w) * 8 + (n): \
        return pokerfsm_rows_of(flush, displacement, values, homes, rows, count, n, w, out, hw);
    #define POKERFSM_ROWS_BY_SHAPE(hw) switch (width * 8 + k) { \
        POKERFSM_ROWS_CASE(1, 5, hw) POKERFSM_ROWS_CASE(1, 6, hw) POKERFSM_ROWS_CASE(1, 7, hw) \
        POKERFSM_ROWS_CASE(4, 5, hw) POKERFSM_ROWS_CASE(4, 6, hw) POKERFSM_ROWS_CASE(4, 7, hw) \
        POKERFSM_ROWS_CASE(8, 5, hw) POKERFSM_ROWS_CASE(8, 6, hw) POKERFSM_ROWS_CASE(8, 7, hw) \
        default: return -1; }

    #ifdef POKERFSM_POPCNT_TARGET
    __attribute__((target("popcnt")))
    static Py_ssize_t pokerfsm_rows_popcnt(const uint16_t* flush, const uint16_t* displacement, const uint16_t* values,
            uint32_t homes, const void* rows, Py_ssize_t count, int k, int width, int32_t* out) {
        POKERFSM_ROWS_BY_SHAPE(1)
    }
    #endif

    static Py_ssize_t pokerfsm_rows_portable(const uint16_t* flush, const uint16_t* displacement,
            const uint16_t* values, uint32_t homes, const void* rows, Py_ssize_t count, int k, int width,
            int32_t* out) {
        POKERFSM_ROWS_BY_SHAPE(0)
    }

    /* 1 when the popcount instruction may be used (checked once, by Python, before any thread starts). */
    static int pokerfsm_has_popcount(void) {
    #ifdef POKERFSM_POPCNT_TARGET
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") != 0;
    #else
        return 0;
    #endif
    }

    static Py_ssize_t pokerfsm_value_rows(int hardware_popcount, const uint16_t* flush, const uint16_t* displacement,
            const uint16_t* values, uint32_t homes, const void* rows, Py_ssize_t count, int k, int width,
            int32_t* out) {
    #ifdef POKERFSM_POPCNT_TARGET
        if (hardware_popcount)
            return pokerfsm_rows_popcnt(flush, displacement, values, homes, rows, count, k, width, out);
    #endif
        return pokerfsm_rows_portable(flush, displacement, values, homes, rows, count, k, width, out);
    }
    """
    void set_row_card "pokerfsm_set_row_card" (int byte, uint64_t key, uint64_t bit) noexcept
    int has_popcount "pokerfsm_has_popcount" () noexcept
    Py_ssize_t value_rows "pokerfsm_value_rows" (int hardware_popcount, const uint16_t* flush,
                                                 const uint16_t* displacement, const uint16_t* values, uint32_t homes,
                                                 const void* rows, Py_ssize_t count, int k, int width,
                                                 int32_t* out) noexcept nogil


ctypedef fused card_code:
    uint8_t
    int32_t
    int64_t


cdef int _popcount = has_popcount()


def hardware_popcount(on=None):
    """Whether evaluate_rows counts a row's bits with the CPU's popcount instruction (when it has one).

    ``on=False`` switches to the portable count and ``on=True`` back (where the
    CPU has the instruction), so that tests can hold both to the same values.
    """
    global _popcount
    if on is not None:
        _popcount = has_popcount() if on else 0
    return bool(_popcount)


def evaluate_rows(const card_code[:, ::1] cards, int32_t[::1] out, int threads):
    """Value of each row of 5-7 card codes (uint8, int32 or int64) into ``out``; returns how many rows are bad.

    A bad row (a card outside 0-51 or a repeated card) gets the value -1.
    Runs without the GIL, on ``threads`` threads, in blocks of 4,096 rows.
    """
    cdef const Compact* c = compact_tables()
    cdef Py_ssize_t n = cards.shape[0], block, bad = 0, size = 4096
    cdef int k = <int>cards.shape[1], width = sizeof(card_code)
    cdef const card_code* rows = &cards[0, 0] if n > 0 else NULL
    cdef int32_t* values = &out[0] if n > 0 else NULL
    if not 5 <= k <= 7 or out.shape[0] < n:
        raise ValueError(f"evaluate_rows takes rows of 5-7 cards and an output as long, got {k} and {out.shape[0]}")
    with nogil:
        for block in prange((n + size - 1) // size, num_threads=threads, schedule="static"):
            bad += value_rows(_popcount, c.flush, c.displacement, c.values, c.homes, rows + k * size * block,
                              min(size, n - size * block), k, width, values + size * block)
    return bad


cdef void _compare(const int32_t* t, const Compact* c, int32_t p, uint64_t key, uint64_t bits, int start,
                   int left, bint seven, int64_t* counts) noexcept nogil:
    """Every completion by ``left`` cards from ``start`` on: counts[category] of the compact values,
    counts[0] the hands where the walk disagrees."""
    cdef int i
    cdef int32_t v, w
    if left == 1:
        for i in range(start, 52):
            w = t[p + i + 1] if seven else t[t[p + i + 1]]
            v = compact_value(c, key + c.card_key[i], bits | suit_bit(i))
            counts[0] += v != w
            counts[v >> VALUE_SHIFT] += 1
    else:
        for i in range(start, 53 - left):
            _compare(t, c, t[p + i + 1], key + c.card_key[i], bits | suit_bit(i), i + 1, left - 1, seven,
                     counts)


def compare_with_walk(int total, int threads):
    """Every hand of ``total`` (5-7) cards valued by both evaluators: an int64 array of 10 counts,
    [0] the hands on which they differ, [1..9] the hands of each category (high card first)."""
    import numpy as np
    cdef const int32_t* t = table_pointer()
    cdef const Compact* c = compact_tables()
    cdef int first, i
    cdef int64_t[:, ::1] counts = np.zeros((53, 10), dtype=np.int64)
    if not 5 <= total <= 7:
        raise ValueError(f"total must be 5, 6 or 7, got {total}")
    with nogil:
        for first in prange(53 - total, num_threads=threads, schedule="dynamic"):
            _compare(t, c, t[ROOT + first + 1], c.card_key[first], suit_bit(first), first + 1, total - 1,
                     total == 7, &counts[first, 0])
    return np.asarray(counts).sum(axis=0)
