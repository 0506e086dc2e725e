"""The hand-rank table's file format and where the file lives: the one place that defines them.

The file is a 64-byte header and the int32 entries, little-endian. The
header holds the magic bytes, the format version, the slots per state, the
entry count, the root state's offset, the state count and a 128-bit checksum
of the entries (two 64-bit words, see :func:`pokerfsm.table._build.checksum`).

There is one file per ranking (:mod:`pokerfsm.table.rankings`): the
52-card table, and the short-deck table beside it. A state is the set of
0-6 cards seen so far (suits that can no longer make a flush forgotten); it
has :data:`SLOTS` entries: slot ``card + 1`` leads to the next state (after
the 7th card it holds the hand's value) and slot 0 of a 5- or 6-card state
holds that hand's value. Row 0 is left empty, so the root is
at offset :data:`ROOT` and a 0 pointer is a dead end.

>>> HEADER_SIZE, SLOTS, ROOT
(64, 53, 53)
"""
from __future__ import annotations

import os
import struct
from pathlib import Path

from .rankings import HOLDEM, Ranking

__all__ = ["MAGIC", "FORMAT_VERSION", "HEADER", "HEADER_SIZE", "SLOTS", "ROOT", "LEVEL_SIZES", "FIRST_ROWS",
           "ENV_VAR", "file_name", "default_table_path"]

MAGIC = b"PKFSMHR\x00"
FORMAT_VERSION = 1
HEADER = struct.Struct("<8sIIQIIQQ16x")
"""magic, version, slots, entry count, root, state count, checksum (a, b), padding."""
HEADER_SIZE = HEADER.size  # 64 bytes, so the entries are aligned
SLOTS = 53
ROOT = SLOTS
LEVEL_SIZES = HOLDEM.level_sizes
"""States of the 52-card table by the number of cards seen (0 to 6); 612,977 in all."""
FIRST_ROWS = HOLDEM.first_rows
"""The first row of each level of the 52-card table (row 0 is the dead end), then the row count, 612,978."""
ENV_VAR = "POKERFSM_TABLE"
"""The environment variable that names the table file (default: in the user cache directory)."""


def file_name(ranking: Ranking = HOLDEM) -> str:
    """A table's file name in the cache directory, e.g. ``'hand-ranks-v1.pkfsm'``.

    >>> from pokerfsm.table.rankings import SHORT_DECK
    >>> file_name(SHORT_DECK)
    'short-deck-ranks-v1.pkfsm'
    """
    return f"{ranking.file_stem}-v{FORMAT_VERSION}.pkfsm"


def default_table_path(ranking: Ranking = HOLDEM) -> Path:
    """``$POKERFSM_TABLE``, or :func:`file_name` in the user cache directory; another ranking's
    table lives beside it, under its own :func:`file_name`."""
    env = os.environ.get(ENV_VAR)
    if env:
        path = Path(env).expanduser()
    else:
        import platformdirs

        path = platformdirs.user_cache_path("pokerfsm") / file_name()
    return path if ranking is HOLDEM else path.with_name(file_name(ranking))
