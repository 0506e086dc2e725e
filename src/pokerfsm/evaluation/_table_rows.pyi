"""Type stub for the table-walking rows kernel (see _table_rows.pyx)."""
import numpy as np
from numpy.typing import NDArray

def walk_rows(table: NDArray[np.int32], deck: int, cards: NDArray[np.uint8], out: NDArray[np.int32],
              threads: int) -> int: ...
