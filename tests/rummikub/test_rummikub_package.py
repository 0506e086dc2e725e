"""The Rummikub package's public names (its docstrings run under pytest --doctest-modules)."""
import importlib

import pytest


def test_every_public_name_resolves_lazily():
    package = importlib.import_module("pokerfsm.games.rummikub")
    for name in package.__all__:
        assert getattr(package, name) is not None
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018
