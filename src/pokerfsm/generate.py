"""``python -m pokerfsm.generate``: build the hand-rank table once, as the design names it.

The same command as ``pokerfsm generate`` (and ``scripts/generate_table.py``), options
included: ``--output PATH``, ``--force``, ``--quiet``. The first use of the library builds the
table too, so running this is optional; it is the way to build it ahead of time, for example in
a container image.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``pokerfsm generate`` with ``argv`` (default: the process's arguments); the exit status."""
    from .cli import main as cli_main

    return cli_main(["generate", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
