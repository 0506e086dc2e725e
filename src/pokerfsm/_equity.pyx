# Equity kernels: hot loops only. equity.py validates every input once and
# hands these functions contiguous arrays; each kernel states what it assumes.
#
# Results are per player rows of N_SLOTS doubles:
#   slot 0             showdowns lost
#   slot k (1..10)     showdowns won as one of k tied winners (1 = alone)
#   slot 11 + c        showdowns ending with hand category c (1..9)
# A board card costs one table lookup per player per node of the enumeration
# tree: every player's state is advanced one card at a time and reused below.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

from pokerfsm._eval cimport ROOT, VALUE_SHIFT, table_pointer

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define PKFSM_PREFETCH(address) __builtin_prefetch(address)
    #else
    #define PKFSM_PREFETCH(address) ((void)0)
    #endif
    """
    void PKFSM_PREFETCH(const void* address) noexcept nogil

cdef enum:
    MAX_PLAYERS = 10
    SLOT_CATEGORY = 11
    N_SLOTS = 21
    MAX_PERMS = 24
    MAX_COMBOS = 1326
    BATCH = 16

SLOTS_PER_PLAYER = N_SLOTS
ROOT_STATE = ROOT
# bits 0, 4, 8, ... 48 of a card mask: the spades; shift by s for suit s
cdef uint64_t SUIT_BITS = 0x1111111111111ULL


def step_all(const int32_t[::1] states, const uint8_t[::1] cards, int32_t[:, ::1] out):
    """``out[i, p]`` = the state (or 7-card value) after adding ``cards[i]`` to ``states[p]``."""
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t i, p
    for i in range(cards.shape[0]):
        for p in range(states.shape[0]):
            out[i, p] = t[states[p] + cards[i] + 1]


# ---------------------------------------------------------------- known hands

cdef inline void _score(const int32_t* values, int n, int64_t* counts) noexcept nogil:
    """Count one showdown of ``n`` hand values (branch-free: outcomes are unpredictable)."""
    cdef int32_t best = values[0], v
    cdef int winners = 0, p
    for p in range(1, n):
        v = values[p]
        best = v if v > best else best
    for p in range(n):
        winners += values[p] == best
    for p in range(n):
        v = values[p]
        counts[p * N_SLOTS + (v == best) * winners] += 1
        counts[p * N_SLOTS + SLOT_CATEGORY + (v >> VALUE_SHIFT)] += 1


cdef void _boards(const int32_t* t, const int32_t* states, int n, const uint8_t* avail, int m,
                  int start, int r, int64_t* counts) noexcept nogil:
    """Every way to deal ``r`` more cards of ``avail[start:m]`` to players at ``states``.

    When ``r`` is 0 the states are already 7-card values.
    """
    cdef int32_t nxt[MAX_PLAYERS]
    cdef int32_t a, b, best
    cdef int i, p, winners
    cdef const int32_t* row
    if r == 0:
        _score(states, n, counts)
    elif r == 1 and n == 2:  # the common heads-up leaf, unrolled
        for i in range(start, m):
            a = t[states[0] + avail[i] + 1]
            b = t[states[1] + avail[i] + 1]
            counts[SLOT_CATEGORY + (a >> VALUE_SHIFT)] += 1
            counts[N_SLOTS + SLOT_CATEGORY + (b >> VALUE_SHIFT)] += 1
            if a > b:
                counts[1] += 1
                counts[N_SLOTS] += 1
            elif a < b:
                counts[0] += 1
                counts[N_SLOTS + 1] += 1
            else:
                counts[2] += 1
                counts[N_SLOTS + 2] += 1
    elif r == 1:
        for i in range(start, m):
            for p in range(n):
                nxt[p] = t[states[p] + avail[i] + 1]
            _score(nxt, n, counts)
    else:
        for i in range(start, m - r + 1):
            for p in range(n):
                nxt[p] = t[states[p] + avail[i] + 1]
            _boards(t, nxt, n, avail, m, i + 1, r - 1, counts)


cdef void _boards_task(const int32_t* t, const int32_t* states, int n, const uint8_t* avail, int m,
                       const int32_t* prefix, int d, int k, double* out) noexcept nogil:
    """One task: deal the ``d`` prefix cards, then every completion; counts into ``out``."""
    cdef int32_t cur[MAX_PLAYERS]
    cdef int64_t counts[MAX_PLAYERS * N_SLOTS]
    cdef int p, j
    memset(counts, 0, sizeof(counts))
    for p in range(n):
        cur[p] = states[p]
        for j in range(d):
            cur[p] = t[cur[p] + avail[prefix[j]] + 1]
    _boards(t, cur, n, avail, m, (prefix[d - 1] + 1) if d > 0 else 0, k - d, counts)
    for p in range(n * N_SLOTS):
        out[p] = <double>counts[p]


def enumerate_boards(const int32_t[::1] states, const uint8_t[::1] avail, int k,
                     const int32_t[:, ::1] tasks, double[:, :, ::1] out, int threads):
    """Showdowns of known hands over every completion of the board by ``k`` cards.

    Assumes: ``states[p]`` is player p's state after their hole cards and the
    known board (a 7-card value when ``k`` is 0), 2 <= players <= 10; ``avail``
    holds the cards that may be dealt, ascending; each row of ``tasks`` is a
    strictly increasing tuple of ``d <= k`` indices into ``avail`` (the first
    board cards; ``d`` = 0 gives one task for the whole tree). ``out`` has
    shape (tasks, players, N_SLOTS); row t receives task t's counts.
    """
    cdef const int32_t* t = table_pointer()
    cdef int n = <int>states.shape[0], m = <int>avail.shape[0], d = <int>tasks.shape[1]
    cdef Py_ssize_t n_tasks = tasks.shape[0], task
    cdef const uint8_t* cards = &avail[0] if m > 0 else NULL
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            _boards_task(t, &states[0], n, cards, m, &tasks[task, 0] if d > 0 else NULL, d, k,
                         &out[task, 0, 0])


# ------------------------------------------------- known hands against a range

cdef struct RangeScan:
    const int32_t* t
    const int32_t* row_start   # 53 entries: combos with first card c are row_start[c] .. row_start[c+1]
    const uint8_t* second      # their second cards, ascending within a row
    const double* weight
    const uint8_t* perms       # suit maps, 4 bytes each (identity excluded)
    int n_perms
    bint uniform               # every weight is weight[0]: count with integers
    int n                      # known players; the range player is number n
    double* acc                # (n + 1) * N_SLOTS
    uint64_t board_mask        # the known board
    uint64_t blocked           # cards no range hand uses (known hands, board, dead)
    # the range by rank pair (hi * 13 + lo): total weight and number of hands, and for each
    # card c the hands holding it, touch_start[c] .. touch_start[c + 1]
    const double* pair_weight
    const int32_t* pair_count
    const int32_t* touch_start
    const uint8_t* touch_partner
    const int16_t* touch_pair
    const double* touch_weight


cdef inline uint64_t _permute(uint64_t mask, const uint8_t* suit_map) noexcept nogil:
    return (((mask & SUIT_BITS) << suit_map[0]) | (((mask >> 1) & SUIT_BITS) << suit_map[1])
            | (((mask >> 2) & SUIT_BITS) << suit_map[2]) | (((mask >> 3) & SUIT_BITS) << suit_map[3]))


cdef inline double _orbit_weight(const RangeScan* rs, uint64_t dealt) noexcept nogil:
    """Size of the orbit of the ``dealt`` cards under the symmetry group, 0 unless they are
    the orbit's smallest mask (so each orbit is walked once)."""
    cdef int g, stabiliser = 1
    cdef uint64_t image
    for g in range(rs.n_perms):
        image = _permute(dealt, rs.perms + 4 * g)
        if image < dealt:
            return 0.0
        if image == dealt:
            stabiliser += 1
    return <double>(rs.n_perms + 1) / stabiliser


