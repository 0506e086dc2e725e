"""Type stubs for the heads-up matchup kernels (see _matchup.pyx for what each assumes)."""
import numpy as np
from numpy.typing import NDArray

def count_matchups(hole: NDArray[np.uint8], out: NDArray[np.int64]) -> None: ...
def matchup_keys(hole: NDArray[np.uint8], keys: NDArray[np.int64],
                 swapped: NDArray[np.uint8]) -> None: ...
