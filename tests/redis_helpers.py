"""A real redis-server for the cluster's tests: Debian's binary on a free loopback port, in
a temporary folder, nothing saved to disk, stopped at the end (and, for the fault tests,
stopped and started again on the same port meanwhile)."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from server_helpers import free_port, stop_process


def redis_binary() -> str | None:
    """The redis-server to start, if one is installed."""
    return shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


class Redis:
    """One redis-server on a fixed loopback port, which may be stopped and started again
    (as a restarted Redis comes back: empty)."""

    def __init__(self, binary: str, folder: Path) -> None:
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start it and wait until it answers PING."""
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--daemonize", "no",
             "--protected-mode", "yes"],
            stdout=(self.folder / "log").open("ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("redis-server stopped: "
                                   + (self.folder / "log").read_text()[-1000:])
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start in 20 s")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL)."""
        stop_process(self.proc)


@contextlib.contextmanager
def redis_process() -> Iterator[Redis]:
    """A private redis-server (``RuntimeError`` when none is installed)."""
    binary = redis_binary()
    if binary is None:
        raise RuntimeError("redis-server is not installed (Debian: apt-get install "
                           "redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="atout-redis-"))
    redis = Redis(binary, folder)
    try:
        redis.start()
        yield redis
    finally:
        redis.stop()
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def redis_server() -> Iterator[str]:
    """A private redis-server's URL (``RuntimeError`` when none is installed)."""
    with redis_process() as redis:
        yield redis.url


__all__ = ["Redis", "redis_binary", "redis_process", "redis_server"]