cdef void _tally_hands(const RangeScan* rs, int32_t board_state, uint64_t dealt, int32_t best,
                       double* sums, double* categories) noexcept nogil:
    """Scan every hand of the range: ``sums`` = (below, equal, total) weight against ``best``.

    The hand values are gathered along the table rows first, then counted
    without branches (the outcomes are unpredictable).
    """
    cdef int32_t hand_values[MAX_COMBOS]
    cdef double hand_weights[MAX_COMBOS]
    cdef int32_t rows[52]
    cdef int64_t below_n = 0, equal_n = 0
    cdef int64_t hist_n[4 * 16]
    cdef double hist_w[4 * 16]
    cdef int g, i, n_hands = 0, c1
    cdef int32_t v, q
    cdef double below = 0.0, equal = 0.0, total = 0.0, w
    cdef const int32_t* t = rs.t
    for c1 in range(52):  # the rows are far apart in the table: fetch them all at once
        rows[c1] = -1
        if rs.row_start[c1] == rs.row_start[c1 + 1] or (dealt >> c1) & 1:
            continue
        q = t[board_state + c1 + 1]
        rows[c1] = q
        i = q + c1 + 2
        while i <= q + 52:
            PKFSM_PREFETCH(t + i)
            i += 16
        PKFSM_PREFETCH(t + q + 52)
    for c1 in range(52):
        q = rows[c1]
        if q < 0:
            continue
        for i in range(rs.row_start[c1], rs.row_start[c1 + 1]):
            if not (dealt >> rs.second[i]) & 1:
                hand_values[n_hands] = t[q + rs.second[i] + 1]
                hand_weights[n_hands] = rs.weight[i]
                n_hands += 1
    if rs.uniform:
        memset(hist_n, 0, sizeof(hist_n))
        for i in range(n_hands):
            v = hand_values[i]
            below_n += v < best
            equal_n += v == best
            hist_n[((i & 3) << 4) + (v >> VALUE_SHIFT)] += 1
        w = rs.weight[0]
        sums[0] = below_n * w
        sums[1] = equal_n * w
        sums[2] = n_hands * w
        for g in range(1, 10):
            categories[g] = (hist_n[g] + hist_n[16 + g] + hist_n[32 + g] + hist_n[48 + g]) * w
    else:
        memset(hist_w, 0, sizeof(hist_w))
        for i in range(n_hands):
            v = hand_values[i]
            w = hand_weights[i]
            below += w * (v < best)
            equal += w * (v == best)
            total += w
            hist_w[((i & 3) << 4) + (v >> VALUE_SHIFT)] += w
        sums[0] = below
        sums[1] = equal
        sums[2] = total
        for g in range(1, 10):
            categories[g] = hist_w[g] + hist_w[16 + g] + hist_w[32 + g] + hist_w[48 + g]


