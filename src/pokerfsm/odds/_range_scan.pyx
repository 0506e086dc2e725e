# Known hands against one weighted range, over every completion of the board:
# hot loops only (pokerfsm.odds.enumeration validates and prepares the input).
#
# On a complete board at most one suit (the "live" one) has three cards or
# more, so only it can make a flush: a hand's value depends on its two ranks
# and on which of its cards are of the live suit. The range is kept as
# weights per class (rank pair * 4 + flags; flag 1 = the higher rank's card is
# live, flag 2 = the lower one's; a pair with a live card has flag 1), for
# each possible live suit (variant 0: none, 1 + s: suit s). Per board, the
# hands holding a dealt card are taken out, and one representative hand per
# class is walked.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cython.parallel cimport prange

from pokerfsm.evaluation._walk cimport VALUE_SHIFT, table_pointer
from pokerfsm.odds._kernels cimport MAX_MASKS, MAX_PLAYERS, N_SLOTS, Stop, make_stop, should_stop

cdef enum:
    N_CLASSES = 169 * 4

# bits 0, 4, 8, ... 48 of a card mask: the spades; shift by s for suit s
cdef uint64_t SUIT_BITS = 0x1111111111111ULL


cdef struct RangeScan:
    const int32_t* t
    const uint8_t* perms       # suit maps, 4 bytes each (identity excluded)
    int n_perms
    int n                      # known players; the range player is number n
    double* categories         # (n + 1) * N_SLOTS, then
    double* winners            # 2 ** (n + 1) winner masks (see _kernels.pxd)
    uint64_t board_mask        # the known board
    uint64_t blocked           # cards no range hand uses (known hands, board, dead)
    const double* class_weight   # [variant * N_CLASSES + class]: total weight
    const int32_t* class_count   # and number of hands
    const int32_t* listed_start  # [variant]: classes with hands, listed_start[v] .. listed_start[v + 1]
    const int16_t* listed        # of the classes in ascending order
    const int32_t* touch_start   # [card]: hands holding the card, touch_start[c] .. touch_start[c + 1]
    const uint8_t* touch_partner # the other card of that hand
    const int16_t* touch_class   # [entry * 5 + variant]: its class
    const double* touch_weight
    double* removed_weight       # per thread, N_CLASSES each: what the dealt cards took out
    int32_t* removed_count
    bint whole_deck              # the range is every hand without a blocked card, all of weight unit:
    double unit                  # then a class's count follows from the free cards of each rank


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


cdef inline int _live_suit(uint64_t board) noexcept nogil:
    """The suit with three or more cards on the board, or -1."""
    cdef int s, n
    cdef uint64_t bits
    for s in range(4):
        bits = (board >> s) & SUIT_BITS
        n = 0
        while bits:
            bits &= bits - 1
            n += 1
        if n > 2:
            return s
    return -1


# the lowest and the second lowest set bit of a 4-bit suit set (-1 when missing)
cdef int8_t FIRST_SUIT[16]
cdef int8_t SECOND_SUIT[16]
for _set in range(16):
    _bits = [s for s in range(4) if (_set >> s) & 1]
    FIRST_SUIT[_set] = _bits[0] if _bits else -1
    SECOND_SUIT[_set] = _bits[1] if len(_bits) > 1 else -1


cdef inline int _hand_class(int low_card, int high_card, int live) noexcept nogil:
    """The class of a hand (low_card < high_card) when ``live`` (-1 for none) is the live suit."""
    cdef int flags = 0
    if (high_card & 3) == live:
        flags = 1
    if (low_card & 3) == live:
        flags = 1 if (low_card >> 2) == (high_card >> 2) else flags | 2
    return ((high_card >> 2) * 13 + (low_card >> 2)) * 4 + flags


