# Counting one showdown into a result row, for the equity kernels of the games that value each
# hand once per deal (odds/_omaha_equity.pyx, odds/_stud_equity.pyx). The row, for n players:
#   [p * N_SLOTS + c]          player p's showdowns whose high is of category c (1..9)
#   [n * N_SLOTS + mask]       showdowns where exactly the players of ``mask`` take part of the pot
#   [then] LOW                 showdowns where a low qualifies
#          SHOWDOWNS           showdowns counted, unweighted
#   and, in a hi-lo game only (the masks say the rest in a game of one half):
#          share[n]            each player's part of the pot, summed
#          share_sq[n]         its square, summed (for the Monte Carlo standard error)
#          high[n], low[n]     the part won with the high, with the low (share = high + low)
#          scoop[n]            showdowns where the player takes the whole pot alone
# Weighted counts: a showdown counts ``w`` (the product of its hands' weights, 1 for Monte Carlo).
from libc.stdint cimport int32_t

from pokerfsm.evaluation._walk cimport VALUE_SHIFT
from pokerfsm.odds._kernels cimport N_SLOTS


cdef inline int row_width(int n) noexcept nogil:
    """Doubles in one result row of ``n`` players (see this file's header)."""
    return n * N_SLOTS + (1 << n) + 2 + 5 * n


cdef inline void count_showdown(int n, bint hilo, bint categories, const int32_t* high, const int32_t* low,
                                double w, double* row) noexcept nogil:
    """Count one showdown of the players' ``high`` values (and, when ``hilo``, ``low`` ranks, 0 for
    none; higher is better for both) with weight ``w``. ``categories``: ``high`` carries the hand
    category above VALUE_SHIFT, counted per player (a game of one low value has none)."""
    cdef int p, high_mask = 0, low_mask = 0, highs = 0, lows = 0
    cdef int32_t best_high = -1, best_low = 0
    cdef double high_part, low_part, share
    cdef double* tail
    for p in range(n):
        best_high = high[p] if high[p] > best_high else best_high
        if hilo:
            best_low = low[p] if low[p] > best_low else best_low
    for p in range(n):
        if high[p] == best_high:
            high_mask |= 1 << p
            highs += 1
        if best_low and low[p] == best_low:
            low_mask |= 1 << p
            lows += 1
        if categories:
            row[p * N_SLOTS + (high[p] >> VALUE_SHIFT)] += w
    row[n * N_SLOTS + (high_mask | low_mask)] += w
    tail = row + n * N_SLOTS + (1 << n)
    tail[1] += 1
    if not hilo:  # the masks say all of it: a high alone is shared by the players of its mask
        return
    if best_low:
        tail[0] += w
    tail += 2
    high_part = (0.5 if best_low else 1.0) / highs
    low_part = 0.5 / lows if best_low else 0.0
    for p in range(n):
        share = 0.0
        if (high_mask >> p) & 1:
            share = high_part
            tail[2 * n + p] += w * high_part
        if (low_mask >> p) & 1:
            share += low_part
            tail[3 * n + p] += w * low_part
        if share != 0.0:
            tail[p] += w * share
            tail[n + p] += w * share * share
            if share == 1.0:
                tail[4 * n + p] += w
