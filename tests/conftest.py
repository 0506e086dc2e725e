"""Shared fixtures: the hand-rank table is opened (built on first use) once per session."""
from __future__ import annotations

import pytest
from hypothesis import settings

# No test asserts on time: Hypothesis's per-example deadline would, on a loaded machine.
settings.register_profile("pokerfsm", deadline=None)
settings.load_profile("pokerfsm")


@pytest.fixture(scope="session")
def table():
    """The default table, as the package itself uses it (built here on a fresh machine)."""
    from pokerfsm.evaluation import _walk
    from pokerfsm.table import load_default

    loaded = load_default()
    _walk.use_table(loaded)
    return loaded


@pytest.fixture(scope="session")
def table_array(table):
    """The entries as a read-only numpy array."""
    return table.as_array()
