"""benchmarks/clairvoyant.py plays a board as ``atout tournament`` does and gives the share of
the bound (docs/bots.md quotes it); both searches take the same settings."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.bots.search import SearchBot
from atout.tournament import Tournament, play_board
from benchmark_helpers import load_benchmark


@pytest.mark.parametrize(("game", "options", "others"), [
    ("pitch", {"players": 2}, 1), ("jass", {}, 1), ("tarot", {}, 3)])
def test_a_board_is_the_tournaments(game: str, options: dict[str, Any], others: int) -> None:
    bench = load_benchmark("clairvoyant")
    rules = atout.make(game, **options)
    bots = ("random", *["heuristic"] * others)
    t = Tournament(game, bots, deals=3, seed=1, options=options)
    for index in range(2):
        got = bench.play(rules, "random", 1, index)
        per = play_board(t, index).bot_points(len(bots))
        assert got["margin"] == pytest.approx(per[0] - statistics.fmean(per[1:]))
        assert got["margin"] != 0
        assert got["decisions"] > 0


def test_the_share_and_its_interval() -> None:
    bench = load_benchmark("clairvoyant")
    h = [0.0, 1.0, -2.0, 0.5, 3.0, -1.0, 2.0, 0.0]
    c = [4.0, 7.0, 1.0, 5.0, 9.0, 2.0, 8.0, 3.0]
    s = [x + (y - x) / 4 for x, y in zip(h, c, strict=True)]
    share, lo, hi = bench.share_ci(h, s, c)
    assert share == pytest.approx(0.25)
    assert lo == pytest.approx(0.25) and hi == pytest.approx(0.25)
    noisy = [x + d for x, d in zip(s, [1, -1, 2, -2, 0.5, -0.5, 1, -1], strict=True)]
    share, lo, hi = bench.share_ci(h, noisy, c)
    assert lo < share < hi


def test_both_searches_take_the_settings_and_a_folder_keeps_them(tmp_path: Path) -> None:
    bench = load_benchmark("clairvoyant")
    rules = atout.make("tarot")
    for name in ("search", "clairvoyant"):
        bot = bench.make_player(name, rules, 1, 0, "key=heuristic:playouts=20")
        assert isinstance(bot, SearchBot)
        assert (bot.key, bot.playouts) == ("heuristic", 20)
        assert bench.make_player(name, rules, 1, 0).key == "search"  # Tarot's default
    folder = tmp_path / "cv"
    bench.run("pitch", {"players": 2}, ["heuristic"], folder, 1, range(1), "key=heuristic")
    assert json.loads((folder / "game.json").read_text(encoding="utf-8"))["settings"] == (
        "key=heuristic")
    with pytest.raises(SystemExit, match="holds boards of"):
        bench.run("pitch", {"players": 2}, ["heuristic"], folder, 1, range(1))


def test_sum_against_another_folder_pairs_each_players_boards(tmp_path: Path) -> None:
    bench = load_benchmark("clairvoyant")

    def write(folder: Path, player: str, margins: dict[int, float]) -> None:
        folder.mkdir(exist_ok=True)
        for i, m in margins.items():
            (folder / f"{player}-{i:05d}.json").write_text(json.dumps(
                {"index": i, "seed": 1, "player": player, "margin": m, "cpu": 0.0,
                 "decisions": 1}), encoding="utf-8")

    new, old = tmp_path / "new", tmp_path / "old"
    write(new, "search", {0: 10.0, 1: 4.0, 2: 7.0, 5: 99.0})
    write(old, "search", {0: 8.0, 1: 4.0, 2: 3.0, 3: -50.0})
    write(new, "heuristic", {0: 1.0})
    write(old, "heuristic", {0: 1.0})
    lines = bench.against(new, old)
    assert len(lines) == 1  # the heuristic shares one board only: nothing to pair
    assert "search" in lines[0] and "+2.000 ±" in lines[0]
    assert "over 3 boards (2 differ)" in lines[0]


def test_sum_gives_the_part_of_the_bound_seen_before_any_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With ``firstsight`` boards, ``sum`` gives its gain over the search as a share of the
    bound: here the search takes a quarter of it, and seeing the deal before any other seat
    acts a further half."""
    bench = load_benchmark("clairvoyant")
    folder = tmp_path / "cv"
    folder.mkdir()
    (folder / "game.json").write_text(json.dumps({"game": "knock-rummy",
                                                  "options": {"players": 2}, "seed": 1}))
    h = [0.0, 1.0, -2.0, 0.5]
    c = [8.0, 5.0, 6.0, 8.5]
    margins = {"heuristic": h, "clairvoyant": c,
               "search": [x + (y - x) / 4 for x, y in zip(h, c, strict=True)],
               "firstsight": [x + 3 * (y - x) / 4 for x, y in zip(h, c, strict=True)]}
    for player, values in margins.items():
        for i, m in enumerate(values):
            (folder / f"{player}-{i:05d}.json").write_text(json.dumps(
                {"index": i, "seed": 1, "player": player, "margin": m, "cpu": 0.0,
                 "decisions": 1}), encoding="utf-8")
    bench.summary(folder)
    out = capsys.readouterr().out
    assert "share of the bound 25.0%" in out
    assert "firstsight − search +3.500" in out
    assert "50.0% of the bound (95% bootstrap interval 50.0% to 50.0%) seen before" in out
    assert "share of the rest of the bound 50.0%" in out
    rules = atout.make("knock-rummy", players=2)
    bot = bench.make_player("firstsight", rules, 0, 0, "playouts=20")
    assert isinstance(bot, SearchBot) and bot.playouts == 20
    assert type(bot.sampler).__name__ == "FirstSightSampler"


