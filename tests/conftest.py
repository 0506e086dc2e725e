"""Shared fixtures: the hand-rank table is opened (built on first use) once per session."""
from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import settings

# No test asserts on time: Hypothesis's per-example deadline would, on a loaded machine.
settings.register_profile("pokerfsm", deadline=None)
settings.load_profile("pokerfsm")


def pytest_configure(config):
    """No test reads the precomputed tables of the machine it runs on.

    ``equity()`` answers heads-up preflop questions from a built store, whose
    answers hold no hand categories; the suite must give the same results with
    or without one. Tests of the tables make their own store (``store_path``).
    """
    os.environ["POKERFSM_STORE"] = os.path.join(tempfile.mkdtemp(prefix="pokerfsm-no-tables-"),
                                                 "absent.sqlite")


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
