# Random showdowns (Monte Carlo): hot loops only. pokerfsm.odds.sampling
# validates the deal and hands these functions contiguous arrays. Random
# hands share nothing, so they go to the compact evaluator (tables in the L2
# cache) rather than the state machine (a likely cache miss per card).
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset
from cython.parallel cimport prange

from pokerfsm.evaluation._compact cimport Compact, compact_tables, compact_value, suit_bit
from pokerfsm.evaluation._walk cimport VALUE_SHIFT
from pokerfsm.odds._kernels cimport MAX_MASKS, MAX_PLAYERS, N_SLOTS, Stop, make_stop, should_stop
from pokerfsm.odds cimport _xoshiro as xoshiro
from pokerfsm.odds._xoshiro cimport Rng


cdef struct Deal:
    const Compact* c
    int n
    const uint8_t* kind       # per player: 0 known, 1 range, 2 random
    const uint8_t* hole       # per player: 2 cards (known players)
    const int32_t* range_start  # per player: first combo index (range players)
    const int32_t* range_end
    const uint8_t* combo_cards  # 2 per combo
    const double* cumulative    # per combo: cumulative weight within its range
    uint64_t used               # known hands, board and dead cards
    uint64_t board_key          # the known board's key and suit bits (see _compact.pxd)
    uint64_t board_bits
    int to_deal                 # board cards to deal
    int64_t max_attempts


cdef int64_t _deal_one(const Deal* deal, Rng* r, uint8_t* deck, int size, uint8_t* holes,
                       uint8_t* board) noexcept nogil:
    """Deal one random showdown into ``holes`` (2 per player) and ``board`` (the cards to deal).

    ``deck`` holds the ``size`` cards outside ``deal.used``, in any order.
    Returns the number of range deals redrawn after a collision, or -1 if stuck.
    """
    cdef uint64_t used, bit
    cdef int64_t rejected = 0
    cdef int p, j, lo, left = size
    cdef bint collided
    while True:  # hands from weighted ranges: the whole tuple is redrawn on a collision
        used = deal.used
        collided = False
        for p in range(deal.n):
            if deal.kind[p] == 0:
                holes[2 * p] = deal.hole[2 * p]
                holes[2 * p + 1] = deal.hole[2 * p + 1]
            elif deal.kind[p] == 1:
                lo = xoshiro.pick(r, deal.cumulative, deal.range_start[p], deal.range_end[p] - 1)
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
            holes[2 * p] = xoshiro.draw(r, deck, &left, used)
            holes[2 * p + 1] = xoshiro.draw(r, deck, &left, used)
    for j in range(deal.to_deal):
        board[j] = xoshiro.draw(r, deck, &left, used)
    return rejected


cdef int64_t _run_stream(const Deal* deal, uint64_t seed, int64_t trials, double* acc,
                         Stop* halt) noexcept nogil:
    """Play ``trials`` random deals; returns the number of rejected range deals, or -1 if stuck.

    It checks ``halt`` once about every 1,024 attempted deals (dealt or
    rejected: with overlapping ranges most attempts are rejected, so counting
    only dealt boards could leave a second between checks) and, when told to
    stop, keeps the counts so far (the caller then throws them away).
    """
    cdef Rng rng
    cdef int64_t trial, rejected = 0, r, next_check = 0
    cdef int p, j, mask, size = 0, width = deal.n * N_SLOTS + (1 << deal.n)
    cdef uint8_t deck[52]
    cdef uint8_t holes[2 * MAX_PLAYERS]
    cdef uint8_t board[5]
    cdef int32_t values[MAX_PLAYERS]
    cdef int32_t best, v
    cdef uint64_t key, bits
    cdef const Compact* c = deal.c
    cdef int64_t counts[MAX_PLAYERS * N_SLOTS + MAX_MASKS]
    cdef int64_t* winners = counts + deal.n * N_SLOTS
    memset(counts, 0, width * sizeof(int64_t))
    xoshiro.seed(&rng, seed)
    for j in range(52):
        if not (deal.used >> j) & 1:
            deck[size] = <uint8_t>j
            size += 1
    trial = 0
    while trial < trials:
        if trial + rejected >= next_check:
            if should_stop(halt):
                break
            next_check = trial + rejected + 1024
        r = _deal_one(deal, &rng, deck, size, holes, board)
        if r < 0:
            return -1
        rejected += r
        key = deal.board_key
        bits = deal.board_bits
        for j in range(deal.to_deal):
            key += c.card_key[board[j]]
            bits |= suit_bit(board[j])
        best = -1
        for p in range(deal.n):
            v = compact_value(c, key + c.card_key[holes[2 * p]] + c.card_key[holes[2 * p + 1]],
                              bits | suit_bit(holes[2 * p]) | suit_bit(holes[2 * p + 1]))
            values[p] = v
            best = v if v > best else best
        mask = 0
        for p in range(deal.n):
            v = values[p]
            mask |= (v == best) << p
            counts[p * N_SLOTS + (v >> VALUE_SHIFT)] += 1
        winners[mask] += 1
        trial += 1
    for p in range(width):
        acc[p] = <double>counts[p]
    return rejected


