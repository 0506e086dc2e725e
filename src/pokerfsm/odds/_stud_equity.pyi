"""Type stubs for the stud equity kernels (see _stud_equity.pyx for what each assumes)."""
import numpy as np
from numpy.typing import NDArray

def row_width(n: int) -> int: ...
def hand_values(hands: NDArray[np.uint8], high: bool, low: int, place: NDArray[np.uint16],
                ace_to_five: NDArray[np.uint16], eight_or_better: NDArray[np.uint8], highs: NDArray[np.int32],
                lows: NDArray[np.int32], threads: int) -> None: ...
def count_deals(highs: NDArray[np.int32], lows: NDArray[np.int32], masks: NDArray[np.uint64],
                start: NDArray[np.int32], hilo: bool, categories: bool, tasks: NDArray[np.int32],
                out: NDArray[np.float64], threads: int, stop: NDArray[np.uint8], seconds: float) -> None: ...
def monte_carlo(known: NDArray[np.uint8], missing: NDArray[np.int32], shared: int, avail: NDArray[np.uint8], high: bool,
                low: int, place: NDArray[np.uint16], ace_to_five: NDArray[np.uint16],
                eight_or_better: NDArray[np.uint8], seeds: NDArray[np.uint64], trials: NDArray[np.int64],
                out: NDArray[np.float64],
                threads: int, stop: NDArray[np.uint8], seconds: float) -> None: ...
