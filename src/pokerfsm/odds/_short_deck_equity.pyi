"""Type stubs for the short-deck equity kernels (see _short_deck_equity.pyx)."""
import numpy as np
from numpy.typing import NDArray

def row_width(n: int) -> int: ...
def enumerate_boards(hands: NDArray[np.uint8], masks: NDArray[np.uint64],
                     weights: NDArray[np.float64], start: NDArray[np.int32], board: NDArray[np.uint8],
                     avail: NDArray[np.uint8], k: int, tasks: NDArray[np.int32], out: NDArray[np.float64],
                     threads: int, stop: NDArray[np.uint8], seconds: float,
                     table: NDArray[np.int32] | None = None) -> None: ...
def monte_carlo(hands: NDArray[np.uint8], masks: NDArray[np.uint64],
                cumulative: NDArray[np.float64], start: NDArray[np.int32], kind: NDArray[np.uint8], used: int,
                board: NDArray[np.uint8], seeds: NDArray[np.uint64], trials: NDArray[np.int64],
                out: NDArray[np.float64], threads: int, stop: NDArray[np.uint8], seconds: float,
                max_attempts: int = ..., table: NDArray[np.int32] | None = None) -> None: ...
