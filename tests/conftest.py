"""Shared fixtures: the hand-rank table is opened (built on first use) once per session."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def table():
    """The default table, as the package itself uses it (built here on a fresh machine)."""
    from pokerfsm import _eval
    from pokerfsm.table import load_default

    loaded = load_default()
    _eval.use_table(loaded)
    return loaded


@pytest.fixture(scope="session")
def table_array(table):
    """The entries as a read-only numpy array."""
    return table.as_array()
