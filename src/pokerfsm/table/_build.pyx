# Hot loops of the table generator (see build.py for the whole algorithm).
#
# A state key packs the 0-6 cards seen so far, one byte each, sorted ascending:
# byte = (rank << 3 | suit code) + 1, where the suit code is 0-3, or 4 for a
# card whose suit can no longer make a flush and is therefore forgotten.
# A deck is a mask of the cards dealt (bit c for card c of 0..51): a card outside it
# leads nowhere (slot 0), so a short deck keeps the full deck's card indices.
# All inputs are validated by build.py; nothing here checks them again.
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
import numpy as np

cdef enum:
    FORGOTTEN = 4
    CARDS = 52
    SLOTS = 53

FULL_DECK = (1 << 52) - 1  # every card 0..51

cdef struct Lookups:
    const uint16_t* flushes
    const uint16_t* unique5
    const uint16_t* hash_adjust
    const uint16_t* hash_values
    const uint16_t* best_flush
    uint32_t multiplier

cdef uint32_t[13] PRIMES
from pokerfsm.table.cactus import PRIMES as _RANK_PRIMES  # one list, in cactus.py
for _i, _p in enumerate(_RANK_PRIMES):
    PRIMES[_i] = _p


cdef inline int unpack(uint64_t key, int n, uint8_t* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = <uint8_t>(key >> (8 * i))
    return n


cdef inline uint64_t pack(uint8_t* cards, int n) noexcept nogil:
    # insertion sort ascending, then pack
    cdef int i, j
    cdef uint8_t x
    cdef uint64_t key = 0
    for i in range(1, n):
        x = cards[i]
        j = i - 1
        while j >= 0 and cards[j] > x:
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = x
    for i in range(n):
        key |= (<uint64_t>cards[i]) << (8 * i)
    return key


cdef inline int add_card(uint8_t* cards, int n, int card) noexcept nogil:
    """Append ``card`` to the n cards of a state and forget hopeless suits.

    Returns the new count, or 0 if the card is surely already there or its
    rank would appear five times.
    """
    cdef int rank = card >> 2, suit = card & 3, i, same_rank = 0, threshold
    cdef uint8_t b = <uint8_t>((rank << 3 | suit) + 1)
    cdef int[5] suit_count
    for i in range(n):
        if cards[i] == b:
            return 0
        if ((cards[i] - 1) >> 3) == rank:
            same_rank += 1
    if same_rank >= 4:
        return 0
    cards[n] = b
    n += 1
    threshold = n - 2  # a suit with fewer cards than this cannot reach 5 of 7
    if threshold > 0:
        memset(suit_count, 0, sizeof(suit_count))
        for i in range(n):
            suit_count[(cards[i] - 1) & 7] += 1
        for i in range(n):
            if ((cards[i] - 1) & 7) != FORGOTTEN and suit_count[(cards[i] - 1) & 7] < threshold:
                cards[i] = <uint8_t>((((cards[i] - 1) >> 3) << 3 | FORGOTTEN) + 1)
    return n


cdef inline uint32_t mix_slot(const Lookups* t, uint32_t key) noexcept nogil:
    # must match pokerfsm.table.cactus.mix
    cdef uint32_t x = key * t.multiplier
    x ^= x >> 15
    x = x * <uint32_t>0x2C1B3C6D
    x ^= x >> 12
    return (x & 0x1FFF) ^ t.hash_adjust[x >> 22]


cdef inline int nonflush5(const Lookups* t, int a, int b, int c, int d, int e) noexcept nogil:
    """Cactus Kev value of five ranks that are not a flush."""
    cdef uint32_t bits = (1u << a) | (1u << b) | (1u << c) | (1u << d) | (1u << e)
    if t.unique5[bits]:
        return t.unique5[bits]
    return t.hash_values[mix_slot(t, PRIMES[a] * PRIMES[b] * PRIMES[c] * PRIMES[d] * PRIMES[e])]


cdef int best_nonflush(const Lookups* t, const int* r, int n) noexcept nogil:
    """Best non-flush value of n = 5..7 ranks: the best of every five of them."""
    cdef int best = 0, v, i, j, k, m
    cdef int[5] s
    if n == 5:
        return nonflush5(t, r[0], r[1], r[2], r[3], r[4])
    # six ranks: leave out one (j = n never matches); seven: leave out a pair i < j
    for i in range(n):
        for j in range(n if n == 6 else i + 1, n + 1 if n == 6 else n):
            m = 0
            for k in range(n):
                if k != i and k != j:
                    s[m] = r[k]
                    m += 1
            v = nonflush5(t, s[0], s[1], s[2], s[3], s[4])
            if v > best:
                best = v
    return best


cdef int state_value(const Lookups* t, const uint8_t* cards, int n) noexcept nogil:
    """Value of a 5- or 6-card state (its best five cards)."""
    cdef int[7] ranks
    cdef uint32_t[5] suit_bits
    cdef int i, code, best
    memset(suit_bits, 0, sizeof(suit_bits))
    for i in range(n):
        ranks[i] = (cards[i] - 1) >> 3
        code = (cards[i] - 1) & 7
        suit_bits[code] |= 1u << ranks[i]
    best = best_nonflush(t, ranks, n)
    for code in range(4):
        if t.best_flush[suit_bits[code]] > best:
            best = t.best_flush[suit_bits[code]]
    return best


def best_flush_table(const uint16_t[::1] flushes):
    """Best flush value of every rank mask (0 when it has fewer than 5 ranks)."""
    out = np.zeros(8192, dtype=np.uint16)
    cdef uint16_t[::1] best = out
    cdef uint32_t mask, sub, bit1, bit2, rest
    cdef int n
    for mask in range(8192):
        n = 0
        sub = mask
        while sub:
            sub &= sub - 1
            n += 1
        if n == 5:
            best[mask] = flushes[mask]
        elif n > 5:  # the best of the masks with one rank fewer
            rest = mask
            while rest:
                bit1 = rest & (~rest + 1)
                rest ^= bit1
                if best[mask ^ bit1] > best[mask]:
                    best[mask] = best[mask ^ bit1]
    return out


cdef class _KeyIndex:
    """Open-addressing map from state keys to dense ids, in first-seen order."""
    cdef uint64_t* keys
    cdef int32_t* ids
    cdef uint64_t mask
    cdef int32_t count

    def __cinit__(self, int bits):
        self.mask = (1ULL << bits) - 1
        self.keys = <uint64_t*>calloc(self.mask + 1, sizeof(uint64_t))
        self.ids = <int32_t*>calloc(self.mask + 1, sizeof(int32_t))
        self.count = 0
        if self.keys == NULL or self.ids == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.keys)
        free(self.ids)

    cdef inline int32_t find_or_add(self, uint64_t key, uint64_t* order) noexcept nogil:
        cdef uint64_t h = (key * 0x9E3779B97F4A7C15ULL) >> 20
        while True:
            h &= self.mask
            if self.keys[h] == key:
                return self.ids[h]
            if self.keys[h] == 0:
                self.keys[h] = key
                self.ids[h] = self.count
                order[self.count] = key
                self.count += 1
                return self.count - 1
            h += 1


