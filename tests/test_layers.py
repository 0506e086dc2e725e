"""The package's shape: every import points down the flow, and no two modules import each other.

The flow is vocabulary -> hand-rank table -> evaluation -> equity back ends ->
precomputed store -> the one ``equity()`` dispatch -> front ends. Every
import statement counts, wherever it is written (inside a function, under
``TYPE_CHECKING``): an import moved into a function to break a loop is still
the loop. Each module belongs to the first layer whose prefix matches its
dotted name; a module with no layer fails the test until it is placed.
"""
from __future__ import annotations

import ast
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import pokerfsm

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokerfsm"
PACKAGE = SOURCE if SOURCE.is_dir() else Path(pokerfsm.__file__).parent
"""The checkout's source, whose compiled modules are still ``.pyx`` (an installed package has only their binaries)."""

LAYERS: tuple[tuple[str, ...], ...] = (
    # plumbing every layer may use
    ("pokerfsm._version", "pokerfsm.errors", "pokerfsm.stdio", "pokerfsm.progress", "pokerfsm.textfiles"),
    # the vocabulary: cards, two-card combos, hand categories, games
    ("pokerfsm.cards",),
    ("pokerfsm.combos", "pokerfsm.ranking", "pokerfsm.variants", "pokerfsm.display"),
    ("pokerfsm.tallies", "pokerfsm.range_text", "pokerfsm.preflop_order", "pokerfsm.ranges",
     "pokerfsm.omaha_patterns", "pokerfsm.omaha_range_text", "pokerfsm.omaha_ranges", "pokerfsm.omaha_order",
     "pokerfsm.short_deck_order"),
    ("pokerfsm.players",),
    # the hand-rank table and what reads it
    ("pokerfsm.table",),
    ("pokerfsm.evaluation",),
    # equity: the computing back ends, the precomputed store, the dispatch above both
    ("pokerfsm.odds",),
    ("pokerfsm.precomputed",),
    ("pokerfsm.calculator",),
    # front ends
    ("pokerfsm.course_file", "pokerfsm.history", "pokerfsm.study", "pokerfsm.games"),
    ("pokerfsm.cli", "pokerfsm.web"),
    ("pokerfsm.generate", "pokerfsm.__main__", "pokerfsm"),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found[_module_name(path)] = path
    for path in sorted(PACKAGE.rglob("*.pyx")):  # compiled modules import too (cimport aside)
        found.setdefault(_module_name(path), path)
    for path in sorted(PACKAGE.rglob("_*")):  # a compiled module without its source: a module all the same
        suffix = max((s for s in EXTENSION_SUFFIXES if path.name.endswith(s)), key=len, default=None)
        if suffix is not None:
            found.setdefault(_module_name(path.with_name(path.name[:-len(suffix)] + ".py")), path)
    return found


MODULES = _modules()


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _imports(module: str, path: Path) -> set[str]:
    """Every pokerfsm module ``module`` imports, at any depth of its code."""
    if path.suffix not in (".py", ".pyx"):
        return set()
    if path.suffix == ".pyx":
        text = "\n".join(line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                          if line.lstrip().startswith(("import ", "from ")) and " cimport " not in line
                          and not line.rstrip().endswith(("(", "\\")))
    else:
        text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    is_package = path.stem == "__init__"
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(module, is_package, node.level, node.module)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in MODULES else base)
    return {_known(t) for t in targets if t == "pokerfsm" or t.startswith("pokerfsm.")} - {module}


def _known(name: str) -> str:
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


GRAPH = {module: _imports(module, path) for module, path in MODULES.items()}


def _layer(module: str) -> int | None:
    for number, prefixes in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return number
    return None


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if _layer(m) is None] == []


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module: str) -> None:
    mine = _layer(module)
    upward = sorted(t for t in GRAPH[module] if mine is not None and (_layer(t) or 0) > mine)
    assert upward == [], f"{module} (layer {mine}) imports from above: {upward}"


def test_no_import_loops() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    loops: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in GRAPH.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                loops.append(sorted(members))

    for module in MODULES:
        if module not in index:
            visit(module)
    assert loops == []
