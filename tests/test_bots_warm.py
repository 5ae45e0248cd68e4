"""atout.bots.warm: one background warming per game's kernels, started once, waited for on
demand, a failure read as "not ready" and never raised."""

from __future__ import annotations

import importlib
import threading

import pytest

from atout.bots.ready import KERNEL_READY
from atout.bots.warm import Warmer


class Gate:
    """A warm function that blocks until released, counting its calls and the threads that
    ran it."""

    def __init__(self, result: bool = True) -> None:
        self.result = result
        self.release = threading.Event()
        self.calls = 0
        self.threads: list[threading.Thread] = []

    def __call__(self) -> bool:
        self.calls += 1
        self.threads.append(threading.current_thread())
        assert self.release.wait(30), "the test never released the warm function"
        return self.result


def test_the_first_call_starts_one_named_daemon_thread_and_wait_joins_it() -> None:
    gate = Gate()
    warmer = Warmer("pitch", gate)
    assert not warmer.started
    assert warmer.ready() is False  # started, not ended
    assert warmer.started
    assert warmer.ready() is False
    gate.release.set()
    assert warmer.ready(wait=True) is True  # joined: the warm ended and said True
    assert gate.calls == 1
    [thread] = gate.threads
    assert thread.name == "atout-pitch-kernel" and thread.daemon
    assert not thread.is_alive()


def test_two_callers_at_once_start_one_warming() -> None:
    gate = Gate()
    warmer = Warmer("jass", gate)
    start = threading.Barrier(8)
    got: list[bool] = []

    def caller() -> None:
        start.wait()
        got.append(warmer.ready(wait=True))

    callers = [threading.Thread(target=caller) for _ in range(8)]
    for c in callers:
        c.start()
    gate.release.set()
    for c in callers:
        c.join(30)
    assert got == [True] * 8
    assert gate.calls == 1


def test_the_result_is_cached_and_the_warm_never_runs_again() -> None:
    calls: list[int] = []

    def warm() -> bool:
        calls.append(1)
        return True

    warmer = Warmer("putze", warm)
    assert warmer.ready(wait=True) is True
    assert [warmer.ready(), warmer.ready(wait=True), warmer.ready(warm=warm)] == [True] * 3
    assert calls == [1]


@pytest.mark.parametrize("error", [RuntimeError("no compiler"), ImportError("no numpy"),
                                   AssertionError("not in the card play")])
def test_a_failed_warm_gives_false_and_never_raises(error: Exception) -> None:
    def warm() -> bool:
        raise error

    warmer = Warmer("tarot", warm)
    assert warmer.ready(wait=True) is False
    assert warmer.ready() is False
    assert warmer.failure is error


def test_a_warm_that_says_it_did_not_run_is_not_ready() -> None:
    warmer = Warmer("knock-rummy", lambda: False)
    assert warmer.ready(wait=True) is False
    assert warmer.failure is None


def test_a_disabled_warmer_never_starts_until_enabled() -> None:
    flag = [False]
    gate = Gate()
    gate.release.set()
    warmer = Warmer("jass", gate, enabled=lambda: flag[0])
    assert warmer.ready() is False
    assert warmer.ready(wait=True) is False  # nothing to wait for: returns at once
    assert not warmer.started and gate.calls == 0
    flag[0] = True
    assert warmer.ready(wait=True) is True
    assert gate.calls == 1
    flag[0] = False  # once started, the switch no longer matters
    assert warmer.ready() is True


def test_a_warm_in_the_foreground_runs_in_the_callers_thread() -> None:
    """Tarot's kernels as plain Python: nothing to compile, ready at the first call."""
    ran_in: list[threading.Thread] = []

    def warm() -> bool:
        ran_in.append(threading.current_thread())
        return True

    warmer = Warmer("tarot", warm, background=lambda: False)
    assert warmer.ready() is True
    assert ran_in == [threading.current_thread()]


def test_the_warm_of_the_first_call_runs_when_the_warmer_has_none() -> None:
    warmer = Warmer("jass")
    with pytest.raises(ValueError, match="no warm function"):
        warmer.ready()
    assert not warmer.started
    assert warmer.ready(wait=True, warm=lambda: True) is True
    assert warmer.ready() is True  # started: no warm function needed any more


def test_a_warm_that_asks_whether_it_is_ready_does_not_deadlock() -> None:
    warmer: Warmer

    def warm() -> bool:
        return warmer.ready(wait=True) is False  # not ready while it runs, no self-join

    warmer = Warmer("tarot", warm, background=lambda: False)
    assert warmer.ready() is True
    background = Warmer("pitch", lambda: background.ready(wait=True) is False)
    assert background.ready(wait=True) is True


@pytest.mark.parametrize("game", sorted(KERNEL_READY))
def test_every_game_with_search_kernels_warms_through_a_warmer(game: str) -> None:
    module = KERNEL_READY[game]
    if game == "jass":  # the search's kernel_ready passes its warm-up to the kernel module's
        module = "atout.bots.jass.kernel"
    warmer = importlib.import_module(module).WARMER
    assert isinstance(warmer, Warmer)
    assert warmer.thread_name == f"atout-{game}-kernel"
