# Equity of known hands over every completion of the board: hot loops only.
# pokerfsm.odds.enumeration validates every input and hands these functions
# contiguous arrays; each kernel states what it assumes.
#
# The completions are not dealt one by one: they are counted by the multiset
# of their ranks. On a board where no suit has three cards no one can make a
# flush, and every player's value follows from the ranks alone (one lookup
# of the compact evaluator per player for all the boards of those ranks).
# Where a suit has three cards or more (only one can, on five cards), the
# boards that give someone a flush are counted apart, by which of the dealt
# ranks come in that suit. Heads-up preflop, 1,712,304 boards come down to
# some 6,000 rank multisets and a few thousand flush classes.
import math

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport Compact, compact_tables, rank_value
from pokerfsm.evaluation._walk cimport VALUE_SHIFT, table_pointer
from pokerfsm.odds._kernels cimport MAX_MASKS, MAX_PLAYERS, N_SLOTS, Stop, make_stop, should_stop

SLOTS_PER_PLAYER = N_SLOTS


def row_width(int players):
    """Doubles per result row for ``players`` players: their category slots, then the winner masks."""
    return players * N_SLOTS + (1 << players)


def step_all(const int32_t[::1] states, const uint8_t[::1] cards, int32_t[:, ::1] out):
    """``out[i, p]`` = the state (or 7-card value) after adding ``cards[i]`` to ``states[p]``."""
    cdef const int32_t* t = table_pointer()
    cdef Py_ssize_t i, p
    for i in range(cards.shape[0]):
        for p in range(states.shape[0]):
            out[i, p] = t[states[p] + cards[i] + 1]


# C(n, m) for n, m <= 4: the ways to pick m of the n cards of a rank still in the deck
cdef int64_t CHOOSE[5][5]
for _n in range(5):
    for _m in range(5):
        CHOOSE[_n][_m] = math.comb(_n, _m)

# the sets of (at most five) distinct dealt ranks as bit sets, largest first, and their sizes;
# LARGE[size] of them hold ``size`` ranks or more
cdef int SET_SIZE[32]
cdef int SUBSETS[32]
cdef int LARGE[6]
for _i, _n in enumerate(sorted(range(32), key=lambda m: -bin(m).count("1"))):
    SUBSETS[_i] = _n
    SET_SIZE[_n] = bin(_n).count("1")
for _n in range(6):
    LARGE[_n] = sum(1 for _m in range(32) if bin(_m).count("1") >= _n)


cdef struct RankScan:
    const Compact* c
    int n
    int left[13]                         # cards of each rank that may be dealt
    uint8_t has[13]                      # bit s: the card of that rank and suit s may be dealt
    uint32_t multiplier[13]              # each rank's share of a rank multiset's hash
    uint32_t hash[MAX_PLAYERS]           # of each player's hole cards and the known board
    int suited[MAX_PLAYERS][4]           # cards of each suit among them ...
    uint32_t suited_ranks[MAX_PLAYERS][4]  # ... and their ranks
    int need[4]                          # dealt cards of a suit that give someone a flush at least


cdef inline void _score_weighted(const int32_t* values, int n, int64_t weight, int64_t* categories,
                                 int64_t* winners) noexcept nogil:
    """Count ``weight`` showdowns of ``n`` hand values."""
    cdef int32_t best = values[0], v
    cdef int p, mask = 0
    for p in range(1, n):
        v = values[p]
        best = v if v > best else best
    for p in range(n):
        v = values[p]
        mask |= (v == best) << p
        categories[p * N_SLOTS + (v >> VALUE_SHIFT)] += weight
    winners[mask] += weight


