"""``pokerfsm serve`` under load: throughput, cheap latency beside heavy clients, work left by clients that gave up.

Each part starts the real server (``python -m pokerfsm serve``, one uvicorn
process) on 127.0.0.1 with a free port and stops it afterwards.

* ``throughput``: requests per second of a cached and an uncached flop
  question and of ``/api/health`` (the stack's ceiling), with a bounded number
  in flight from httpx; every answer is checked (status, equities summing to
  1, ``X-Cache`` all hits or all misses).
* ``load``: 64 clients, 0, 4 or 16 of them heavy. A cheap client asks
  ``/api/evaluate`` (7 random cards) and pauses ``--think`` seconds; a heavy
  client asks, one at a time, either ten seats of overlapping pairs in the
  automatic mode (with two random dead cards) or a big range against range
  that the automatic mode computes exactly in 1-2 s (145 such pairs of
  ranges), and the server has no cache, so every one is computed. Every
  client has its own loopback address (all of 127/8 is this machine), as
  clients of a real server would, so the per-client limit applies to each.
  Prints the cheap requests' p50 and p99 latency, measured by the client from
  the request's first byte to the answer's last, and what the heavy requests
  got (200, 422 past the deadline).
* ``abandon``: 10 clients send a heavy question each and give up after a
  second (two running, eight waiting). Prints the server process's CPU time
  (from ``/proc/PID/stat``, all its threads) in the 5 s after they left,
  beside its idle CPU over 5 s and what one such question costs when its
  client waits for the answer.

* ``grid``: the page in Chromium (Playwright, Debian's binary), heads-up
  preflop range against range: from a click on the range grid to painted
  equities and to the painted heatmap (``perf/_grid_bench.py``). Set
  ``POKERFSM_STORE`` to a store with ``preflop-hu`` built for the target
  case (the heatmap looked up, not computed).

The HTTP/1.1 client of ``load`` and ``abandon`` is a minimal one on asyncio
streams, so that the client's own CPU (it shares the machine) stays small.

    python perf/bench_web.py [--part all|throughput|load|abandon|grid] [--seconds 15] [--rounds 2]
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import platform
import random
import shlex
import socket
import statistics
import subprocess
import sys
import time

import httpx

RANKS, SUITS = "23456789TJQKA", "shdc"
DECK = [r + s for r in RANKS for s in SUITS]
CACHED = {"players": [["Ah", "Kh"], ["Qs", "Qd"]], "board": ["Qh", "7h", "2c"]}
TEN_SEATS = ["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ", "99", "99,3s2s"]
SPARE = [r + s for r in "45678T" for s in SUITS]  # cards in none of those ranges: dead cards make a new question
EXACT_RANGES: list[list[str]] = []  # filled by main(): exact_range_questions()


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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (all its threads), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def server(extra: list[str]):
    """``pokerfsm serve`` on a free port; yields (port, pid)."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "pokerfsm", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--log-level", "warning", *extra], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise SystemExit(f"bench_web: the server exited with status {process.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("bench_web: the server did not start")
            time.sleep(0.1)
        yield port, process.pid
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


# ---------------------------------------------------------------- throughput

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
        if key not in seen:  # the server would share the entry: not an uncached question
            seen.add(key)
            yield {"players": [cards[:2], cards[2:4]], "board": cards[4:]}


async def run_throughput(client: httpx.AsyncClient, make_request, seconds: float, concurrency: int):
    """Requests for ``seconds`` with ``concurrency`` in flight: (count, elapsed, X-Cache tally)."""
    done = 0
    tally: dict[str, int] = {}
    deadline = time.perf_counter() + seconds

    async def worker():
        nonlocal done
        while time.perf_counter() < deadline:
            method, url, body = make_request()
            response = await client.request(method, url, json=body)
            if response.status_code != 200:
                raise SystemExit(f"bench_web: {url} answered {response.status_code}: {response.text[:200]}")
            if body is not None:
                total = sum(p["equity"] for p in response.json()["players"])
                if abs(total - 1) > 1e-9:
                    raise SystemExit(f"bench_web: equities sum to {total} for {body}")
                tally[response.headers["X-Cache"]] = tally.get(response.headers["X-Cache"], 0) + 1
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return done, time.perf_counter() - started, tally


async def throughput(port: int, seconds: float, rounds: int, concurrency: int) -> None:
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    rates: dict[str, list[float]] = {"health": [], "cached": [], "uncached": []}
    flops = random_flops(seed=2024)
    scenarios = {"health": lambda: ("GET", "/api/health", None), "cached": lambda: ("POST", "/api/equity", CACHED),
                 "uncached": lambda: ("POST", "/api/equity", next(flops))}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as client:
        (await client.post("/api/equity", json=CACHED)).raise_for_status()  # warm up: table, cache entry
        for _ in range(rounds):
            for name, make in scenarios.items():
                count, elapsed, tally = await run_throughput(client, make, seconds, concurrency)
                expected = {"cached": "hit", "uncached": "miss"}.get(name)
                if expected and set(tally) != {expected}:
                    raise SystemExit(f"bench_web: {name} run got X-Cache {tally}, expected only {expected!r}")
                rates[name].append(count / elapsed)
    print(f"\n## throughput: {concurrency} requests in flight, {rounds} runs of {seconds:g} s each")
    print(f"{'scenario':<34}{'median req/s':>14}{'min':>10}{'max':>10}")
    labels = {"health": "GET /api/health (stack ceiling)", "cached": "flop question, cached",
              "uncached": "flop question, each one new"}
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, values in rates.items():
        print(f"{labels[name]:<34}{medians[name]:>14.0f}{min(values):>10.0f}{max(values):>10.0f}")
    print(f"cached / uncached = {medians['cached'] / medians['uncached']:.1f}x; "
          f"cached / ceiling = {medians['cached'] / medians['health']:.2f}")


# ---------------------------------------------------------------- load and abandon

class Connection:
    """One keep-alive HTTP/1.1 connection from a given local address (a minimal client)."""

    def __init__(self, port: int, local: str) -> None:
        self.port, self.local = port, local
        self.writer: asyncio.StreamWriter | None = None
        self.server_ms = 0.0  # the server's own time for the last answer (its Server-Timing header)

    async def send(self, method: str, path: str, body: dict | None = None) -> None:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                                     local_addr=(self.local, 0))
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n"
        self.writer.write(head.encode() + b"Content-Type: application/json\r\n\r\n" + data)

    async def answer(self) -> tuple[int, bytes]:
        status = int((await self.reader.readline()).split()[1])
        length, close = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            length = int(value) if name.lower() == "content-length" else length
            close = close or (name.lower() == "connection" and "close" in value.lower())
            if name.lower() == "server-timing" and "dur=" in value:
                self.server_ms = float(value.split("dur=", 1)[1].split(";")[0])
        data = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, data

    async def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        await self.send(method, path, body)
        return await self.answer()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def exact_range_questions() -> list[list[str]]:
    """Range-against-range questions (suit-symmetric) that the automatic mode computes exactly, in 1-2 s."""
    from pokerfsm.calculator import DEFAULT_BUDGET
    from pokerfsm.odds import prepare_deal
    from pokerfsm.odds.enumeration import make_plan, max_threads

    found = []
    for pairs, suited, kings, offsuit, other in itertools.product(
            ["22+", "33+", "44+", "55+"], ["A2s+", "A4s+", "A6s+"], ["K9s+", "KTs+"], ["ATo+", "AJo+"],
            ["QQ+,AKs", "JJ+,AKs", "KK+,AKs", "QQ+,AKs,AKo"]):
        players = [f"{pairs},{suited},{kings},{offsuit}", other]
        if 0.5 <= make_plan(prepare_deal(players, (), ())).seconds / max_threads() / DEFAULT_BUDGET <= 1:
            found.append(players)
    return found


