"""A missing optional package becomes one line naming the extra to install.

The extras are those of pyproject.toml (read back from the installed
package's metadata), so this module holds no list of its own: a module that
fails to import is looked up among the requirements of every extra.

>>> str(MissingExtraError("fastapi", "web").placed("serve"))
'pokerfsm serve needs fastapi, an optional package: pip install "pokerfsm[web]"'
"""
from __future__ import annotations

import functools
import re

from ..errors import Error

__all__ = ["MissingExtraError", "missing_extra", "extra_of"]

_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_EXTRA = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")


class MissingExtraError(Error, ImportError):
    """An optional package is not installed; ``text`` is the package, ``field`` the extra."""

    def __init__(self, package: str, extra: str | None, command: str | None = None) -> None:
        who = f"pokerfsm {command}" if command else "pokerfsm"
        install = f'pip install "pokerfsm[{extra}]"' if extra else f"pip install {package}"
        super().__init__(f"{who} needs {package}, an optional package: {install}", text=package, field=extra)
        self.package, self.extra = package, extra

    def placed(self, command: str | None) -> MissingExtraError:
        """The same error, naming the command that needed the package."""
        return MissingExtraError(self.package, self.extra, command)


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@functools.lru_cache(maxsize=1)
def _extras_by_package() -> dict[str, str]:
    from importlib import metadata  # here: it costs every command's start-up some 15 ms

    try:
        requirements = metadata.requires("pokerfsm") or []
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return {}
    found: dict[str, str] = {}
    for requirement in requirements:
        name, extra = _REQUIREMENT.match(requirement), _EXTRA.search(requirement)
        if name and extra and _normal(name.group(1)) != "pokerfsm":
            found.setdefault(_normal(name.group(1)), extra.group(1))
    return found


def extra_of(module: str) -> str | None:
    """The extra that installs ``module`` (its top-level package), or None."""
    return _extras_by_package().get(_normal(module.split(".")[0]))


def missing_extra(exc: ImportError) -> MissingExtraError | None:
    """The one-line error for an ImportError of a missing third-party package; None for anything
    else (a broken pokerfsm module is a bug and keeps its traceback)."""
    if isinstance(exc, MissingExtraError):
        return exc
    name = exc.name or ""
    if not name or name.split(".")[0] == "pokerfsm" or not isinstance(exc, ModuleNotFoundError):
        return None
    top = name.split(".")[0]
    return MissingExtraError(top, extra_of(top))
