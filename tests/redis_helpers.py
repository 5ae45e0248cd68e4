"""A real redis-server for the cluster's tests: Debian's binary on a free loopback port, in
a temporary folder, nothing saved to disk, stopped at the end."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from server_helpers import free_port


def redis_binary() -> str | None:
    """The redis-server to start, if one is installed."""
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A private redis-server's URL (``RuntimeError`` when none is installed)."""
    binary = redis_binary()
    if binary is None:
        raise RuntimeError("redis-server is not installed (Debian: apt-get install "
                           "redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="atout-redis-"))
    port = free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--dir", str(folder), "--daemonize", "no", "--protected-mode", "yes"],
        stdout=(folder / "log").open("wb"), stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            if proc.poll() is not None:
                raise RuntimeError("redis-server stopped: "
                                   + (folder / "log").read_text()[-1000:])
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start in 20 s")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


__all__ = ["redis_binary", "redis_server"]