def heavy_question(rng: random.Random, kind: str) -> dict:
    """Each time a new question: two random dead cards, or another pair of ranges."""
    if kind == "ten seats":
        return {"players": TEN_SEATS, "dead": rng.sample(SPARE, 2)}
    return {"players": rng.choice(EXACT_RANGES)}


async def wait_idle(port: int) -> float:
    """Seconds until the server has no computation under way."""
    started, probe = time.perf_counter(), Connection(port, "127.0.0.200")
    while True:
        stats = json.loads((await probe.request("GET", "/api/stats"))[1])
        if stats["computing"] == 0 and stats["threads_busy"] == 0:
            probe.close()
            return time.perf_counter() - started
        await asyncio.sleep(0.02)


async def load_round(port: int, heavy: int, clients: int, seconds: float, warmup: float, think: float, seed: int):
    """Cheap latencies (s) and the heavy answers' status tally of one timed run."""
    rng = random.Random(seed)
    latencies: list[float] = []
    inside: list[float] = []  # the same requests, as the server timed them (from the app's first byte)
    tally: dict[int, int] = {}
    started = time.perf_counter()
    record_from, stop_at = started + warmup, started + warmup + seconds

    async def cheap(index: int) -> None:
        connection = Connection(port, f"127.0.1.{index + 1}")
        await asyncio.sleep(think * index / clients)  # spread the first requests
        while time.perf_counter() < stop_at:
            body = {"cards": " ".join(rng.sample(DECK, 7))}
            sent = time.perf_counter()
            status, _ = await connection.request("POST", "/api/evaluate", body)
            if status != 200:
                raise SystemExit(f"bench_web: /api/evaluate answered {status}")
            if sent >= record_from:
                latencies.append(time.perf_counter() - sent)
                inside.append(connection.server_ms / 1000)
            await asyncio.sleep(think)
        connection.close()

    async def heavy_client(index: int) -> None:
        connection = Connection(port, f"127.0.0.{index + 10}")
        try:
            while True:
                kind = ("ten seats", "ranges")[index % 2]
                status, _ = await connection.request("POST", "/api/equity", heavy_question(rng, kind))
                tally[status] = tally.get(status, 0) + 1
        finally:
            connection.close()  # at the end of the run: walk away from what is under way

    heavy_tasks = [asyncio.create_task(heavy_client(i)) for i in range(heavy)]
    await asyncio.gather(*(cheap(i) for i in range(clients - heavy)))
    for task in heavy_tasks:
        task.cancel()
    await asyncio.gather(*heavy_tasks, return_exceptions=True)
    await wait_idle(port)
    return latencies, inside, tally


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def load(port: int, args: argparse.Namespace) -> dict[int, tuple[float, float]]:
    print(f"\n## load: {args.clients} clients, cheap ones pause {args.think:g} s between requests; "
          f"{args.rounds} runs of {args.seconds:g} s after {args.warmup:g} s of warm-up; medians over runs")
    print(f"{'heavy clients':>14}{'cheap requests':>16}{'cheap p50 ms':>14}{'cheap p99 ms':>14}"
          f"{'in-app p99 ms':>15}{'  heavy answers (status: count)'}")
    results = {}
    for heavy in args.heavy:
        p50s, p99s, app99s, counts, tallies = [], [], [], [], []
        for r in range(args.rounds):
            latencies, inside, tally = await load_round(port, heavy, args.clients, args.seconds, args.warmup,
                                                        args.think, seed=1000 * heavy + r)
            p50s.append(percentile(latencies, 0.5))
            p99s.append(percentile(latencies, 0.99))
            app99s.append(percentile(inside, 0.99))
            counts.append(len(latencies))
            tallies.append(tally)
        results[heavy] = (statistics.median(p50s), statistics.median(p99s))
        shown = ", ".join(f"{s}: {sum(t.get(s, 0) for t in tallies)}" for s in sorted({s for t in tallies for s in t}))
        print(f"{heavy:>14}{statistics.median(counts):>16.0f}{1000 * results[heavy][0]:>14.1f}"
              f"{1000 * results[heavy][1]:>14.1f}{1000 * statistics.median(app99s):>15.1f}  {shown or '-'}")
    base = results.get(0)
    if base:
        print("p99 / p99 with no heavy client: " + ", ".join(
            f"{h} heavy {p99 / base[1]:.1f}x" for h, (_, p99) in results.items() if h))
    return results


