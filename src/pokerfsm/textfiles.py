"""Read a small input file the user names: a regular file, of bounded size, in UTF-8.

Every command that reads a file of the user's (``compute``, ``rummikub
solve``/``check``, ``replay``) reads it here, so each gets the same limits
and the same one-line errors (:class:`~pokerfsm.errors.InputFileError`, as
``FILE:LINE: message``, with ``path`` and ``line`` set):

* only regular files (not ``/dev/zero``, a FIFO or a directory), refused at
  once: a FIFO is never waited on (:func:`open_regular_file`, which any
  reader of a path the user names can share);
* at most ``max_bytes`` bytes (default :data:`MAX_INPUT_BYTES`), checked
  before and while reading, so an endless or huge file is refused at once;
* UTF-8, with or without a byte-order mark; no NUL bytes.

What a file says is shown through :func:`printable`, so that no name in it
can send escape sequences to the terminal.

>>> import os, tempfile
>>> with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
...     _ = f.write("\\ufeffAca 10p\\n".encode())
>>> read_text_file(f.name)
'Aca 10p\\n'
>>> os.unlink(f.name)
>>> read_text_file("/dev/zero")
Traceback (most recent call last):
...
pokerfsm.errors.InputFileError: /dev/zero:1: not a regular file (a character device)
"""
from __future__ import annotations

import os
import stat
from typing import BinaryIO

from .errors import InputFileError

__all__ = ["MAX_INPUT_BYTES", "read_text_file", "open_regular_file", "file_error", "printable"]

MAX_INPUT_BYTES = 4 << 20
"""4 MiB: far above any deal, position or hand-history file a person writes."""


def file_error(path: str | os.PathLike[str], line: int, message: str) -> InputFileError:
    """``InputFileError('FILE:LINE: message')`` with its ``path`` and ``line`` fields."""
    return InputFileError(f"{path}:{line}: {message}", path=str(path), line=line)


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def _not_regular(path: str, mode: int) -> InputFileError:
    kind = next((name for test, name in _KINDS if test(mode)), "")
    return file_error(path, 1, "not a regular file" + (f" ({kind})" if kind else ""))


def open_regular_file(path: str | os.PathLike[str]) -> BinaryIO:
    """``path`` opened for reading in binary, provided it is a regular file; never blocks.

    A FIFO would make ``open()`` wait for a writer forever, so the file is
    checked before it is opened, and opened without waiting (and checked
    again) in case it was swapped in between.

    :raises InputFileError: ``FILE:1: not a regular file (a FIFO)`` and the like.
    :raises OSError: the file does not exist or cannot be opened.

    >>> open_regular_file("/dev/null")
    Traceback (most recent call last):
    ...
    pokerfsm.errors.InputFileError: /dev/null:1: not a regular file (a character device)
    """
    name = os.fspath(path)
    mode = os.stat(name).st_mode
    if not stat.S_ISREG(mode):
        raise _not_regular(str(name), mode)
    no_wait = getattr(os, "O_NONBLOCK", 0)
    descriptor = os.open(name, os.O_RDONLY | no_wait | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(str(name), mode)
        if no_wait:
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_text_file(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The text of ``path``, checked as the module docstring says.

    Raises :class:`InputFileError` for a file that is not regular, too large,
    binary or not UTF-8, and ``OSError`` (e.g. FileNotFoundError) when it
    cannot be opened; the CLI prints either as one line.
    """
    name = str(path)
    with open_regular_file(path) as handle:
        info = os.fstat(handle.fileno())
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


def printable(text: str) -> str:
    """``text`` as it may be shown on a terminal: each character that is not printable (control
    characters such as ESC, which starts the sequences that clear the screen or set the window
    title, line breaks, bidirectional overrides) written as Python writes it in a string literal.

    >>> print(printable("Ann\\x1b[2J\\x1b]0;title\\x07"), printable("Zoé ♠"), printable("a\\u202eb"))
    Ann\\x1b[2J\\x1b]0;title\\x07 Zoé ♠ a\\u202eb
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