cdef void _tally_classes(const RangeScan* rs, int32_t board_state, uint64_t dealt, int32_t best,
                         double* sums, double* categories) noexcept nogil:
    """The range's weight below, equal to and above ``best`` (``sums``) on one board, and by
    category (each sum is exact where the weights are: no subtraction leaves a trace)."""
    cdef int live = _live_suit(rs.board_mask | dealt), variant = live + 1
    cdef int c, e, i, cls, pair, hi, lo, flags, current = -1, n_touched = 0
    cdef int first_live[13]
    cdef int first_other[13]
    cdef int second_other[13]
    cdef int16_t touched[5 * 52]
    cdef int32_t q = 0, v
    cdef uint64_t free_cards = ~(rs.blocked | dealt), rest = dealt, others
    cdef int live_free[13]
    cdef int other_free[13]
    cdef int n
    cdef double w, below = 0.0, equal = 0.0, above = 0.0
    cdef const int32_t* t = rs.t
    cdef const double* weights = rs.class_weight + variant * N_CLASSES
    cdef const int32_t* counts = rs.class_count + variant * N_CLASSES
    if rs.whole_deck:
        rest = 0
    while rest:  # take out the hands holding a dealt card (once each)
        c = 0
        while not (rest >> c) & 1:
            c += 1
        rest &= rest - 1
        for e in range(rs.touch_start[c], rs.touch_start[c + 1]):
            if (dealt >> rs.touch_partner[e]) & 1 and rs.touch_partner[e] < c:
                continue
            cls = rs.touch_class[e * 5 + variant]
            rs.removed_weight[cls] += rs.touch_weight[e]
            rs.removed_count[cls] += 1
            touched[n_touched] = <int16_t>cls
            n_touched += 1
    for hi in range(13):
        others = (free_cards >> (4 * hi)) & 15
        live_free[hi] = 0
        if live >= 0:
            live_free[hi] = (others >> live) & 1
            first_live[hi] = 4 * hi + live if live_free[hi] else -1
            others &= ~(1ULL << live)
        first_other[hi] = 4 * hi + FIRST_SUIT[others]
        second_other[hi] = 4 * hi + SECOND_SUIT[others]
        other_free[hi] = ((others & 1) + ((others >> 1) & 1) + ((others >> 2) & 1) + ((others >> 3) & 1))
    for c in range(10):
        categories[c] = 0.0
    for i in range(rs.listed_start[variant], rs.listed_start[variant + 1]):
        cls = rs.listed[i]
        pair = cls >> 2
        flags = cls & 3
        hi = pair // 13
        lo = pair - 13 * hi
        if rs.whole_deck:
            if hi == lo:
                n = live_free[hi] * other_free[hi] if flags else other_free[hi] * (other_free[hi] - 1) // 2
            else:
                n = ((live_free[hi] if flags & 1 else other_free[hi])
                     * (live_free[lo] if flags & 2 else other_free[lo]))
            if n <= 0:
                continue
            w = n * rs.unit
        elif counts[cls] - rs.removed_count[cls] <= 0:
            continue
        else:
            w = weights[cls] - rs.removed_weight[cls]
        if (pair << 1 | (flags & 1)) != current:  # the 6-card state of the first card
            current = pair << 1 | (flags & 1)
            q = t[board_state + (first_live[hi] if flags & 1 else first_other[hi]) + 1]
        if hi == lo:
            v = t[q + (first_other[lo] if flags & 1 else second_other[lo]) + 1]
        else:
            v = t[q + (first_live[lo] if flags & 2 else first_other[lo]) + 1]
        below += w * (v < best)
        equal += w * (v == best)
        above += w * (v > best)
        categories[v >> VALUE_SHIFT] += w
    for i in range(n_touched):
        rs.removed_weight[touched[i]] = 0.0
        rs.removed_count[touched[i]] = 0
    sums[0] = below
    sums[1] = equal
    sums[2] = above