cdef void _score_multiset(const RankScan* rs, uint32_t hash, int64_t ways, const int* ranks, const int* counts,
                          int distinct, int64_t* categories, int64_t* winners) noexcept nogil:
    """Every board completed by one multiset of ranks (``ways`` deals of ``distinct`` ranks,
    ``counts[i]`` cards of rank ``ranks[i]``; ``hash`` its share of the hash)."""
    cdef int32_t plain[MAX_PLAYERS]
    cdef int32_t values[MAX_PLAYERS]
    cdef int p, i, j, suit, subset, eligible, rank
    cdef int64_t count, rest = ways
    cdef uint32_t dealt
    cdef bint flush
    for p in range(rs.n):
        plain[p] = rank_value(rs.c, <uint64_t>(rs.hash[p] + hash) << 32)
    for suit in range(4):
        if rs.need[suit] > distinct:
            continue
        eligible = 0  # the dealt ranks whose card of this suit is in the deck
        for i in range(distinct):
            eligible |= ((rs.has[ranks[i]] >> suit) & 1) << i
        for i in range(LARGE[rs.need[suit]]):  # the sets of dealt ranks that may come in this suit, large
            subset = SUBSETS[i]                 # enough for someone's flush
            if subset & ~eligible:
                continue
            dealt = 0
            count = 1
            for j in range(distinct):
                rank = ranks[j]
                if (subset >> j) & 1:
                    dealt |= 1u << rank
                    count *= CHOOSE[rs.left[rank] - 1][counts[j] - 1]
                else:
                    count *= CHOOSE[rs.left[rank] - ((rs.has[rank] >> suit) & 1)][counts[j]]
            if count:
                flush = False
                for p in range(rs.n):
                    if rs.suited[p][suit] + SET_SIZE[subset] >= 5:
                        values[p] = rs.c.flush[rs.suited_ranks[p][suit] | dealt]
                        flush = True
                    else:
                        values[p] = plain[p]
                if flush:
                    _score_weighted(values, rs.n, count, categories, winners)
                    rest -= count
    if rest > 0:
        _score_weighted(plain, rs.n, rest, categories, winners)


cdef void _multisets(const RankScan* rs, int start, int k, uint32_t hash, int64_t ways, int* ranks, int* counts,
                     int distinct, int64_t* categories, int64_t* winners) noexcept nogil:
    """Every multiset of ``k`` more ranks from ``start`` up, added to the ``distinct`` ranks so far."""
    cdef int rank, m
    if k == 0:
        _score_multiset(rs, hash, ways, ranks, counts, distinct, categories, winners)
        return
    for rank in range(start, 13):
        for m in range(1, (rs.left[rank] if rs.left[rank] < k else k) + 1):
            ranks[distinct] = rank
            counts[distinct] = m
            _multisets(rs, rank + 1, k - m, hash + <uint32_t>m * rs.multiplier[rank],
                       ways * CHOOSE[rs.left[rank]][m], ranks, counts, distinct + 1, categories, winners)


cdef void _prepare(RankScan* rs, const Compact* c, int n, const uint8_t* holes, const uint8_t* board,
                   int board_size, uint64_t dead) noexcept nogil:
    """Set ``rs`` up for the known hands ``holes`` (2 per player) on ``board``, ``dead`` cards out."""
    cdef int p, j, suit, card, most
    cdef uint64_t avail = ((1ULL << 52) - 1) & ~dead
    for j in range(2 * n):
        avail &= ~(1ULL << holes[j])
    rs.c = c
    rs.n = n
    for j in range(13):
        rs.multiplier[j] = <uint32_t>(c.card_key[4 * j] >> 32)
        rs.left[j] = 0
        rs.has[j] = 0
        for suit in range(4):
            if (avail >> (4 * j + suit)) & 1:
                rs.left[j] += 1
                rs.has[j] |= 1 << suit
    for p in range(n):
        rs.hash[p] = 0
        for suit in range(4):
            rs.suited[p][suit] = 0
            rs.suited_ranks[p][suit] = 0
        for j in range(2 + board_size):
            card = holes[2 * p + j] if j < 2 else board[j - 2]
            rs.hash[p] += <uint32_t>(c.card_key[card] >> 32)
            rs.suited[p][card & 3] += 1
            rs.suited_ranks[p][card & 3] |= 1u << (card >> 2)
    for suit in range(4):
        most = 0
        for p in range(n):
            most = rs.suited[p][suit] if rs.suited[p][suit] > most else most
        rs.need[suit] = 5 - most if most < 5 else 0


