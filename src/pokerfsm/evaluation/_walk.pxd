# The hand-rank state machine, for cimport by other kernels (pokerfsm.odds._*.pyx).
#
# The table is a flat int32 array of states, SLOTS entries each. A state is
# the set of 0-6 cards seen so far (suits that can no longer make a flush are
# forgotten). From state offset ``p``:
#   * ``table[p + card + 1]`` (card = 0..51, see pokerfsm.cards) is the next
#     state's offset, or after the 7th card the hand's value;
#   * ``table[p]`` (slot 0) is the value of a 5- or 6-card state.
# A value is ``category << 12 | rank within category`` (category 1 = high
# card ... 9 = straight flush), so a higher value is a better hand.
# Walking a card already walked gives an undefined (possibly 0) result:
# callers pass distinct cards.
from libc.stdint cimport int32_t

cdef enum:
    ROOT = 53
    SLOTS = 53
    VALUE_SHIFT = 12

cdef inline int32_t step(const int32_t* table, int32_t state, int card) noexcept nogil:
    return table[state + card + 1]

cdef inline int32_t final_value(const int32_t* table, int32_t state) noexcept nogil:
    return table[state]

# Pointer to the default table's entries, opened (or generated) on first use.
# Needs the GIL; raises pokerfsm.TableError on failure.
cdef const int32_t* table_pointer() except NULL
