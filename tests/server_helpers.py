"""The real server (``atout serve`` under uvicorn) on a loopback port, for the tests."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SRC = str(Path(__file__).resolve().parent.parent / "src")


LENIENT = ("--login-limit", "100000", "--signup-limit", "100000", "--waiting-tables", "1000")
"""The tests sign many players in from one address (loopback): the limits that would refuse
them are lifted unless a test sets them (argparse keeps an option's last value)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``atout serve`` in a child process, with its store at ``db``."""

    def __init__(self, db: str, data: Path, *, grace: float = 30.0,
                 bot_delay: float = 0.0, port: int | None = None,
                 rate_limit: int = 100_000, args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.data = data
        self.grace = grace
        self.bot_delay = bot_delay
        self.rate_limit = rate_limit  # games played at machine speed; a person is slower
        self.args = args
        """More ``atout serve`` options (``--redis URL`` …)."""
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / f"server-{self.port}.log"

    def start(self) -> Server:
        env = dict(os.environ)
        env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
        env["ATOUT_DATA_DIR"] = str(self.data)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "from atout.cli import main; main()", "serve",
                 "--port", str(self.port), "--db", self.db, "--bot-delay", str(self.bot_delay),
                 "--grace", str(self.grace), "--rate-limit", str(self.rate_limit),
                 *LENIENT, *self.args],
                env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(
                    self.base + "/health", timeout=1) as answer:
                if json.loads(answer.read())["ok"]:
                    return self
            time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def health(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.base + "/health", timeout=5) as answer:
            result: dict[str, Any] = json.loads(answer.read())
            return result

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL)."""
        stop_process(self.proc)



def stop_process(proc: subprocess.Popen[bytes] | None) -> None:
    """Stop a process a test started, if it still runs: SIGTERM, then SIGKILL after 10 s."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)

@contextlib.contextmanager
def running(db: str, data: Path, **kw: Any) -> Iterator[Server]:
    server = Server(db, data, **kw).start()
    try:
        yield server
    finally:
        server.stop()


__all__ = ["Server", "free_port", "running"]
