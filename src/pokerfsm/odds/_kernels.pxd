# Shared declarations of the equity kernels (_boards, _range_scan, _sampling).
#
# Results are per player rows of N_SLOTS doubles:
#   slot 0             showdowns lost
#   slot k (1..10)     showdowns won as one of k tied winners (1 = alone)
#   slot 11 + c        showdowns ending with hand category c (1..9)
# pokerfsm.odds.results reads them; _boards exports the layout to Python.
from libc.stdint cimport int32_t, int64_t

cdef enum:
    MAX_PLAYERS = 10
    SLOT_CATEGORY = 11
    N_SLOTS = 21
