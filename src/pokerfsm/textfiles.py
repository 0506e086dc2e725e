"""Read a small input file the user names: a regular file, of bounded size, in UTF-8.

Every command that reads a file of the user's (``compute``, ``rummikub
solve``/``check``, ``replay``) reads it here, so each gets the same limits
and the same one-line errors (:class:`~pokerfsm.errors.InputFileError`, as
``FILE:LINE: message``, with ``path`` and ``line`` set):

* only regular files (not ``/dev/zero``, a FIFO or a directory);
* at most ``max_bytes`` bytes (default :data:`MAX_INPUT_BYTES`), checked
  before and while reading, so an endless or huge file is refused at once;
* UTF-8, with or without a byte-order mark; no NUL bytes.

>>> import os, tempfile
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
...     _ = f.write("\\ufeffAca 10p\\n".encode())
>>> read_text_file(f.name)
'Aca 10p\\n'
>>> os.unlink(f.name)
>>> read_text_file("/dev/zero")
Traceback (most recent call last):
...
pokerfsm.errors.InputFileError: /dev/zero:1: not a regular file
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import InputFileError

__all__ = ["MAX_INPUT_BYTES", "read_text_file", "file_error"]

MAX_INPUT_BYTES = 4 << 20
"""4 MiB: far above any deal, position or hand-history file a person writes."""


def file_error(path: str | os.PathLike[str], line: int, message: str) -> InputFileError:
    """``InputFileError('FILE:LINE: message')`` with its ``path`` and ``line`` fields."""
    return InputFileError(f"{path}:{line}: {message}", path=str(path), line=line)


def read_text_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The text of ``path``, checked as the module docstring says.

    Raises :class:`InputFileError` for a file that is not regular, too large,
    binary or not UTF-8, and ``OSError`` (e.g. FileNotFoundError) when it
    cannot be opened; the CLI prints either as one line.
    """
    name = str(path)
    with open(Path(path), "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise file_error(name, 1, "not a regular file")
        if info.st_size > max_bytes:
            raise file_error(name, 1, f"too large: {info.st_size:,} bytes, at most {max_bytes:,}")
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:  # grew while we read
        raise file_error(name, 1, f"too large: more than {max_bytes:,} bytes")
    if b"\x00" in data:
        raise file_error(name, data[:data.index(b"\x00")].count(b"\n") + 1,
                         "not a text file (it contains binary data)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise file_error(name, data[:exc.start].count(b"\n") + 1, "not a text file (invalid UTF-8)") from None