def expand_level(const uint64_t[::1] keys, int depth, int table_bits, uint64_t deck=FULL_DECK):
    """Children of every state of one level.

    Returns ``(child_keys, child_ids)``: the next level's keys in first-seen
    order, and for each state and card (``state * 52 + card``) the child's id
    in that list, or -1 where the card cannot be added (or is not in ``deck``).
    """
    cdef Py_ssize_t n_states = keys.shape[0], i
    cdef int card, n
    cdef uint8_t[8] cards
    index = _KeyIndex(table_bits)
    ids_array = np.empty(n_states * CARDS, dtype=np.int32)
    order_array = np.empty(1 << (table_bits - 1), dtype=np.uint64)
    cdef int32_t[::1] ids = ids_array
    cdef uint64_t[::1] order = order_array
    cdef int32_t limit = <int32_t>order.shape[0]
    with nogil:
        for i in range(n_states):
            for card in range(CARDS):
                unpack(keys[i], depth, cards)
                n = add_card(cards, depth, card) if (deck >> card) & 1 else 0
                if n == 0:
                    ids[i * CARDS + card] = -1
                else:
                    ids[i * CARDS + card] = index.find_or_add(pack(cards, n), &order[0])
                    if index.count >= limit:
                        break
            if index.count >= limit:
                break
    if index.count >= limit:
        raise OverflowError("state index too small; raise table_bits")
    return order_array[:index.count].copy(), ids_array