def monte_carlo(const uint8_t[::1] kind, const uint8_t[::1] hole, const int32_t[::1] range_start,
                const int32_t[::1] range_end, const uint8_t[::1] combo_cards, const double[::1] cumulative,
                uint64_t used, const uint8_t[::1] board, const uint64_t[::1] seeds,
                const int64_t[::1] trials, double[:, ::1] out, int threads, uint8_t[::1] stop,
                double seconds, int64_t max_attempts=1000000):
    """Random showdowns: ``trials[i]`` from independent xoshiro256** stream i into ``out[i]``.

    Assumes: ``kind[p]`` is 0 (known: ``hole[2p], hole[2p+1]``), 1 (a range:
    combos ``range_start[p] .. range_end[p]`` of ``combo_cards`` with their
    ``cumulative`` weights, none touching ``used``) or 2 (uniformly random);
    ``used`` is the mask of known hands, board and dead cards; ``board`` the
    known board (0, 3, 4 or 5 cards; the rest is dealt);
    ``out`` is (streams, row_width(players)), laid out as _kernels.pxd says.
    The results do not depend on the number of threads. Returns the number of
    range deals redrawn after a collision; raises RuntimeError when a stream
    redraws ``max_attempts`` times in a row. When ``stop`` is raised or
    ``seconds`` run out, streams end early (see _kernels.pxd) and ``out`` is
    incomplete.
    """
    cdef Deal deal
    cdef Py_ssize_t n_streams = seeds.shape[0], stream
    cdef int64_t rejected = 0, stuck = 0, r
    cdef Stop halt = make_stop(&stop[0], seconds)
    cdef Py_ssize_t j
    if (not 2 <= kind.shape[0] <= MAX_PLAYERS or out.shape[0] != n_streams or trials.shape[0] != n_streams
            or out.shape[1] != kind.shape[0] * N_SLOTS + (1 << kind.shape[0])):
        raise ValueError("monte_carlo: 2 to 10 players, a trial count per seed and an out array of "
                         "(streams, row_width(players))")
    deal.c = compact_tables()
    deal.n = <int>kind.shape[0]
    deal.kind = &kind[0]
    deal.hole = &hole[0]
    deal.range_start = &range_start[0]
    deal.range_end = &range_end[0]
    deal.combo_cards = &combo_cards[0] if combo_cards.shape[0] > 0 else NULL
    deal.cumulative = &cumulative[0] if cumulative.shape[0] > 0 else NULL
    deal.used = used
    deal.board_key = 0
    deal.board_bits = 0
    for j in range(board.shape[0]):
        deal.board_key += deal.c.card_key[board[j]]
        deal.board_bits |= suit_bit(board[j])
    deal.to_deal = 5 - <int>board.shape[0]
    deal.max_attempts = max_attempts
    with nogil:
        for stream in prange(n_streams, num_threads=threads, schedule="dynamic"):
            r = _run_stream(&deal, seeds[stream], trials[stream], &out[stream, 0], &halt)
            stuck += r < 0
            rejected += r if r >= 0 else 0
    if stuck:
        raise RuntimeError("range deals keep colliding")
    return rejected
