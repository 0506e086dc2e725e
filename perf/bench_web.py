"""Requests per second of ``pokerfsm serve`` for a cached and an uncached flop question.

Starts the server on 127.0.0.1 with a free port, drives it from an httpx
client on loopback with a bounded number of requests in flight, and stops it.
Every answer is checked: status 200, equities summing to 1, and the
``X-Cache`` header (the cached run must be all hits, the uncached run all
misses, since each of its questions is a different deal). Prints medians over
rounds, the ratio between the two, and, as a ceiling, the rate of a trivial
endpoint (``/api/health``) through the same stack; also the server's own time
per request (its ``Server-Timing`` header), which the client's share of the
two cores does not blur.

    python perf/bench_web.py [--concurrency 8] [--seconds 2] [--rounds 5]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import socket
import statistics
import subprocess
import sys
import time

import httpx

RANKS, SUITS = "23456789TJQKA", "shdc"
DECK = [r + s for r in RANKS for s in SUITS]
CACHED = {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "2c"]}


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def random_flops(seed: int):
    """An endless stream of distinct heads-up flop questions (distinct up to suit renaming, too)."""
    from pokerfsm.cards import Card
    from pokerfsm.web.cache import Question, canonical_form

    rng = random.Random(seed)
    seen = set()
    while True:
        cards = rng.sample(DECK, 7)
        ints = [Card(c) for c in cards]
        key = canonical_form(Question.of([ints[:2], ints[2:4]], ints[4:]))[0]
        if key in seen:  # the server would share the entry: not an uncached question
            continue
        seen.add(key)
        yield {"players": [cards[:2], cards[2:4]], "board": cards[4:]}


async def run_load(client: httpx.AsyncClient, make_request, seconds: float, concurrency: int):
    """Send requests for ``seconds`` with ``concurrency`` in flight.

    Returns (count, elapsed, X-Cache tally, server-side milliseconds per request from ``Server-Timing``).
    """
    done = 0
    tally: dict[str, int] = {}
    server_ms: list[float] = []
    deadline = time.perf_counter() + seconds

    async def worker():
        nonlocal done
        while time.perf_counter() < deadline:
            method, url, body = make_request()
            response = await client.request(method, url, json=body)
            if response.status_code != 200:
                raise SystemExit(f"bench_web: {url} answered {response.status_code}: {response.text[:200]}")
            if body is not None:
                answer = response.json()
                total = sum(p["equity"] for p in answer["players"])
                if abs(total - 1) > 1e-9:
                    raise SystemExit(f"bench_web: equities sum to {total} for {body}")
                cache = response.headers.get("X-Cache", "?")
                tally[cache] = tally.get(cache, 0) + 1
            timing = response.headers.get("Server-Timing", "")
            if "dur=" in timing:
                server_ms.append(float(timing.split("dur=", 1)[1].split(";")[0]))
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return done, time.perf_counter() - started, tally, server_ms


async def bench(base: str, seconds: float, rounds: int, concurrency: int) -> dict[str, list[float]]:
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    rates: dict[str, list[float]] = {"health": [], "cached": [], "uncached": []}
    server_ms: dict[str, list[float]] = {name: [] for name in rates}
    flops = random_flops(seed=2024)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        (await client.post("/api/equity", json=CACHED)).raise_for_status()  # warm up: table, cache entry
        scenarios = {
            "health": lambda: ("GET", "/api/health", None),
            "cached": lambda: ("POST", "/api/equity", CACHED),
            "uncached": lambda: ("POST", "/api/equity", next(flops)),
        }
        for _ in range(rounds):
            for name, make in scenarios.items():
                count, elapsed, tally, timings = await run_load(client, make, seconds, concurrency)
                server_ms[name] += timings
                expected = {"cached": "hit", "uncached": "miss"}.get(name)
                if expected and set(tally) != {expected}:
                    raise SystemExit(f"bench_web: {name} run got X-Cache {tally}, expected only {expected!r}")
                rates[name].append(count / elapsed)
    return rates, server_ms


def wait_until_up(base: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"bench_web: the server exited with status {process.returncode}")
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("bench_web: the server did not start")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=8, help="requests in flight (default 8)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run (default 2)")
    parser.add_argument("--rounds", type=int, default=5, help="timed runs per scenario (default 5)")
    args = parser.parse_args(argv)

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "pokerfsm", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning", "--cache-size", "100000"],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until_up(base, server)
        rates, server_ms = asyncio.run(bench(base, args.seconds, args.rounds, args.concurrency))
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()

    import uvicorn

    print(f"CPU: {cpu_name()} ({os.cpu_count()} cores, shared by server and client)")
    print(f"Python {platform.python_version()}, uvicorn {uvicorn.__version__}, httpx {httpx.__version__}")
    print(f"load: {args.concurrency} requests in flight, {args.rounds} runs of {args.seconds:g} s each, loopback")
    question = f"{CACHED['players'][0]} vs {CACHED['players'][1]} on {CACHED['board']}"
    print(f"{'scenario':<34}{'median req/s':>14}{'min':>10}{'max':>10}{'server ms (median)':>20}")
    labels = {
        "health": "GET /api/health (stack ceiling)",
        "cached": "flop question, cached",
        "uncached": "flop question, each one new",
    }
    medians = {}
    for name, values in rates.items():
        medians[name] = statistics.median(values)
        ms = statistics.median(server_ms[name]) if server_ms[name] else float("nan")
        print(f"{labels[name]:<34}{medians[name]:>14.0f}{min(values):>10.0f}{max(values):>10.0f}{ms:>20.2f}")
    print(f"cached / uncached = {medians['cached'] / medians['uncached']:.1f}x; "
          f"cached / ceiling = {medians['cached'] / medians['health']:.2f}")
    print(f"cached question: {question}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
