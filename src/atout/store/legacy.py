"""The console's earlier save files: read them, and import them into the store once.

Before the store, ``atout play`` kept the game in progress in ``current-game.json`` and each
finished game in ``finished/GAME-DATE.json`` of the data folder. :func:`import_folder` copies
each into the store the first time the store is opened there, and remembers it (and any file
it had to refuse, with the reason) so that nothing is imported twice. The files are left
where they are.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import StoreError
from .records import SeatInfo, stopped_result
from .store import Store

FORMAT = "atout-console"
CURRENT = "current-game.json"


def read_file(path: Path) -> dict[str, Any]:
    """A saved record of the earlier console (or a bare :meth:`atout.Match.save` record);
    ``ValueError`` in words when it is missing or not a saved game."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"no saved game at {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a saved game: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a saved game")
    if data.get("format") != FORMAT:
        if "game" in data and "match" in data and "actions" in data:
            return {"format": FORMAT, "game": data["game"],
                    "options": data.get("options") or {}, "match": data, "seat": 0,
                    "bot": "random", "deals": None, "finished": True}
        raise ValueError(f"{path} is not a saved atout game")
    if not isinstance(data.get("match"), dict) or not isinstance(data.get("game"), str):
        raise ValueError(f"{path} is not a saved atout game: no game or match in it")
    return data


def save_files(folder: Path) -> list[Path]:
    """The earlier console's save files in a data folder, oldest kind first."""
    found = [folder / CURRENT] if (folder / CURRENT).is_file() else []
    finished = folder / "finished"
    if finished.is_dir():
        found += sorted(p for p in finished.glob("*.json") if p.is_file())
    return found


@dataclass
class ImportReport:
    """What one import did: the games made, and the files refused with their reasons."""

    games: list[int] = field(default_factory=list)
    refused: list[tuple[Path, str]] = field(default_factory=list)


def import_folder(store: Store, folder: Path, player: int) -> ImportReport:
    """Import every save file of ``folder`` not imported before, as games of ``player``."""
    report = ImportReport()
    files = save_files(folder)
    if not files:
        return report
    done = store.imported()
    for path in files:
        key = str(path.resolve())
        if key in done:
            continue
        try:
            sha = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as exc:
            report.refused.append((path, str(exc)))
            continue
        try:
            game_id = import_file(store, path, player)
        except ValueError as exc:
            store.mark_imported(key, sha, None, str(exc))
            report.refused.append((path, str(exc)))
            continue
        store.mark_imported(key, sha, game_id)
        report.games.append(game_id)
    return report


def import_file(store: Store, path: Path, player: int) -> int:
    """One save file as a new game of the store; its number. ``ValueError`` if the file is
    not a saved game or does not replay."""
    import atout

    rec = read_file(path)
    saved = rec["match"]
    try:
        rules = atout.make(str(rec["game"]), **dict(rec.get("options") or {}))
        match = rules.match(**dict(saved.get("match") or {}))
        seat = int(rec.get("seat") or 0)
        moves: list[tuple[int, str]] = []
        for deal in saved.get("actions") or []:
            for text in deal:
                actor = match.to_move
                match.play(str(text))
                moves.append((actor if actor is not None else -1, str(text)))
    except (TypeError, KeyError) as exc:
        raise ValueError(f"{path} is not a saved atout game: {exc}") from None
    except ValueError as exc:  # an unknown option, or an action that does not replay
        raise ValueError(f"{path} does not replay: {exc}") from None
    if not 0 <= seat < rules.seats:
        raise ValueError(f"{path} names seat {seat} of a {rules.seats}-seat game")
    bot = str(rec.get("bot") or "random")
    seats = [SeatInfo(player_id=player) if s == seat else SeatInfo(bot=bot)
             for s in range(rules.seats)]
    client: dict[str, Any] = {"seat": seat, "bot": bot, "deals": rec.get("deals"),
                              "file": path.name}
    try:
        game_id = store.create_game(rules.name, rules.options_dict(), dict(saved["match"]),
                                    seats, client=client, source="import")
        store.append_many(game_id, 0, moves)
        if rec.get("finished") or match.is_over:
            store.finish(game_id, match.result if match.is_over else stopped_result(
                match.scores, len(match.deals)))
    except StoreError as exc:
        raise ValueError(f"{path} could not be imported: {exc}") from None
    return game_id


__all__ = ["ImportReport", "import_file", "import_folder", "read_file", "save_files"]
