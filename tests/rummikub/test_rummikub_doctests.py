"""The Rummikub modules' docstrings are runnable documentation."""
import doctest
import importlib

import pytest

MODULES = ["tiles", "rules", "steps", "solver", "positions", "game", "console", "cli"]


@pytest.mark.parametrize("name", ["pokerfsm.games.rummikub", *(f"pokerfsm.games.rummikub.{m}" for m in MODULES)])
def test_module_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_every_public_name_resolves_lazily():
    package = importlib.import_module("pokerfsm.games.rummikub")
    for name in package.__all__:
        assert getattr(package, name) is not None
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018
