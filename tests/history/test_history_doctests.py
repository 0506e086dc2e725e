"""The history modules' docstrings are runnable documentation."""
import doctest
import importlib

import pytest

MODULES = ["pokerfsm.history", "pokerfsm.history.settlement", "pokerfsm.history.record",
           "pokerfsm.history.phh", "pokerfsm.history.drawlog", "pokerfsm.history.notation",
           "pokerfsm.history.playback", "pokerfsm.history.analysis", "pokerfsm.commands.replay"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(table, name):
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
