"""The table file: header checks, corruption, first-use build, locking, unwritable places."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pokerfsm import OptionError, TableCorruptError, TableError, TableNotFoundError
from pokerfsm.table import ENV_VAR, default_table_path, generate_table, open_table
from pokerfsm.table.format import HEADER_SIZE, MAGIC


@pytest.fixture
def table_copy(table, tmp_path) -> Path:
    target = tmp_path / "copy.pkfsm"
    shutil.copyfile(table.path, target)
    return target


def test_default_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "t.pkfsm"))
    assert default_table_path() == tmp_path / "t.pkfsm"
    monkeypatch.delenv(ENV_VAR)
    assert "pokerfsm" in str(default_table_path())


def test_a_good_copy_opens(table_copy):
    with open_table(table_copy) as opened:
        assert opened.n_states == 612_978 and len(opened.entries) == 32_487_834


def _assert_corrupt(path, *fragments):
    with pytest.raises(TableCorruptError) as info:
        open_table(path)
    message = str(info.value)
    assert str(path) in message and "pokerfsm generate --force" in message
    for fragment in fragments:
        assert fragment in message


def test_truncated_file(table_copy):
    with open(table_copy, "r+b") as f:
        f.truncate(os.path.getsize(table_copy) - 4)
    _assert_corrupt(table_copy, "truncated")


def test_flipped_byte_in_the_payload(table_copy):
    with open(table_copy, "r+b") as f:
        f.seek(HEADER_SIZE + 4 * 20_000_000 + 1)
        byte = f.read(1)
        f.seek(-1, os.SEEK_CUR)
        f.write(bytes([byte[0] ^ 0x10]))
    _assert_corrupt(table_copy, "checksum")


@pytest.mark.parametrize("content", [b"", b"hello world" * 10, b"\x00" * 200])
def test_foreign_files(tmp_path, content):
    path = tmp_path / "foreign.pkfsm"
    path.write_bytes(content)
    _assert_corrupt(path, "not a pokerfsm")


def test_wrong_version(table_copy):
    with open(table_copy, "r+b") as f:
        f.seek(len(MAGIC))
        f.write((99).to_bytes(4, "little"))
    _assert_corrupt(table_copy, "format 99")


def test_missing_file(tmp_path):
    with pytest.raises(TableNotFoundError, match="pokerfsm generate"):
        open_table(tmp_path / "nothing.pkfsm")


def test_a_fifo_or_a_directory_is_refused_at_once_never_read(tmp_path):
    fifo = tmp_path / "fifo.pkfsm"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a FIFO"), (tmp_path, "a directory")):
        with pytest.raises(TableError, match=f"not a regular file \\({kind}\\).*{ENV_VAR}") as info:
            open_table(path)
        assert not isinstance(info.value, (TableCorruptError, TableNotFoundError))  # no rebuild offered
    result = subprocess.run([sys.executable, "-m", "pokerfsm", "odds", "Ah Kh"], capture_output=True,
                            text=True, timeout=60, env=dict(os.environ, **{ENV_VAR: str(fifo)}))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "not a regular file (a FIFO)" in result.stderr


def test_flags_are_true_or_false(table, tmp_path):
    with pytest.raises(OptionError, match="verify must be True or False, got 'no'"):
        open_table(table.path, verify="no")
    with pytest.raises(OptionError, match="show_progress"):
        generate_table(tmp_path / "t.pkfsm", show_progress="yes")
    assert not (tmp_path / "t.pkfsm").exists()


#: A first use of the state machine (hand_odds walks the table; evaluate() needs no table):
#: the straight flushes among the 1,081 completions of a royal flush to seven cards.
WALK = ("import pokerfsm; "
        "print(pokerfsm.hand_odds('Ah Kh Qh Jh Th').category_counts[pokerfsm.HandCategory.STRAIGHT_FLUSH])")


def _run(code: str, table_path, **kw):
    env = dict(os.environ, **{ENV_VAR: str(table_path)})
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=300, **kw)


def test_first_use_builds_the_table_with_a_notice(tmp_path):
    target = tmp_path / "sub" / "first.pkfsm"
    result = _run(WALK, target)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1081"
    assert "building the hand-rank table" in result.stderr
    assert open_table(target).n_states == 612_978
    again = _run(WALK, target)
    assert again.returncode == 0 and again.stderr == ""


def test_two_processes_starting_at_once(tmp_path):
    target = tmp_path / "race.pkfsm"
    code = WALK
    env = dict(os.environ, **{ENV_VAR: str(target)})
    procs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert all(p.returncode == 0 for p in procs), outputs
    assert outputs[0][0] == outputs[1][0]
    assert sum("building" in err for _, err in outputs) == 1  # built once
    open_table(target).close()
    assert not [p for p in tmp_path.iterdir() if p.suffix == ".tmp"]


def test_unwritable_location(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = _run("import pokerfsm\ntry:\n pokerfsm.hand_odds('Ah Kh Qh Jh Th')\n"
                  "except pokerfsm.TableNotFoundError as e:\n print(e)", blocker / "t.pkfsm")
    assert result.returncode == 0
    assert "pokerfsm generate" in result.stdout and ENV_VAR in result.stdout


# --- a damaged table whose checksum was recomputed to match: every entry is range-checked on opening

def _rewrite(path: Path, change) -> None:
    """Apply ``change(entries)`` to the table at ``path`` and recompute its checksum."""
    import numpy as np

    from pokerfsm.table._build import checksum
    from pokerfsm.table.format import HEADER

    raw = bytearray(path.read_bytes())
    entries = np.frombuffer(raw, dtype="<i4", offset=HEADER_SIZE)
    change(entries)
    fields = list(HEADER.unpack(bytes(raw[:HEADER_SIZE])))
    fields[-2:] = checksum(entries.view("<u4"))
    raw[:HEADER_SIZE] = HEADER.pack(*fields)
    path.write_bytes(bytes(raw))


@pytest.mark.parametrize("where, value", [
    (53 + 1, 10**9),              # a root transition far outside the table
    (53 + 1, 54),                 # one not at the start of a state
    (53 + 1, 53),                 # one back to the root (a level too low)
    (53 * 2 + 5, -7),             # a negative one
    (53 * 260_535, 10 << 12),     # a 6-card state's value past every hand value
    (53 * 260_535 + 9, -1),       # a negative 7-card value
    (53 * 107_928, 0),            # a 5-card state with no value
    (3, 1),                       # the dead-end row is not empty
])
def test_insane_entries_with_a_matching_checksum_are_refused(table_copy, where, value):
    def change(entries):
        entries[where] = value
    _rewrite(table_copy, change)
    _assert_corrupt(table_copy, f"entry {where} ", "out of range")


def test_no_public_path_walks_a_refused_table(table_copy, monkeypatch):
    """pokerfsm odds (a walk of the table) on an insane table: one error line, not a crash."""
    _rewrite(table_copy, lambda entries: entries.__setitem__(53 + 1, 10**9))
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "odds", "Ah Kh"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, ENV_VAR: str(table_copy)})
    assert done.returncode == 2 and "out of range" in done.stderr and "Traceback" not in done.stderr


def test_builds_remove_what_killed_builds_left_and_write_readable_files(table, tmp_path):
    target = tmp_path / "t.pkfsm"
    stale = [tmp_path / "t.pkfsm.abc123.tmp", tmp_path / "t.pkfsm.zz.tmp"]
    for path in stale:
        path.write_bytes(b"half a table")
    other = tmp_path / "unrelated.tmp"
    other.write_bytes(b"not ours")
    done = subprocess.run([sys.executable, "-m", "pokerfsm", "generate", "-o", str(target), "-q"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not any(path.exists() for path in stale) and other.exists()
    assert oct(target.stat().st_mode & 0o777) == oct(0o644)
    with open_table(target) as opened:
        assert opened.n_states == 612_978


def test_a_killed_build_leaves_no_table_and_the_next_one_cleans_up(tmp_path):
    """SIGKILL mid-build: the temporary file stays behind, no table appears; the next build removes it."""
    import signal
    import time

    target = tmp_path / "k.pkfsm"
    child = subprocess.Popen([sys.executable, "-m", "pokerfsm", "generate", "-o", str(target), "-q"])
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob("k.pkfsm.*.tmp")) and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    child.send_signal(signal.SIGKILL)
    child.wait()
    if target.exists():  # the build won the race and finished: nothing to clean up then
        pytest.skip("the build finished before it could be killed")
    assert list(tmp_path.glob("k.pkfsm.*.tmp"))
    subprocess.run([sys.executable, "-m", "pokerfsm", "generate", "-o", str(target), "-q"], check=True, timeout=300)
    assert not list(tmp_path.glob("k.pkfsm.*.tmp")) and target.exists()
