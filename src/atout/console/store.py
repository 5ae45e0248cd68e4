"""Saved games: the game in progress (resumed by ``atout play --resume``) and finished games
kept for ``atout replay``.

Files live in the user's data folder: ``$ATOUT_DATA_DIR``, else ``$XDG_DATA_HOME/atout``,
else ``~/.local/share/atout`` (the ``--data-dir`` option overrides all three).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from atout.core import JSON

FORMAT = "atout-console"
VERSION = 1
CURRENT = "current-game.json"


def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder for saved games (not created here)."""
    if override:
        return Path(override)
    env = os.environ.get("ATOUT_DATA_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "atout"


def record(game: str, options: Mapping[str, JSON], match_save: Mapping[str, JSON], seat: int,
           bot: str, deals: int | None, finished: bool) -> dict[str, JSON]:
    """A saved game: the match record plus the client's settings."""
    return {"format": FORMAT, "version": VERSION, "game": game, "options": dict(options),
            "match": dict(match_save), "seat": seat, "bot": bot, "deals": deals,
            "finished": finished}


def write(path: Path, rec: Mapping[str, JSON]) -> Path:
    """Write a record as JSON (atomically), creating the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(rec, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)
    return path


def read(path: Path) -> dict[str, Any]:
    """A saved record; ``ValueError`` in words when it is missing or not a saved game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"no saved game at {path}") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a saved game: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a saved game")
    if data.get("format") != FORMAT:
        # a bare Match.save() record is accepted too
        if "game" in data and "match" in data and "actions" in data:
            return {"format": FORMAT, "version": VERSION, "game": data["game"],
                    "options": data.get("options") or {}, "match": data, "seat": 0,
                    "bot": "random", "deals": None, "finished": True}
        raise ValueError(f"{path} is not a saved atout game")
    return data


def current_path(folder: Path) -> Path:
    """Where the game in progress is saved."""
    return folder / CURRENT


def finished_path(folder: Path, game: str) -> Path:
    """A new file name for a finished game."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / "finished" / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / "finished" / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


__all__ = ["current_path", "data_dir", "finished_path", "read", "record", "write"]
