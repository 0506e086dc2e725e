#!/usr/bin/env python3
"""Build the pokerfsm hand-rank table: a thin wrapper around ``python -m pokerfsm.generate``."""
import sys

from pokerfsm.generate import main

if __name__ == "__main__":
    sys.exit(main())
