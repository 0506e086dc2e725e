"""The hand-rank table: its file format, how it is built, and how it is opened.

* :mod:`pokerfsm.table.format` defines the file (header, slots, root);
* :mod:`pokerfsm.table.build` builds it, labelling terminal states with our
  own five-card evaluator (:mod:`pokerfsm.table.cactus`) and the compiled
  loops of :mod:`pokerfsm.table._build`;
* :mod:`pokerfsm.table.files` finds, opens, checks and (on first use) builds it.

Nothing here imports the evaluation or equity code: they use the table.
``import pokerfsm.table`` reads no file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .files import HandRankTable, default_table_path, load_default, open_table
from .format import ENV_VAR, FORMAT_VERSION, ROOT, SLOTS

__all__ = ["HandRankTable", "default_table_path", "load_default", "open_table", "generate_table",
           "ENV_VAR", "FORMAT_VERSION", "ROOT", "SLOTS"]


def __getattr__(name: str) -> Any:
    if name == "generate_table":  # numpy and the compiled builder load only when building
        from .build import generate_table

        return generate_table
    raise AttributeError(f"module 'pokerfsm.table' has no attribute {name!r}")


if TYPE_CHECKING:  # pragma: no cover
    from .build import generate_table
