"""Requests per second one `crosswire serve` process answers on loopback, with errors counted.

Starts ``crosswire serve --read-only`` on a free port over an existing store,
waits until it answers, asks each path once to build the snapshot, then
for each path keeps ``--clients`` keep-alive connections busy for
``--seconds`` and counts answers (any status but 200 is an error). The
client threads share the box with the server, so on a 2-core machine the
figure is a floor. Issue 26's target: ``/api/figures`` >= 200 req/s, 0 errors.

Usage: python bench/web_throughput.py --db STORE [--seconds 10] [--clients 4]
       [--path /api/figures --path /] ; the last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"web_throughput: the server did not answer within {timeout:.0f} s")


def _hammer(port: int, path: str, seconds: float, clients: int) -> dict[str, float]:
    counts = {"ok": 0, "errors": 0}
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        ok = errors = 0
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop:
            try:
                conn.request("GET", path)
                answer = conn.getresponse()
                answer.read()
                if answer.status == 200:
                    ok += 1
                else:
                    errors += 1
            except (OSError, http.client.HTTPException):
                errors += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.close()
        with lock:
            counts["ok"] += ok
            counts["errors"] += errors

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    return {
        "path": path,  # type: ignore[dict-item]
        "requests": counts["ok"] + counts["errors"],
        "errors": counts["errors"],
        "per_second": round(counts["ok"] / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="an existing crosswire store")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--path", action="append", default=None)
    args = parser.parse_args(argv)
    paths = args.path or ["/api/figures", "/api/stories", "/"]
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    command = [sys.executable, "-m", "crosswire", "--db", args.db, "serve", "--read-only"]
    server = subprocess.Popen(
        [*command, "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait(port, 120)
        for path in paths:  # build the snapshot and the memoised answers first
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            conn.request("GET", path)
            conn.getresponse().read()
            conn.close()  # uvicorn waits for open connections before it stops
        results = [_hammer(port, p, args.seconds, args.clients) for p in paths]
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    for r in results:
        print(
            f"{r['path']:<20} {r['per_second']:>8} req/s  {r['requests']} requests, "
            f"{r['errors']} errors"
        )
    print(json.dumps({"bench": "web_throughput", "db": args.db, "results": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
