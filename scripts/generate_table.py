#!/usr/bin/env python3
"""Build the pokerfsm hand-rank table: the same as ``pokerfsm generate [--output PATH] [--force]``."""
import sys

from pokerfsm.cli import main

if __name__ == "__main__":
    sys.exit(main(["generate", *sys.argv[1:]]))
