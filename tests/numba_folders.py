"""The test session's numba cache folder: made in the temporary folder, marked with the
process that owns it, and removed at the session's end; a folder left by a session that was
killed (whose ``atexit`` never ran) is removed by the next session that starts."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

PREFIX = "atout-numba-"
"""The start of every session folder's name."""

OWNER = "owner.pid"
"""The file in a session folder that names the process that made it."""


def alive(pid: int) -> bool:
    """Whether a process ``pid`` runs (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep(parent: Path) -> list[Path]:
    """Remove the session folders under ``parent`` whose owner no longer runs; the folders
    removed. A folder with no owner file, or one that cannot be read, is left alone: it may
    be a session's that is still making it, or not ours."""
    gone = []
    for folder in parent.glob(PREFIX + "*"):
        try:
            pid = int((folder / OWNER).read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            continue
        if pid != os.getpid() and not alive(pid):
            shutil.rmtree(folder, ignore_errors=True)
            gone.append(folder)
    return gone


def session_folder(parent: Path | None = None) -> Path:
    """A new session folder under ``parent`` (the temporary folder by default), owned by
    this process, after sweeping the folders of sessions that were killed."""
    root = Path(tempfile.gettempdir()) if parent is None else parent
    sweep(root)
    folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=root))
    (folder / OWNER).write_text(f"{os.getpid()}\n", encoding="ascii")
    return folder