def fill_links(int32_t[::1] table, const int32_t[::1] child_ids, int64_t first_row,
               int64_t child_first_row):
    """Write the pointer slots of one level: slot c+1 = offset of the child state."""
    cdef Py_ssize_t i, n_states = child_ids.shape[0] // CARDS
    cdef int card
    cdef int32_t child
    with nogil:
        for i in range(n_states):
            for card in range(CARDS):
                child = child_ids[i * CARDS + card]
                table[(first_row + i) * SLOTS + card + 1] = (
                    0 if child < 0 else <int32_t>((child_first_row + child) * SLOTS))


cdef Lookups make_lookups(const uint16_t[::1] flushes, const uint16_t[::1] unique5,
                          const uint16_t[::1] hash_adjust, const uint16_t[::1] hash_values,
                          const uint16_t[::1] best_flush, uint32_t multiplier):
    cdef Lookups t
    t.flushes = &flushes[0]
    t.unique5 = &unique5[0]
    t.hash_adjust = &hash_adjust[0]
    t.hash_values = &hash_values[0]
    t.best_flush = &best_flush[0]
    t.multiplier = multiplier
    return t


def fill_values(int32_t[::1] table, const uint64_t[::1] keys, int depth, int64_t first_row,
                const uint16_t[::1] flushes, const uint16_t[::1] unique5,
                const uint16_t[::1] hash_adjust, const uint16_t[::1] hash_values,
                const uint16_t[::1] best_flush, uint32_t multiplier, uint64_t deck=FULL_DECK):
    """Slot 0 of 5- and 6-card states; for 6-card states also the 7-card values (0 for a card
    outside ``deck``).

    A 7-card value is the better of the best non-flush value of its seven ranks
    (computed once per state and added rank) and the best flush in the one
    suit that can still hold five cards.
    """
    cdef Lookups t = make_lookups(flushes, unique5, hash_adjust, hash_values, best_flush,
                                  multiplier)
    cdef Py_ssize_t i, row
    cdef int card, r, n, code, j, v
    cdef uint8_t[8] cards
    cdef int[7] ranks
    cdef int[13] by_rank
    cdef int[4] rank_count
    cdef uint32_t[5] suit_bits
    with nogil:
        for i in range(keys.shape[0]):
            row = (first_row + i) * SLOTS
            unpack(keys[i], depth, cards)
            table[row] = state_value(&t, cards, depth)
            if depth != 6:
                continue
            memset(suit_bits, 0, sizeof(suit_bits))
            for j in range(6):
                ranks[j] = (cards[j] - 1) >> 3
                suit_bits[(cards[j] - 1) & 7] |= 1u << ranks[j]
            for r in range(13):
                n = 0
                for j in range(6):
                    n += ranks[j] == r
                if n == 4 or (deck >> (4 * r)) & 15 == 0:
                    by_rank[r] = 0
                else:
                    ranks[6] = r
                    by_rank[r] = best_nonflush(&t, ranks, 7)
            for card in range(CARDS):
                r = card >> 2
                code = card & 3
                unpack(keys[i], depth, cards)
                if (deck >> card) & 1 == 0 or add_card(cards, 6, card) == 0:
                    table[row + card + 1] = 0
                    continue
                v = by_rank[r]
                if t.best_flush[suit_bits[code] | (1u << r)] > v:
                    v = t.best_flush[suit_bits[code] | (1u << r)]
                for j in range(4):
                    if t.best_flush[suit_bits[j]] > v:
                        v = t.best_flush[suit_bits[j]]
                table[row + card + 1] = v


