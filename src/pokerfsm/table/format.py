"""The hand-rank table's file format and where the file lives: the one place that defines them.

The file is a 64-byte header and the int32 entries, little-endian. The
header holds the magic bytes, the format version, the slots per state, the
entry count, the root state's offset, the state count and a 128-bit checksum
of the entries (two 64-bit words, see :func:`pokerfsm.table._build.checksum`).

A state is the set of 0-6 cards seen so far (suits that can no longer make a
flush forgotten); it has :data:`SLOTS` entries: slot ``card + 1`` leads to the
next state (after the 7th card it holds the hand's value) and slot 0 of a 5-
or 6-card state holds that hand's value. Row 0 is left empty, so the root is
at offset :data:`ROOT` and a 0 pointer is a dead end.

>>> HEADER_SIZE, SLOTS, ROOT
(64, 53, 53)
"""
from __future__ import annotations

import os
import struct
from pathlib import Path

__all__ = ["MAGIC", "FORMAT_VERSION", "HEADER", "HEADER_SIZE", "SLOTS", "ROOT", "LEVEL_SIZES", "FIRST_ROWS",
           "ENV_VAR", "file_name", "default_table_path"]

MAGIC = b"PKFSMHR\x00"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sIIQIIQQ16x")
"""magic, version, slots, entry count, root, state count, checksum (a, b), padding."""
HEADER_SIZE = HEADER.size  # 64 bytes, so the entries are aligned
SLOTS = 53
ROOT = SLOTS
LEVEL_SIZES = (1, 52, 1_326, 22_100, 84_448, 152_607, 352_443)
"""States by the number of cards seen (0 to 6), as the generator finds them; 612,977 in all."""
FIRST_ROWS = tuple(1 + sum(LEVEL_SIZES[:depth]) for depth in range(len(LEVEL_SIZES) + 1))
"""The first row of each level (row 0 is the dead end), then the row count, 612,978."""
ENV_VAR = "POKERFSM_TABLE"
"""The environment variable that names the table file (default: in the user cache directory)."""


def file_name() -> str:
    """The table's file name in the cache directory, e.g. ``'hand-ranks-v1.pkfsm'``."""
    return f"hand-ranks-v{FORMAT_VERSION}.pkfsm"


def default_table_path() -> Path:
    """``$POKERFSM_TABLE``, or :func:`file_name` in the user cache directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_cache_path("pokerfsm") / file_name()
