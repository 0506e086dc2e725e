"""Type stubs for the range kernel (see _range_scan.pyx for what it assumes)."""
import numpy as np
from numpy.typing import NDArray

def enumerate_vs_range(states: NDArray[np.int32], board_state: int, board_mask: int, blocked: int,
                       avail: NDArray[np.uint8], k: int, tasks: NDArray[np.int32],
                       row_start: NDArray[np.int32], second: NDArray[np.uint8], weight: NDArray[np.float64],
                       perms: NDArray[np.uint8], out: NDArray[np.float64], threads: int,
                       stop: NDArray[np.uint8], seconds: float) -> None: ...
