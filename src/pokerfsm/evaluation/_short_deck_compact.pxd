# Short deck's compact evaluator, for cimport by other kernels (see short_deck_compact.py for the design).
#
# A hand's *key* is the sum of its cards' keys (``ShortDeck.card_key``), its
# *suit bits* the OR of the compact evaluator's ``suit_bit(card)``;
# ``short_deck_value(s, key, bits)`` is then the short-deck value of the best
# five of its 5-7 cards, exactly as the short-deck hand-rank table gives it
# (``place << 12 | rank``). Keys and bits of a shared part (a board) can be
# summed once and completed per hand. Distinct cards six and up only: anything
# else gives a wrong value (or reads past the tables).
from libc.stdint cimport int32_t, uint64_t

from pokerfsm.evaluation._compact cimport Compact, flush_flags, flush_suit, hash_slot

cdef enum:
    LOWEST_RANK = 4    # the six: a suit's rank bits below it are never set
    RANK_MASK = 0x1FF  # the nine ranks six to ace

# The compact evaluator's arrays (and its binder, _compact.bind_tables), the flush table holding
# RANK_MASK + 1 entries: by the 9-bit rank mask of the flush suit.
ctypedef Compact ShortDeck


cdef inline int32_t short_deck_value(const ShortDeck* s, uint64_t key, uint64_t bits) noexcept nogil:
    """The short-deck value of a hand from its key and its suit bits."""
    cdef uint64_t flags = flush_flags(key)
    if flags:
        return s.flush[(bits >> ((flush_suit(flags) << 4) + LOWEST_RANK)) & RANK_MASK]
    return s.values[hash_slot(key, s.displacement, s.homes)]


# The tables, built on first use. Needs the GIL; raises on failure.
cdef const ShortDeck* short_deck_compact_tables() except NULL