# the lowest and the second lowest set bit of a 4-bit suit set (-1 when missing)
cdef int8_t FIRST_SUIT[16]
cdef int8_t SECOND_SUIT[16]
for _set in range(16):
    _bits = [s for s in range(4) if (_set >> s) & 1]
    FIRST_SUIT[_set] = _bits[0] if _bits else -1
    SECOND_SUIT[_set] = _bits[1] if len(_bits) > 1 else -1


cdef void _tally_rank_pairs(const RangeScan* rs, int32_t board_state, uint64_t dealt, int32_t best,
                            double* sums, double* categories) noexcept nogil:
    """As :func:`_tally_hands` on a board with at most two cards of each suit.

    No hand can make a flush there, so a hand's value depends on its two
    ranks only: one pair of representative cards per rank pair, weighted by
    the range's hands of those ranks still in the deck.
    """
    cdef double weights[169]
    cdef int32_t counts[169]
    cdef int first[13]
    cdef int second[13]
    cdef int c, e, hi, lo, pair, suits
    cdef int32_t q, v
    cdef uint64_t free_cards = ~(rs.blocked | dealt), rest = dealt
    cdef double w, below = 0.0, equal = 0.0, total = 0.0
    cdef const int32_t* t = rs.t
    memcpy(weights, rs.pair_weight, sizeof(weights))
    memcpy(counts, rs.pair_count, sizeof(counts))
    while rest:  # take out the hands holding a dealt card (once each)
        c = 0
        while not (rest >> c) & 1:
            c += 1
        rest &= rest - 1
        for e in range(rs.touch_start[c], rs.touch_start[c + 1]):
            if (dealt >> rs.touch_partner[e]) & 1 and rs.touch_partner[e] < c:
                continue
            weights[rs.touch_pair[e]] -= rs.touch_weight[e]
            counts[rs.touch_pair[e]] -= 1
    for hi in range(13):
        suits = (free_cards >> (4 * hi)) & 15
        first[hi] = 4 * hi + FIRST_SUIT[suits]
        second[hi] = 4 * hi + SECOND_SUIT[suits]
    for c in range(10):
        categories[c] = 0.0
    for hi in range(13):
        q = -1
        for lo in range(hi + 1):
            pair = hi * 13 + lo
            if counts[pair] <= 0:
                continue
            if q < 0:
                q = t[board_state + first[hi] + 1]
            v = t[q + (second[lo] if lo == hi else first[lo]) + 1]
            w = weights[pair]
            below += w * (v < best)
            equal += w * (v == best)
            total += w
            categories[v >> VALUE_SHIFT] += w
    sums[0] = below
    sums[1] = equal
    sums[2] = total


