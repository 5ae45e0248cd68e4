"""The history of a game in play (``/api/games/N``) as each viewer may see it: an action
hidden from a seat is hidden in that seat's history and in the public one, shown to the seat
that made it (a Tarot taker's discard); the events are the viewer's; the view is its own."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import atout
from atout.server.history import history_for
from atout.store import SeatInfo, Store


def with_hidden_action(game: str) -> tuple[atout.Match, list[str]]:
    """A match played at random until some seat cannot see an action; its actions."""
    for seed in range(200):
        rng = random.Random(seed)
        match = atout.make(game).match(seed=seed)
        played: list[str] = []
        while not match.is_over and len(match.deals) == 0:
            action = rng.choice(match.legal_actions())
            match.play(action)
            played.append(action.text)
            if any(text is None for s in range(match.seats)
                   for _, text in match.deal.seen_history(s)):
                return match, played
    raise AssertionError(f"no {game} game with a hidden action in 200 seeds")


@pytest.mark.parametrize("game", ["tarot"])
def test_a_hidden_action_stays_hidden_in_the_history_of_a_game_in_play(
        tmp_path: Path, game: str) -> None:
    match, played = with_hidden_action(game)
    with Store.open(str(tmp_path / "h.sqlite3")) as store:
        gid = store.create_game(game, match.rules.options_dict(), match.save()["match"],
                                [SeatInfo() for _ in range(match.seats)], source="server")
        store.append_many(gid, 0, list(zip(match.deal.actors, played, strict=True)))
        record = store.get(gid)
    hidden_at = len(played) - 1  # the last action is the one some seat could not see
    actor = match.deal.actors[hidden_at]
    for seat in [*range(match.seats), None]:
        answer = history_for(record, seat)
        assert answer["status"] == "playing" and answer["actions_count"] == len(played)
        assert "match" not in answer and "actions" not in answer
        history = answer["history"]
        assert isinstance(history, list)
        last = history[hidden_at]
        assert isinstance(last, dict) and last["seat"] == actor
        if seat is not None:
            seen = [text for _, text in match.deal.seen_history(seat)]
            assert [h["action"] for h in history if isinstance(h, dict)] == seen
            assert answer["view"] == match.view(seat).to_dict()
        else:
            assert last["action"] is None  # someone could not see it: not public
            view = answer["view"]
            assert isinstance(view, dict) and view["hand"] == [] and view["legal"] == []
        if seat == actor:
            assert last["action"] == played[hidden_at]
    blind = next(s for s in range(match.seats) if match.deal.seen_history(s)[-1][1] is None)
    mine, theirs = history_for(record, actor)["history"], history_for(record, blind)["history"]
    assert isinstance(mine, list) and isinstance(theirs, list) and blind != actor
    assert [h["action"] for h in theirs] == [
        None if i == hidden_at else h["action"]
        for i, h in enumerate(mine)]
    assert history_for(record, None, upto=3)["actions_count"] == 3
