"""The SVG equity curves."""
import xml.etree.ElementTree as ElementTree

import pytest

from pokerfsm.errors import OptionError
from pokerfsm.study.plot import check_plot_path, curves_svg, write_plot


def test_svg_parses_with_one_curve_per_seat():
    svg = curves_svg([("seat 1: <QQ+>", [(0.25, 0.9), (1.0, 0.5)]), ("seat 2", [(1.0, 0.3)])], "a & b")
    root = ElementTree.fromstring(svg)
    lines = [e for e in root.iter() if e.tag.endswith("polyline")]
    assert len(lines) == 2
    assert lines[0].get("points").split()[:2] == ["56.0,67.6", "197.0,67.6"]


def test_png_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(OptionError, match="SVG only"):
        write_plot(tmp_path / "curve.png", [])
    assert list(tmp_path.iterdir()) == []
    write_plot(tmp_path / "curve.svg", [("x", [(1.0, 0.5)])])
    assert (tmp_path / "curve.svg").read_text().startswith("<svg")


def test_checking_a_path_leaves_the_folder_as_it_was(tmp_path):
    earlier = tmp_path / "curve.svg"
    earlier.write_text("an earlier plot")
    assert check_plot_path(earlier) == earlier
    assert earlier.read_text() == "an earlier plot" and list(tmp_path.iterdir()) == [earlier]
    with pytest.raises(OSError):
        check_plot_path(tmp_path / "no such folder" / "curve.svg")
