"""Type stubs for the Omaha kernels (see _omaha.pyx for what each assumes)."""
import numpy as np
from numpy.typing import NDArray

from pokerfsm.evaluation.omaha_tables import OmahaTables

def use_tables(tables: OmahaTables) -> None: ...
def evaluate_rows(hole: NDArray[np.uint8], hole_cards: int, board: NDArray[np.uint8] | None,
                  high: NDArray[np.int32], low: NDArray[np.int32], want_low: bool, threads: int) -> int: ...