cdef inline bint _flushless(uint64_t board) noexcept nogil:
    """True when no suit has three cards on the board."""
    cdef int s, n
    cdef uint64_t bits
    for s in range(4):
        bits = (board >> s) & SUIT_BITS
        n = 0
        while bits:
            bits &= bits - 1
            n += 1
        if n > 2:
            return False
    return True


cdef void _showdown_vs_range(const RangeScan* rs, const int32_t* values, int32_t board_state,
                             uint64_t dealt, double weight) noexcept nogil:
    """One complete board: known hand ``values``, the 5-card ``board_state``, ``dealt`` cards,
    counted ``weight`` times."""
    cdef int g, p, winners = 0
    cdef int32_t best = -1
    cdef double sums[3]
    cdef double categories[10]
    cdef double below, equal, total, above
    cdef double* row
    for p in range(rs.n):
        if values[p] > best:
            best = values[p]
            winners = 1
        elif values[p] == best:
            winners += 1
    if _flushless(rs.board_mask | dealt):
        _tally_rank_pairs(rs, board_state, dealt, best, sums, categories)
    else:
        _tally_hands(rs, board_state, dealt, best, sums, categories)
    below = sums[0] * weight
    equal = sums[1] * weight
    total = sums[2] * weight
    above = total - below - equal
    row = rs.acc + rs.n * N_SLOTS
    row[1] += above
    row[winners + 1] += equal
    row[0] += below
    for g in range(1, 10):
        row[SLOT_CATEGORY + g] += categories[g] * weight
    for p in range(rs.n):
        row = rs.acc + p * N_SLOTS
        row[SLOT_CATEGORY + (values[p] >> VALUE_SHIFT)] += total
        if values[p] == best:
            row[winners] += below
            row[winners + 1] += equal
            row[0] += above
        else:
            row[0] += total


cdef void _boards_vs_range(const RangeScan* rs, const int32_t* states, const uint8_t* avail, int m,
                           int start, int r, uint64_t dealt) noexcept nogil:
    """Every way to deal ``r`` more cards; ``states[n]`` is the board's own state."""
    cdef int32_t nxt[MAX_PLAYERS + 1]
    cdef int i, p
    cdef uint8_t c
    cdef uint64_t mask
    cdef double weight
    if r == 0:
        weight = _orbit_weight(rs, dealt)
        if weight > 0.0:
            _showdown_vs_range(rs, states, states[rs.n], dealt, weight)
        return
    for i in range(start, m - r + 1):
        c = avail[i]
        mask = dealt | (1ULL << c)
        if r == 1:
            weight = _orbit_weight(rs, mask)
            if weight == 0.0:
                continue
        for p in range(rs.n + 1):
            nxt[p] = rs.t[states[p] + c + 1]
        if r == 1:
            _showdown_vs_range(rs, nxt, nxt[rs.n], mask, weight)
        else:
            _boards_vs_range(rs, nxt, avail, m, i + 1, r - 1, mask)


cdef void _range_task(const RangeScan* shared, const int32_t* states, int32_t board_state,
                      const uint8_t* avail, int m, const int32_t* prefix, int d, int k,
                      double* out) noexcept nogil:
    """One task with private accumulators: deal the prefix, then every completion."""
    cdef RangeScan rs = shared[0]
    cdef int32_t cur[MAX_PLAYERS + 1]
    cdef double acc[(MAX_PLAYERS + 1) * N_SLOTS]
    cdef uint64_t dealt = 0
    cdef int p, j
    memset(acc, 0, sizeof(acc))
    rs.acc = acc
    for p in range(rs.n):
        cur[p] = states[p]
    cur[rs.n] = board_state
    for j in range(d):
        dealt |= 1ULL << avail[prefix[j]]
        for p in range(rs.n + 1):
            cur[p] = rs.t[cur[p] + avail[prefix[j]] + 1]
    _boards_vs_range(&rs, cur, avail, m, (prefix[d - 1] + 1) if d > 0 else 0, k - d, dealt)
    for p in range((rs.n + 1) * N_SLOTS):
        out[p] = acc[p]


