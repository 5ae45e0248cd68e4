"""How long the command line takes to start, against a bare ``python -c pass``.

Run by hand (never in CI)::

    python benchmarks/cli_start.py [--runs 15] [--base /tmp/base/src[:/tmp/its-deps]]

Each run starts ``python -c pass``, ``python -m atout --help``, ``python -m atout play
--help`` and ``atout play jass`` up to the player's first turn (standard input empty, so the
console saves the game and leaves there), and the same three with another checkout's ``src``
first on ``PYTHONPATH``, in turn, so that the machine's load hits every line alike. Medians
of the wall time and of the CPU time (user + system of the child) are reported, with each
line's multiple of the bare start and, with ``--base``, this checkout's time over the other's.

``--base`` is put first on ``PYTHONPATH``: a checkout from before issue 22 needs typer,
which the cli extra no longer installs (``pip install --target /tmp/its-deps typer`` and
``--base /tmp/base/src:/tmp/its-deps``). The children write their bytecode
(``PYTHONDONTWRITEBYTECODE`` is dropped) and one untimed run of each line comes first, as
with an installed atout whose ``.pyc`` files exist; the games go to a temporary data folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

Line = tuple[list[str], dict[str, str]]


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def lines(base: str | None, data: str) -> dict[str, Line]:
    """The command lines to time, by name."""
    py = sys.executable
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(ATOUT_DATA_DIR=data, LANG="C.UTF-8", LC_ALL="C.UTF-8", LANGUAGE="")
    play = [py, "-m", "atout", "play", "jass", "--lang", "en", "--delay", "0", "--seed", "1",
            "--deals", "1"]
    commands = {"atout --help": [py, "-m", "atout", "--help"],
                "atout play --help": [py, "-m", "atout", "play", "--help"],
                "atout play (to the 1st turn)": play}
    out: dict[str, Line] = {"python -c pass": ([py, "-c", "pass"], env)}
    out.update({name: (cmd, env) for name, cmd in commands.items()})
    if base:
        base_env = dict(env, PYTHONPATH=base)
        out.update({f"base: {name}": (cmd, base_env) for name, cmd in commands.items()})
    return out


def main() -> None:
    """Print the medians."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base", help="another checkout's src folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        todo = lines(args.base, data)
        wall: dict[str, list[float]] = {k: [] for k in todo}
        cpu: dict[str, list[float]] = {k: [] for k in todo}
        for run in range(args.runs + 1):
            for name, (cmd, env) in todo.items():
                start, used = time.perf_counter(), _cpu()
                subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=env, check=True)
                if run:  # the first run writes the bytecode and the store
                    wall[name].append(time.perf_counter() - start)
                    cpu[name].append(_cpu() - used)
    bare_wall = statistics.median(wall["python -c pass"])
    bare_cpu = statistics.median(cpu["python -c pass"])
    print(f"{'':<36}{'wall':>10}{'':>8}{'CPU':>10}{'':>8}{'CPU / base':>12}")
    for name in todo:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        versus = ""
        if args.base and f"base: {name}" in todo:
            versus = f"{c / statistics.median(cpu[f'base: {name}']):10.2f}x"
        print(f"{name:<36}{1000 * w:8.1f} ms {w / bare_wall:5.1f}x {1000 * c:8.1f} ms "
              f"{c / bare_cpu:5.1f}x {versus}")


if __name__ == "__main__":
    main()
