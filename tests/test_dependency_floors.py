"""The dependency-floor check that .ci/run runs (scripts/check_dependency_floors.py)."""
from __future__ import annotations

import importlib.util
from importlib import metadata
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "check_dependency_floors.py"


@pytest.fixture(scope="module")
def check():
    spec = importlib.util.spec_from_file_location("check_dependency_floors", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fake_versions(**versions):
    def installed(name):
        try:
            return versions[name]
        except KeyError:
            raise metadata.PackageNotFoundError(name) from None
    return installed


@pytest.mark.parametrize("text, key", [("1.16.0", (1, 16)), ("0.110", (0, 110)), ("2.0rc1", (2,)),
                                       ("2026.8.0", (2026, 8)), ("4.32.5", (4, 32, 5))])
def test_version_key(check, text, key):
    assert check.version_key(text) == key


def test_an_old_dependency_is_named(check):
    requirements = ["numpy>=1.24", 'highspy>=1.7; extra == "games"', 'pokerkit>=0.5; extra == "games"']
    found = check.problems(requirements, fake_versions(numpy="1.26.4", highspy="1.5.3", pokerkit="0.7.7"))
    assert found == ["highspy: 1.5.3 installed, older than the declared floor 1.7"]


def test_a_missing_core_dependency_is_named_and_a_missing_extra_is_not(check):
    requirements = ["rich>=13", 'fastapi>=0.110; extra == "web"']
    assert check.problems(requirements, fake_versions()) == ["rich: not installed (pokerfsm needs it, >= 13)"]


def test_every_declared_dependency_has_a_floor(check):
    """The project declares the lowest version it tested for each dependency."""
    requirements = metadata.requires("pokerfsm") or []
    assert requirements
    assert [name for name, floor, _ in check.floors(requirements) if floor is None] == []


def test_this_environment_meets_the_floors(check):
    assert check.problems(metadata.requires("pokerfsm") or []) == []