async def abandon(port: int, pid: int, kind: str, count: int = 10, after: float = 5.0) -> None:
    rng = random.Random(7)
    before = cpu_seconds(pid)
    await asyncio.sleep(after)
    idle = cpu_seconds(pid) - before
    one = Connection(port, "127.0.0.99")  # one question of the kind, its client waiting for the answer
    before = cpu_seconds(pid)
    status, _ = await one.request("POST", "/api/equity", heavy_question(rng, kind))
    full = cpu_seconds(pid) - before
    one.close()
    connections = [Connection(port, f"127.0.0.{100 + i}") for i in range(count)]
    for connection in connections:
        await connection.send("POST", "/api/equity", heavy_question(rng, kind))
    await asyncio.sleep(1.0)  # two computing, the others waiting for a thread
    for connection in connections:
        connection.close()
    left = cpu_seconds(pid)
    freed = await wait_idle(port)
    await asyncio.sleep(max(0.0, after - freed))
    spent = cpu_seconds(pid) - left
    print(f"{kind:<12}{count:>4} abandoned: server CPU in the {after:g} s after {spent:6.2f} s "
          f"(idle {idle:.2f} s; all computations ended {1000 * freed:.0f} ms after); "
          f"one answered ({status}) costs {full:.2f} CPU-s")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["all", "throughput", "load", "abandon", "grid"], default="all")
    parser.add_argument("--clicks", type=int, default=8, help="grid: clicks timed (default 8, at most 12)")
    parser.add_argument("--concurrency", type=int, default=8, help="throughput: requests in flight (default 8)")
    parser.add_argument("--rounds", type=int, default=2, help="timed runs per scenario (default 2)")
    parser.add_argument("--seconds", type=float, default=15.0, help="load: length of one timed run (default 15)")
    parser.add_argument("--warmup", type=float, default=3.0, help="load: seconds before timing (default 3)")
    parser.add_argument("--clients", type=int, default=64, help="load: clients in all (default 64)")
    parser.add_argument("--heavy", type=int, nargs="+", default=[0, 4, 16], help="load: heavy clients (0 4 16)")
    parser.add_argument("--think", type=float, default=0.25, help="load: a cheap client's pause, seconds (0.25)")
    parser.add_argument("--serve-args", default="", help="extra options for pokerfsm serve, e.g. '--nice 0'")
    args = parser.parse_args(argv)
    extra = shlex.split(args.serve_args)
    EXACT_RANGES[:] = exact_range_questions()

    import uvicorn

    print(f"CPU: {cpu_name()} ({os.cpu_count()} cores, shared by server and clients)")
    print(f"Python {platform.python_version()}, uvicorn {uvicorn.__version__}; server options: {extra or 'defaults'}")
    if args.part in ("all", "throughput"):
        # the throughput runs measure the stack from one address: no per-client limit
        with server(["--cache-size", "100000", "--per-client", "1000", *extra]) as (port, _):
            asyncio.run(throughput(port, 2.0, max(args.rounds, 3), args.concurrency))
    if args.part in ("all", "load"):
        with server(["--cache-size", "0", *extra]) as (port, _):
            httpx.post(f"http://127.0.0.1:{port}/api/evaluate", json={"cards": "As Ks Qs Js Ts"}, timeout=60)
            asyncio.run(load(port, args))
    if args.part in ("all", "abandon"):
        print("\n## clients that give up: 10 heavy questions, their clients gone after 1 s")
        with server(["--cache-size", "0", *extra]) as (port, pid):
            httpx.post(f"http://127.0.0.1:{port}/api/evaluate", json={"cards": "As Ks Qs Js Ts"}, timeout=60)
            for kind in ("ten seats", "ranges"):
                asyncio.run(abandon(port, pid, kind))
    if args.part in ("all", "grid"):
        from _grid_bench import report
        from pokerfsm import precomputed

        with server(["--cache-size", "0", *extra]) as (port, _):
            report(port, args.clicks, precomputed.available("preflop-hu"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
