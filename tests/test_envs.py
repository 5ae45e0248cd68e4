"""The PettingZoo environments: PettingZoo's own checks for every game and player count,
rewards, options, rendering, registration and the documented encoding."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

import atout
from atout.envs import GAMES, SPECS, env, env_id, raw_env
from atout.envs.layout import layout_markdown
from envs_helpers import CONFIGS, IDS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "envs.md"




def random_episode(e: Any, seed: int) -> tuple[dict[str, float], dict[str, float]]:
    """Play one episode of random legal actions; each agent's total reward, and the points
    each agent's final info reports."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    points: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            points[agent] = info["points"]
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        for a, r in e.rewards.items():
            totals[a] += r
    return totals, points


def test_every_game_has_an_environment() -> None:
    assert set(GAMES) == {g.name for g in atout.games()}


@pytest.mark.parametrize(("game", "opts"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(game: str, opts: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice for non-Box observations
        api_test(env(game, **opts), num_cycles=300)
        api_test(raw_env(game, **opts), num_cycles=300)


@pytest.mark.parametrize(("game", "opts"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(game: str, opts: dict[str, Any]) -> None:
    seed_test(lambda: env(game, **opts), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_episode_and_other_seeds_differ(game: str) -> None:
    def observations(seed: int) -> list[bytes]:
        e = raw_env(game)
        e.reset(seed=seed)
        out = []
        for _ in range(6):
            obs = e.observe(e.agent_selection)
            out.append(obs["observation"].tobytes())
            if e.terminations[e.agent_selection]:
                break
            e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        return out

    assert observations(5) == observations(5)
    assert observations(5) != observations(6)


@pytest.mark.parametrize("game", GAMES)
def test_deal_rewards_are_the_zero_sum_points_scaled(game: str) -> None:
    e = raw_env(game)
    for seed in range(4):
        totals, final = random_episode(e, seed)
        points = [final[a] for a in e.possible_agents]
        assert points == e.table.points()
        mean = sum(points) / len(points)
        scale = e.table.reward_scale
        for a, p in zip(e.possible_agents, points, strict=True):
            assert totals[a] == pytest.approx((p - mean) / scale)
        assert sum(totals.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("game", [g for g in GAMES if SPECS[g].trick_points is not None])
def test_trick_shaping_pays_early_and_keeps_each_deals_total(game: str) -> None:
    shaped_deals = 0
    for seed in range(30):
        plain, shaped = raw_env(game), raw_env(game, shaping="tricks")
        plain.reset(seed=seed)
        shaped.reset(seed=seed)
        rng = random.Random(seed)
        totals = {e: dict.fromkeys(e.possible_agents, 0.0) for e in (plain, shaped)}
        paid_before_end = 0.0
        for agent in plain.agent_iter():
            obs, _, term, trunc, _ = plain.last()
            assert shaped.agent_selection == agent
            action = None if term or trunc else rng.choice(
                [int(i) for i in np.flatnonzero(obs["action_mask"])])
            plain.step(action)
            shaped.step(action)
            for e in (plain, shaped):
                for a, r in e.rewards.items():
                    totals[e][a] += r
            if not all(shaped.terminations.values()):
                assert not any(plain.rewards.values())  # unshaped: only at the end
                paid_before_end += sum(abs(r) for r in shaped.rewards.values())
        shaped_deals += paid_before_end > 0
        for a in plain.possible_agents:
            assert totals[shaped][a] == pytest.approx(totals[plain][a])
        if shaped_deals >= 3:
            return
    raise AssertionError(f"{game}: shaping paid before the end in {shaped_deals} deals of 30")


def test_shaping_refused_for_a_game_without_tricks() -> None:
    with pytest.raises(ValueError, match="no tricks"):
        raw_env("knock-rummy", shaping="tricks")


@pytest.mark.parametrize("game", ["jass", "pitch", "knock-rummy"])
def test_a_whole_match_is_one_episode(game: str) -> None:
    options: dict[str, Any] = {"deals": 3, "target": 1000} if game == "knock-rummy" else {}
    e = raw_env(game, episode="match", **options)
    totals, final = random_episode(e, 3)
    table = e.table
    match = table.game
    assert isinstance(match, atout.Match) and match.is_over
    assert len(match.deals) >= 2
    scores = list(match.result.scores)
    mean = sum(scores) / len(scores)
    for a, s in zip(e.possible_agents, scores, strict=True):
        assert totals[a] == pytest.approx((s - mean) / table.reward_scale)
        assert final[a] == s


def test_match_observations_carry_the_match_scores() -> None:
    e = raw_env("pitch", episode="match")
    e.reset(seed=2)
    blocks = {b.name: b for b in e.table.encoder.layout()}
    assert {"match_scores", "deal_number"} <= set(blocks)
    assert e.table.encoder.size == raw_env("pitch").table.encoder.size + 4 + 1


def test_an_illegal_action_raises_in_the_raw_env_and_changes_nothing() -> None:
    e = raw_env("jass")
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.observe(agent)["observation"].copy()
    with pytest.raises(atout.IllegalAction, match=r"\w"):
        e.step(illegal)
    assert e.agent_selection == agent
    assert np.array_equal(e.observe(agent)["observation"], before)


@pytest.mark.parametrize("bad", [-1, 10_000, 2.5, True, "zz"])
def test_the_table_refuses_any_action_that_is_not_a_legal_id_in_words(bad: Any) -> None:
    # a deal episode plays legal ids through the engine's unchecked step: anything else must
    # still reach the engine's checks, be refused in words and change nothing
    from atout.envs.table import Table

    table = Table("tarot")
    table.reset(seed=2)
    before = table.game.history
    with pytest.raises(atout.IllegalAction, match=r"\w"):
        table.play(bad)
    assert table.game.history == before


def test_an_illegal_action_ends_the_wrapped_env_with_a_penalty() -> None:
    e = env("jass", illegal_reward=-2.0)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns of the illegal move
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e.rewards[agent] == -2.0
    assert all(r == 0 for a, r in e.rewards.items() if a != agent)


@pytest.mark.parametrize(("args", "message"), [
    ({"game": "belote"}, "jass, putze, tarot, pitch, knock-rummy"),
    ({"game": "jass", "players": 3}, "unknown option 'players'"),
    ({"game": "jass", "episode": "set"}, "'deal', 'match'"),
    ({"game": "jass", "shaping": "cards"}, "'none', 'tricks'"),
    ({"game": "jass", "reward_scale": 0}, "positive number"),
    ({"game": "jass", "render_mode": "rgb_array"}, "'human', 'ansi'"),
    ({"game": "jass", "lang": "de"}, "unknown language"),
])
def test_bad_arguments_are_refused_in_words(args: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(**args)


def test_game_options_are_passed_to_the_rules() -> None:
    e = raw_env("putze", players=3, preset="regle-27")
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.table.rules.options_dict() == atout.make(
        "putze", players=3, preset="regle-27").options_dict()


def test_render_says_the_seat_to_move_its_hand_and_choices() -> None:
    e = raw_env("jass", render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    assert isinstance(text, str)
    assert "Your turn" in text and "You hold 9 cards" in text and "You may" in text
    fr = raw_env("jass", render_mode="ansi", lang="fr")
    fr.reset(seed=4)
    assert fr.render() != text


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("pitch", render_mode="human")
    e.reset(seed=0)
    assert e.render() is None
    assert "You hold 6 cards" in capsys.readouterr().out


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_pettingzoo(game: str) -> None:
    assert env_id(game) == f"atout/{game}-v{SPECS[game].version}"
    made = pettingzoo.make("aec", env_id(game))
    made.reset(seed=0)
    assert made.unwrapped.table.name == game


def test_the_encoding_of_every_game_is_documented() -> None:
    """docs/envs.md carries each game's layout as generated: a change to an encoding fails
    here until the docs (and the version) follow it."""
    docs = DOCS.read_text(encoding="utf-8")
    for game in GAMES:
        assert layout_markdown(game) in docs, f"docs/envs.md: the {game} layout is stale"
        assert f"| {env_id(game)} |" in docs, f"docs/envs.md: no version history for {game}"


def test_nothing_outside_envs_imports_envs() -> None:
    src = Path(atout.__file__).resolve().parent
    for path in src.rglob("*.py"):
        if "envs" in path.relative_to(src).parts:
            continue
        assert "atout.envs" not in path.read_text(encoding="utf-8"), path


def test_match_options_reach_the_match() -> None:
    e = raw_env("tarot", episode="match", match_options={"deals": 2})
    random_episode(e, 1)
    match = e.table.game
    assert isinstance(match, atout.Match) and len(match.deals) == 2
    with pytest.raises(ValueError, match="deals"):
        raw_env("tarot", episode="match", match_options={"deals": 0})
    with pytest.raises(ValueError, match="only with episode='match'"):
        raw_env("tarot", match_options={"deals": 2})


def test_the_package_example_runs() -> None:
    import doctest

    import atout.envs

    result = doctest.testmod(atout.envs)
    assert result.attempted >= 4 and result.failed == 0


def test_an_env_pickles_with_its_arguments() -> None:
    import pickle

    e = raw_env("tarot", players=5, shaping="tricks", render_mode="ansi")
    copy = pickle.loads(pickle.dumps(e))
    copy.reset(seed=1)
    e.reset(seed=1)
    assert copy.possible_agents == e.possible_agents
    assert copy.table.shaping == "tricks"
    assert copy.render() == e.render()
