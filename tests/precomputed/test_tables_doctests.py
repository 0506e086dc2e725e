"""The docstrings of pokerfsm.precomputed are runnable documentation."""
import doctest
import importlib

import pytest

MODULES = ["pokerfsm.precomputed", "pokerfsm.precomputed.symmetry",
           "pokerfsm.precomputed.store", "pokerfsm.precomputed.definitions",
           "pokerfsm.precomputed.order", "pokerfsm.precomputed.lookup",
           "pokerfsm.precomputed.engine", "pokerfsm.precomputed.verify",
           "pokerfsm.commands.tables"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(table, name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
