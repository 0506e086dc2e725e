"""The hand-rank table: its file format, how it is built, and how it is opened.

* :mod:`pokerfsm.table.rankings` says what a table is built for: the deck and
  the five-card classes (the 52-card deck, and short deck's 36 cards);
* :mod:`pokerfsm.table.format` defines the file (header, slots, root) and where it lives;
* :mod:`pokerfsm.table.build` builds it, labelling terminal states with our
  own five-card evaluator (:mod:`pokerfsm.table.cactus`) and the compiled
  loops of :mod:`pokerfsm.table._build`, and writes it under a lock;
* :mod:`pokerfsm.table.files` opens and checks it, building it first on first use.

Nothing here imports the evaluation or equity code: they use the table.
``import pokerfsm.table`` reads no file (numpy and the compiled builder load only when building).
"""
from __future__ import annotations

from .build import generate_table
from .files import HandRankTable, load_default, open_table
from .format import ENV_VAR, FORMAT_VERSION, ROOT, SLOTS, default_table_path
from .rankings import HOLDEM, SHORT_DECK, Ranking

__all__ = ["HandRankTable", "default_table_path", "load_default", "open_table", "generate_table",
           "ENV_VAR", "FORMAT_VERSION", "ROOT", "SLOTS", "Ranking", "HOLDEM", "SHORT_DECK"]

