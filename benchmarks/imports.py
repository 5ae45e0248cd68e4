"""What importing atout's packages costs, against a bare ``python -c pass``.

Run by hand (never in CI)::

    python benchmarks/imports.py [--runs 20] [--base ../base/src]

Each run starts, in turn (so that the machine's load hits every line alike), ``python -c
pass``, ``import atout.envs``, ``import atout.server``, and the first use of each package's
main names (``from atout.envs import env``, ``from atout.server import create_app``, which
load numpy and Gymnasium, Starlette and the store), and with ``--base`` the same imports
from another checkout's ``src`` (first on ``PYTHONPATH``). The children write their bytecode
and one untimed run of each line comes first, as with an installed atout. Medians of the
wall time and of the CPU time (user + system of the child) are printed with each line's
multiple of the bare start (the issue's bar: ``import atout.envs`` and ``import atout.server``
at most 5×). For where the time goes, ``python -X importtime -c "import atout.envs"``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

STATEMENTS = {
    "import atout.envs": "import atout.envs",
    "import atout.server": "import atout.server",
    "from atout.envs import env": "from atout.envs import env",
    "from atout.server import create_app": "from atout.server import create_app",
}
"""The lines timed, by name."""


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def lines(src: str, base: str | None) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The command lines to time, by name, with their environments."""
    py = sys.executable
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    here = dict(env, PYTHONPATH=src)
    out = {"python -c pass": ([py, "-c", "pass"], here)}
    out.update({name: ([py, "-c", code], here) for name, code in STATEMENTS.items()})
    if base:
        there = dict(env, PYTHONPATH=base)
        out.update({f"base: {name}": ([py, "-c", code], there)
                    for name, code in STATEMENTS.items()})
    return out


def main() -> None:
    """Print the medians and the multiples of ``python -c pass``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--base", help="another checkout's src folder, for a before/after")
    args = parser.parse_args()
    src = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
    todo = lines(src, args.base)
    wall: dict[str, list[float]] = {k: [] for k in todo}
    cpu: dict[str, list[float]] = {k: [] for k in todo}
    for run in range(args.runs + 1):
        for name, (cmd, env) in todo.items():
            start, used = time.perf_counter(), _cpu()
            subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env, check=True)
            if run:  # the first run writes the bytecode
                wall[name].append(time.perf_counter() - start)
                cpu[name].append(_cpu() - used)
    bare_wall = statistics.median(wall["python -c pass"])
    bare_cpu = statistics.median(cpu["python -c pass"])
    print(f"{'':<44}{'wall':>10}{'':>8}{'CPU':>10}{'':>7}")
    for name in todo:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        print(f"{name:<44}{1000 * w:8.1f} ms {w / bare_wall:5.1f}x {1000 * c:8.1f} ms "
              f"{c / bare_cpu:5.1f}x")


if __name__ == "__main__":
    main()
