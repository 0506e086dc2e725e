"""Helpers shared by the tests of the precomputed tables."""
from __future__ import annotations


def begin(store, name: str, **parameters) -> dict:
    """Record the start of a build of ``name`` (as the engine does); returns its parameters."""
    from pokerfsm import __version__
    from pokerfsm.precomputed.definitions import SPECS, hand_rank_checksum
    from pokerfsm.precomputed.engine import table_parameters

    chosen = table_parameters(name, parameters)
    store.begin_build(name, SPECS[name].columns, chosen, SPECS[name].tasks(chosen), __version__,
                      hand_rank_checksum())
    return chosen


def table_rows(path, name: str) -> list[tuple]:
    """Every row of table ``name`` in the store at ``path``, in key order."""
    from pokerfsm.precomputed.store import Store

    with Store.open(path) as store:
        return store.rows(name)


def tasks_done(path, name: str) -> int:
    """How many tasks of ``name`` the store at ``path`` holds (0 before it exists)."""
    import sqlite3

    if not path.exists():
        return 0
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return db.execute("SELECT COUNT(*) FROM tasks WHERE name = ?", (name,)).fetchone()[0]
    except sqlite3.OperationalError:   # not created yet
        return 0
    finally:
        db.close()


def commit_matchups(store, pairs, task: int = 0) -> None:
    """Compute the preflop-hu rows of every class met by ``pairs`` of hands and commit them."""
    import numpy as np

    from pokerfsm.cards import parse_cards
    from pokerfsm.precomputed import symmetry
    from pokerfsm.precomputed.definitions import matchup_rows

    hole = np.array([[int(c) for c in parse_cards(a + b)] for a, b in pairs], dtype=np.uint8)
    keys, _ = symmetry.matchup_key(hole)
    store.commit_task("preflop-hu", task, matchup_rows(np.unique(keys)), 0.0, "test")