def test_a_folder_names_its_constants_and_never_mixes_two_variants(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("clairvoyant")
    folder = tmp_path / "look0"
    look0 = ["atout.bots.jass.kernel.LOOK=0"]
    bench.run("jass", {}, ("heuristic",), folder, 1, range(0), "", look0)
    assert json.loads((folder / "game.json").read_text(encoding="utf-8")) == {
        "game": "jass", "options": {}, "seed": 1, "set": look0}
    bench.summary(folder)  # its heading names the variant, as it names the settings
    assert capsys.readouterr().out.splitlines()[0] == \
        "jass --set atout.bots.jass.kernel.LOOK=0 (seed 1)"
    bench.run("jass", {}, ("heuristic",), folder, 1, range(0), "", look0)  # the same: resumes
    with pytest.raises(SystemExit, match="holds boards of"):
        bench.run("jass", {}, ("heuristic",), folder, 1, range(0), "", ())
    with pytest.raises(SystemExit, match="holds boards of"):
        bench.run("jass", {}, ("heuristic",), folder, 1, range(0), "",
                  ["atout.bots.jass.kernel.LOOK=3"])


def test_tested_bot_seats_a_yardstick_or_a_bot_by_name_and_shows_it_the_deal() -> None:
    from atout.bots.clairvoyant import ClairvoyantBot, FirstSightSampler

    bench = load_benchmark("clairvoyant")
    rules = atout.make("jass")
    seer = bench.tested_bot("clairvoyant:playouts=20", rules, 1, 3)
    assert isinstance(seer, ClairvoyantBot)
    assert not isinstance(seer.sampler, FirstSightSampler)
    assert isinstance(bench.tested_bot("firstsight:playouts=20", rules, 1, 3).sampler,
                      FirstSightSampler)
    plain = bench.tested_bot("search:playouts=20", rules, 1, 3)
    assert isinstance(plain, SearchBot) and not isinstance(plain, ClairvoyantBot)
    deal = rules.deal(seed=5, dealer=0)
    seat = deal.to_move
    assert seat is not None
    bench.show_deal(plain, deal)  # a bot that does not see is left as it is
    seer = bench.tested_bot("clairvoyant:playouts=20", rules, seat, 3)
    bench.show_deal(seer, deal)
    assert seer.choose(deal.view(seat)) in deal.legal_actions()