def checksum(const uint32_t[::1] words, uint64_t a=0, uint64_t b=0):
    """Fletcher-style running sums ``(a, b)`` over 32-bit words, resumable.

    ``a`` is the sum of the words and ``b`` the sum of the running ``a``, both
    modulo 2**64, so a changed, missing or moved word changes the result.
    """
    cdef Py_ssize_t i
    with nogil:
        for i in range(words.shape[0]):
            a += words[i]
            b += a
    return a, b


cdef inline int _bad_pointer(int32_t e, uint32_t lo, uint32_t span) noexcept nogil:
    """1 when ``e`` is neither 0 nor a row offset in [lo, lo + span): branch-free, so that the
    compiler can vectorise the loops over a row's 52 slots."""
    return (e != 0) & (((<uint32_t>e - lo) >= span) | ((<uint32_t>e) % 53 != 0))


cdef inline int _bad_value(int32_t e, uint32_t values_below) noexcept nogil:
    return <uint32_t>e >= values_below  # negative values wrap around to huge ones


cdef Py_ssize_t _first_bad_entry(const int32_t* entries, const int64_t* first_rows,
                                 int32_t values_below) noexcept nogil:
    """See check_entries. Each row is checked without branching on its slots; only a bad row is
    scanned again to name its first bad slot."""
    cdef Py_ssize_t row, slot, i
    cdef int depth, bad
    cdef int32_t e
    cdef uint32_t lo, span, below = <uint32_t>values_below
    for i in range(53):
        if entries[i] != 0:
            return i
    for depth in range(7):
        if depth < 6:
            lo = <uint32_t>(first_rows[depth + 1] * 53)
            span = <uint32_t>((first_rows[depth + 2] - first_rows[depth + 1]) * 53)
        for row in range(first_rows[depth], first_rows[depth + 1]):
            i = row * 53
            e = entries[i]
            if depth >= 5:
                if e <= 0 or e >= values_below:
                    return i
            elif e != 0:
                return i
            bad = 0
            if depth == 6:
                for slot in range(1, 53):
                    bad |= _bad_value(entries[i + slot], below)
                if bad:
                    for slot in range(1, 53):
                        if _bad_value(entries[i + slot], below):
                            return i + slot
            else:
                for slot in range(1, 53):
                    bad |= _bad_pointer(entries[i + slot], lo, span)
                if bad:
                    for slot in range(1, 53):
                        if _bad_pointer(entries[i + slot], lo, span):
                            return i + slot
    return -1


def check_entries(const int32_t[::1] entries, const int64_t[::1] first_rows, int32_t values_below):
    """The index of the first entry out of range, or -1 when every entry is safe to walk.

    ``first_rows[d]`` is the first row of the states that have seen ``d``
    cards (d = 0 .. 6) and ``first_rows[7]`` the row count; row 0 is the dead
    end. A pointer of a ``d``-card state (slots 1-52, d < 6) must be 0 or the
    offset of a ``d + 1``-card row; a value (slot 0 of 5- and 6-card states,
    slots 1-52 of 6-card states) must be below ``values_below``, and slot 0 of
    5- and 6-card states above 0.
    """
    cdef Py_ssize_t bad
    if first_rows.shape[0] != 8 or entries.shape[0] != first_rows[7] * 53:
        return 0
    with nogil:
        bad = _first_bad_entry(&entries[0], &first_rows[0], values_below)
    return bad
