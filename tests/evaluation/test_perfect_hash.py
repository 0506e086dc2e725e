"""The perfect hash's placement kernel: it reports a table without room instead of overwriting."""
import numpy as np
import pytest

from pokerfsm.evaluation import _perfect_hash
from pokerfsm.evaluation.compact import BUCKET_BITS

TEN_BUCKETS = np.arange(1, 11, dtype=np.uint32) << np.uint32(32 - BUCKET_BITS)  # ten buckets, all homed on slot 0


def test_a_bucket_without_room_is_reported():
    displacement = np.zeros(1 << BUCKET_BITS, dtype=np.uint16)
    table = np.zeros(9, dtype=np.uint16)  # nine slots for ten hashes
    assert not _perfect_hash.place_buckets(TEN_BUCKETS, np.ones(10, dtype=np.uint16), 9, displacement, table)


def test_displaced_slots_stay_inside_the_table():
    displacement = np.zeros(1 << BUCKET_BITS, dtype=np.uint16)
    table = np.zeros(10, dtype=np.uint16)
    values = np.arange(1, 11, dtype=np.uint16)
    assert _perfect_hash.place_buckets(TEN_BUCKETS, values, 1, displacement, table)
    assert sorted(table.tolist()) == values.tolist()           # each value once, none lost past the end
    assert sorted(displacement[1:11].tolist()) == list(range(10))  # every home is slot 0: shifted 0 to 9


def test_a_table_shorter_than_its_homes_is_refused():
    with pytest.raises(ValueError, match="homes"):
        _perfect_hash.place_buckets(TEN_BUCKETS, np.ones(10, dtype=np.uint16), 11,
                                    np.zeros(1 << BUCKET_BITS, dtype=np.uint16), np.zeros(10, dtype=np.uint16))
