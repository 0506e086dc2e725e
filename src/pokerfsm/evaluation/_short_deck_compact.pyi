"""Type stubs for short deck's compact kernels (see _short_deck_compact.pyx for what each assumes)."""
from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from pokerfsm.evaluation.short_deck_compact import ShortDeckTables

def use_tables(tables: ShortDeckTables) -> None: ...
def hand_value(codes: Iterable[int]) -> int: ...
def evaluate_rows(cards: NDArray[np.uint8], out: NDArray[np.int32], threads: int) -> int: ...
