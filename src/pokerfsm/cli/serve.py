"""``pokerfsm serve``: run the web calculator under uvicorn (extra ``web``)."""
from __future__ import annotations

import argparse
import ipaddress
import socket
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    from ..odds.equities import DEFAULT_BUDGET

    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="TCP port (default: 8000; 0 = any free port)")
    parser.add_argument("--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=f"time one request may spend enumerating exactly before Monte Carlo "
                             f"(default: {DEFAULT_BUDGET:g})")
    parser.add_argument("--cache-size", type=int, default=1024, metavar="N",
                        help="answers kept in the LRU cache (default: 1024; 0 = no cache)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="computations running at once (default: one per core)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    from ..errors import Error

    if not 0 <= args.port <= 65535:
        raise Error(f"--port must be 0-65535, got {args.port!r}")
    if args.budget <= 0:
        raise Error(f"--budget must be a positive number of seconds, got {args.budget!r}")
    if args.cache_size < 0 or (args.workers is not None and args.workers < 1):
        raise Error("--cache-size must be >= 0 and --workers >= 1")
    import uvicorn  # the 'web' extra: a missing one is reported by the CLI

    from ..web.app import create_app
    sock = _bind(args.host, args.port)  # an address in use is a one-line error, not a log and exit 1
    host, port = sock.getsockname()[:2]
    if not _is_loopback(args.host):
        print(f"pokerfsm: warning: serving on {args.host!r}, reachable from other machines", file=sys.stderr)
    shown = f"[{host}]" if ":" in host else host
    print(f"pokerfsm: the calculator is at http://{shown}:{port}/ (API docs at /docs; Ctrl-C stops)",
          file=sys.stderr)
    app = create_app(cache_size=args.cache_size, budget=args.budget, workers=args.workers)
    server = uvicorn.Server(uvicorn.Config(app, log_level=args.log_level))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def _bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``; raises OSError (e.g. address in use)."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise OSError(f"cannot resolve host {host!r}: {exc.strerror}") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.setblocking(False)
    return sock