def enumerate_vs_range(const int32_t[::1] states, int32_t board_state, uint64_t board_mask, uint64_t blocked,
                       const uint8_t[::1] avail, int k, const int32_t[:, ::1] tasks,
                       const int32_t[::1] row_start, const uint8_t[::1] second, const double[::1] weight,
                       const uint8_t[:, ::1] perms, double[:, :, ::1] out, int threads):
    """Known hands against one weighted range, over every completion of the board.

    For each board the range's hands are scanned along the table: the state
    after the board and the first card, then the contiguous row of second
    cards; on a board where nobody can make a flush, one hand per rank pair.

    Assumes: ``states`` as in :func:`enumerate_boards` (1 to 9 known players);
    ``board_state`` is the state of the known board alone (from the root),
    ``board_mask`` its cards, ``blocked`` the known hands, board and dead cards;
    the range is given row by row: hands ``(c1, second[i])`` for ``i`` in
    ``row_start[c1] .. row_start[c1 + 1]``, c1 < second, with weights > 0, none
    using a blocked card; ``perms`` (shape (g, 4), identity left out) are suit
    permutations that fix every known hand, the board, the dead cards and the
    range's weights, so only one board per orbit is walked (weighted by the
    orbit's size). ``out``: (tasks, players + 1, N_SLOTS), the range player last.
    """
    cdef RangeScan rs
    cdef int n = <int>states.shape[0], m = <int>avail.shape[0], d = <int>tasks.shape[1]
    cdef Py_ssize_t n_tasks = tasks.shape[0], task, n_hands = second.shape[0], i
    cdef const uint8_t* cards = &avail[0] if m > 0 else NULL
    cdef double pair_weight[169]
    cdef int32_t pair_count[169]
    cdef int32_t touch_start[53]
    cdef int32_t fill[52]
    cdef int c1, c2, pair
    cdef uint8_t* touch_partner = <uint8_t*>malloc(2 * n_hands + 1)
    cdef int16_t* touch_pair = <int16_t*>malloc((2 * n_hands + 1) * sizeof(int16_t))
    cdef double* touch_weight = <double*>malloc((2 * n_hands + 1) * sizeof(double))
    try:
        if touch_partner == NULL or touch_pair == NULL or touch_weight == NULL:
            raise MemoryError()
        memset(pair_weight, 0, sizeof(pair_weight))
        memset(pair_count, 0, sizeof(pair_count))
        memset(touch_start, 0, sizeof(touch_start))
        for c1 in range(52):
            for i in range(row_start[c1], row_start[c1 + 1]):
                c2 = second[i]
                pair = (c2 >> 2) * 13 + (c1 >> 2)
                pair_weight[pair] += weight[i]
                pair_count[pair] += 1
                touch_start[c1 + 1] += 1
                touch_start[c2 + 1] += 1
        for c1 in range(52):
            touch_start[c1 + 1] += touch_start[c1]
            fill[c1] = touch_start[c1]
        for c1 in range(52):
            for i in range(row_start[c1], row_start[c1 + 1]):
                c2 = second[i]
                pair = (c2 >> 2) * 13 + (c1 >> 2)
                touch_partner[fill[c1]] = c2
                touch_pair[fill[c1]] = pair
                touch_weight[fill[c1]] = weight[i]
                fill[c1] += 1
                touch_partner[fill[c2]] = c1
                touch_pair[fill[c2]] = pair
                touch_weight[fill[c2]] = weight[i]
                fill[c2] += 1
        rs.t = table_pointer()
        rs.row_start = &row_start[0]
        rs.second = &second[0] if n_hands > 0 else NULL
        rs.weight = &weight[0] if n_hands > 0 else NULL
        rs.perms = &perms[0, 0] if perms.shape[0] > 0 else NULL
        rs.n_perms = <int>perms.shape[0]
        rs.n = n
        rs.acc = NULL
        rs.board_mask = board_mask
        rs.blocked = blocked
        rs.pair_weight = pair_weight
        rs.pair_count = pair_count
        rs.touch_start = touch_start
        rs.touch_partner = touch_partner
        rs.touch_pair = touch_pair
        rs.touch_weight = touch_weight
        rs.uniform = True
        for i in range(1, n_hands):
            if weight[i] != weight[0]:
                rs.uniform = False
        with nogil:
            for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
                _range_task(&rs, &states[0], board_state, cards, m, &tasks[task, 0] if d > 0 else NULL,
                            d, k, &out[task, 0, 0])
    finally:
        free(touch_partner)
        free(touch_pair)
        free(touch_weight)


