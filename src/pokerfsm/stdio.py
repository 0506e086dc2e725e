"""Who writes to standard output: the program, never a dependency.

Some libraries print on file descriptor 1 from C code, where no Python-level
redirection reaches (highspy 1.16 prints a banner the first time a
``Highs()`` is constructed). Two context managers deal with that:

* :func:`silenced_stdout` sends everything written to descriptor 1 to
  ``/dev/null`` for a moment, e.g. around constructing such a library object;
* :func:`program_stdout` hands the program a stream on the real standard
  output and sends everything else written there (Python ``print`` calls and
  C writes alike) to standard error, e.g. while a ``--json`` command runs.

>>> import io, sys
>>> with program_stdout() as out:     # under a captured sys.stdout: no descriptor games
...     print("foreign text")          # goes to stderr
...     _ = out.write("{}\\n")
{}
"""
from __future__ import annotations

import contextlib
import io
import os
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

__all__ = ["silenced_stdout", "program_stdout"]

_lock = threading.RLock()


def _flush_c_streams() -> None:
    """Flush C's stdio buffers, so text a library wrote lands where descriptor 1 pointed then."""
    try:
        import ctypes

        ctypes.CDLL(None).fflush(None)
    except (OSError, AttributeError, TypeError):  # no C library to reach (e.g. Windows): nothing buffered there
        pass


def _stdout_fd(stream: object) -> int | None:
    """1 when ``stream`` writes to descriptor 1, else None (a StringIO, pytest's capture...)."""
    try:
        return 1 if stream.fileno() == 1 else None  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None


@contextlib.contextmanager
def silenced_stdout() -> Iterator[None]:
    """Discard whatever is written to standard output inside the block: ``print`` calls, and
    writes to descriptor 1 from C code."""
    with _lock:
        out = sys.stdout
        if out is not None:
            out.flush()
        _flush_c_streams()
        try:
            saved = os.dup(1)
        except OSError:  # no descriptor 1 at all: only Python-level text can be printed
            saved = None
        null = os.open(os.devnull, os.O_WRONLY)
        sys.stdout = io.StringIO()
        try:
            if saved is not None:
                os.dup2(null, 1)
            yield
        finally:
            sys.stdout = out
            _flush_c_streams()
            if saved is not None:
                os.dup2(saved, 1)
                os.close(saved)
            os.close(null)


@contextlib.contextmanager
def program_stdout() -> Iterator[TextIO]:
    """A stream on the real standard output; everything else written to stdout goes to stderr.

    While the block runs, ``sys.stdout`` is ``sys.stderr`` and, when standard
    output is descriptor 1, descriptor 1 points at standard error too; the
    yielded stream writes where standard output pointed on entry.
    """
    out = sys.stdout
    with _lock:
        out.flush()
        try:
            saved: int | None = os.dup(1)
        except OSError:  # no descriptor 1: only Python-level text needs diverting
            saved = None
        if saved is not None:
            os.dup2(2, 1)
        if saved is not None and _stdout_fd(out) == 1:
            writer: TextIO = io.TextIOWrapper(os.fdopen(os.dup(saved), "wb"),
                                              encoding=out.encoding, errors=out.errors)
        else:
            writer = out
        sys.stdout = sys.stderr
    try:
        yield writer
    finally:
        with _lock:
            sys.stdout = out
            writer.flush()
            if saved is not None:
                _flush_c_streams()  # C text buffered meanwhile is foreign too: out to stderr
                os.dup2(saved, 1)
                os.close(saved)
            if writer is not out:
                writer.close()
