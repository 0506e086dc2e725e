"""Type stubs for the Monte Carlo kernel (see _sampling.pyx for what it assumes)."""
import numpy as np
from numpy.typing import NDArray

def monte_carlo(kind: NDArray[np.uint8], hole: NDArray[np.uint8], range_start: NDArray[np.int32],
                range_end: NDArray[np.int32], combo_cards: NDArray[np.uint8], cumulative: NDArray[np.float64],
                used: int, board: NDArray[np.uint8], seeds: NDArray[np.uint64],
                trials: NDArray[np.int64], out: NDArray[np.float64], threads: int, stop: NDArray[np.uint8],
                seconds: float, max_attempts: int = ...) -> int: ...
