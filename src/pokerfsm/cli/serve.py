"""``pokerfsm serve``: run the web calculator under uvicorn (extra ``web``)."""
from __future__ import annotations

import argparse
import ipaddress
import socket
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    from ..calculator.options import DEFAULT_BUDGET
    from .numbers import positive_number, positive_whole_number, whole_number

    parser.add_argument("--host", default="127.0.0.1",
                        help="address to bind (default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=whole_number, default=8000, help="TCP port (default: 8000; 0 = any free port)")
    parser.add_argument("--budget", type=positive_number, default=DEFAULT_BUDGET, metavar="SECONDS",
                        help=f"time one request may spend enumerating exactly before Monte Carlo "
                             f"(default: {DEFAULT_BUDGET:g})")
    parser.add_argument("--cache-size", type=whole_number, default=1024, metavar="N",
                        help="answers kept in the LRU cache (default: 1024; 0 = no cache)")
    parser.add_argument("--deadline", type=positive_number, default=10.0, metavar="SECONDS",
                        help="hard limit on one equity request, waiting included; past it the answer is a 422 "
                             "'time_limit' (default: 10; at least twice --budget)")
    parser.add_argument("--workers", type=positive_whole_number, default=None, metavar="N",
                        help="equity computations running at once (default: one per core)")
    parser.add_argument("--per-client", type=positive_whole_number, default=2, metavar="N",
                        help="equity requests one client address may have under way; more get a 429 "
                             "(default: 2)")
    parser.add_argument("--nice", type=whole_number, default=10, metavar="N",
                        help="run equity N steps below the server's CPU priority, so cheap requests go first "
                             "(Linux; 0-19, default: 10)")
    parser.add_argument("--allowed-host", action="append", default=None, metavar="HOST",
                        help="answer only requests for this Host (repeatable; '*.example.com' allowed; "
                             "default: any)")
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
    if not 0 < args.budget <= 3600:  # also refuses nan and inf
        raise Error(f"--budget must be a number of seconds above 0 and at most 3600, got {args.budget!r}")
    if not 2 * args.budget <= args.deadline <= 86400:
        raise Error(f"--deadline must be at least twice --budget ({2 * args.budget:g} s) and at most 86400, "
                    f"got {args.deadline!r}")
    if args.cache_size < 0 or (args.workers is not None and args.workers < 1) or args.per_client < 1:
        raise Error("--cache-size must be >= 0, and --workers and --per-client >= 1")
    if not 0 <= args.nice <= 19:
        raise Error(f"--nice must be 0-19, got {args.nice!r}")
    hosts = _allowed_hosts(args.allowed_host)
    import uvicorn  # the 'web' extra: a missing one is reported by the CLI

    from ..web.app import create_app
    sock = _bind(args.host, args.port)  # an address in use is a one-line error, not a log and exit 1
    host, port = sock.getsockname()[:2]
    if not _is_loopback(args.host):
        print(f"pokerfsm: warning: serving on {args.host!r}, reachable from other machines", file=sys.stderr)
    shown = f"[{host}]" if ":" in host else host
    print(f"pokerfsm: the calculator is at http://{shown}:{port}/ (API docs at /docs; Ctrl-C stops)",
          file=sys.stderr)
    app = create_app(cache_size=args.cache_size, budget=args.budget, workers=args.workers, deadline=args.deadline,
                     per_client=args.per_client, allowed_hosts=hosts, nice=args.nice)
    server = uvicorn.Server(uvicorn.Config(app, log_level=args.log_level, server_header=False))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def _allowed_hosts(hosts: list[str] | None) -> list[str] | None:
    """The ``--allowed-host`` patterns, checked as Starlette's TrustedHostMiddleware wants them."""
    from ..errors import Error

    for host in hosts or ():
        wild = host.startswith("*") and host != "*"
        if not host or "*" in host[1:] or (wild and not host.startswith("*.")) or any(c in host for c in " /:"):
            raise Error(f"--allowed-host must be a host name such as 'example.com' or '*.example.com', "
                        f"got {host!r}")
    return hosts


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
