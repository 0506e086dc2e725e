"""The ``grid`` part of ``bench_web.py``: from a click on the range grid to painted numbers.

A real server (started by ``bench_web.server``) and Debian's Chromium through
Playwright. The page holds a heads-up preflop spot, range against range; each
round clicks one more pair into seat 2's range on the grid (a new question
every time, so nothing comes from a cache) and measures in the page, from the
click's ``pointerdown`` to the frame after the answer is shown (the equities)
and after the heatmap is painted (each hand class of the seat's range).
"""
from __future__ import annotations

import statistics
import time

CHROMIUM = "/usr/lib/chromium/chromium"
FLAGS = ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--no-first-run"]
SPOT = {"players": ["QQ+, AKs", "TT+, AQs+, AKo"], "board": [], "dead": []}
CELLS = ["99", "88", "77", "66", "55", "44", "33", "22", "AJs", "ATs", "KQs", "KJs"]

WATCH = """() => {
  window.bench = {};
  document.addEventListener("pointerdown", () => { window.bench = {down: performance.now()}; }, true);
  const after = (name) => (event) => {
    if (!event.detail || window.bench.down === undefined) return;   // only what follows this click
    requestAnimationFrame(() => { window.bench[name] = performance.now() - window.bench.down; });
  };
  document.addEventListener("result", after("numbers"));
  document.addEventListener("heatmap", after("heatmap"));
}"""


def grid_latency(port: int, rounds: int) -> dict[str, list[float]]:
    """Milliseconds from a grid click to painted equities and to the painted heatmap, per round."""
    from playwright.sync_api import sync_playwright

    from pokerfsm.web.questions import encode_query

    base = f"http://127.0.0.1:{port}/"
    out: dict[str, list[float]] = {"numbers": [], "heatmap": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        page.goto(base + "#q=" + encode_query(SPOT))
        page.locator("#status").filter(has_text="Done.").wait_for(timeout=120_000)
        page.locator("#grid-seats button").nth(1).click()
        page.locator("#heat-legend").filter(has_text="fair share").wait_for(timeout=120_000)
        page.evaluate(WATCH)
        for cell in CELLS[:rounds]:
            page.evaluate("() => { window.bench = {}; }")
            page.locator(f"#cell-{cell}").click()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                got = page.evaluate("() => window.bench")
                if "numbers" in got and "heatmap" in got:
                    break
                time.sleep(0.01)
            for name in out:
                if name in got:
                    out[name].append(got[name])
        browser.close()
    return out


def report(port: int, rounds: int, tables: bool) -> None:
    print("\n## the range grid: a click to painted numbers (heads-up preflop, range against range)")
    print(f"preflop-hu table {'built' if tables else 'NOT built (the heatmap is computed, not looked up)'}; "
          f"spot {SPOT['players'][0]!r} against {SPOT['players'][1]!r}, one pair added per round")
    figures = grid_latency(port, rounds)
    for name, label in (("numbers", "equities painted"), ("heatmap", "heatmap painted")):
        values = figures[name]
        if values:
            print(f"{label:17s}: median {statistics.median(values):7.0f} ms, min {min(values):6.0f}, "
                  f"max {max(values):6.0f} over {len(values)} clicks")
        else:
            print(f"{label:17s}: no answer within 60 s")