cdef void _showdown_vs_range(const RangeScan* rs, const int32_t* values, int32_t board_state,
                             uint64_t dealt, double weight) noexcept nogil:
    """One complete board: known hand ``values``, the 5-card ``board_state``, ``dealt`` cards,
    counted ``weight`` times.

    The range's weight below, equal to and above the best known hand gives
    the winner masks directly: the best known hands win (below), split with
    the range player (equal), or lose to it alone (above).
    """
    cdef int g, p, best_known = 0, range_bit = 1 << rs.n
    cdef int32_t best = -1
    cdef double sums[3]
    cdef double categories[10]
    cdef double below, equal, above
    cdef double* row
    for p in range(rs.n):
        best = values[p] if values[p] > best else best
    for p in range(rs.n):
        best_known |= (values[p] == best) << p
    _tally_classes(rs, board_state, dealt, best, sums, categories)
    below = sums[0] * weight
    equal = sums[1] * weight
    above = sums[2] * weight
    rs.winners[best_known] += below
    rs.winners[best_known | range_bit] += equal
    rs.winners[range_bit] += above
    row = rs.categories + rs.n * N_SLOTS
    for g in range(1, 10):
        row[g] += categories[g] * weight
    for p in range(rs.n):
        rs.categories[p * N_SLOTS + (values[p] >> VALUE_SHIFT)] += below + equal + above


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
    cdef double acc[MAX_PLAYERS * N_SLOTS + MAX_MASKS]
    cdef double removed_weight[N_CLASSES]
    cdef int32_t removed_count[N_CLASSES]
    cdef uint64_t dealt = 0
    cdef int p, j, width = (rs.n + 1) * N_SLOTS + (2 << rs.n)
    memset(acc, 0, width * sizeof(double))
    memset(removed_weight, 0, sizeof(removed_weight))
    memset(removed_count, 0, sizeof(removed_count))
    rs.categories = acc
    rs.winners = acc + (rs.n + 1) * N_SLOTS
    rs.removed_weight = removed_weight
    rs.removed_count = removed_count
    for p in range(rs.n):
        cur[p] = states[p]
    cur[rs.n] = board_state
    for j in range(d):
        dealt |= 1ULL << avail[prefix[j]]
        for p in range(rs.n + 1):
            cur[p] = rs.t[cur[p] + avail[prefix[j]] + 1]
    _boards_vs_range(&rs, cur, avail, m, (prefix[d - 1] + 1) if d > 0 else 0, k - d, dealt)
    for p in range(width):
        out[p] = acc[p]


