"""Helpers shared by the tests of the precomputed tables."""
from __future__ import annotations


def begin(store, name: str, **parameters) -> dict:
    """Record the start of a build of ``name`` (as the engine does); returns its parameters."""
    from pokerfsm import __version__
    from pokerfsm.precomputed.engine import table_parameters
    from pokerfsm.precomputed.tasks import SPECS, rows_checksum

    chosen = table_parameters(name, parameters)
    store.begin_build(name, SPECS[name].columns, chosen, SPECS[name].tasks(chosen), __version__,
                      rows_checksum(name))
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
    from pokerfsm.precomputed.tasks import matchup_rows

    hole = np.array([[int(c) for c in parse_cards(a + b)] for a, b in pairs], dtype=np.uint8)
    keys, _ = symmetry.matchup_key(hole)
    store.commit_task("preflop-hu", task, matchup_rows(np.unique(keys)), 0.0, "test")


def damage(path, sql: str, *parameters) -> None:
    """Change the store at ``path`` behind pokerfsm's back (one SQL statement), then forget what was read."""
    import sqlite3

    from pokerfsm.precomputed import lookup

    db = sqlite3.connect(path)
    try:
        with db:
            db.execute(sql, parameters)
    finally:
        db.close()
    lookup.reload()


def without_constraints(path, name: str) -> None:
    """Make the data table of ``name`` again without its NOT NULL constraints (as a hand-edited store may be),
    so that any value, NULL included, can be written into it."""
    import sqlite3

    from pokerfsm.precomputed.tasks import SPECS

    table = "rows_" + name.replace("-", "_")
    columns = ", ".join(f"{column} {kind.replace('NOT NULL', '')}" for column, kind in SPECS[name].columns)
    db = sqlite3.connect(path)
    try:
        db.executescript(f"BEGIN; CREATE TABLE loose ({columns}); INSERT INTO loose SELECT * FROM {table}; "
                         f"DROP TABLE {table}; ALTER TABLE loose RENAME TO {table}; COMMIT;")
    finally:
        db.close()


def exact_rows_from_order(order=None, short_deck: bool = False) -> list[tuple]:
    """The 169 exact one-opponent rows of preflop-vs-random as the build writes them, from the shipped order
    (which holds the same counts): a whole set of exact rows without an hour of enumeration. With
    ``short_deck``, the 81 of short-deck-vs-random from the shipped short-deck order."""
    from pokerfsm.precomputed.rows import vs_random_key
    from pokerfsm.preflop_order import preflop_order
    from pokerfsm.ranges import HAND_CLASSES
    from pokerfsm.short_deck_order import SHORT_DECK_CLASSES, SHORT_DECK_VS_RANDOM_SHOWDOWNS, short_deck_order
    from pokerfsm.tallies import VS_RANDOM_SHOWDOWNS, counts_text

    classes, total = (SHORT_DECK_CLASSES, SHORT_DECK_VS_RANDOM_SHOWDOWNS) if short_deck else (HAND_CLASSES,
                                                                                            VS_RANDOM_SHOWDOWNS)
    rows = []
    for r in order or (short_deck_order() if short_deck else preflop_order()):
        share = r.wins + r.ties / 2
        rows.append((vs_random_key(classes.index(r.hand), 1), r.hand, 1, 1, None, r.wins, r.ties, r.losses,
                     share, r.wins / total, r.ties / total, r.losses / total, share / total, None, None, None, None,
                     None, counts_text(r.hand_categories + r.random_categories)))
    return sorted(rows)


def sampled_row(store, hand_class: str, opponents: int, target: float = 0.01) -> tuple:
    """Compute and commit the Monte Carlo row of ``hand_class`` against ``opponents`` random hands; returns it."""
    from pokerfsm.precomputed.tasks import run_task
    from pokerfsm.ranges import HAND_CLASSES

    if store.status("preflop-vs-random") is None:
        begin(store, "preflop-vs-random", target_std_error=target)
    parameters = store.status("preflop-vs-random").parameters
    task = (opponents - 1) * 169 + HAND_CLASSES.index(hand_class)
    [row] = run_task("preflop-vs-random", task, parameters)["rows"]
    store.commit_task("preflop-vs-random", task, [row], 0.0, "test")
    return row
