"""Type stubs for the vs-random sampling kernel (see _sample.pyx for what it assumes)."""
import numpy as np
from numpy.typing import NDArray

def sample_vs_random(hero: NDArray[np.uint8], opponents: int, seed: int, deals: int,
                     out: NDArray[np.int64]) -> None: ...
