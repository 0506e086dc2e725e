"""Fail loudly if an installed dependency is older than the floor pokerfsm declares for it.

    python scripts/check_dependency_floors.py

Reads the requirements of the installed ``pokerfsm`` distribution (the
``>=`` floors in pyproject.toml, extras included) and compares each with the
version installed. Core requirements must be installed; an extra's
requirements are checked when they are installed. Exit status 0 when every
floor holds, 1 otherwise, naming each package that is too old or missing.
"""
from __future__ import annotations

import re
import sys
from importlib import metadata

REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*(?:>=\s*([0-9][^,;\s]*))?")


def version_key(text: str) -> tuple[int, ...]:
    """The numeric release of a version string: ``'1.16.0'`` -> ``(1, 16, 0)``, ``'2.0rc1'`` -> ``(2, 0)``.

    >>> version_key("1.16.0") > version_key("1.7")
    True
    """
    parts = []
    for piece in text.split("."):
        digits = re.match(r"\d+", piece)
        if not digits:
            break
        parts.append(int(digits.group()))
        if digits.end() != len(piece):
            break
    while parts and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def floors(requirements: list[str]) -> list[tuple[str, str | None, bool]]:
    """``(name, floor or None, core?)`` for each requirement; the package's own extras are skipped.

    >>> floors(['numpy>=1.24', 'fastapi>=0.110; extra == "web"', 'pokerfsm[web]; extra == "test"'])
    [('numpy', '1.24', True), ('fastapi', '0.110', False)]
    """
    found = []
    for requirement in requirements:
        match = REQUIREMENT.match(requirement)
        if not match or match.group(1).lower() == "pokerfsm":
            continue
        marker = requirement.partition(";")[2]
        found.append((match.group(1), match.group(2), "extra" not in marker))
    return found


def problems(requirements: list[str], installed=metadata.version) -> list[str]:
    """One line per dependency that is older than its floor, or a core one that is missing."""
    lines = []
    for name, floor, core in floors(requirements):
        try:
            version = installed(name)
        except metadata.PackageNotFoundError:
            if core:
                lines.append(f"{name}: not installed (pokerfsm needs it, >= {floor})")
            continue
        if floor is not None and version_key(version) < version_key(floor):
            lines.append(f"{name}: {version} installed, older than the declared floor {floor}")
    return lines


def main() -> int:
    try:
        requirements = metadata.requires("pokerfsm") or []
    except metadata.PackageNotFoundError:
        print("check_dependency_floors: pokerfsm is not installed", file=sys.stderr)
        return 1
    found = problems(requirements)
    for line in found:
        print(f"dependency floor broken: {line}", file=sys.stderr)
    if not found:
        print(f"dependency floors: all {len(floors(requirements))} declared floors hold")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
