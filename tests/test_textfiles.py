"""Reading the files the user names: regular files only, refused at once otherwise."""
import importlib.util
import os
import subprocess
import sys
import threading

import pytest

from pokerfsm.errors import InputFileError
from pokerfsm.textfiles import open_regular_file, read_text_file

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


def within_seconds(seconds, call, fifo):
    """``call()``'s exception, failing the test if it waits ``seconds`` (the FIFO is then opened
    for writing, which frees the reader, so that the test ends either way)."""
    outcome = {}

    def target():
        try:
            call()
        except Exception as exc:  # handed back to the test
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(fifo, os.O_WRONLY))
        thread.join()
        pytest.fail(f"still waiting on the FIFO after {seconds} s")
    return outcome.get("error")


@needs_fifo
@pytest.mark.parametrize("read", [read_text_file, open_regular_file])
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, read):
    fifo = tmp_path / "hands.phh"
    os.mkfifo(fifo)
    error = within_seconds(5, lambda: read(fifo), fifo)
    assert isinstance(error, InputFileError)
    assert str(error) == f"{fifo}:1: not a regular file (a FIFO)"
    assert (error.path, error.line) == (str(fifo), 1)


@needs_fifo
@pytest.mark.parametrize("command", [
    ["replay"], ["compute"],
    pytest.param(["rummikub", "solve"], marks=pytest.mark.skipif(
        importlib.util.find_spec("highspy") is None, reason="the rummikub extra is not installed")),
])
def test_every_command_reading_a_file_refuses_a_fifo_at_once(tmp_path, command):
    fifo = tmp_path / "input"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "pokerfsm", *command, str(fifo)],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"{fifo}:1: not a regular file (a FIFO)\n")


@pytest.mark.parametrize("path, kind", [(".", "a directory"), (os.devnull, "a character device")])
def test_other_kinds_of_file_say_what_they_are(path, kind):
    with pytest.raises(InputFileError, match=f"^{path}:1: not a regular file \\({kind}\\)$"):
        read_text_file(path)


def test_a_regular_file_is_read_and_can_still_block(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text("Aca 10p\n?\n", encoding="utf-8")
    assert read_text_file(path) == "Aca 10p\n?\n"
    with open_regular_file(path) as handle:
        assert os.get_blocking(handle.fileno()) and handle.read() == b"Aca 10p\n?\n"


def test_a_missing_file_is_the_os_error():
    with pytest.raises(FileNotFoundError):
        read_text_file("/nonexistent/deal.txt")
