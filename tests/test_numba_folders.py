"""The test session's numba cache folder: owned by its process, and the folder of a session
that was killed is removed by the next one, never a running session's nor a folder not ours."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from numba_folders import OWNER, PREFIX, alive, session_folder, sweep


def _dead_pid() -> int:
    """The pid of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _folder(parent: Path, name: str, owner: str | None) -> Path:
    folder = parent / (PREFIX + name)
    (folder / "main").mkdir(parents=True)
    (folder / "main" / "kernel.nbi").write_bytes(b"cached")
    if owner is not None:
        (folder / OWNER).write_text(owner, encoding="ascii")
    return folder


def test_a_killed_sessions_folder_is_swept_and_the_others_stay(tmp_path: Path) -> None:
    dead = _dead_pid()
    assert not alive(dead)
    killed = _folder(tmp_path, "killed", f"{dead}\n")
    running = _folder(tmp_path, "running", f"{os.getppid()}\n")
    mine = _folder(tmp_path, "mine", f"{os.getpid()}\n")
    unowned = _folder(tmp_path, "old", None)
    garbled = _folder(tmp_path, "garbled", "not a pid")
    other = tmp_path / "something-else"
    other.mkdir()
    (other / OWNER).write_text(f"{dead}\n", encoding="ascii")

    assert sweep(tmp_path) == [killed]
    assert not killed.exists()
    for kept in (running, mine, unowned, garbled, other):
        assert kept.is_dir()


def test_a_new_session_folder_is_owned_and_sweeps_first(tmp_path: Path) -> None:
    killed = _folder(tmp_path, "killed", f"{_dead_pid()}\n")
    folder = session_folder(tmp_path)
    assert folder.parent == tmp_path and folder.name.startswith(PREFIX)
    assert (folder / OWNER).read_text(encoding="ascii").strip() == str(os.getpid())
    assert not killed.exists()
    assert sweep(tmp_path) == []  # its own folder is never swept
    assert folder.is_dir()
