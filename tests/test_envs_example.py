"""The training example of docs/envs.md runs end to end (a few seconds of it)."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_reinforce.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_reinforce", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_and_writes_its_curve(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    example = load_example()
    monkeypatch.setattr(sys, "argv", [
        "train_reinforce.py", "--game", "pitch", "--minutes", "0.05", "--rows", "8",
        "--batch", "256", "--evals", "2", "--eval-deals", "50", "--out", str(tmp_path)])
    example.main()
    curve = json.loads((tmp_path / "curve.json").read_text(encoding="utf-8"))
    assert curve["game"] == "pitch"
    assert len(curve["vs_random"]) == len(curve["vs_heuristic"]) >= 2
    assert curve["deals"][-1] > curve["deals"][0] == 0
    assert all(math.isfinite(x) and -10 < x < 10 for x in curve["vs_random"])
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_the_policy_only_picks_legal_actions() -> None:
    import numpy as np

    example = load_example()
    policy = example.Policy(size=5, actions=4, seed=1)
    rng = np.random.default_rng(0)
    obs = rng.normal(size=(200, 5))
    masks = (rng.random((200, 4)) < 0.5).astype(np.int8)
    masks[:, 2] = 1
    for greedy in (False, True):
        acts = policy.act(obs, masks, rng, greedy=greedy)
        assert masks[np.arange(200), acts].all()
