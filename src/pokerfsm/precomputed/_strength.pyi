"""Type stubs for the hand-strength kernel (see _strength.pyx for what it assumes)."""
import numpy as np
from numpy.typing import NDArray

def board_strengths(board: NDArray[np.uint8], wins: NDArray[np.int64], ties: NDArray[np.int64],
                    squares: NDArray[np.int64]) -> None: ...
