"""benchmarks/timing.py, the benchmarks' shared timing: rates in CPU time, the best of runs
with an untimed setup, medians of rounds and the median of per-round ratios in columns."""

from __future__ import annotations

import time

import pytest

from benchmark_helpers import load_benchmark

timing = load_benchmark("timing")


def busy(seconds: float) -> None:
    """Spend about ``seconds`` of CPU time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_rate_counts_calls_and_units_and_numbers_the_calls() -> None:
    seen: list[int] = []

    def work(i: int) -> int:
        seen.append(i)
        busy(0.002)
        return 3

    calls, units = timing.rates(work, 0.05)
    assert seen == list(range(len(seen))) and len(seen) >= 2
    assert units == pytest.approx(3 * calls)
    assert 100 < calls < 1000  # 2 ms of CPU a call: about 500 a second
    assert timing.rate(lambda _i: 1, 0.0) > 0  # at least one call, never a division by 0


def test_a_samplers_rate_draws_from_a_fresh_sampler_at_each_view_in_turn() -> None:
    drawn: list[tuple[int, str]] = []
    made: list[int] = []

    class Sampler:
        def __init__(self) -> None:
            made.append(len(made))
            self.number = made[-1]

        def sample(self, view: str, rng: object) -> None:
            drawn.append((self.number, view))
            busy(0.0005)

    per_second = timing.sampler_rate(Sampler, ["a", "b", "c"], 0.05, per_view=4)
    assert len(drawn) == 4 * len(made) and len(made) >= 3
    assert [v for _, v in drawn[::4]] == ["a", "b", "c"] * (len(made) // 3) + \
        ["a", "b", "c"][:len(made) % 3]
    assert all(n == i // 4 for i, (n, _) in enumerate(drawn))  # 4 a sampler, then a new one
    assert 800 < per_second < 2100  # 0.5 ms of CPU a deal: at most about 2,000 a second


def test_the_best_rate_leaves_the_setup_out_and_keeps_the_fastest_run() -> None:
    runs = iter([0.02, 0.005, 0.02])

    def setup() -> float:
        busy(0.05)  # never timed
        return next(runs)

    def work(seconds: float) -> int:
        busy(seconds)
        return 10

    best = timing.best_rate(work, setup, 3)
    assert 10 / 0.01 < best < 10 / 0.004  # the 5 ms run's, not the setup's


def test_bad_counts_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="repeat must be 1 or more"):
        timing.best_rate(lambda _: 1, lambda: None, 0)
    with pytest.raises(ValueError, match="seconds must be 0 or more"):
        timing.rates(lambda _i: 1, -1.0)


def test_medians_and_ratios_print_in_their_columns(capsys: pytest.CaptureFixture[str]) -> None:
    rows: dict[str, list[float]] = {}
    timing.add_round(rows, {"ours": 300.0, "theirs": 100.0, "absent": None})
    timing.add_round(rows, {"ours": 500.0, "theirs": 100.0, "absent": None})
    timing.add_round(rows, {"ours": 420.0, "theirs": 200.0, "absent": None})
    assert rows == {"ours": [300.0, 500.0, 420.0], "theirs": [100.0, 100.0, 200.0]}
    timing.print_medians(rows, "measure (median of 3 rounds)", "per second", 30, 12)
    timing.print_ratio(rows, "ours", "theirs", "goal 2x", width=20, field=6, digits=2)
    timing.print_ratio(rows, "ours", "absent")  # not measured: no line
    assert capsys.readouterr().out.splitlines() == [
        "measure (median of 3 rounds)    per second",
        "ours                                   420",
        "theirs                                 100",
        "",
        "ours / theirs         3.00x  (rounds: 3.00, 5.00, 2.10)  goal 2x"]