def enumerate_vs_range(const int32_t[::1] states, int32_t board_state, uint64_t board_mask, uint64_t blocked,
                       const uint8_t[::1] avail, int k, const int32_t[:, ::1] tasks,
                       const int32_t[::1] row_start, const uint8_t[::1] second, const double[::1] weight,
                       const uint8_t[:, ::1] perms, double[:, ::1] out, int threads,
                       uint8_t[::1] stop, double seconds):
    """Known hands against one weighted range, over every completion of the board.

    Per board the range is walked one hand per class (two ranks, and which
    cards are of the one suit that can still make a flush), weighted by the
    range's hands in that class still in the deck.

    Assumes: ``states`` as in :func:`enumerate_boards` (1 to 9 known players);
    ``board_state`` is the state of the known board alone (from the root),
    ``board_mask`` its cards, ``blocked`` the known hands, board and dead cards;
    the range is given row by row: hands ``(c1, second[i])`` for ``i`` in
    ``row_start[c1] .. row_start[c1 + 1]``, c1 < second, with weights > 0, none
    using a blocked card; ``perms`` (shape (g, 4), identity left out) are suit
    permutations that fix every known hand, the board, the dead cards and the
    range's weights, so only one board per orbit is walked (weighted by the
    orbit's size). ``out``: (tasks, row_width(players + 1)) as _kernels.pxd
    says, the range player last (bit ``players`` of the winner masks).
    Tasks not started when ``stop`` is raised or ``seconds`` run out are
    skipped (see _kernels.pxd).
    """
    cdef RangeScan rs
    cdef int n = <int>states.shape[0], m = <int>avail.shape[0], d = <int>tasks.shape[1]
    cdef Py_ssize_t n_tasks = tasks.shape[0], task, n_hands = second.shape[0], i
    cdef const uint8_t* cards = &avail[0] if m > 0 else NULL
    cdef int32_t touch_start[53]
    cdef int32_t fill[52]
    cdef int32_t listed_start[6]
    cdef int c1, c2, v, cls, e
    cdef double* class_weight = <double*>malloc(5 * N_CLASSES * sizeof(double))
    cdef int32_t* class_count = <int32_t*>malloc(5 * N_CLASSES * sizeof(int32_t))
    cdef int16_t* listed = <int16_t*>malloc(5 * N_CLASSES * sizeof(int16_t))
    cdef uint8_t* touch_partner = <uint8_t*>malloc(2 * n_hands + 1)
    cdef int16_t* touch_class = <int16_t*>malloc((10 * n_hands + 1) * sizeof(int16_t))
    cdef double* touch_weight = <double*>malloc((2 * n_hands + 1) * sizeof(double))
    cdef Stop halt = make_stop(&stop[0], seconds)
    try:
        if not 1 <= n < MAX_PLAYERS or out.shape[0] != n_tasks or out.shape[1] != (n + 1) * N_SLOTS + (2 << n):
            raise ValueError("enumerate_vs_range: 1 to 9 known players and an out array of "
                             "(tasks, row_width(players + 1))")
        if (class_weight == NULL or class_count == NULL or listed == NULL or touch_partner == NULL
                or touch_class == NULL or touch_weight == NULL):
            raise MemoryError()
        memset(class_weight, 0, 5 * N_CLASSES * sizeof(double))
        memset(class_count, 0, 5 * N_CLASSES * sizeof(int32_t))
        memset(touch_start, 0, sizeof(touch_start))
        for c1 in range(52):
            for i in range(row_start[c1], row_start[c1 + 1]):
                c2 = second[i]
                for v in range(5):
                    cls = v * N_CLASSES + _hand_class(c1, c2, v - 1)
                    class_weight[cls] += weight[i]
                    class_count[cls] += 1
                touch_start[c1 + 1] += 1
                touch_start[c2 + 1] += 1
        e = 0
        for v in range(5):
            listed_start[v] = e
            for cls in range(N_CLASSES):
                if class_count[v * N_CLASSES + cls] > 0:
                    listed[e] = <int16_t>cls
                    e += 1
        listed_start[5] = e
        for c1 in range(52):
            touch_start[c1 + 1] += touch_start[c1]
            fill[c1] = touch_start[c1]
        for c1 in range(52):
            for i in range(row_start[c1], row_start[c1 + 1]):
                c2 = second[i]
                for e in (fill[c1], fill[c2]):
                    touch_partner[e] = c2 if e == fill[c1] else c1
                    touch_weight[e] = weight[i]
                    for v in range(5):
                        touch_class[e * 5 + v] = <int16_t>_hand_class(c1, c2, v - 1)
                fill[c1] += 1
                fill[c2] += 1
        rs.t = table_pointer()
        rs.perms = &perms[0, 0] if perms.shape[0] > 0 else NULL
        rs.n_perms = <int>perms.shape[0]
        rs.n = n
        rs.categories = NULL
        rs.winners = NULL
        rs.board_mask = board_mask
        rs.blocked = blocked
        rs.class_weight = class_weight
        rs.class_count = class_count
        rs.listed_start = listed_start
        rs.listed = listed
        rs.touch_start = touch_start
        rs.touch_partner = touch_partner
        rs.touch_class = touch_class
        rs.touch_weight = touch_weight
        rs.unit = weight[0] if n_hands > 0 else 0.0
        rs.whole_deck = True
        for i in range(n_hands):
            if weight[i] != rs.unit:
                rs.whole_deck = False
        c2 = 0
        for c1 in range(52):
            c2 += not (blocked >> c1) & 1
        if n_hands != c2 * (c2 - 1) // 2:
            rs.whole_deck = False
        with nogil:
            for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
                if not should_stop(&halt):
                    _range_task(&rs, &states[0], board_state, cards, m, &tasks[task, 0] if d > 0 else NULL,
                                d, k, &out[task, 0])
    finally:
        free(class_weight)
        free(class_count)
        free(listed)
        free(touch_partner)
        free(touch_class)
        free(touch_weight)
