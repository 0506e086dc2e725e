"""The equity calculator: one :func:`equity` above its back ends, and :class:`LiveOdds`.

* :mod:`pokerfsm.calculator.dispatch` is :func:`equity`: it checks the deal
  and the options, answers from the precomputed store
  (:mod:`pokerfsm.precomputed.answers`) when a table holds the answer, and
  otherwise computes (:func:`pokerfsm.odds.compute.compute`: exact
  enumeration or seeded Monte Carlo);
* :mod:`pokerfsm.calculator.options`: the options' limits, defaults and their one check;
* :mod:`pokerfsm.calculator.live`: :class:`LiveOdds`, a known hand street by
  street, through the same dispatch.

The back ends (:mod:`pokerfsm.odds`) and the store's builds sit below this
package and never call it.
"""
from __future__ import annotations

from .dispatch import equity, stored_answer
from .live import LiveOdds
from .options import DEFAULT_BUDGET, DEFAULT_TARGET_STD_ERROR, MAX_SAMPLES

__all__ = ["equity", "stored_answer", "LiveOdds", "DEFAULT_BUDGET", "DEFAULT_TARGET_STD_ERROR", "MAX_SAMPLES"]
