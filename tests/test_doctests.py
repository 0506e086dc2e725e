"""Docstrings are runnable documentation: run the doctests of the installed modules."""
import doctest
import importlib

import pytest

MODULES = ["pokerfsm", "pokerfsm.cards", "pokerfsm.errors", "pokerfsm.ranking", "pokerfsm.cactus",
           "pokerfsm._reference", "pokerfsm.evaluation", "pokerfsm._eval", "pokerfsm.table",
           "pokerfsm.ranges", "pokerfsm.calculator", "pokerfsm.outs_analysis",
           "pokerfsm.commands.compute"]


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(table, name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_readme_examples(table):
    from pathlib import Path

    readme = Path(__file__).resolve().parent.parent / "README.md"
    failures, tried = doctest.testfile(str(readme), module_relative=False,
                                       optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
