"""A policy is a player: hand-written policies in the tournament, the command line and the
environments, by object, by ``module:attribute`` spec and by entry point; frozen copies."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import atout
from atout.bots import make_bot, play_out, player_bot
from atout.bots.policy import PolicyBot, frozen
from atout.core import View
from atout.envs import single_agent, vector_env
from atout.tournament import Tournament, run
from cli_helpers import invoke
from policies import Lowest, lowest

GAMES = ("jass", "putze", "tarot", "pitch", "knock-rummy")
TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("spec", ["policies:lowest", "policies:lowest_policy",
                                  "policies:Lowest:offset=1"])
def test_a_spec_names_a_policy_that_plays_whole_deals(spec: str) -> None:
    rules = atout.make("jass")
    deal = rules.deal(seed=4)
    bots = [make_bot(spec, rules, s, 0) for s in range(rules.seats)]
    assert all(isinstance(b, PolicyBot) for b in bots)
    play_out(deal, bots)
    assert deal.is_over
    assert sum(deal.result.details["card_points"]) == 157


def test_a_policy_plays_the_action_it_names() -> None:
    rules = atout.make("pitch")
    seen: list[tuple[View, Any]] = []
    bots = [make_bot("random", rules, s, 1) for s in range(rules.seats)]
    bots[2] = player_bot(Lowest(offset=2), rules, 2, 0)
    deal = rules.deal(seed=2)
    play_out(deal, bots, watch=lambda view, action: seen.append((view, action)))
    mine = [(v, a) for v, a in seen if v.seat == 2]
    assert mine
    for view, action in mine:
        assert action.text == view.legal[2 % len(view.legal)]


@pytest.mark.parametrize(("spec", "words"), [
    ("no_such_package.agents:policy", "no module named 'no_such_package.agents'"),
    ("policies:nothing_here", "module 'policies' has no attribute 'nothing_here'"),
    ("policies:not_a_policy", "names a int, not a policy"),
    ("policies:Lowest:speed=3", "unexpected keyword argument 'speed'"),
    ("policies:lowest:speed=3", "takes no parameters"),
    ("policies:", "expected module:attribute"),
    ("no_such_bot", "or a policy as module:attribute"),
])
def test_bad_specs_are_refused_in_words(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        make_bot(spec, atout.make("jass"), 0, 0)


def test_an_illegal_choice_is_refused_in_words() -> None:
    rules = atout.make("jass")
    deal = rules.deal(seed=1)
    view = deal.view(deal.to_move or 0)
    wrong = next(a.text for a in rules.actions if a.text not in view.legal)
    bot = player_bot(lambda view: wrong, rules, deal.to_move or 0, 0)
    with pytest.raises(ValueError, match="may not play now: expected one of"):
        bot.choose(deal.view(deal.to_move or 0))
    with pytest.raises(ValueError, match="returned 'XX'"):
        player_bot(lambda view: "XX", rules, 0, 0).choose(deal.view(deal.to_move or 0))
    with pytest.raises(ValueError, match="is not a player"):
        player_bot(42, rules, 0, 0)


def test_an_entry_point_in_the_atout_bots_group_is_a_bot_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "my_agents-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-agents\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[atout.bots]\nlowest = policies:Lowest\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    rules = atout.make("pitch")
    deal = rules.deal(seed=3)
    play_out(deal, [make_bot("lowest:offset=1", rules, s, 0) for s in range(rules.seats)])
    assert deal.is_over
    with pytest.raises(ValueError, match="random, heuristic, search, lowest"):
        make_bot("highest", rules, 0, 0)


@pytest.mark.parametrize("game", GAMES)
def test_a_policy_object_plays_a_tournament(game: str) -> None:
    res = run(Tournament(game, bots=(Lowest(), "random"), deals=2, seed=5), workers=1)
    assert len(res.boards) == 2
    assert res.summaries()[0].name == "lowest"
    assert sum(b.decisions[0] for b in res.boards) > 0


def test_a_tournament_of_policies_gives_the_same_results_in_worker_processes() -> None:
    t = Tournament("pitch", bots=(Lowest(), lowest, "policies:Lowest:offset=1"), deals=4,
                   seed=2)
    one = run(t, workers=1)
    two = run(t, workers=2)
    assert [b.points for b in one.boards] == [b.points for b in two.boards]
    assert [s.name for s in one.summaries()] == ["lowest", "lowest",
                                                 "policies:Lowest:offset=1"]


def test_the_tournament_command_takes_a_module_attribute_spec(tmp_path: Path) -> None:
    got = invoke(["tournament", "pitch", "--bots", "policies:Lowest,heuristic", "--deals", "3",
                  "--workers", "1", "--no-plot", "--json", str(tmp_path / "t.json")])
    assert got.exit_code == 0, got.output
    assert "policies:Lowest - heuristic" in got.output
    bad = invoke(["tournament", "pitch", "--bots", "policies:nope,heuristic", "--deals", "3",
                  "--no-plot"])
    assert bad.exit_code == 2
    assert "module 'policies' has no attribute 'nope'" in bad.output


def test_a_user_runs_a_tournament_of_their_policy_from_the_shell(tmp_path: Path) -> None:
    src = Path(atout.__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), str(src)]))
    done = subprocess.run(
        [sys.executable, "-m", "atout", "tournament", "jass", "--bots",
         "policies:lowest,random", "--deals", "2", "--workers", "2", "--no-plot"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "policies:lowest - random" in done.stdout.replace("\n", " ")
    sim = subprocess.run(
        [sys.executable, "-m", "atout", "simulate", "pitch", "--bots", "policies:Lowest",
         "--games", "1"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert sim.returncode == 0, sim.stderr


@pytest.mark.parametrize("game", GAMES)
def test_policies_are_opponents_in_the_single_agent_environment(game: str) -> None:
    policy = Lowest()
    env = single_agent(game, opponents=policy)
    episodes = 0
    obs, _ = env.reset(seed=7)
    while episodes < 3:
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        obs, _, terminated, _, info = env.step(action)
        if terminated:
            assert "points" in info
            episodes += 1
            obs, _ = env.reset()
    assert policy.calls > 0


def test_a_list_of_players_mixes_policies_specs_and_names() -> None:
    env = single_agent("pitch", opponents=[Lowest(), "policies:lowest", "random"])
    obs, _ = env.reset(seed=1)
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ValueError, match="one bot name or 3 names"):
        single_agent("pitch", opponents=[Lowest()])
    with pytest.raises(ValueError, match="no attribute"):
        single_agent("pitch", opponents="policies:missing")


def test_policies_are_opponents_in_the_vector_environment() -> None:
    policy = Lowest()
    venv = vector_env("jass", 4, opponents=policy)
    batch = venv.reset(seed=3)
    finished = 0
    for _ in range(60):
        batch = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in batch.masks]))
        assert (batch.seats == 0).all()
        names = venv.action_names(batch.masks[0])
        assert names and all(n in venv.tables[0].game.view(0).legal for n in names)
        finished += int(batch.dones.sum())
    assert finished >= 4
    assert policy.calls > 0


def _episode_trace(opponents: Any, seed: int) -> list[Any]:
    """The learning seat's observations over one episode in which it always plays its
    lowest legal id: they change only if the opponents play differently."""
    env = single_agent("jass", opponents=opponents)
    obs, _ = env.reset(seed=seed)
    trace = [obs["observation"].copy()]
    terminated = False
    while not terminated:
        obs, reward, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        trace.append((obs["observation"].copy(), reward))
    return trace


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(
        np.array_equal(x[0], y[0]) and x[1] == y[1] if isinstance(x, tuple)
        else np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_self_play_against_frozen_copies_of_a_changing_learner() -> None:
    learner = Lowest()
    generations = []
    for _ in range(3):
        generations.append(frozen(learner))  # the opponent pool grows by one frozen copy
        learner.offset += 1  # "training" changes the learner
    assert [g.offset for g in generations] == [0, 1, 2]
    assert learner.offset == 3
    before = [_episode_trace(g, seed=11) for g in generations]
    live = _episode_trace(learner, seed=11)
    learner.offset = 0
    after = [_episode_trace(g, seed=11) for g in generations]
    assert all(_same(x, y) for x, y in zip(before, after, strict=True))
    # the learner itself, not frozen, plays differently once it changed (the check bites)
    assert not _same(live, _episode_trace(learner, seed=11))
    assert _same(before[0], _episode_trace(learner, seed=11))


def test_a_policy_that_cannot_be_copied_is_refused_in_words() -> None:
    class Stubborn:
        def __call__(self, view: View) -> str:
            return view.legal[0]

        def __deepcopy__(self, memo: dict[int, Any]) -> Stubborn:
            raise TypeError("holds a live socket")

    with pytest.raises(ValueError, match=r"cannot freeze .*Stubborn: deep copy failed"):
        frozen(Stubborn())


def test_a_step_tells_the_phase_the_legal_names_what_was_played_and_the_return() -> None:
    env = single_agent("pitch", opponents="random", shaping="tricks")
    obs, info = env.reset(seed=9)
    total = 0.0
    terminated = False
    seen = list(info["played"])
    while not terminated:
        assert info["legal_actions"] == env.action_names(obs["action_mask"])
        assert info["legal_actions"] == env.action_names()
        assert info["phase"] in ("auction", "play", "trump")
        obs, reward, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += reward
        assert info["return"] == pytest.approx(total)
        seen += info["played"]
    assert info["legal_actions"] == []
    assert "points" in info
    deal = env.table.game
    assert seen == list(deal.view(0).history)  # every action, each reported once


def test_action_names_reads_arrays_and_bitmasks_and_refuses_bad_masks() -> None:
    from atout.envs import action_names

    rules = atout.make("jass")
    mask = np.zeros(rules.num_actions, dtype=np.int8)
    mask[[0, 36]] = 1
    assert action_names(rules, mask) == [rules.actions[0].text, "trump H"]
    assert action_names(rules, 1 | 1 << 36) == action_names(rules, mask)
    with pytest.raises(ValueError, match="one row of"):
        action_names(rules, mask[:5])
    with pytest.raises(ValueError, match="beyond the game's"):
        action_names(rules, 1 << rules.num_actions)


def test_the_aec_environment_gives_the_agent_to_move_its_info() -> None:
    from atout.envs import raw_env

    env = raw_env("tarot", episode="match", match_options={"deals": 2})
    env.reset(seed=4)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            assert "points" in info and info["phase"]
            env.step(None)
            continue
        assert info["legal_actions"] == env.action_names(obs["action_mask"])
        assert len(info["scores"]) == 4
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps > 0


def test_an_observation_and_mask_agent_plays_as_a_policy() -> None:
    from atout.envs import ObservationPolicy, raw_env
    from policies import highest_id

    seen: list[tuple[Any, Any]] = []

    def record(obs: Any, mask: Any) -> int:
        seen.append((obs.copy(), mask.copy()))
        return highest_id(obs, mask)

    env = raw_env("tarot")
    env.reset(seed=6)
    policy = ObservationPolicy(record, "tarot")
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        action = policy(env.table.game.view(seat))
        assert np.array_equal(seen[-1][0], obs["observation"])  # the environment's encoding
        assert np.array_equal(seen[-1][1], obs["action_mask"])
        env.step(action)
    t = Tournament("tarot", bots=(ObservationPolicy(highest_id, "tarot", name="highest"),
                                  "random"), deals=2, seed=1)
    assert [b.points for b in run(t, workers=2).boards] == \
        [b.points for b in run(t, workers=1).boards]
    copy = frozen(policy)
    assert copy.agent is not policy.agent or copy.agent is record  # functions copy as themselves
    assert copy.table is not policy.table and copy.name == policy.name
    with pytest.raises(ValueError, match="agent must be callable"):
        ObservationPolicy(3, "tarot")


def test_a_server_player_cannot_make_the_server_import_a_module(tmp_path: Path) -> None:
    import asyncio

    from atout.server.hub import Hub, Settings
    from atout.store import Store
    from test_server_faults import a_conn

    module = "policies_never_imported"
    (tmp_path / f"{module}.py").write_text("raise SystemExit('imported')\n")

    async def scenario() -> list[dict[str, Any]]:
        hub = Hub(Store.open(str(tmp_path / "s.sqlite3")), Settings(bot_delay=0.0))
        token, _ = hub.accounts.guest("Host")
        host, frames = a_conn()
        await hub.receive(host, {"type": "hello", "protocol": 1, "token": token})
        await hub.receive(host, {"type": "create", "game": "jass", "seat": 0})
        table = max(hub.tables)
        await hub.receive(host, {"type": "bot", "table": table, "seat": 1,
                                 "bot": f"{module}:policy"})
        return frames

    sys.path.insert(0, str(tmp_path))
    try:
        frames = asyncio.run(scenario())
    finally:
        sys.path.remove(str(tmp_path))
    assert module not in sys.modules
    errors = [f for f in frames if f.get("type") == "error"]
    assert errors and "module:attribute spec is not taken here" in errors[-1]["message"]


def test_a_policy_is_the_opponent_in_the_console(tmp_path: Path) -> None:
    import io

    from atout.console import run_play
    from atout.store import Store

    out = io.StringIO()
    status = run_play("jass", lang="en", bot="policies:Lowest", deals=1, delay=0, seed=4,
                      data=tmp_path, stdin=io.StringIO("m\n" + "\n" * 40), stdout=out)
    text = out.getvalue()
    assert status == 0, text
    assert "Deal 1 is over" in text and "Game over" in text
    with Store.open(data=tmp_path) as store:
        assert [g.status for g in store.games()] == ["finished"]
    out = io.StringIO()
    assert run_play("jass", lang="en", bot="policies:missing", data=tmp_path,
                    stdin=io.StringIO(""), stdout=out) == 2
    assert "module 'policies' has no attribute 'missing'" in out.getvalue()


def test_a_policy_that_does_not_pickle_is_refused_in_words_for_worker_processes() -> None:
    t = Tournament("pitch", bots=(lambda view: view.legal[0], "random"), deals=2, seed=1)
    with pytest.raises(ValueError, match=r"cannot be sent to worker processes.*workers=1"):
        run(t, workers=2)
    assert len(run(t, workers=1).boards) == 2  # in this process it plays


def test_an_operator_installed_policy_plays_a_whole_game_at_a_server_table(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from atout.server.hub import Hub, Settings
    from atout.store import Store
    from test_server_faults import a_conn

    dist = tmp_path / "my_agents-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-agents\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[atout.bots]\nlowest = policies:Lowest\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    async def scenario() -> bool:
        hub = Hub(Store.open(str(tmp_path / "s.sqlite3")),
                  Settings(bot_delay=0.0, standin="lowest"))
        token, _ = hub.accounts.guest("Host")
        host, frames = a_conn()
        await hub.receive(host, {"type": "hello", "protocol": 1, "token": token})
        await hub.receive(host, {"type": "create", "game": "pitch", "seat": 0})
        table = max(hub.tables)
        for seat in (1, 2, 3):
            await hub.receive(host, {"type": "bot", "table": table, "seat": seat,
                                     "bot": "lowest"})
        assert not [f for f in frames if f.get("type") == "error"], frames
        await hub.receive(host, {"type": "start", "table": table})
        await hub.receive(host, {"type": "leave", "table": table})
        for _ in range(600):
            if hub.tables[table].match.is_over:
                return True
            await asyncio.sleep(0.05)
        return False

    assert asyncio.run(scenario())
