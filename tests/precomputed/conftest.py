"""Fixtures for the precomputed tables: a store per test and small hand-made rows.

No test builds a whole table. Builds use small task sizes (``classes_per_task``)
and ``--limit``; rows for lookups are computed with the same task functions
the workers run and committed as the build would.
"""
from __future__ import annotations

import pytest


@pytest.fixture
def store_path(tmp_path, monkeypatch):
    """A fresh store location, set as ``$POKERFSM_STORE`` for this test."""
    from pokerfsm.precomputed import lookup

    path = tmp_path / "tables.sqlite"
    monkeypatch.setenv("POKERFSM_STORE", str(path))
    lookup.reload()
    yield path
    lookup.reload()


@pytest.fixture
def writable_store(store_path):
    """An open, writable store at ``store_path``."""
    from pokerfsm.precomputed.store import Store, writer_lock

    with writer_lock(store_path), Store.open(store_path, create=True) as store:
        yield store


@pytest.fixture(scope="session")
def dask_client():
    """One local cluster of 2 worker processes for the in-process builds of the session."""
    pytest.importorskip("distributed")
    from pokerfsm.precomputed.engine import connect

    client, cluster = connect(workers=2)
    yield client
    client.close()
    cluster.close()
