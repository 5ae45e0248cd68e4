"""Saving a long run's records one file each, so that a run can stop and resume."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def save_record(path: Path, record: dict[str, Any]) -> None:
    """``record`` as JSON in ``path``: written whole to a file beside it, then renamed, so a
    run stopped at any moment leaves no half record (a record saved is one to skip). The
    file beside it is this process's own: two runs whose ranges overlap may both write the
    same record (the same, as a board repeats by seed) without taking each other's file."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(record), encoding="utf-8")
    tmp.replace(path)
