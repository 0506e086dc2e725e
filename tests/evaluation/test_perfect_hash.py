"""The perfect hash's placement kernel: it reports a table without room instead of overwriting."""
import numpy as np

from pokerfsm.evaluation import _perfect_hash
from pokerfsm.evaluation.compact import BUCKET_BITS


def test_a_bucket_without_room_is_reported():
    hashes = np.arange(1, 11, dtype=np.uint32) << np.uint32(32 - BUCKET_BITS)  # ten buckets ...
    displacement = np.zeros(1 << BUCKET_BITS, dtype=np.uint16)
    table = np.zeros(9, dtype=np.uint16)                                         # ... nine slots
    assert not _perfect_hash.place_buckets(hashes, np.ones(10, dtype=np.uint16), BUCKET_BITS, displacement, table)
    assert _perfect_hash.place_buckets(hashes, np.ones(10, dtype=np.uint16), BUCKET_BITS, displacement,
                                       np.zeros(10, dtype=np.uint16))
