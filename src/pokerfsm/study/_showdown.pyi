"""Type stubs for the heads-up showdown kernel (see _showdown.pyx for what it assumes)."""
import numpy as np
from numpy.typing import NDArray

def sweep(table: NDArray[np.int32], board: NDArray[np.uint8], completions: NDArray[np.uint8],
          first: NDArray[np.uint8], second: NDArray[np.uint8], weights: NDArray[np.float64],
          out: NDArray[np.float64]) -> None: ...
