"""The package's version: the one place it is written (the package and its build both read it here)."""

__version__ = "0.1.0"