cdef void _rank_task(const Compact* c, int n, const uint8_t* holes, const uint8_t* board, int board_size,
                     uint64_t dead, int lowest, int k, double* out) noexcept nogil:
    """The boards of one deal (see _prepare) whose lowest dealt rank is ``lowest`` (-1: all of them;
    the known board alone when ``k`` is 0)."""
    cdef RankScan scan
    cdef RankScan* rs = &scan
    cdef int64_t acc[MAX_PLAYERS * N_SLOTS + MAX_MASKS]
    cdef int ranks[5]
    cdef int counts[5]
    cdef int p, m, rank, width = n * N_SLOTS + (1 << n)
    _prepare(rs, c, n, holes, board, board_size, dead)
    memset(acc, 0, width * sizeof(int64_t))
    memset(ranks, 0, sizeof(ranks))
    memset(counts, 0, sizeof(counts))
    if k == 0:
        _score_multiset(rs, 0, 1, ranks, counts, 0, acc, acc + rs.n * N_SLOTS)
    for rank in range(13):
        if k == 0 or (lowest >= 0 and rank != lowest):
            continue
        for m in range(1, (rs.left[rank] if rs.left[rank] < k else k) + 1):
            ranks[0] = rank
            counts[0] = m
            _multisets(rs, rank + 1, k - m, <uint32_t>m * rs.multiplier[rank], CHOOSE[rs.left[rank]][m],
                       ranks, counts, 1, acc, acc + rs.n * N_SLOTS)
    for p in range(width):
        out[p] = <double>acc[p]


def enumerate_rank_classes(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead, int k,
                           const int32_t[:, ::1] tasks, double[:, ::1] out, int threads, uint8_t[::1] stop,
                           double seconds):
    """Showdowns of known hands over every completion of the board by ``k`` cards, for many deals.

    Assumes: each row of ``holes`` is a deal, two cards per player (2 to 10
    players); with ``board`` (5 - k cards) and the mask ``dead`` they are
    distinct cards and leave ``k`` cards or more to deal. Task ``t`` counts
    deal ``tasks[t, 0]``'s boards whose lowest dealt rank is ``tasks[t, 1]``
    (0-12, or -1 for all its boards). ``out`` has shape (tasks,
    :func:`row_width`), laid out as _kernels.pxd says; row t receives task
    t's counts. Tasks not started when ``stop`` is raised or ``seconds`` run
    out are skipped (see _kernels.pxd).
    """
    cdef int n = <int>holes.shape[1] // 2
    cdef Py_ssize_t n_tasks = tasks.shape[0], task
    cdef const Compact* c = compact_tables()
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef const uint8_t* cards = &board[0] if board.shape[0] > 0 else NULL
    if (not 2 <= n <= MAX_PLAYERS or holes.shape[1] != 2 * n or tasks.shape[1] != 2 or out.shape[0] != n_tasks
            or out.shape[1] != n * N_SLOTS + (1 << n)):
        raise ValueError("enumerate_rank_classes: 2 to 10 players, tasks of (deal, rank) and an out array of "
                         "(tasks, row_width(players))")
    for task in range(n_tasks):
        if not 0 <= tasks[task, 0] < holes.shape[0]:
            raise ValueError(f"enumerate_rank_classes: task {task} names no deal")
    with nogil:
        for task in prange(n_tasks, num_threads=threads, schedule="dynamic"):
            if not should_stop(&halt):
                _rank_task(c, n, &holes[tasks[task, 0], 0], cards, <int>board.shape[0], dead, tasks[task, 1], k,
                           &out[task, 0])
