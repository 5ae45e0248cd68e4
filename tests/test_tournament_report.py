"""What a tournament shows: a bar that moves from the first board, a plot whose ratings end
where the table's do, the right words when the plot cannot be drawn; and `atout games`."""

from __future__ import annotations

import atout
from atout.cli_reports import plot_missing
from atout.tournament import Tournament, run
from cli_helpers import invoke

SMALL = Tournament("jass", ("heuristic", "random"), deals=5, seed=3)


def test_the_progress_moves_board_by_board() -> None:
    calls: list[int] = []
    run(SMALL, workers=1, progress=calls.append)
    assert calls == [1, 1, 1, 1, 1]  # from the first board on, one board at a time


def test_the_plotted_ratings_end_at_the_table_ratings() -> None:
    result = run(Tournament("pitch", ("heuristic", "random", "random"), deals=7, seed=2),
                 workers=1)
    marks, ratings = result.rating_history(points=4)
    assert marks[-1] == 7 and marks == sorted(set(marks))
    for summary, hist in zip(result.summaries(), ratings, strict=True):
        assert len(hist) == len(marks)
        assert hist[-1] == summary.rating
    early = result.rating_history(points=7)[1]
    assert any(h[0] != h[-1] for h in early)  # the curve moves as boards come in


def test_the_missing_plot_message_names_the_extra_and_the_package() -> None:
    said = plot_missing("matplotlib.pyplot")
    assert "matplotlib" in said and "atout[tournament]" in said and "--no-plot" in said
    assert "PIL" in plot_missing("PIL")


def test_games_is_short_by_default_with_details_on_request() -> None:
    short = invoke(["games"])
    full = invoke(["games", "--details"])
    one = invoke(["games", "tarot"])
    assert short.exit_code == full.exit_code == one.exit_code == 0
    assert len(short.output) * 3 < len(full.output)
    for info in atout.games():
        assert info.name in short.output and info.title in short.output
        assert info.options[0].doc[:20] in full.output.replace("\n", " ") or \
            info.options[0].name in full.output
    assert "tarot" in one.output and "jass —" not in one.output
    assert "atout games --details" in short.output
    bad = invoke(["games", "chess"])
    assert bad.exit_code != 0 and "unknown game" in bad.output
