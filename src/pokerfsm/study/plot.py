"""Equity curves as an SVG file, written here (no plotting library).

One curve per seat: the share of the range on x (its best hands first),
equity on y, with the bucket bands (20 %, 40 %, 60 %, 80 %) drawn across.

>>> svg = curves_svg([("QQ+", [(0.5, 0.9), (1.0, 0.6)])], title="QQ+ vs AK")
>>> svg.startswith("<svg") and "QQ+ vs AK" in svg and svg.count("<polyline") == 1
True
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from ..errors import OptionError

__all__ = ["curves_svg", "write_plot", "check_plot_path", "PLOT_FORMATS"]

PLOT_FORMATS = (".svg",)
"""The plot files written: SVG only (PNG would need a rasterising library, which pokerfsm does not take)."""
_COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#8250df", "#bc4c00", "#0a7ea4")
_WIDTH, _HEIGHT, _LEFT, _RIGHT, _TOP, _BOTTOM = 640, 400, 56, 20, 36, 48


def _x(share: float) -> float:
    return _LEFT + share * (_WIDTH - _LEFT - _RIGHT)


def _y(equity: float) -> float:
    return _TOP + (1.0 - equity) * (_HEIGHT - _TOP - _BOTTOM)


def curves_svg(curves: Sequence[tuple[str, Sequence[tuple[float, float]]]], title: str = "") -> str:
    """An SVG document of ``curves``: (label, [(share of the range, equity), ...]) each, the points
    in order of share (a step curve: each hand holds its equity over its share)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{_HEIGHT}" '
             f'viewBox="0 0 {_WIDTH} {_HEIGHT}" font-family="sans-serif" font-size="12">',
             f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="white"/>']
    if title:
        parts.append(f'<text x="{_WIDTH / 2:.0f}" y="20" text-anchor="middle" font-size="14">{escape(title)}</text>')
    for tick in range(0, 101, 20):
        y, x = _y(tick / 100), _x(tick / 100)
        parts.append(f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{_WIDTH - _RIGHT}" y2="{y:.1f}" stroke="#d0d7de"/>')
        parts.append(f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}%</text>')
        parts.append(f'<text x="{x:.1f}" y="{_HEIGHT - _BOTTOM + 16}" text-anchor="middle">{tick}%</text>')
    parts.append(f'<text x="{_WIDTH / 2:.0f}" y="{_HEIGHT - 10}" text-anchor="middle">share of the range '
                 '(best hands first)</text>')
    parts.append(f'<text x="14" y="{_HEIGHT / 2:.0f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {_HEIGHT / 2:.0f})">equity</text>')
    for number, (label, points) in enumerate(curves):
        colour = _COLOURS[number % len(_COLOURS)]
        path, start = [], 0.0
        for share, equity in points:
            path += [f"{_x(start):.1f},{_y(equity):.1f}", f"{_x(share):.1f},{_y(equity):.1f}"]
            start = share
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(path)}">'
                     f'<title>{escape(label)}</title></polyline>')
        parts.append(f'<text x="{_WIDTH - _RIGHT - 4}" y="{_TOP + 14 + 16 * number}" text-anchor="end" '
                     f'fill="{colour}">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def check_plot_path(path: str | Path) -> Path:
    """``path`` if a plot can be written there: it ends in ``.svg`` (else an OptionError) and its folder
    takes a file (else the OSError). Nothing is left behind and a file already there is not touched."""
    path = Path(path)
    if path.suffix.lower() not in PLOT_FORMATS:
        raise OptionError(f"--plot writes SVG only: {str(path)!r} does not end in .svg "
                          "(convert it to PNG with any SVG viewer)", field="plot")
    _temporary(path).write_text("", encoding="utf-8")
    _temporary(path).unlink()
    return path


def _temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.part")


def write_plot(path: str | Path, curves: Sequence[tuple[str, Sequence[tuple[float, float]]]], title: str = "") -> None:
    """Write ``curves`` to ``path`` (``.svg``), atomically; another suffix is an OptionError."""
    path = check_plot_path(path)
    _temporary(path).write_text(curves_svg(curves, title), encoding="utf-8")
    _temporary(path).replace(path)
