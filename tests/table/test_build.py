"""The generator: sizes, layout, the file it writes, and its entry points."""
import subprocess
import sys
from pathlib import Path

import numpy as np

from pokerfsm.table import cactus, open_table
from pokerfsm.table.format import ROOT, SLOTS

ROOT_DIR = Path(__file__).resolve().parents[2]


def test_classic_size(table):
    assert table.n_states == 612_978
    assert len(table.entries) == 32_487_834


def test_layout(table_array):
    t = table_array
    assert not t[:SLOTS].any()  # row 0 is the dead end
    first_level = t[ROOT + 1:ROOT + SLOTS]
    assert len(set(first_level.tolist())) == 52 and (first_level % SLOTS == 0).all()
    p = ROOT
    for card in (48, 44, 40, 36, 32):  # As Ks Qs Js Ts
        p = t[p + card + 1]
    assert t[p] >> 12 == 9  # slot 0 of a 5-card state is its value
    assert t[p + 48 + 1] == 0  # As again: a card surely seen leads nowhere


def test_perfect_hash_maps_every_paired_hand_to_its_own_slot():
    t = cactus.tables()
    filled = np.count_nonzero(t.hash_values)
    assert filled == 7462 - 1287 - 1287  # 4,888 rank multisets with a pair or more
    assert np.count_nonzero(t.flushes) == 1287 and np.count_nonzero(t.unique5) == 1287


def test_cactus_agrees_with_the_table(table):
    import pokerfsm
    rng = np.random.default_rng(5)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :5]
    table_values = pokerfsm.evaluate_many(hands.astype(np.uint8)).tolist()
    assert [cactus.evaluate5(h) for h in hands.tolist()] == table_values


def test_module_and_script_write_a_valid_table(tmp_path):
    """The design's three ways to build the table: the command, ``python -m pokerfsm.generate``
    and the maintainers' script, each with the same options."""
    for n, command in enumerate([[sys.executable, "-m", "pokerfsm", "generate"],
                                 [sys.executable, "-m", "pokerfsm.generate"],
                                 [sys.executable, str(ROOT_DIR / "scripts" / "generate_table.py")]]):
        target = tmp_path / f"t{n}.pkfsm"
        result = subprocess.run(command + ["--output", str(target), "--quiet"],
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        with open_table(target) as opened:
            assert opened.n_states == 612_978
        again = subprocess.run(command + ["--output", str(target)], capture_output=True, text=True)
        assert "already there" in again.stdout


def test_identical_output_every_time(table, tmp_path):
    target = tmp_path / "again.pkfsm"
    subprocess.run([sys.executable, "-m", "pokerfsm", "generate", "-o", str(target), "-q"], check=True)
    assert target.read_bytes() == Path(table.path).read_bytes()
