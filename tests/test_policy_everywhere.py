"""One hand-written policy object, no training, plays whole games everywhere a bot name is
taken: the tournament, the console (as the opponent) and a server table (offered by the
operator, ``atout serve --bot NAME=module:attr``)."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path
from typing import Any

import pytest

import policies
from atout.bots import bot_names, make_bot, register_spec, unregister_bot
from atout.tournament import Tournament, run
from cli_helpers import invoke


@pytest.fixture
def offered() -> Any:
    """``policies:everywhere`` offered as the bot ``everywhere`` (then withdrawn)."""
    register_spec("everywhere", "policies:everywhere")
    yield policies.everywhere
    unregister_bot("everywhere")


def server_game(tmp_path: Path, game: str, bot: str) -> bool:
    """A host seats ``bot`` in every other seat of a new table, starts and leaves: the
    stand-in plays for the host, the bots for the rest; whether the game ends."""
    from atout.server.hub import Hub, Settings
    from atout.store import Store
    from test_server_faults import a_conn

    async def scenario() -> bool:
        hub = Hub(Store.open(str(tmp_path / "s.sqlite3")),
                  Settings(bot_delay=0.0, standin=bot))
        token, _ = hub.accounts.guest("Host")
        host, frames = a_conn()
        await hub.receive(host, {"type": "hello", "protocol": 1, "token": token})
        await hub.receive(host, {"type": "create", "game": game, "seat": 0})
        table = max(hub.tables)
        for seat in range(1, hub.tables[table].rules.seats):
            await hub.receive(host, {"type": "bot", "table": table, "seat": seat, "bot": bot})
        assert not [f for f in frames if f.get("type") == "error"], frames
        await hub.receive(host, {"type": "start", "table": table})
        await hub.receive(host, {"type": "leave", "table": table})
        for _ in range(4500):  # 90 s at most, for a loaded machine
            if hub.tables[table].match.is_over:
                return True
            await asyncio.sleep(0.02)
        return False

    return asyncio.run(scenario())


@pytest.mark.timeout(400)  # three whole games; minutes on a loaded machine
def test_one_policy_object_plays_whole_games_in_the_tournament_the_console_and_a_server(
        tmp_path: Path, offered: Any) -> None:
    from atout.console import run_play
    from atout.store import Store

    policy = offered
    # the tournament: the object itself
    before = policy.calls
    res = run(Tournament("pitch", bots=(policy, "heuristic"), deals=4, seed=3), workers=1)
    assert len(res.boards) == 4 and res.summaries()[0].name == "lowest"  # its name attribute
    assert policy.calls > before
    # the console: the same object as the opponent, by its spec, a whole game
    before = policy.calls
    out = io.StringIO()
    status = run_play("pitch", lang="en", bot="policies:everywhere", delay=0, seed=4,
                      options={"max_hands": 30}, data=tmp_path / "console",
                      stdin=io.StringIO("m\n" + "\n" * 3000), stdout=out)
    assert status == 0, out.getvalue()[-2000:]
    assert "Game over" in out.getvalue()
    assert policy.calls > before
    with Store.open(data=tmp_path / "console") as store:
        assert [g.status for g in store.games()] == ["finished"]
    # a server table: offered by the operator under a name, seated by a player, a whole game
    before = policy.calls
    assert server_game(tmp_path, "pitch", "everywhere")
    assert policy.calls > before


def test_an_offered_bot_is_a_name_the_players_may_choose(offered: Any) -> None:
    import atout

    assert "everywhere" in bot_names()
    rules = atout.make("jass")
    bot = make_bot("everywhere", rules, 1, 0, specs=False)  # a player's words: names only
    deal = rules.deal(seed=1)
    while deal.to_move != 1:
        deal.play(deal.view(deal.to_move).legal[0])
    assert bot.choose(deal.view(1)).text in deal.view(1).legal


def test_bad_offers_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="is taken"):
        register_spec("heuristic", "policies:everywhere")
    with pytest.raises(ValueError, match="letters, digits"):
        register_spec("my bot", "policies:everywhere")
    with pytest.raises(ValueError, match="has no attribute 'nope'"):
        register_spec("nope", "policies:nope")
    with pytest.raises(ValueError, match="not a policy"):
        register_spec("number", "policies:not_a_policy")
    assert "nope" not in bot_names() and "number" not in bot_names()
    got = invoke(["serve", "--bot", "policies:everywhere"])
    assert got.exit_code == 2 and "expected NAME=MODULE:ATTR" in got.output
    got = invoke(["serve", "--bot", "mine=policies:missing"])
    assert got.exit_code == 2 and "has no attribute 'missing'" in got.output