# ---------------------------------------------------------------- Monte Carlo

cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t _next(uint64_t* s) noexcept nogil:
    """xoshiro256** (Blackman and Vigna): one 64-bit output, state advanced."""
    cdef uint64_t result = _rotl(s[1] * 5, 7) * 9
    cdef uint64_t shifted = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= shifted
    s[3] = _rotl(s[3], 45)
    return result


cdef inline void _seed(uint64_t* s, uint64_t seed) noexcept nogil:
    """Fill the state with splitmix64 outputs of ``seed``."""
    cdef int i
    cdef uint64_t z
    for i in range(4):
        seed += 0x9E3779B97F4A7C15ULL
        z = seed
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
        s[i] = z ^ (z >> 31)


cdef inline int _below(uint64_t* s, int n) noexcept nogil:
    """A uniform int in [0, n) (n small; the bias is below 2**-32 * n)."""
    return <int>(((_next(s) >> 32) * <uint64_t>n) >> 32)


cdef struct Deal:
    const int32_t* t
    int n
    const uint8_t* kind       # per player: 0 known, 1 range, 2 random
    const uint8_t* hole       # per player: 2 cards (known players)
    const int32_t* range_start  # per player: first combo index (range players)
    const int32_t* range_end
    const uint8_t* combo_cards  # 2 per combo
    const double* cumulative    # per combo: cumulative weight within its range
    uint64_t used               # known hands, board and dead cards
    int32_t board_state
    int to_deal                 # board cards to deal
    int64_t max_attempts


cdef int64_t _deal_one(const Deal* deal, uint64_t* s, uint8_t* holes, uint8_t* board) noexcept nogil:
    """Deal one random showdown into ``holes`` (2 per player) and ``board`` (the cards to deal).

    Returns the number of range deals redrawn after a collision, or -1 if stuck.
    """
    cdef uint64_t used, bit
    cdef int64_t rejected = 0
    cdef int p, j, lo, hi, mid, c
    cdef bint collided
    cdef double target
    while True:  # hands from weighted ranges: the whole tuple is redrawn on a collision
        used = deal.used
        collided = False
        for p in range(deal.n):
            if deal.kind[p] == 0:
                holes[2 * p] = deal.hole[2 * p]
                holes[2 * p + 1] = deal.hole[2 * p + 1]
            elif deal.kind[p] == 1:
                lo = deal.range_start[p]
                hi = deal.range_end[p] - 1
                target = (_next(s) >> 11) * (1.0 / 9007199254740992.0) * deal.cumulative[hi]
                while lo < hi:
                    mid = (lo + hi) >> 1
                    if deal.cumulative[mid] > target:
                        hi = mid
                    else:
                        lo = mid + 1
                bit = (1ULL << deal.combo_cards[2 * lo]) | (1ULL << deal.combo_cards[2 * lo + 1])
                if used & bit:
                    collided = True
                    break
                used |= bit
                holes[2 * p] = deal.combo_cards[2 * lo]
                holes[2 * p + 1] = deal.combo_cards[2 * lo + 1]
        if not collided:
            break
        rejected += 1
        if rejected > deal.max_attempts:
            return -1
    for p in range(deal.n):  # random hands come from what is left: uniform, no bias
        if deal.kind[p] == 2:
            for j in range(2):
                c = _below(s, 52)
                while (used >> c) & 1:
                    c = _below(s, 52)
                used |= 1ULL << c
                holes[2 * p + j] = <uint8_t>c
    for j in range(deal.to_deal):
        c = _below(s, 52)
        while (used >> c) & 1:
            c = _below(s, 52)
        used |= 1ULL << c
        board[j] = <uint8_t>c
    return rejected


