"""Sphinx configuration of the pokerfsm documentation site (furo theme, pages in MyST Markdown).

Build it with ``sphinx-build -W -b html docs SITE``; the package must be importable (the API pages are
generated from its docstrings, compiled modules included). The site loads nothing from the network.

The API pages list modules with the ``api-modules`` directive defined here: one module name a line,
``package.*`` for a package and every module under it. Each module becomes a section with its
``automodule``, and a compiled module shows its ``.pyi`` stub. When the build ends, a module of the
package that no page lists is a warning (an error under ``-W``), so a new module cannot go
undocumented.
"""
from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from pokerfsm._version import __version__

project = "pokerfsm"
author = "The pokerfsm developers"
copyright = "the pokerfsm developers, MIT licence"
version = release = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

# The guide pages are MyST Markdown; the API pages are reStructuredText, which autodoc writes.
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# A package's __all__ names what it re-exports; each object is documented once, in its own module.
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Names imported only for type checking stay text in a signature; these say which object they are.
autodoc_type_aliases = {"PlayerSpec": "pokerfsm.odds.deal.PlayerSpec"}

html_theme = "furo"
html_title = f"pokerfsm {release}"
html_show_sourcelink = False

PACKAGE = "pokerfsm"
UNLISTED = {"pokerfsm.__main__", "pokerfsm._version"}  # the ``python -m`` hook and the version string
LOG = logging.getLogger(__name__)


def modules_under(name: str) -> list[str]:
    """``name`` and, if it is a package, every module below it, in alphabetical order."""
    module = importlib.import_module(name)
    found = [name]
    if hasattr(module, "__path__"):
        found += sorted(info.name for info in pkgutil.walk_packages(module.__path__, prefix=f"{name}."))
    return [found_name for found_name in found if found_name not in UNLISTED]


def stub_of(name: str) -> Path | None:
    """The ``.pyi`` beside a compiled module, or None for a Python module."""
    origin = Path(importlib.import_module(name).__file__ or "")
    stub = origin.parent / f"{name.rpartition('.')[2]}.pyi"
    return stub if origin.suffix not in (".py", "") and stub.is_file() else None


class ApiModules(SphinxDirective):
    """One section per module named in the content (``package.*``: the package and all below it)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        listed: list[str] = []
        for line in self.content:
            entry = line.strip()
            if not entry:
                continue
            try:
                expanded = modules_under(entry.removesuffix(".*")) if entry.endswith(".*") else [entry]
                importlib.import_module(expanded[0])
            except ImportError as error:
                LOG.warning("%s on an API page cannot be imported: %s", entry, error, location=self.get_location())
                continue
            listed += [name for name in expanded if name not in listed]
        documented = listed_modules(self.env)
        sections: list[nodes.Node] = []
        for name in listed:
            documented[name] = self.env.docname
            section = nodes.section(ids=[nodes.make_id(f"module-section-{name}")])
            section += nodes.title(text=name)
            text = [f".. automodule:: {name}", ""]
            stub = stub_of(name)
            if stub is not None:
                text += [f"A compiled module: the signatures above are embedded by Cython. Its stub, ``{stub.name}``:",
                         "", ".. code-block:: python", ""]
                text += [f"   {row}" if row else "" for row in stub.read_text(encoding="utf-8").splitlines()]
            self.state.nested_parse(StringList(text, source=self.env.docname), self.content_offset, section)
            sections.append(section)
        return sections


def listed_modules(env: Any) -> dict[str, str]:
    """Module name -> the page that lists it, kept in the build environment."""
    if not hasattr(env, "pokerfsm_api_modules"):
        env.pokerfsm_api_modules = {}
    return env.pokerfsm_api_modules  # type: ignore[no-any-return]


def purge_listed(app: Sphinx, env: Any, docname: str) -> None:
    documented = listed_modules(env)
    for name in [name for name, page in documented.items() if page == docname]:
        del documented[name]


def check_every_module_listed(app: Sphinx, env: Any) -> None:
    documented = listed_modules(env)
    for name in modules_under(PACKAGE):
        if name not in documented:
            LOG.warning("module %s is on no API page: add it to a page of docs/api/", name)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("api-modules", ApiModules)
    app.connect("env-purge-doc", purge_listed)
    app.connect("env-check-consistency", check_every_module_listed)
    return {"parallel_read_safe": False}
