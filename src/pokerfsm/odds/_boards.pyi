"""Type stubs for the known-hands kernels (see _boards.pyx for what each assumes)."""
import numpy as np
from numpy.typing import NDArray

SLOTS_PER_PLAYER: int

def row_width(players: int) -> int: ...
def step_all(states: NDArray[np.int32], cards: NDArray[np.uint8], out: NDArray[np.int32]) -> None: ...
def enumerate_rank_classes(holes: NDArray[np.uint8], board: NDArray[np.uint8], dead: int, k: int,
                           tasks: NDArray[np.int32], out: NDArray[np.float64], threads: int,
                           stop: NDArray[np.uint8], seconds: float) -> None: ...