cdef int64_t _run_stream(const Deal* deal, uint64_t seed, int64_t trials, double* acc) noexcept nogil:
    """Play ``trials`` random deals; returns the number of rejected range deals, or -1 if stuck.

    Deals go in batches walked level by level, so that the table lookups of
    different deals (each one a likely cache miss) overlap.
    """
    cdef uint64_t s[4]
    cdef int64_t trial, rejected = 0, r
    cdef int p, j, b, nb, winners
    cdef uint8_t holes[BATCH][2 * MAX_PLAYERS]
    cdef uint8_t board[BATCH][5]
    cdef int32_t state[BATCH]
    cdef int32_t step[BATCH]
    cdef int32_t values[BATCH][MAX_PLAYERS]
    cdef int32_t best, v
    cdef const int32_t* t = deal.t
    cdef int64_t counts[MAX_PLAYERS * N_SLOTS]
    memset(counts, 0, sizeof(counts))
    _seed(s, seed)
    trial = 0
    while trial < trials:
        nb = BATCH if trials - trial >= BATCH else <int>(trials - trial)
        for b in range(nb):
            r = _deal_one(deal, s, holes[b], board[b])
            if r < 0:
                return -1
            rejected += r
            state[b] = deal.board_state
        for j in range(deal.to_deal):  # the board first ...
            for b in range(nb):
                state[b] = t[state[b] + board[b][j] + 1]
        for p in range(deal.n):  # ... then two lookups per player
            for b in range(nb):
                step[b] = t[state[b] + holes[b][2 * p] + 1]
            for b in range(nb):
                values[b][p] = t[step[b] + holes[b][2 * p + 1] + 1]
        for b in range(nb):
            best = values[b][0]
            for p in range(1, deal.n):
                v = values[b][p]
                best = v if v > best else best
            winners = 0
            for p in range(deal.n):
                winners += values[b][p] == best
            for p in range(deal.n):
                v = values[b][p]
                counts[p * N_SLOTS + (v == best) * winners] += 1
                counts[p * N_SLOTS + SLOT_CATEGORY + (v >> VALUE_SHIFT)] += 1
        trial += nb
    for p in range(deal.n * N_SLOTS):
        acc[p] = <double>counts[p]
    return rejected


def monte_carlo(const uint8_t[::1] kind, const uint8_t[::1] hole, const int32_t[::1] range_start,
                const int32_t[::1] range_end, const uint8_t[::1] combo_cards, const double[::1] cumulative,
                uint64_t used, int32_t board_state, int to_deal, const uint64_t[::1] seeds,
                const int64_t[::1] trials, double[:, :, ::1] out, int threads, int64_t max_attempts=1000000):
    """Random showdowns: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Assumes: ``kind[p]`` is 0 (known: ``hole[2p], hole[2p+1]``), 1 (a range:
    combos ``range_start[p] .. range_end[p]`` of ``combo_cards`` with their
    ``cumulative`` weights, none touching ``used``) or 2 (uniformly random);
    ``used`` is the mask of known hands, board and dead cards; ``board_state``
    the state of the known board from the root, ``to_deal`` + known board = 5.
    The results do not depend on the number of threads. Returns the number of
    range deals redrawn after a collision; raises RuntimeError when a stream
    redraws ``max_attempts`` times in a row.
    """
    cdef Deal deal
    cdef Py_ssize_t n_streams = seeds.shape[0], stream
    cdef int64_t rejected = 0, stuck = 0, r
    deal.t = table_pointer()
    deal.n = <int>kind.shape[0]
    deal.kind = &kind[0]
    deal.hole = &hole[0]
    deal.range_start = &range_start[0]
    deal.range_end = &range_end[0]
    deal.combo_cards = &combo_cards[0] if combo_cards.shape[0] > 0 else NULL
    deal.cumulative = &cumulative[0] if cumulative.shape[0] > 0 else NULL
    deal.used = used
    deal.board_state = board_state
    deal.to_deal = to_deal
    deal.max_attempts = max_attempts
    with nogil:
        for stream in prange(n_streams, num_threads=threads, schedule="dynamic"):
            r = _run_stream(&deal, seeds[stream], trials[stream], &out[stream, 0, 0])
            stuck += r < 0
            rejected += r if r >= 0 else 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
    return rejected
