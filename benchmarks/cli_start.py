"""How long the command line takes to start, against a bare ``python -c pass``.

Run by hand (never in CI)::

    python benchmarks/cli_start.py [--runs 15] [--base /tmp/base/src]

Each run starts ``python -c pass``, ``python -m atout --help`` and ``python -m atout play
--help`` (and the same two with another checkout's ``src`` first on ``PYTHONPATH``) in
turn, so that the machine's load hits every line alike; medians are reported, with each
line's multiple of the bare start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def main() -> None:
    """Print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base", help="another checkout's src folder")
    args = parser.parse_args()
    py = sys.executable
    lines: dict[str, tuple[list[str], dict[str, str] | None]] = {
        "python -c pass": ([py, "-c", "pass"], None),
        "atout --help": ([py, "-m", "atout", "--help"], None),
        "atout play --help": ([py, "-m", "atout", "play", "--help"], None),
    }
    if args.base:
        base_env = dict(os.environ, PYTHONPATH=args.base)
        lines["base: atout --help"] = ([py, "-m", "atout", "--help"], base_env)
        lines["base: atout play --help"] = ([py, "-m", "atout", "play", "--help"], base_env)
    times: dict[str, list[float]] = {k: [] for k in lines}
    for _ in range(args.runs):
        for name, (cmd, env) in lines.items():
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                           check=True)
            times[name].append(time.perf_counter() - start)
    bare = statistics.median(times["python -c pass"])
    for name, values in times.items():
        m = statistics.median(values)
        print(f"{name:<26}{1000 * m:8.1f} ms {m / bare:6.1f}x")


if __name__ == "__main__":
    main()
