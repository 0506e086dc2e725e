"""Type stubs for the equity kernels (see _equity.pyx for what each assumes)."""
import numpy as np
from numpy.typing import NDArray

SLOTS_PER_PLAYER: int
ROOT_STATE: int

def step_all(states: NDArray[np.int32], cards: NDArray[np.uint8], out: NDArray[np.int32]) -> None: ...
def enumerate_boards(states: NDArray[np.int32], avail: NDArray[np.uint8], k: int,
                     tasks: NDArray[np.int32], out: NDArray[np.float64], threads: int) -> None: ...
def enumerate_vs_range(states: NDArray[np.int32], board_state: int, board_mask: int, blocked: int,
                       avail: NDArray[np.uint8], k: int, tasks: NDArray[np.int32],
                       row_start: NDArray[np.int32], second: NDArray[np.uint8], weight: NDArray[np.float64],
                       perms: NDArray[np.uint8], out: NDArray[np.float64], threads: int) -> None: ...
def monte_carlo(kind: NDArray[np.uint8], hole: NDArray[np.uint8], range_start: NDArray[np.int32],
                range_end: NDArray[np.int32], combo_cards: NDArray[np.uint8], cumulative: NDArray[np.float64],
                used: int, board_state: int, to_deal: int, seeds: NDArray[np.uint64],
                trials: NDArray[np.int64], out: NDArray[np.float64], threads: int,
                max_attempts: int = ...) -> int: ...
