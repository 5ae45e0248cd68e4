"""``atout unfinished``, ``history``, ``stats``, ``delete`` and ``replay NUMBER``: the store's
games said in plain sentences, in English and French."""

from __future__ import annotations

import io
from pathlib import Path

from atout.console import run_play, run_replay
from atout.console.listings import run_delete, run_history, run_stats, run_unfinished
from atout.store import Store
from cli_helpers import invoke


def play(tmp_path: Path, game: str, seed: int, keys: str, **kw: object) -> str:
    out = io.StringIO()
    status = run_play(game, lang="en", delay=0, seed=seed, data=tmp_path,
                      stdin=io.StringIO(keys), stdout=out, **kw)  # type: ignore[arg-type]
    assert status == 0
    return out.getvalue()


def listing(fn: object, tmp_path: Path, lang: str, **kw: object) -> str:
    out = io.StringIO()
    assert fn(lang=lang, data=tmp_path, stdout=out, **kw) == 0  # type: ignore[operator]
    return out.getvalue()


def test_lists_and_stats_in_both_languages(tmp_path: Path) -> None:
    assert "No unfinished game." in listing(run_unfinished, tmp_path, "en")
    assert "Aucune partie terminée" in listing(run_history, tmp_path, "fr")
    play(tmp_path, "jass", 4, "\n" * 60, deals=1)           # game 1, finished
    play(tmp_path, "jass", 5, "\n" * 60, deals=1, bot="random")  # game 2, finished
    play(tmp_path, "pitch", 6, "q\n", seat=1)                  # game 3, unfinished
    with Store.open(data=tmp_path) as store:
        won = {g.id: g.result["winners"] for g in store.games(status="finished")
               if g.result is not None}
    assert set(won) == {1, 2}

    text = listing(run_unfinished, tmp_path, "en")
    assert "Game 3: Auction Pitch" in text and ", seat 1, against heuristic;" in text
    assert "Game 1" not in text and "atout play --resume NUMBER" in text
    text = listing(run_history, tmp_path, "en")
    lines = [line for line in text.splitlines() if line.startswith("Game ")]
    assert [line.split(":")[0] for line in lines] == ["Game 2", "Game 1"]
    for gid, line in zip((2, 1), lines, strict=True):
        assert ("you won" if 0 in won[gid] else "you lost") in line
    assert "against random" in lines[0] and "against heuristic" in lines[1]
    fr = listing(run_history, tmp_path, "fr", game="jass", limit=1)
    assert "Partie 2 : Jass suisse" in fr and ("vous avez gagné" in fr or "vous avez perdu"
                                                 in fr)
    assert "Partie 1" not in fr

    stats = listing(run_stats, tmp_path, "en")
    assert "Swiss Jass (Schieber) (standard rules) against heuristic: 1 game, " in stats
    assert "Swiss Jass (Schieber) (standard rules) against random: 1 game, " in stats
    assert "Pitch" not in stats  # not finished
    assert "contre heuristic : 1 partie" in listing(run_stats, tmp_path, "fr", game="jass")


def test_delete_asks_first_and_replay_by_number(tmp_path: Path) -> None:
    play(tmp_path, "jass", 4, "\n" * 60, deals=1)
    out = io.StringIO()
    assert run_delete(1, lang="en", data=tmp_path, stdin=io.StringIO("no\n"),
                      stdout=out) == 1
    assert "Nothing was deleted." in out.getvalue()
    out = io.StringIO()
    assert run_replay("1", lang="fr", data=tmp_path, stdin=io.StringIO("end\ns\nq\n"),
                      stdout=out) == 0
    assert "Fin de la partie rejouée" in out.getvalue()
    out = io.StringIO()
    assert run_delete(1, lang="fr", data=tmp_path, stdin=io.StringIO("oui\n"),
                      stdout=out) == 0
    assert "La partie 1 est supprimée." in out.getvalue()
    out = io.StringIO()
    assert run_replay("1", lang="en", data=tmp_path, stdout=out) == 2
    assert "Cannot replay: There is no game number 1." in out.getvalue()
    out = io.StringIO()
    assert run_delete(1, yes=True, lang="en", data=tmp_path, stdout=out) == 2
    assert "There is no game number 1." in out.getvalue()


def test_resume_by_number_and_by_game(tmp_path: Path) -> None:
    play(tmp_path, "jass", 4, "q\n")   # game 1
    play(tmp_path, "pitch", 4, "q\n", seat=1)  # game 2, the latest
    said = play(tmp_path, "jass", 4, "q\n", resume=True)  # the latest jass game
    assert "Game 1 resumed." in said
    said = play(tmp_path, "2", 4, "q\n", resume=True)
    assert "Game 2 resumed." in said and "Auction Pitch" in said
    out = io.StringIO()
    assert run_play("7", lang="en", resume=True, data=tmp_path, stdin=io.StringIO(""),
                    stdout=out) == 2
    assert "There is no game number 7." in out.getvalue()
    play(tmp_path, "jass", 4, "\n" * 60, deals=1)  # game 3, finished
    out = io.StringIO()
    assert run_play("3", lang="en", resume=True, data=tmp_path, stdin=io.StringIO(""),
                    stdout=out) == 2
    assert "Game 3 is over: atout replay 3 replays it." in out.getvalue()


def test_a_resumed_game_keeps_its_language_seat_and_options(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_play("putze", lang="fr", options={"players": 3}, seat=2, delay=0, seed=9,
                    data=tmp_path, stdin=io.StringIO("q\n"), stdout=out) == 0
    out = io.StringIO()
    assert run_play(resume=True, delay=0, data=tmp_path, stdin=io.StringIO("s\nq\n"),
                    stdout=out) == 0
    said = out.getvalue()
    assert "Partie 1 reprise." in said and "C'est la donne 1." in said
    with Store.open(data=tmp_path) as store:
        game = store.get(1).summary
    assert game.options["players"] == 3 and game.client["seat"] == 2


def test_the_commands_exist_on_the_command_line(tmp_path: Path) -> None:
    env = {"ATOUT_DATA_DIR": str(tmp_path)}
    for command in ("unfinished", "history", "stats"):
        result = invoke([command, "--lang", "en"], env=env)
        assert result.exit_code == 0, result.output
        assert "No " in result.output
    result = invoke(["history", "--lang", "xx"], env=env)
    assert result.exit_code != 0 and "expected fr or en" in result.output
    result = invoke(["stats", "--db", "mysql://x@y/z", "--lang", "en"], env=env)
    assert result.exit_code == 2 and "is not a database address" in result.output


class DeletingKeys(io.StringIO):
    """Keys that delete the game from the store (as another window would) before the first
    key is read."""

    def __init__(self, data: Path, keys: str) -> None:
        super().__init__(keys)
        self.data = data
        self.done = False

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if not self.done:
            self.done = True
            with Store.open(data=self.data) as store:
                store.delete(1)
        return super().readline(size)


def test_a_move_the_store_refuses_stops_the_game_in_words(tmp_path: Path) -> None:
    out = io.StringIO()
    status = run_play("jass", lang="en", delay=0, seed=4, data=tmp_path,
                      stdin=DeletingKeys(tmp_path, "\n\n"), stdout=out)
    said = out.getvalue()
    assert status == 1
    assert ("This move could not be saved: There is no game number 1. The game stops here; "
            "it resumes from the last saved move.") in said
    assert "You play the " not in said  # the move that could not be saved is not said
