"""Type stub for the compact evaluator's table build (see _perfect_hash.pyx)."""
import numpy as np
from numpy.typing import NDArray

BUCKET_BITS: int

def place_buckets(hashes: NDArray[np.uint32], values: NDArray[np.uint16], homes: int,
                  displacement: NDArray[np.uint16], table: NDArray[np.uint16]) -> bool: ...
